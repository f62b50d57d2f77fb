import { z } from 'zod';

/** The rows of a raw `db.execute(sql…)` answer (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The rows of a raw `db.execute(sql…)` answer, checked by their Zod row schema (no cast). */
export const parseRows = <S extends z.ZodType>(schema: S, result: unknown): z.infer<S>[] => z.array(schema).parse(rowsOf(result));
