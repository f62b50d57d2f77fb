// Request and response shapes of the pos module (Zod); the server validates with them, the web types its calls with them.
// POS: sales (working mode 4, items SOLD) and returns (working mode 5, items STOCKED again) of a store.
import { z } from 'zod';
import { epcLineFields, filteredListQuery } from './common.js';
import { readWindowFields } from './ingest.js';

/**
 * POS list row (spec section 3). A sale or return is one reading set at a POS reader:
 * creation_date = start_time, end_time = the set's end; item_count = EPCs read;
 * destination_real_item_count = items counted (quantity 1); warning_count = items with quantity 0
 * (e.g. a tag already SOLD in a sale). destination_waiting_time = end − start in seconds.
 * origin_status/destination_status are 3 (done), or 2 when any item has a warning; num_boxes and
 * destination_num_verified_boxes are 0 (a POS transaction has no boxes). estimated_end_time
 * (returns) and estimated_arrival_date (sales) repeat end_time. destination = the location id.
 */
export const posTransactionSchema = z.object({
  id: z.number(),
  kind: z.enum(['sale', 'return']),
  origin_status: z.number(),
  destination_status: z.number(),
  destination_waiting_time: z.number(),
  item_count: z.number(),
  destination_real_item_count: z.number(),
  warning_count: z.number(),
  num_boxes: z.number(),
  destination_num_verified_boxes: z.number(),
  creation_date: z.string(),
  ...readWindowFields,
  estimated_end_time: z.string().nullable().optional(),
  estimated_arrival_date: z.string().nullable().optional(),
  destination: z.number(),
  destination_description: z.string().nullable(),
  device: z.object({ id: z.number(), serial_number: z.string() }).nullable(),
});
export type PosTransaction = z.infer<typeof posTransactionSchema>;

/**
 * GET /locations/{id}/sales/ and /returns/ (11 per page): id__contains, end_time__gte,
 * end_time__lte, order_by (id, end_time, item_count; '-' descending; default -end_time).
 */
const posListFilterQuery = filteredListQuery('id__contains', 'id__icontains', 'end_time__gte', 'end_time__lte');
export const posListQuerySchema = posListFilterQuery.catchall(z.string());
/** The list as the server reads it: its named filters (the route's other text filters pass through untyped). */
export type PosListQuery = z.output<typeof posListFilterQuery>;

/**
 * GET /sales/{id}/report/ and /returns/{id}/report/ (100 per page): the items, each quantity 1,
 * or 0 with a warning ('already_sold': sold before this sale; 'not_sold': a return of an item
 * that was not SOLD; 'unknown_epc': not a GS1 EPC). The web shows a warning icon for quantity 0.
 */
export const posItemSchema = z.object({
  ...epcLineFields,
  warning: z.string().nullable(),
});
export type PosItem = z.infer<typeof posItemSchema>;

export const PosWarning = {
  AlreadySold: 'already_sold',
  NotSold: 'not_sold',
  UnknownEpc: 'unknown_epc',
} as const;
