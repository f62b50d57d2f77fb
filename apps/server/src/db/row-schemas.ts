import { z } from 'zod';

/** Column shapes of raw rows (`parseRows` in rows.ts), as node-postgres and PGlite both answer them. */

/** An int8 (bigserial, bigint): node-postgres answers a string, PGlite a number. */
export const int8 = z.union([z.number(), z.string()]);
/** A timestamp: a Date, or its text when the query casts it. */
export const timestamp = z.union([z.date(), z.string()]);
/** `select count(*)::int as n`. */
export const countRow = z.object({ n: z.coerce.number() });
/** `returning id` of a serial id. */
export const idRow = z.object({ id: z.number() });
