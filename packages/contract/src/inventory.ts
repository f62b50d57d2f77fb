// Request and response shapes of the inventory module (Zod); the server validates with them, the web types its calls with them.
// RFID inventories of an area (spec sections 2, 3, 4 and 7 "Inventory"; docs/design/inventory.md).
import { z } from 'zod';
import { itemTypeFields, itemTypeSchema } from './catalog.js';
import {
  epcTagFields,
  filteredListQuery,
  intId,
  locationRefFields,
  personFields,
  statsRangeFields,
  statsRangeQuerySchema,
} from './common.js';
import { LIST_PAGE_SIZE } from './paging.js';

/** Page sizes of spec section 9: inventory lists 11, the article (GTIN) table of a detail 25; tags the default 20. */
export const INVENTORY_LIST_PAGE_SIZE = LIST_PAGE_SIZE;
export const INVENTORY_ARTICLES_PAGE_SIZE = 25;
export const INVENTORY_TAGS_PAGE_SIZE = 20;

/**
 * An inventory (spec section 3). state 0 Pending, 1 Computing, 2 Validated, 3 Canceled; `valid`
 * = validated, `canceled` = canceled. theorical_stock = items expected (STOCKED in the area when it
 * started, of the chosen GTINs when partial); items = distinct items read; matched_items = read and
 * expected; missing_items = expected not read (lost); excess_items = read not expected.
 * start_time = when it opened; end_time = end of its last reading set (null before any read).
 * progress = matched / expected × 100, capped at 100 (100 when nothing was expected).
 * accuracy = matched / (expected + excess) × 100: the share of the items involved where the
 * records and the shelf agree (100 when both are empty).
 */
export const inventorySchema = z.object({
  id: z.number(),
  state: z.number(),
  valid: z.boolean(),
  canceled: z.boolean(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  closed_at: z.string().nullable(),
  theorical_stock: z.number(),
  matched_items: z.number(),
  items: z.number(),
  missing_items: z.number(),
  excess_items: z.number(),
  progress: z.number(),
  accuracy: z.number(),
  is_partial: z.boolean(),
  is_file_created: z.boolean(),
  ...locationRefFields,
  location_area: z.number(),
  location_area_description: z.string(),
  /** The reader that opened it (a handheld or a cabinet); null when a user opened it. */
  device: z.object({ id: z.number(), serial_number: z.string(), working_mode: z.number() }).nullable(),
  /** GTINs a partial inventory counts (empty for a total one). */
  item_types: z.array(z.object({ id: z.number(), gtin: z.string(), description: z.string() })),
});
export type Inventory = z.infer<typeof inventorySchema>;

/**
 * GET /locations/{id}/inventories/ (11 per page): state, id__icontains, location_area (area id),
 * inventorypartial__isnull (True: total inventories, False: partial ones), order_by (id,
 * start_time, end_time, state; '-' descending; default -id).
 */
export const inventoryListQuerySchema = filteredListQuery('state', 'id__icontains', 'location_area', 'inventorypartial__isnull');
export type InventoryListQuery = z.infer<typeof inventoryListQuerySchema>;

/**
 * POST /locations/{id}/inventories/ (roles 1 to 3): opens an inventory of an area of the location,
 * total, or partial with the chosen GTINs (catalog ids). The expected stock is taken at once.
 */
export const inventoryCreateBodySchema = z.object({
  location_area: intId('Please select area'),
  item_types: z
    .array(intId())
    .max(500, 'At most 500 GTINs.')
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]),
});
export type InventoryCreateBody = z.input<typeof inventoryCreateBodySchema>;

/** PUT /inventorys/{id}/ (roles 1 to 3): 2 validates a pending inventory, 3 cancels a pending or computing one. */
export const inventoryUpdateBodySchema = z.object({
  state: z.union([z.literal(2), z.literal(3)], { error: 'state must be 2 (validate) or 3 (cancel).' }),
});
export type InventoryUpdateBody = z.infer<typeof inventoryUpdateBodySchema>;

/** GET /inventorys/{id}/users/: who opened it and who validated or canceled it. */
export const inventoryUserSchema = z.object({
  ...personFields,
  action: z.enum(['opened', 'validated', 'canceled']),
  date: z.string().nullable(),
});
export type InventoryUser = z.infer<typeof inventoryUserSchema>;

/**
 * Inventory summary row (spec section 3), one per GTIN: theorical_quantity = expected,
 * quantity = read, matched, missing = expected − matched, excess = read − matched.
 */
