// The contract's enums are const objects of names (`AreaKind.Dock`), each with the type and the list of its values.

/** The type of a const object's values: `ValueOf<typeof AreaKind>` is 'stockroom' | 'sales_floor' | … */
export type ValueOf<T> = T[keyof T];

/**
 * The values of a const object of names, in its order, as the non-empty tuple `z.enum` takes (for text values) or a
 * list to offer (`ROLES`, `ITEM_STATUSES`). Object.values types them as an array; every enum of the contract has at least
 * one name, so the tuple holds. Typed without `ValueOf`, which the package does not export, so that the server's
 * inferred table types can name the type.
 */
export const valuesOf = <T extends Record<string, string | number>>(names: T): [T[keyof T], ...T[keyof T][]] =>
  Object.values(names) as [T[keyof T], ...T[keyof T][]];

/**
 * The names of a table keyed by the values it describes (each printer fault with its words, each catalogue import field
 * with its aliases) as the non-empty tuple `z.enum` takes, in the table's order. Object.keys types them as strings; they
 * are the const table's own keys, and such a table has at least one.
 */
export const keysOf = <T extends Record<string, unknown>>(table: T): [keyof T & string, ...(keyof T & string)[]] =>
  Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];
