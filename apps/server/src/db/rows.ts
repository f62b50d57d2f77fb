import { z } from 'zod';

/** The rows of a raw `db.execute(sql…)` answer (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const parseRows = <S extends z.ZodType>(schema: S, result: unknown): z.infer<S>[] => z.array(schema).parse(rowsOf(result));
