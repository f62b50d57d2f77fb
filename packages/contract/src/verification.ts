// Request and response shapes of the verification module (Zod); the server validates with them, the web types its calls with them.
import { z } from 'zod';
import { epcTagFields, gtinVariantFields, intId, listQueryFields, nullableFields } from './common.js';
import { readWindowFields } from './ingest.js';

export const verificationSideSchema = z.enum(['origin', 'destination']);
export type VerificationSide = z.infer<typeof verificationSideSchema>;

/**
 * Box verification (spec: id, code, start_time, end_time, real_item_count, readers
 * (serial_number), valid). `code` is the reading set's box barcode; `readers` lists the device
 * that read the set (empty when unknown: the web shows 'no reader').
 */
export const verificationSchema = z.object({
  id: z.number(),
  code: z.string(),
  box: z.number(),
  order: z.number(),
  side: verificationSideSchema,
  reading_set: z.string(),
  ...readWindowFields,
  real_item_count: z.number(),
  matched_item_count: z.number(),
  theorical_item_count: z.number(),
  has_errors: z.boolean(),
  valid: z.boolean(),
  readers: z.array(z.object({ id: z.number(), serial_number: z.string() })),
});
export type Verification = z.infer<typeof verificationSchema>;

/**
 * GET /rboxes/{id}/verifications/: 11 per page, order_by=-start_time by default.
 * `readingset_ptr__reading__type=1` (or side=origin) lists the exit (origin) flavour; default destination.
 */
export const boxVerificationsQuerySchema = z
  .object({
    ...listQueryFields,
    side: verificationSideSchema.optional(),
    readingset_ptr__reading__type: z.string().optional(),
  })
  .catchall(z.string());

/** PUT /verifications/{id}/ {id, valid}: the valid switch; box and order statuses are recomputed. */
export const verificationUpdateBodySchema = z.object({
  id: intId().optional(),
  valid: z.boolean({ error: 'required' }),
});
export type VerificationUpdateBody = z.input<typeof verificationUpdateBodySchema>;

/**
 * Verification item (spec: id, gtin, item_type, quantity, lot, description, epc): one EPC of the
 * verification's reading set. quantity 1 when its GTIN is expected in the box, 0 otherwise
 * (extra GTIN or unknown EPC; the web shows 'Nothing'). lot: the serial number of the tag.
 */
export const verificationItemSchema = z.object({
  ...epcTagFields,
  quantity: z.number(),
  lot: z.string().nullable(),
  ...nullableFields(gtinVariantFields),
});
export type VerificationItem = z.infer<typeof verificationItemSchema>;
