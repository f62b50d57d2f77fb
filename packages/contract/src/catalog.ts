// Request and response shapes of the catalog module (Zod); the server validates with them, the web types its calls with them.
import { z } from 'zod';
import { filteredListQuery, gtinCatalogFields, intId, tagIdentityFields } from './common.js';

export const sizeValueSchema = z.object({ country: z.string(), value: z.string() });
export const priceValueSchema = z.object({ country: z.string(), value: z.string() });

/** A GTIN ("item type") as spec section 3 lists it. Prices are decimal strings with 2 places ("29.95"). */
export const itemTypeSchema = z.object({
  id: z.number(),
  gtin: z.string(),
  description: z.string(),
  external_image: z.string(),
  price: z.string().nullable(),
  prices: z.array(priceValueSchema),
  size_primary: z.string(),
  size_secondary: z.string(),
  sizes: z.array(sizeValueSchema),
  colour: z.string(),
  model: z.string(),
  season: z.string(),
  cloth_type: z.string(),
  reference: z.string(),
  department: z.string(),
  leather_code: z.string(),
  provider: z.string(),
  manufacturer: z.string(),
  brand_name: z.string(),
  brand_id: z.number().nullable(),
  product_type: z.string(),
  gender: z.string(),
  section: z.string(),
  zone: z.string(),
  minimum_stock: z.number().nullable(),
});
export type ItemType = z.infer<typeof itemTypeSchema>;
type ItemTypeShape = typeof itemTypeSchema.shape;

/** Fields of the GTIN that its rows elsewhere repeat (stock, inventory and order lines), in the order given. */
export const itemTypeFields = <const K extends keyof ItemTypeShape>(...keys: K[]) =>
  // Object.fromEntries loses the keys' names: the Pick restores what the entries hold.
  Object.fromEntries(keys.map((key) => [key, itemTypeSchema.shape[key]])) as Pick<ItemTypeShape, K>;

/** `gtin` of GET /types/ plus paging (`gtin__icontains`, `description__icontains` …). */
export const itemTypeListQuerySchema = filteredListQuery(
  'gtin',
  'gtin__icontains',
  'gtin__contains',
  'description__icontains',
  'model__icontains',
  'reference__icontains',
  'brand_id',
);

/** GET /types/ as the route reads it: the list's named filters, and any other text filter of the catalog (unread when unknown). */
export const itemTypeListOpenQuerySchema = itemTypeListQuerySchema.catchall(z.string());
export type ItemTypeListQuery = z.output<typeof itemTypeListOpenQuerySchema>;

export const gtinParamSchema = z.object({ gtin: z.string().regex(/^\d{8,14}$/, 'Enter a valid GTIN.') });

const required = 'required';
const optionalText = z.string().trim().max(200).optional();

/**
 * The add-GTIN payload (spec: description, gtin, price, session (season), model, brand_id).
 * gtin, description and price are required ('required'); price is numeric. The GTIN's check
 * digit is verified by the server (message 'Invalid GTIN check digit.'); GTIN-8/12/13 are
 * stored as GTIN-14.
 */
export const createItemTypeBodySchema = z.object({
  gtin: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, 'A GTIN has 8, 12, 13 or 14 digits.'),
  description: z.string({ error: required }).trim().min(1, required).max(500),
  price: z.union([z.number(), z.string().trim()], { error: required }).transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const n = typeof value === 'number' ? value : Number(value.replace(',', '.'));
    if (!Number.isFinite(n) || n < 0 || n >= 1e10) {
      ctx.addIssue({ code: 'custom', message: 'A valid number is required.' });
      return z.NEVER;
    }
    return n;
  }),
  /** The spec's payload calls the season "session"; both are accepted. */
  session: optionalText,
  season: optionalText,
  model: optionalText,
  colour: optionalText,
  size_primary: optionalText,
  reference: optionalText,
  section: optionalText,
  external_image: z.string().trim().max(2000).optional(),
  brand_id: intId().nullable().optional(),
});
export type CreateItemTypeBody = z.input<typeof createItemTypeBodySchema>;

/** POST /decoding/: EPCs (hex) to decode, at most 10,000. */
export const decodingBodySchema = z.object({
  epcs: z.array(z.string().trim().min(1).max(128)).min(1).max(10_000),
});
export type DecodingBody = z.infer<typeof decodingBodySchema>;

/** One decoded EPC. `scheme` is 'unknown' (and `error` says why) for an EPC that is not a GS1 EPC. */
export const decodedEpcSchema = z.object({
  ...tagIdentityFields,
  company_prefix: z.string().nullable(),
  filter: z.number().nullable(),
  pure_identity_uri: z.string().nullable(),
  tag_uri: z.string().nullable(),
  /** The company's GTIN row for the decoded GTIN, when it exists. */
  ...gtinCatalogFields,
  error: z.string().nullable(),
});
export type DecodedEpcRow = z.infer<typeof decodedEpcSchema>;
export const decodingResponseSchema = z.array(decodedEpcSchema);
