// The contract's enums are const objects of names (`AreaKind.Dock`), each with the type and the list of its values.

/** The type of a const object's values: `ValueOf<typeof AreaKind>` is 'stockroom' | 'sales_floor' | … */
export type ValueOf<T> = T[keyof T];

/**
 * The values of a const object of names as the non-empty tuple `z.enum` takes. Object.values types them as an array;
 * every enum of the contract has at least one name, so the tuple holds. Typed without `ValueOf`, which the package does
 * not export, so that the server's inferred table types can name the type.
 */
export const valuesOf = <T extends Record<string, string>>(names: T): [T[keyof T], ...T[keyof T][]] =>
  Object.values(names) as [T[keyof T], ...T[keyof T][]];
