// Request and response shapes of the stock module (Zod); the server validates with them, the web types its calls with them.
// Stock by area, by location and by tag, box stock, counted-stock upload, minimum stock and alarms (docs/design/stock.md).
import { z } from 'zod';
import { itemTypeFields } from './catalog.js';
import {
  areaRefFields,
  epcLineFields,
  gtinVariantFields,
  idDescriptionSchema,
  intId,
  listQueryFields,
  locationRefFields,
  nullableFields,
  pageQueryFields,
} from './common.js';
import { LIST_PAGE_SIZE } from './paging.js';
import { areaRefSchema } from './tracking.js';

/** Stock lists (summaries, stock by tag, box stock, alarms): 11 per page (spec section 9). */
export const STOCK_PAGE_SIZE = LIST_PAGE_SIZE;
/** Area summaries may take up to 30 s (spec section 9). */
export const STOCK_SUMMARY_TIMEOUT_MS = 30_000;
/** At most this many rows in one inventory file. */
export const INVENTORY_FILE_MAX_ROWS = 100_000;

/** The messages of the minimum stock form (spec section 5). */
export const FIELD_REQUIRED = 'Field is required';
export const NUMBER_ONLY = 'Enter Number only';

/** "true"/"false" (also True/False, 1/0) of a query string; anything else is the default. */
const queryBoolean = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => {
      if (v === undefined || v === '') return fallback;
      if (['true', 'True', '1'].includes(v)) return true;
      if (['false', 'False', '0'].includes(v)) return false;
      return fallback;
    });
const positiveId = intId();
/** The filters to one location (default every location the user sees) and one area of it. */
const locationAreaFilters = { location: positiveId.optional(), area: positiveId.optional() };

/* ------------------------------------------------------------------ stock per GTIN */

/** The GTIN of an area summary row, as the spec's "Area summary row" names it. */
export const stockItemTypeSchema = z.object(
  itemTypeFields('id', 'gtin', 'reference', 'description', 'model', 'colour', 'season'),
);

/**
 * Stock of one GTIN in an area (GET /areas/{id}/summary/) or in a location or in every location
 * the user sees (GET /global-stock/). `count` = `quantity` = `rfid_count` (items STOCKED there)
 * + `counted_count` (counted, non-RFID stock from inventory files). Both variants of the spec's
 * row are here: itemtype/count/sizes, and quantity/cloth_type/zones/sizes/price/minimum_stock.
 * `minimum_stock` (and its record's id) only for an area's summary; `is_alarm` = count below it.
 */
