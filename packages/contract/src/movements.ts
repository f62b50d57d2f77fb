// Request and response shapes of the movements module (Zod); the server validates with them, the web types its calls with them.
// Movement orders: boxes from one location (origin, working mode 1: items IN TRANSIT) to another
// (destination, working modes 0 or 3: items STOCKED there), verified at both ends.
import { z } from 'zod';
import { intId, intIn, listQueryFields, openListQuery, statsRangeFields, textFilters } from './common.js';
import { exportQuerySchema } from './exports.js';
import {
  EXIT_LIST_FILTERS,
  orderCreateFields,
  orderDateFields,
  orderDateTimeSchema,
  orderDestinationFields,
  orderHeadFields,
  orderOriginFields,
  orderShipmentFields,
  orderStatusFields,
  receptionTimeFields,
} from './orders.js';

/**
 * POST /morders/ (spec section 3): like the purchase order, with destination_id chosen and
 * origin_id the current location (both visible to the user, and different), origin_status 0.
 */
export const movementOrderCreateBodySchema = z.object({
  ...orderCreateFields,
  estimated_exit_date: orderDateTimeSchema.nullable().optional(),
  origin_status: z.literal(0).optional(),
  destination_status: z.literal(0).optional(),
  origin_id: intId('required'),
  destination_id: intId('required'),
  container: z.string().trim().max(100).optional(),
});
export type MovementOrderCreateBody = z.input<typeof movementOrderCreateBodySchema>;

/**
 * PUT /morders/{id}/: {sync}, or the whole order where only `sync` and `destination_status` 4
 * (cancel, "uncheck") are acted on. Cancel: allowed when the origin has verified boxes and the
 * destination none; otherwise 409 'No se pudo cancelar la orden, revise si la orden ya ha sido verificada.'
 */
export const movementOrderUpdateBodySchema = z
  .object({
    sync: z.boolean().optional(),
    /** Only 4 (cancel) acts; other values of a whole-order body are ignored (statuses are computed). */
    destination_status: intIn(0, 4).optional(),
  })
  .catchall(z.unknown());
export type MovementOrderUpdateBody = z.input<typeof movementOrderUpdateBodySchema>;

/**
 * Movement order row and detail (spec section 3). Unprefixed counts are the side the list is
 * about (origin on /v1/exits/, destination on the entries list), prefixed ones both sides.
 * `waiting_time` (origin) = creation → exit or now; `destination_waiting_time` = creation →
 * arrival or now. `late` = the side's estimate (estimated_exit_date / estimated_arrival_date)
 * has passed and the side has not happened.
 */
export const movementOrderSchema = z.object({
  ...orderHeadFields,
  order_name: z.string(),
  ...orderStatusFields,
  ...orderShipmentFields,
  destination_waiting_time: z.number().nullable(),
  late: z.boolean(),
  item_count: z.number(),
  real_item_count: z.number(),
  origin_real_item_count: z.number(),
  destination_real_item_count: z.number(),
  num_boxes: z.number(),
  num_verified_boxes: z.number(),
  origin_num_verified_boxes: z.number(),
  destination_num_verified_boxes: z.number(),
  ...orderDateFields,
  arrival_date: z.string().nullable(),
  estimated_exit_date: z.string().nullable(),
  exit_date: z.string().nullable(),
  ...orderOriginFields,
  ...orderDestinationFields,
  /** Row icons of the entry dashboard: cancel (origin verified, destination not) and delete (neither). */
  can_cancel: z.boolean(),
  can_delete: z.boolean(),
});
export type MovementOrder = z.infer<typeof movementOrderSchema>;

/**
 * GET /locations/{id}/v1/exits/ (11 per page): id__icontains, order_code__icontains,
 * exit_date__gte, exit_date__lte, origin_status (0 to 4), report_mode (0 GTIN, 1 EPC: what the
 * row download contains), order_by.
 */
export const movementExitListQuerySchema = openListQuery(...EXIT_LIST_FILTERS, 'report_mode');

/**
 * GET /v1/morders/?destination__id={id} (entries, 11 per page): id__icontains,
 * order_code__icontains, arrival_date__gte, arrival_date__lte, destination_status, order_by (-id).
 * GET /locations/{id}/morderscaware/ takes the same filters and lists movements from or to the location.
 */
export const movementEntryListQuerySchema = z
  .object({
    ...listQueryFields,
    ...textFilters('id__icontains', 'order_code__icontains'),
    destination__id: intId().optional(),
    ...textFilters('arrival_date__gte', 'arrival_date__lte', 'destination_status'),
  })
  .catchall(z.string());

/** Which side a movement page is about: the exit (origin) or the entry (destination). */
export const movementSideQuerySchema = z.object({ side: z.enum(['exit', 'entry']).optional() }).catchall(z.string());

/** GET /morders/{id}/csv/?report_mode=0|1: 0 GTIN lines per box, 1 one row per EPC verified. */
export const movementCsvQuerySchema = exportQuerySchema.extend({ report_mode: z.enum(['0', '1']).optional() });

/**
 * Movement entry stats (spec section 3), for movements arriving at the location created in the
 * range: orders; destination_pending_orders = destination_status 0 or 1;
 * destination_daily_orders = orders / days; average_reception_time and max_reception_time in
 * hours (2 decimals) = arrival (first destination verification) − exit (first origin verification).
 */
export const movementEntryStatsSchema = z.object({
  orders: z.number(),
  destination_pending_orders: z.number(),
  destination_daily_orders: z.number(),
  ...receptionTimeFields,
  ...statsRangeFields,
});
export type MovementEntryStats = z.infer<typeof movementEntryStatsSchema>;

export const MOVEMENT_CANCEL_CONFLICT = 'No se pudo cancelar la orden, revise si la orden ya ha sido verificada.';
export const MOVEMENT_CANCEL_SUCCESS = 'Orden cancelada correctamente.';
