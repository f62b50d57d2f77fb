import { z } from 'zod';

/** The rows of a raw `db.execute(sql…)` answer (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The rows of a raw `db.execute(sql…)` answer, checked by their Zod row schema (no cast). */
export const parseRows = <S extends z.ZodType>(schema: S, result: unknown): z.infer<S>[] => z.array(schema).parse(rowsOf(result));

/**
 * A text column's value as one of the contract's values it may hold (`values`); any other is a broken row, thrown as
 * `${what} ${value}` (never answered).
 */
export const knownValue = <T extends string>(values: readonly T[], value: string, what: string): T => {
  const known = values.find((candidate) => candidate === value);
  if (!known) throw new Error(`${what} ${value}`);
  return known;
};
