import { z } from 'zod';

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const pagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  order_by: z.string().optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Percent of match: the smaller over the larger quantity times 100 (spec section 9). */
export const matchPercent = (a: number, b: number): number => {
  const hi = Math.max(a, b);
  return hi === 0 ? 100 : Math.floor((Math.min(a, b) / hi) * 100);
};
/** Real over theoretical, capped at 100 (spec "Percent bars capped at 100"). */
export const cappedPercent = (real: number, theoretical: number): number =>
  theoretical <= 0 ? 0 : Math.min(100, Math.floor((real / theoretical) * 100));
/** Precision = abs(stock) / theoretical × 100 as an integer, 0 when theoretical is 0. */
export const precisionPercent = (stock: number, theoretical: number): number =>
  theoretical === 0 ? 0 : Math.trunc((Math.abs(stock) / theoretical) * 100);
