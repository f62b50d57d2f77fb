// Request and response shapes of the online module (Zod); the server validates with them, the web types its calls with them.
// Online orders: a location ships boxes to customers; verified on the origin side (working mode 6), the items become SOLD.
import { z } from 'zod';
import { intId, openListQuery, statsRangeFields, statsRangeQuerySchema } from './common.js';
import {
  boxSchema,
  EXIT_LIST_FILTERS,
  itemLineSchema,
  orderCodeField,
  orderCountFields,
  orderDateFields,
  orderDateTimeSchema,
  orderHeadFields,
  orderOriginFields,
  orderStatusFields,
  reportTypeFilter,
  reportTypeSchema,
} from './orders.js';

/**
 * POST /orders/ (spec section 3: order_code, origin_id (the current location, visible to the
 * user), origin_status 0, estimated_arrival_date). Roles 1 to 3.
 */
export const onlineOrderCreateBodySchema = z.object({
  order_code: orderCodeField,
  origin_id: intId('required'),
  origin_status: z.literal(0).optional(),
  creation_date: orderDateTimeSchema.optional(),
  estimated_arrival_date: orderDateTimeSchema.nullable().optional(),
  estimated_exit_date: orderDateTimeSchema.nullable().optional(),
});
export type OnlineOrderCreateBody = z.input<typeof onlineOrderCreateBodySchema>;

/**
 * Online order list row and detail. The side is the origin: `waiting_time` = seconds from
 * creation to the exit (first valid origin verification) or now; `real_item_count` and
 * `num_verified_boxes` are origin-side counts. `origin` is the location id.
 * `late` = now is after estimated_exit_date (or estimated_arrival_date when no exit estimate)
 * and the order has not exited: the web paints the waiting time red.
 */
export const onlineOrderSchema = z.object({
  ...orderHeadFields,
  ...orderStatusFields,
  waiting_time: z.number().nullable(),
  late: z.boolean(),
  ...orderCountFields,
  ...orderDateFields,
  estimated_exit_date: z.string().nullable(),
  exit_date: z.string().nullable(),
  ...orderOriginFields,
  order_name: z.string(),
});
export type OnlineOrder = z.infer<typeof onlineOrderSchema>;

/**
 * Report types of the exit and online dashboards' select, as origin-status sets:
 * 'pending' (0 or 1), 'verified' (2 or 3), 'with_errors' (2), 'without_errors' (3), 'canceled' (4).
 */
export const exitReportTypeSchema = reportTypeSchema;

/**
 * GET /locations/{id}/v1/orders/ (11 per page): id__icontains, order_code__icontains,
 * exit_date__gte, exit_date__lte, origin_status, report_type, order_by (id, creation_date,
 * exit_date, estimated_exit_date, order_code, origin_status; '-' for descending; default -creation_date).
 */
export const onlineOrderListQuerySchema = openListQuery(...EXIT_LIST_FILTERS).extend(reportTypeFilter);

/**
 * Item line of an online order, box or verification report. `percent` is capped at 100 (the
 * bar); `online_percent` is the online reading: real / expected × 100, and 0 when above 100.
 */
export const onlineItemLineSchema = itemLineSchema.extend({ online_percent: z.number() });
export type OnlineItemLine = z.infer<typeof onlineItemLineSchema>;

/** Online box (origin side unprefixed) with the online percent reading (above 100 → 0). */
export const onlineBoxSchema = boxSchema.extend({ online_percent: z.number() });
export type OnlineBox = z.infer<typeof onlineBoxSchema>;

/** Online percent reading: real / expected × 100 (integer), 0 when above 100 or nothing expected. */
export const onlinePercent = (real: number, expected: number): number => {
  if (expected <= 0) return 0;
  const p = Math.floor((real / expected) * 100);
  return p > 100 ? 0 : p;
};

/** GET /orders/{id}/contents/: the expected contents of the order, one row per box and GTIN. */
export const orderContentRowSchema = z.object({
  id: z.number(),
  box_id: z.number(),
  codebar: z.string(),
  gtin: z.string(),
  item_type: z.number(),
  description: z.string(),
  quantity: z.number(),
});
export type OrderContentRow = z.infer<typeof orderContentRowSchema>;

/** Statistics range: date_start and date_end (ISO or 'YYYY-MM-DD HH:mm:ss'); default the last 30 days. */
export const outboundStatsQuerySchema = statsRangeQuerySchema;

/**
 * Exit and online stats (spec section 3), for orders leaving the location created in the range.
 * orders = count; origin_pending_orders = origin_status 0 or 1; origin_daily_orders = orders / days;
 * pending_orders and daily_orders repeat them (both names are read by the web);
 * average_shipping_time and max_shipping_time in hours (2 decimals) = exit of the last box −
 * creation, over orders that exited; null without any.
 */
export const exitStatsSchema = z.object({
  orders: z.number(),
  origin_pending_orders: z.number(),
  origin_daily_orders: z.number(),
  pending_orders: z.number(),
  daily_orders: z.number(),
  average_shipping_time: z.number().nullable(),
  max_shipping_time: z.number().nullable(),
  ...statsRangeFields,
});
export type ExitStats = z.infer<typeof exitStatsSchema>;
