/**
 * ERP stock and differences (issue 27, docs/integrations.md): a company's ERP sends its stock per store and GTIN (a
 * snapshot), the product shows it beside its own RFID stock, and hands the approved differences of validated
 * inventories back to the ERP.
 */
import { z } from 'zod';
import {
  apiDateString,
  booleanTextField,
  gtinCatalogFields,
  idDescriptionSchema,
  intId,
  intIn,
  pageQueryFields,
  personFields,
} from './common.js';
import { type ValueOf, valuesOf } from './const-enum.js';
import { exportQuerySchema } from './exports.js';

/** At most this many rows in one snapshot (a CSV file or a JSON body). */
export const ERP_SNAPSHOT_MAX_ROWS = 500_000;
/** An upload's largest size (a CSV file or a JSON body), in bytes. */
export const ERP_SNAPSHOT_MAX_BYTES = 64 * 1024 * 1024;
/** Rows of the differences list per page, by default. */
export const ERP_DIFFERENCES_PAGE_SIZE = 25;
/** A snapshot keeps at most this many rejected rows with their reason (the count is always exact). */
export const ERP_REJECTED_KEPT = 10_000;

/** Where a snapshot came from. */
export const ErpSnapshotSource = { Csv: 'csv', Json: 'json' } as const;
export type ErpSnapshotSource = ValueOf<typeof ErpSnapshotSource>;
export const ERP_SNAPSHOT_SOURCES = valuesOf(ErpSnapshotSource);

/**
 * One row of a JSON snapshot: the store (its location `code`, as the locations list shows it), the GTIN (8, 12, 13 or
 * 14 digits) and the ERP's quantity (a whole number; negative stock is the ERP's own and is kept). A row whose store or
 * GTIN is not valid is rejected with its reason and the others are imported.
 */
export const erpStockRowSchema = z.object({
  store: z.union([z.string(), z.number()], { error: 'The store (a location code) is required.' }).transform(String),
  gtin: z.union([z.string(), z.number()], { error: 'The GTIN is required.' }).transform(String),
  quantity: z.union([z.number(), z.string()], { error: 'The quantity is required.' }),
});
export type ErpStockRow = z.infer<typeof erpStockRowSchema>;

/** POST /api/erp/stock/ as JSON: the rows of the snapshot. */
export const erpStockJsonBodySchema = z
  .array(erpStockRowSchema, { error: 'Send an array of rows { store, gtin, quantity }.' })
  .min(1, 'The snapshot has no rows.')
  .max(ERP_SNAPSHOT_MAX_ROWS, `At most ${ERP_SNAPSHOT_MAX_ROWS} rows.`);
export type ErpStockJsonBody = z.infer<typeof erpStockJsonBodySchema>;

/** A row the import refused: its number (the file's line, or the array's position from 1), what it held and why. */
export const erpRejectedRowSchema = z.object({
  row: z.number(),
  store: z.string(),
  gtin: z.string(),
  quantity: z.string(),
  reason: z.string(),
});
export type ErpRejectedRow = z.infer<typeof erpRejectedRowSchema>;

/** A location as the ERP screens name it. */
export const erpLocationSchema = z.object({ id: z.number(), code: z.string(), description: z.string() });

/** An imported snapshot: when, who, how many rows were taken and refused, and the stores it replaced. */
export const erpSnapshotSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  created_by: z.object(personFields).nullable(),
  source: z.enum(ERP_SNAPSHOT_SOURCES),
  file_name: z.string(),
  rows: z.number(),
  rejected: z.number(),
  locations: z.array(erpLocationSchema),
});
export type ErpSnapshot = z.infer<typeof erpSnapshotSchema>;

/** One snapshot with its rejected rows (at most ERP_REJECTED_KEPT of them). */
export const erpSnapshotDetailSchema = erpSnapshotSchema.extend({ rejected_rows: z.array(erpRejectedRowSchema) });
export type ErpSnapshotDetail = z.infer<typeof erpSnapshotDetailSchema>;

export const erpSnapshotParamsSchema = z.object({ id: intId() });
export const erpSnapshotListQuerySchema = z.object({ ...pageQueryFields });

/** The CSV files' dialect: plain, the machine-readable CSV (English column names, `,`, ISO times, no BOM); es, the Spanish file (as lang=es). */
const csvDialectField = z.enum(['es', 'plain'], { error: 'Choose es or plain.' }).optional();