export const stockRowSchema = z.object({
  itemtype: stockItemTypeSchema,
  gtin: z.string(),
  description: z.string(),
  count: z.number(),
  quantity: z.number(),
  rfid_count: z.number(),
  counted_count: z.number(),
  ...itemTypeFields('cloth_type', 'section', 'model', 'colour', 'season'),
  zones: z.string(),
  ...itemTypeFields('sizes', 'size_primary', 'size_secondary', 'price', 'minimum_stock'),
  minimum_stock_id: z.number().nullable(),
  is_alarm: z.boolean(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

/**
 * Filters of the stock per GTIN lists: `gtin` (digits the GTIN contains; also gtin__icontains),
 * `itemtype` (an item type id), description__icontains, `omit` (default true: leave out GTINs
 * with no stock; false: every GTIN of the catalog, 0 where there is none), order_by (count,
 * gtin, description, rfid_count, counted_count; '-' descending; default -count, then gtin).
 */
export const stockQuerySchema = z.object({
  ...listQueryFields,
  gtin: z.string().trim().max(14).optional(),
  gtin__icontains: z.string().trim().max(14).optional(),
  itemtype: positiveId.optional(),
  description__icontains: z.string().trim().max(100).optional(),
  omit: queryBoolean(true),
});
export type StockQuery = z.input<typeof stockQuerySchema>;

/** GET /global-stock/: `location` (a location id; default every location the user sees), `area1` (one area). */
export const globalStockQuerySchema = stockQuerySchema.extend({
  location: positiveId.optional(),
  area1: positiveId.optional(),
});
export type GlobalStockQuery = z.input<typeof globalStockQuerySchema>;

/* ------------------------------------------------------------------ stock by tag */

/** One tag in stock (GET /global-item-stock/): an item STOCKED in an area; quantity is 1. `lot` is the EPC's serial. */
export const itemStockRowSchema = z.object({
  ...epcLineFields,
  area: areaRefSchema,
  location: z.number(),
  last_seen_at: z.string().nullable(),
});
export type ItemStockRow = z.infer<typeof itemStockRowSchema>;

/**
 * GET /global-item-stock/?area1=&area2__isnull=True: `location`, `area1`, `epc__icontains`, `gtin`
 * (contains). `area2__isnull` is accepted as the original sends it: a tag in stock is in one area
 * only, so it is always true here.
 */
export const itemStockQuerySchema = z.object({
  ...pageQueryFields,
  location: positiveId.optional(),
  area1: positiveId.optional(),
  area2__isnull: z.string().optional(),
  epc__icontains: z.string().trim().max(128).optional(),
  gtin: z.string().trim().max(14).optional(),
});
export type ItemStockQuery = z.input<typeof itemStockQuerySchema>;

/* ------------------------------------------------------------------ box stock */

/**
 * A box in stock (GET /boxstock/, /areas/{id}/boxstock/): a barcode whose last reading set was
 * read in the area. `id` is the order box with that barcode (null when the barcode is not an
 * order's box); `quantity` the EPCs of that last set; `date` when it was read; `pallet` the
 * order's container, '' when unknown.
 */
export const boxStockRowSchema = z.object({
  id: z.number().nullable(),
  codebar: z.string(),
  quantity: z.number(),
  area: areaRefSchema,
  location: z.number(),
  date: z.string(),
  order: z.number().nullable(),
  pallet: z.string(),
});
export type BoxStockRow = z.infer<typeof boxStockRowSchema>;

/** GET /boxstock/ (location, area, codebar__icontains) and /areas/{id}/boxstock/ (codebar__icontains). */
export const boxStockQuerySchema = z.object({
  ...pageQueryFields,
  ...locationAreaFilters,
  codebar__icontains: z.string().trim().max(100).optional(),
});
export type BoxStockQuery = z.input<typeof boxStockQuerySchema>;

/** GET /contentbox/{codebar}/: what the box's last reading set held, per GTIN. */
export const contentBoxSchema = z.object({
  codebar: z.string(),
  id: z.number().nullable(),
  quantity: z.number(),
  date: z.string(),
  area: areaRefSchema,
  results: z.array(
    z.object({
      item_type: z.number().nullable(),
      gtin: z.string().nullable(),
      ...nullableFields(gtinVariantFields),
      quantity: z.number(),
    }),
  ),
});
export type ContentBox = z.infer<typeof contentBoxSchema>;
export const codebarParamSchema = z.object({ codebar: z.string().trim().min(1).max(100) });

/**
 * Box tracking (GET /boxareaseens/{areaId}/ and /csv/): every box barcode read in the area, with
 * `cycles` = reading sets of that barcode there, `detections` = reads in them, `date` = the last.
 */
export const boxAreaSeenSchema = z.object({
  box: z.number().nullable(),
  area: areaRefSchema,
  location: idDescriptionSchema,
  barcode: z.string(),
  pallet: z.string(),
  cycles: z.number(),
  detections: z.number(),
  date: z.string(),
});
export type BoxAreaSeen = z.infer<typeof boxAreaSeenSchema>;
export const boxAreaSeenQuerySchema = z.object({
  ...pageQueryFields,
  codebar__icontains: z.string().trim().max(100).optional(),
  order_by: z.string().optional(),
});
export type BoxAreaSeenQuery = z.input<typeof boxAreaSeenQuerySchema>;

/* ------------------------------------------------------------------ inventory file */

/** POST /areas/{id}/upload_inventory_file/ answer: rows read, GTINs written, units counted. */
export const inventoryFileResultSchema = z.object({
  area: z.number(),
  rows: z.number(),
  gtins: z.number(),
  quantity: z.number(),
});
export type InventoryFileResult = z.infer<typeof inventoryFileResultSchema>;

/* ------------------------------------------------------------------ minimum stock and alarms */

/** A required whole number ≥ 0 given as a number or digits: 'Field is required' / 'Enter Number only'. */
const requiredNumberOnly = z.preprocess(
  (v) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
    if (typeof v === 'string') return /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    return v;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? FIELD_REQUIRED : NUMBER_ONLY) })
    .int({ error: NUMBER_ONLY })
    .min(0, { error: NUMBER_ONLY })
    .max(1_000_000_000, { error: NUMBER_ONLY }),
);

/** Minimum stock record (spec section 3): id, area, minimum_stock, item_type; with what the form shows. */
export const minimumStockSchema = z.object({
  id: z.number(),
  ...areaRefFields,
  ...locationRefFields,
  item_type: z.number(),
  gtin: z.string(),
  minimum_stock: z.number(),
  current_stock: z.number(),
  updated_at: z.string(),
});
export type MinimumStock = z.infer<typeof minimumStockSchema>;

/** POST /minstock/ (creates, or replaces the record of that area and GTIN) and PUT /minstock/{id}/. */
export const minimumStockBodySchema = z.object({
  area: requiredNumberOnly,
  item_type: requiredNumberOnly,
  minimum_stock: requiredNumberOnly,
});
export type MinimumStockBody = z.input<typeof minimumStockBodySchema>;
/** PUT /minstock/{id}/: item_type may be left out (it is the record's). */
export const minimumStockUpdateBodySchema = minimumStockBodySchema.extend({ item_type: requiredNumberOnly.optional() });
export type MinimumStockUpdateBody = z.input<typeof minimumStockUpdateBodySchema>;

/** GET /types/{id}/minstock/: `location` narrows to one location's areas. */
export const minimumStockQuerySchema = z.object(locationAreaFilters);

/**
 * Stock alarm (spec section 3): a GTIN whose current stock in an area (items STOCKED + counted)
 * is below its minimum stock. `id` is the minimum stock record; `date` when the figures were last
 * set: the later of the minimum stock's update and the GTIN's last counted-stock upload there.
 */
export const stockAlarmSchema = z.object({
  id: z.number(),
  area: areaRefSchema,
  location: idDescriptionSchema,
  item_type: z.number(),
  gtin: z.string(),
  ...gtinVariantFields,
  minimum_stock: z.number(),
  current_stock: z.number(),
  date: z.string(),
});
export type StockAlarm = z.infer<typeof stockAlarmSchema>;

/** GET /alarms/ and /alarms/count/: `location` (default every location the user sees), `area`, `gtin` (contains). */
export const alarmQuerySchema = z.object({
  ...listQueryFields,
  ...locationAreaFilters,
  gtin: z.string().trim().max(14).optional(),
});
export type AlarmQuery = z.input<typeof alarmQuerySchema>;
export const alarmCountSchema = z.object({ count: z.number() });
export type AlarmCount = z.infer<typeof alarmCountSchema>;
