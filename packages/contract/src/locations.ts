import { z } from 'zod';
import { idDescriptionSchema, pagingQuerySchema } from './common.js';
import { LOCATION_KINDS } from './enums.js';

/**
 * GET /locations/, /brands/, /companies/: paging, order_by and each list's filters (texts, read by the server's
 * allow-lists).
 */
export const locationListQuerySchema = pagingQuerySchema.catchall(z.string());

export const companySchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type Company = z.infer<typeof companySchema>;
export const brandSchema = z.object({ id: z.number(), description: z.string(), company_id: z.number() });
export type Brand = z.infer<typeof brandSchema>;

export const addressSchema = z.object({
  street_name: z.string(),
  street_num: z.number().int().nullable(),
  city: z.string(),
  postal_code: z.number().int().nullable(),
  country: z.string(),
});

export const locationSchema = z.object({
  ...idDescriptionSchema.shape,
  code: z.string(),
  kind: z.enum(LOCATION_KINDS),
  brand: z.number().nullable(),
  brand_description: z.string().nullable(),
  active: z.boolean(),
  address: addressSchema,
  phone: z.string(),
  email: z.string(),
  observations: z.string(),
  floor: z.string(),
  logo: z.string().nullable(),
  /** The IANA zone of the location's days (issue 14). */
  time_zone: z.string(),
  /** GS1 Global Location Number (13 digits, check digit verified); null when not set (issue 17). */
  gln: z.string().nullable(),
  /** Its version (docs/concurrency.md): one more on every edit; an edit may name it to be refused when stale. */
  version: z.number().int(),
});
export type Location = z.infer<typeof locationSchema>;