/**
 * GET /api/erp/differences/: per store and GTIN, the ERP's quantity beside the RFID stock. `location` one location
 * (else every one the user sees that has an ERP snapshot), `gtin` a GTIN or part of it, `only_differences=true` only
 * rows where they differ; `order_by` one or more of location, gtin, description, erp_quantity, rfid_quantity,
 * difference, abs_difference (`-` first: descending; default -abs_difference).
 */
export const erpDifferencesQuerySchema = z.object({
  ...pageQueryFields,
  location: intId('Enter a location id.').optional(),
  gtin: z.string().trim().max(14, 'A GTIN has at most 14 digits.').regex(/^\d*$/, 'Enter digits of a GTIN.').optional(),
  only_differences: booleanTextField.optional(),
  order_by: z.string().max(200).optional(),
});
export type ErpDifferencesQuery = z.infer<typeof erpDifferencesQuerySchema>;

/** The CSV export's query: the list's filters and order, and the spreadsheet it is for (`es` by default). */
export const erpDifferencesExportQuerySchema = erpDifferencesQuerySchema.omit({ limit: true, offset: true }).extend({
  ...exportQuerySchema.shape,
  dialect: csvDialectField,
});
export type ErpDifferencesExportQuery = z.infer<typeof erpDifferencesExportQuerySchema>;

/** One store and GTIN: `difference` is RFID − ERP (positive: the tags show more than the ERP says). */
export const erpDifferenceSchema = z.object({
  location: erpLocationSchema,
  gtin: z.string(),
  ...gtinCatalogFields,
  erp_quantity: z.number(),
  rfid_quantity: z.number(),
  difference: z.number(),
  /** When the ERP's stock of this store was imported last. */
  erp_imported_at: z.string().nullable(),
});
export type ErpDifference = z.infer<typeof erpDifferenceSchema>;

/* ------------------------------------------------------------------ inventory differences for the ERP */

/** One GTIN of an inventory: expected (its stock when the inventory started), counted, difference (counted − expected). */
export const inventoryDifferenceRowSchema = z.object({
  gtin: z.string(),
  item_type: z.number(),
  description: z.string(),
  expected: z.number(),
  counted: z.number(),
  difference: z.number(),
  /** True once the inventory is validated: the difference was approved and the stock adjusted to the count. */
  approved: z.boolean(),
});
export type InventoryDifferenceRow = z.infer<typeof inventoryDifferenceRowSchema>;

/** An inventory as the ERP needs it: where, which area, its state and when it was validated. */
export const inventoryDifferencesHeadSchema = z.object({
  id: z.number(),
  location: erpLocationSchema,
  area: idDescriptionSchema,
  state: z.number(),
  is_partial: z.boolean(),
  started_at: z.string(),
  validated_at: z.string().nullable(),
});

/** GET /api/inventorys/{id}/differences/: the inventory and its rows per GTIN. */
export const inventoryDifferencesSchema = inventoryDifferencesHeadSchema.extend({
  rows: z.array(inventoryDifferenceRowSchema),
});
export type InventoryDifferences = z.infer<typeof inventoryDifferencesSchema>;

/** `format=csv`: the same rows as a CSV file (`dialect` es by default); `only_differences=true`: rows that differ. */
export const inventoryDifferencesQuerySchema = z.object({
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose json, csv or xlsx.' }).optional(),
  lang: exportQuerySchema.shape.lang,
  dialect: csvDialectField,
  only_differences: booleanTextField.optional(),
});
export type InventoryDifferencesQuery = z.infer<typeof inventoryDifferencesQuerySchema>;

/** At most this many inventories per answer of the feed. */
export const INVENTORY_FEED_MAX = 100;

/**
 * GET /api/erp/inventory-differences/: validated inventories' differences, oldest validation first, for an ERP that
 * polls. `since`: inventories validated after this time; `cursor`: the `next_cursor` of the previous answer (wins over
 * `since`); `location`: one location; `limit` inventories (1 to 100, 20 by default).
 */
export const inventoryFeedQuerySchema = z.object({
  since: apiDateString().optional(),
  cursor: z
    .string()
    .regex(/^\d{1,16}_\d{1,10}$/, 'Send the next_cursor of the previous answer.')
    .optional(),
  location: intId('Enter a location id.').optional(),
  limit: intIn(1, INVENTORY_FEED_MAX).optional(),
  only_differences: booleanTextField.optional(),
});
export type InventoryFeedQuery = z.infer<typeof inventoryFeedQuerySchema>;

export const inventoryFeedSchema = z.object({
  results: z.array(inventoryDifferencesSchema),
  /** Send it back as `cursor` to get the inventories validated after these (the same value when none is new yet). */
  next_cursor: z.string(),
});
export type InventoryFeed = z.infer<typeof inventoryFeedSchema>;
