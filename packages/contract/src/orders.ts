// Request and response shapes of the orders module (Zod); the server validates with them, the web types its calls with them.
// Inbound: purchase orders, receptions, boxes and their contents, item lines, providers, statistics and returns.
import { isDigitalLinkUri, parseDigitalLink } from '@rfid/epc';
import { z } from 'zod';
import { itemTypeFields, itemTypeSchema } from './catalog.js';
import { DATE_RANGE_MESSAGE, intId, intIn, isDateInRange, openListQuery, pagingQuerySchema, statsRangeFields } from './common.js';

/**
 * A date-time as the web sends orders ('YYYY-MM-DD HH:mm:ss', local time of the server) or
 * ISO 8601. Output: a Date.
 */
export const orderDateTimeSchema = z.union([z.string(), z.date()]).transform((value, ctx) => {
  if (value instanceof Date) return value;
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const date = match
    ? new Date(
        Number(match[1]),
        Number(match[2]) - 1,
        Number(match[3]),
        Number(match[4]),
        Number(match[5]),
        Number(match[6] ?? 0),
      )
    : new Date(text);
  if (!text || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Enter a valid date/time.' });
    return z.NEVER;
  }
  if (!isDateInRange(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
    return z.NEVER;
  }
  return date;
});

/** Order type (one table for all three; issue 6 uses movement and online). */
export const orderTypeSchema = z.enum(['purchase', 'movement', 'online']);
export type OrderType = z.infer<typeof orderTypeSchema>;

/** The code of a new order. */
export const orderCodeField = z.string({ error: 'required' }).trim().min(1, 'required').max(100);
/** The first fields of a new purchase or movement order: its code, creation and estimated arrival. */
export const orderCreateFields = {
  order_code: orderCodeField,
  creation_date: orderDateTimeSchema.optional(),
  estimated_arrival_date: orderDateTimeSchema.nullable().optional(),
};

/** The fields every order row starts with: id, type and code. */
export const orderHeadFields = { id: z.number(), type: orderTypeSchema, order_code: z.string() };
/** Both sides' statuses and whether the order is closed. */
export const orderStatusFields = { origin_status: z.number(), destination_status: z.number(), closed: z.boolean() };
/** A shipment's sync flag, its container (pallet) and its waiting time in seconds (to the side's event, or until now). */
export const orderShipmentFields = { sync: z.boolean(), container: z.string(), waiting_time: z.number().nullable() };
/** Expected and read units, boxes and verified boxes of the side a list is about. */
export const orderCountFields = {
  item_count: z.number(),
  real_item_count: z.number(),
  num_boxes: z.number(),
  num_verified_boxes: z.number(),
};

/** When the order was created and is expected to arrive. */
export const orderDateFields = { creation_date: z.string(), estimated_arrival_date: z.string().nullable() };
/** The origin location (id and name); null for a provider's order. */
export const orderOriginFields = { origin: z.number().nullable(), origin_description: z.string().nullable() };
/** The destination location (id and name). */
export const orderDestinationFields = {
  destination: z.number().nullable(),
  destination_description: z.string().nullable(),
};

/** Provider (spec: id, name). */
export const providerSchema = z.object({ id: z.number(), name: z.string() });
export type Provider = z.infer<typeof providerSchema>;
/** GET /providers/: paging, order_by and the providers' filters (texts, read by the server's allow-list). */
export const providerListQuerySchema = pagingQuerySchema.catchall(z.string());

/**
 * POST /porders/ (spec section 3). `destination_id` is the current location (must be visible to
 * the user), `origin_id` the provider. `destination_status` may only be 0. Roles 1 to 3.
 */
export const purchaseOrderCreateBodySchema = z.object({
  ...orderCreateFields,
  destination_status: z.literal(0).optional(),
  destination_id: intId('required'),
  origin_id: intId('required'),
  container: z.string().trim().max(100).optional(),
});
export type PurchaseOrderCreateBody = z.input<typeof purchaseOrderCreateBodySchema>;

/** PUT /porders/{id}/ {sync}: the sync flag (spec section 4). */
export const orderUpdateBodySchema = z.object({ sync: z.boolean() });
export type OrderUpdateBody = z.infer<typeof orderUpdateBodySchema>;

/**
 * Purchase order list row and detail (spec section 3). Dates are ISO 8601 strings.
 * `waiting_time` is seconds from creation until the arrival (or until now while not arrived).
 * `item_count` = expected units (sum of box contents), `real_item_count` = units read by the
 * counting (latest valid) verification of each box on the destination side.
 * `origin` is the provider id; `order_name` is "<order_code> · <provider_name>".
 */
export const purchaseOrderSchema = z.object({
  ...orderHeadFields,
  ...orderStatusFields,
  ...orderShipmentFields,
  ...orderCountFields,
  ...orderDateFields,
  arrival_date: z.string().nullable(),
  origin: z.number().nullable(),
  provider_name: z.string().nullable(),
  order_name: z.string(),
  ...orderDestinationFields,
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/**
 * GET /locations/{id}/v1/porders/ query (11 per page on the dashboard):
 * destination_status (state), id__icontains, order_code__icontains, arrival_date__gte,
 * arrival_date__lte, origin__name__icontains, report_type, order_by (id, creation_date,
 * arrival_date, estimated_arrival_date, order_code, with '-' for descending).
 * report_type: 'pending' (status 0 or 1), 'verified' (2 or 3), 'with_errors' (2),
 * 'without_errors' (3), 'canceled' (4); empty or 'all' = no filter.
 */
export const reportTypeSchema = z.enum(['all', 'pending', 'verified', 'with_errors', 'without_errors', 'canceled']);
export type ReportType = z.infer<typeof reportTypeSchema>;
/** The `report_type` filter of the order dashboards: a report type, or empty for all. */
export const reportTypeFilter = { report_type: z.union([reportTypeSchema, z.literal('')]).optional() };
/** The text filters of the lists of orders leaving the location (movement exits, online orders), in that order. */
export const EXIT_LIST_FILTERS = [
  'id__icontains',
  'order_code__icontains',
  'exit_date__gte',
  'exit_date__lte',
  'origin_status',
] as const;
export const purchaseOrderListQuerySchema = openListQuery(
  'destination_status',
  'id',
  'id__icontains',
  'order_code__icontains',
  'arrival_date__gte',
  'arrival_date__lte',
  'origin__name__icontains',
).extend(reportTypeFilter);

/** Reception (spec: reception_code, order_id). */
export const receptionCreateBodySchema = z.object({
  reception_code: z.string({ error: 'required' }).trim().min(1, 'required').max(100),
  order_id: intId('required'),
});
export type ReceptionCreateBody = z.input<typeof receptionCreateBodySchema>;
export const receptionSchema = z.object({
  id: z.number(),
  reception_code: z.string(),
  order_id: z.number(),
  created_at: z.string(),
});
export type Reception = z.infer<typeof receptionSchema>;
/** GET /receptions/: paging, order_by and the receptions' filters (texts, read by the server's allow-list). */
export const receptionListQuerySchema = pagingQuerySchema.catchall(z.string());

/** One expected line of a box: a GTIN (8 to 14 digits, must exist in the catalog) and a quantity ≥ 1. */
export const boxContentLineSchema = z.object({
  gtin: z
    .string({ error: 'required' })
    .trim()
    .regex(/^\d{8,14}$/, 'Enter a valid GTIN.'),
  quantity: intIn(1, 100_000, 'required'),
});

/**
 * A box's barcode as stored: a scanned GS1 Digital Link of an SSCC (`https://…/00/<SSCC>`, issue 17) is its SSCC
 * (18 digits, check digit verified); any other text, another URI included, stays as typed.
 */
export const boxBarcodeOf = (text: string): string => {
  if (!isDigitalLinkUri(text)) return text;
  try {
    return parseDigitalLink(text).sscc ?? text;
  } catch {
    return text;
  }
};

/**
 * POST /boxes/ (spec: codebar, reception_id). A Digital Link of an SSCC is stored as the SSCC (boxBarcodeOf). `contents` (optional) creates the box and its
 * contents in one transaction, which is what the add-box dialog sends. 409 'Barcode already exists'.
 */
export const boxCreateBodySchema = z.object({
  codebar: z.string({ error: 'required' }).trim().min(1, 'required').max(128).transform(boxBarcodeOf),
  reception_id: intId('required'),
  contents: z.array(boxContentLineSchema).max(1000).optional(),
});
export type BoxCreateBody = z.input<typeof boxCreateBodySchema>;

/** POST /contents/ as a list of {quantity, gtin, box_id} (one transaction; all boxes in one order). */
export const boxContentCreateBodySchema = z
  .array(boxContentLineSchema.extend({ box_id: intId('required') }))
  .min(1, 'Add at least one GTIN.')
  .max(5000);
export type BoxContentCreateBody = z.input<typeof boxContentCreateBodySchema>;
export const boxContentSchema = z.object({
  id: z.number(),
  box_id: z.number(),
  gtin: z.string(),
  item_type: z.number(),
  quantity: z.number(),
});
export type BoxContent = z.infer<typeof boxContentSchema>;

/** A box's figures on one side: status, when it was read, items read and matched, and verifications. */
const BOX_SIDE_FIELDS = {
  status: z.number(),
  reading_time: z.string().nullable(),
  real_item_count: z.number(),
  matched_item_count: z.number(),
  verification_count: z.number(),
};
type BoxSideFields<P extends string> = { [K in keyof typeof BOX_SIDE_FIELDS as `${P}${K}`]: (typeof BOX_SIDE_FIELDS)[K] };
/** The box figures of the side `prefix` names (origin_, destination_). */
const boxSideFields = <P extends string>(prefix: P) =>
  // Object.fromEntries loses the keys' names: the mapped type restores what the entries hold.
  Object.fromEntries(Object.entries(BOX_SIDE_FIELDS).map(([key, field]) => [prefix + key, field])) as BoxSideFields<P>;

/**
 * Box (spec section 3). The unprefixed fields are the side the list is about (destination for
 * purchase and movement-entry orders, origin for exit and online); movement boxes also carry the
 * origin_ and destination_ variants. `references` = number of distinct GTINs expected;
 * `verification_count` = verifications of the box on that side (valid or not).
 * `waiting_time`: seconds from the order's creation to the box's reading (or now).
 */
export const boxSchema = z.object({
  id: z.number(),
  barcode: z.string(),
  codebar: z.string(),
  order: z.number(),
  order_name: z.string(),
  order_code: z.string(),
  reception_id: z.number().nullable(),
  status: z.number(),
  reading_time: z.string().nullable(),
  waiting_time: z.number().nullable(),
  theorical_item_count: z.number(),
  real_item_count: z.number(),
  matched_item_count: z.number(),
  references: z.number(),
  verification_count: z.number(),
  percent: z.number(),
  ...boxSideFields('origin_'),
  ...boxSideFields('destination_'),
});
export type Box = z.infer<typeof boxSchema>;

/** GET /porders/{id}/boxes/ query: 40 per page; box__codebar__contains; order_by=box__codebar (or barcode, status, -reading_time). */
export const orderBoxesQuerySchema = openListQuery('box__codebar__contains', 'codebar');

/** GET /boxes/?codebar= (exact) — is a barcode taken? */
export const boxLookupQuerySchema = z.object({ codebar: z.string().trim().min(1) });

/**
 * Item line and report line (spec section 3): per GTIN, expected (theorical) vs real. The
 * `real_*` counts come from the latest valid verification of each box (destination side unless
 * stated). percent = real / theorical × 100 capped at 100.
 */
export const itemLineSchema = z.object({
  id: z.number(),
  gtin: z.string(),
  item_type: z.number().nullable(),
  theorical_item_count: z.number(),
  real_item_count: z.number(),
  theorical_quantity: z.number(),
  real_quantity: z.number(),
  destination_real_quantity: z.number(),
  origin_real_quantity: z.number(),
  percent: z.number(),
  ...itemTypeFields('description', 'section', 'cloth_type', 'model', 'colour', 'reference', 'sizes'),
});
export type ItemLine = z.infer<typeof itemLineSchema>;

/** Item-line queries (order detail, box report, verification report): 100 per page, ordered by GTIN. */
export const itemLineQuerySchema = openListQuery('item_type__gtin__contains', 'gtin__contains');

/** GET /porders/{id}/types/{itemType}/: the GTIN-in-an-order page (order header + attributes + line). */
export const orderItemTypeParamsSchema = z.object({
  id: intId(),
  itemType: intId(),
});

/** Provider statistics (spec: average_reception_time, order_count, delay_percent). */
export const providerStatsSchema = z.object({
  /** Hours, 2 decimals: average of (arrival of the last box − order arrival) over received orders; null without any. */
  average_reception_time: z.number().nullable(),
  /** Purchase orders from this provider to the locations the user sees. */
  order_count: z.number(),
  /** Percent (integer) of arrived orders whose arrival_date is after estimated_arrival_date. */
  delay_percent: z.number(),
});
export type ProviderStats = z.infer<typeof providerStatsSchema>;

/** GET /providers/{id}/porders/?pending=true|false: pending = destination_status 0, resolved = the rest. */
export const providerOrdersQuerySchema = purchaseOrderListQuerySchema.extend({
  pending: z.enum(['true', 'false', 'True', 'False', '1', '0']).optional(),
});

/** Reception times of the orders received in a statistics range, in hours (2 decimals): average and longest; null without any. */
export const receptionTimeFields = {
  average_reception_time: z.number().nullable(),
  max_reception_time: z.number().nullable(),
};

/**
 * Inbound statistics of a location, GET /locations/{id}/porders/statistics/?from&to (default
 * the last 30 days by creation date). Durations in hours with 2 decimals.
 * `reception_time` and `max_time` are "<hours>,<seconds>" strings: the web shows the first part.
 */
export const inboundStatsQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
});
export const inboundStatsSchema = z.object({
  orders: z.number(),
  average_delay: z.number().nullable(),
  daily_orders: z.number(),
  reception_time: z.string(),
  max_time: z.string(),
  ...receptionTimeFields,
  incorrect_daily_orders: z.number(),
  total_orders_for_today: z.number(),
  total_pending_orders_for_today: z.number(),
  correctly_received_porders: z.number(),
  incorrectly_received_porders: z.number(),
  ...statsRangeFields,
});
export type InboundStats = z.infer<typeof inboundStatsSchema>;

/** GET /porderscsv/?location_id&date_time_from&date_time_to: print data for the range (CSV). */
export const printDataQuerySchema = z.object({
  location_id: intId(),
  date_time_from: z.string().min(1, 'required'),
  date_time_to: z.string().optional(),
});

/** Provider return (spec: id, code, order (order_code), provider (id, name), real_item_count, end_time). */
export const providerReturnSchema = z.object({
  id: z.number(),
  code: z.string(),
  order: z.object({ id: z.number(), order_code: z.string() }).nullable(),
  provider: providerSchema.nullable(),
  location: z.number(),
  real_item_count: z.number(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
});
export type ProviderReturn = z.infer<typeof providerReturnSchema>;

/** Sale return (spec: id, code, real_item_count, end_time). */
export const saleReturnSchema = providerReturnSchema.omit({ provider: true });
export type SaleReturn = z.infer<typeof saleReturnSchema>;

/** Return lists: 11 per page; code__contains, end_time__gte, end_time__lte (arrival dates), order_by. */
export const returnListQuerySchema = openListQuery('code__contains', 'code__icontains', 'end_time__gte', 'end_time__lte');

/** A return's line per GTIN (detail pages, 100 per page ordered by GTIN). */
export const returnLineSchema = z.object({
  gtin: z.string(),
  item_type: z.number().nullable(),
  ...itemTypeFields('description', 'model', 'colour', 'section', 'sizes'),
  quantity: z.number(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** GET /porders/{id}/types/{itemType}/ answer. */
export const orderItemTypeSchema = z.object({
  order: purchaseOrderSchema,
  item_type: itemTypeSchema,
  line: itemLineSchema,
});
export type OrderItemType = z.infer<typeof orderItemTypeSchema>;