export const inventorySummaryRowSchema = z.object({
  item_type: z.number(),
  gtin: z.string(),
  theorical_quantity: z.number(),
  quantity: z.number(),
  matched: z.number(),
  missing: z.number(),
  excess: z.number(),
  ...itemTypeFields('season', 'section', 'model', 'description', 'reference', 'sizes', 'size_primary', 'colour'),
});
export type InventorySummaryRow = z.infer<typeof inventorySummaryRowSchema>;

/**
 * GET /inventorys/{id}/summary/ (all GTINs), /remaining_summary/ (GTINs with missing items) and
 * /surplus_summary/ (GTINs with excess items): 25 per page, order_by item_type (default: GTIN)
 * or gtin, theorical_quantity, quantity, missing, excess; filters of spec section 7.
 */
export const inventorySummaryQuerySchema = filteredListQuery(
  'item_type__gtin__icontains',
  'item_type__sizes__value__icontains',
  'item_type__description__icontains',
  'item_type__season__icontains',
  'item_type__section__icontains',
  'item_type__model__icontains',
  'item_type__colour__icontains',
);
export type InventorySummaryQuery = z.infer<typeof inventorySummaryQuerySchema>;

/**
 * Tag row (spec section 3): epc, gtin, lot (the serial), quantity (1 read, 0 lost), description;
 * status: matched (read and expected), excess (read, not expected), missing (expected, not read).
 */
export const inventoryTagSchema = z.object({
  ...epcTagFields,
  lot: z.string().nullable(),
  quantity: z.number(),
  description: z.string().nullable(),
  status: z.enum(['matched', 'excess', 'missing']),
  read_at: z.string().nullable(),
});
export type InventoryTag = z.infer<typeof inventoryTagSchema>;

/**
 * GET /inventorys/{id}/items/?order_by=itemType (read EPCs) and /unchecked_items/ (lost EPCs):
 * itemType__gtin__contains, epc__contains; order_by itemType (default), epc, read_at.
 */
export const inventoryTagQuerySchema = filteredListQuery('itemType__gtin__contains', 'epc__contains');
export type InventoryTagQuery = z.infer<typeof inventoryTagQuerySchema>;

/** GET /inventorys/{id}/types/{itemType}/: a GTIN in an inventory (its summary row) for the GTIN detail page. */
export const inventoryGtinParamsSchema = z.object({
  id: intId(),
  itemType: intId(),
});
export const inventoryGtinSchema = z.object({
  inventory: inventorySchema,
  /** Zero figures when the GTIN is neither expected nor read in the inventory. */
  line: inventorySummaryRowSchema,
  item_type: itemTypeSchema,
});
export type InventoryGtin = z.infer<typeof inventoryGtinSchema>;

/** GET /inventorys/{id}/start_csv_creation/ → the export job's id. */
export const inventoryCsvTaskSchema = z.object({ task_id: z.string() });
export type InventoryCsvTask = z.infer<typeof inventoryCsvTaskSchema>;

/** GET /file_creation_progress/{taskId}/: 0 to 100; `error` when the job failed. */
export const fileCreationProgressSchema = z.object({
  task_id: z.string(),
  progress: z.number(),
  file_name: z.string(),
  error: z.string().nullable(),
});
export type FileCreationProgress = z.infer<typeof fileCreationProgressSchema>;
export const fileCreationTaskParamSchema = z.object({ taskId: z.string().uuid('Unknown task.') });

/**
 * Inventory stats (spec section 3) of a location, over its inventories that started in the range
 * (date_start, date_end; default the last 30 days). Times in minutes (2 decimals); null without data.
 * - total_inventory_count: inventories started in the range, any state;
 * - pending_inventories: of those, state 0 or 1; validated_inventories: state 2;
 * - avg_inventory_time: average of (end_time − start_time) over the validated ones;
 * - avg_inventory_items: average of items read over the validated ones;
 * - avg_inventory_accuracy: average accuracy (matched / (expected + excess) × 100) over the validated ones;
 * - estimated_inventory_time: the location's stock now (items STOCKED in its areas) ÷ the reading
 *   rate of the validated ones (Σ items read ÷ Σ reading minutes): how long counting it all would take.
 */
export const inventoryStatsSchema = z.object({
  total_inventory_count: z.number(),
  pending_inventories: z.number(),
  validated_inventories: z.number(),
  estimated_inventory_time: z.number().nullable(),
  avg_inventory_time: z.number().nullable(),
  avg_inventory_items: z.number().nullable(),
  avg_inventory_accuracy: z.number().nullable(),
  stock: z.number(),
  ...statsRangeFields,
});
export type InventoryStats = z.infer<typeof inventoryStatsSchema>;
export const inventoryStatsQuerySchema = statsRangeQuerySchema;
