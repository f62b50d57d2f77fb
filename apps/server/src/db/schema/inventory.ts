import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { itemTypes } from './catalog.js';
import { createdAt, instant, requiredRef, serialId, updatedAt } from './columns.js';
import { devices } from './devices.js';
import { areaRef, areas, companyRef, locationRef, users } from './organization.js';

/**
 * An RFID inventory of one area (docs/design.md §6). State: 0 pending (reading), 1 computing,
 * 2 validated, 3 canceled. `expected_count` (the spec's theorical_stock) is the number of items
 * STOCKED in the area when it started (of the chosen GTINs when partial); `read_count` the
 * distinct EPCs its reading sets brought; `matched_count` those read that were expected.
 */
export const inventories = pgTable(
  'inventories',
  {
    id: serialId(),
    companyId: companyRef(),
    locationId: locationRef(),
    areaId: areaRef(),
    /** The reader that opened it (a handheld or cabinet), when a reader did. */
    deviceId: integer('device_id').references(() => devices.id),
    state: smallint('state').notNull().default(0),
    isPartial: boolean('is_partial').notNull().default(false),
    startTime: instant('start_time').notNull().defaultNow(),
    endTime: instant('end_time'),
    expectedCount: integer('expected_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    isFileCreated: boolean('is_file_created').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: instant('closed_at'),
  },
  (t) => [
    index('inventories_location_idx').on(t.locationId, t.state, t.startTime),
    index('inventories_area_state_idx').on(t.areaId, t.state),
  ],
);

/** The GTINs a partial inventory counts. */
export const inventoryItemTypes = pgTable(
  'inventory_item_types',
  {
    inventoryId: requiredRef('inventory_id', () => inventories.id, { onDelete: 'cascade' }),
    itemTypeId: requiredRef('item_type_id', () => itemTypes.id),
  },
  (t) => [primaryKey({ columns: [t.inventoryId, t.itemTypeId] })],
);

/** Snapshot of the items expected when the inventory started (STOCKED in its area). */
export const inventoryExpectedItems = pgTable(
  'inventory_expected_items',
  {
    inventoryId: requiredRef('inventory_id', () => inventories.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    itemTypeId: integer('item_type_id'),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryId, t.itemId] }),
    // With the item: a GTIN's expected items are an index-only scan (the EPC lists, per GTIN).
    index('inventory_expected_type_idx').on(t.inventoryId, t.itemTypeId, t.itemId),
  ],
);

/** Every distinct item an inventory's reading sets read (first read kept). */
export const inventoryReadItems = pgTable(
  'inventory_read_items',
  {
    inventoryId: requiredRef('inventory_id', () => inventories.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    itemTypeId: integer('item_type_id'),
    readingSetId: uuid('reading_set_id').notNull(),
    readAt: instant('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryId, t.itemId] }),
    index('inventory_read_type_idx').on(t.inventoryId, t.itemTypeId, t.itemId),
  ],
);

/**
 * Per GTIN of an inventory: items expected, read and read that were expected (matched), kept by
 * the engine in the same statements that write the snapshot and the reads (both only take
 * articles, so the GTIN is never null). The per-GTIN summary and the paging of the EPC lists read
 * these few rows instead of aggregating an inventory's hundreds of thousands of items per call.
 */
export const inventoryTypeCounts = pgTable(
  'inventory_type_counts',
  {
    inventoryId: requiredRef('inventory_id', () => inventories.id, { onDelete: 'cascade' }),
    itemTypeId: requiredRef('item_type_id', () => itemTypes.id),
    expected: integer('expected').notNull().default(0),
    read: integer('read').notNull().default(0),
    matched: integer('matched').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.inventoryId, t.itemTypeId] })],
);

/**
 * Counted (non-RFID) stock of a GTIN in an area, from an uploaded inventory file
 * (`POST /areas/{id}/upload_inventory_file/`): the last upload of a GTIN replaces its quantity.
 * An area's stock = items STOCKED there + these quantities.
 */
export const countedStocks = pgTable(
  'counted_stocks',
  {
    areaId: areaRef(),
    itemTypeId: requiredRef('item_type_id', () => itemTypes.id),
    quantity: integer('quantity').notNull(),
    uploadedAt: instant('uploaded_at').notNull().defaultNow(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.areaId, t.itemTypeId] })],
);

/**
 * Items STOCKED per area and GTIN (null: EPCs of no catalog GTIN), kept by triggers on `items`
 * (migration 0011_scale_summaries): every statement that inserts, updates or deletes items appends
 * its net change per (area, GTIN) to `area_stock_changes` (an insert, no lock on a shared row, so
 * concurrent reads never wait for each other), and the first statement that gets the fold lock
 * folds the pending changes in here. The stock of now is both added: the view `area_stock_now`.
 * Derived data (rebuilt from `items` when in doubt), so no foreign keys.
 */
export const areaStock = pgTable(
  'area_stock',
  {
    areaId: integer('area_id').notNull(),
    itemTypeId: integer('item_type_id'),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [unique('area_stock_uq').on(t.areaId, t.itemTypeId).nullsNotDistinct()],
);

/**
 * The one stock (view of migration 0017): per location, area and GTIN, the items STOCKED (`rfid`, from
 * area_stock_now) + the counted non-RFID stock (`counted`) = `quantity`. Read-only; drizzle-kit leaves it alone.
 */
export const stockNow = pgView('stock_now', {
  locationId: integer('location_id').notNull(),
  areaId: integer('area_id').notNull(),
  itemTypeId: integer('item_type_id'),
  rfid: integer('rfid').notNull(),
  counted: integer('counted').notNull(),
  quantity: integer('quantity').notNull(),
}).existing();

/** Changes of `area_stock` not folded in yet (see there). */
export const areaStockChanges = pgTable(
  'area_stock_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    areaId: integer('area_id').notNull(),
    itemTypeId: integer('item_type_id'),
    delta: integer('delta').notNull(),
  },
  (t) => [index('area_stock_changes_area_idx').on(t.areaId, t.itemTypeId)],
);

/** Minimum stock of a GTIN in an area; an alarm is current stock below it. */
export const minimumStocks = pgTable(
  'minimum_stocks',
  {
    id: serialId(),
    companyId: companyRef(),
    areaId: areaRef(),
    itemTypeId: requiredRef('item_type_id', () => itemTypes.id),
    minimumStock: integer('minimum_stock').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('minimum_stocks_area_type_uq').on(t.areaId, t.itemTypeId),
    index('minimum_stocks_company_idx').on(t.companyId),
  ],
);

/**
 * Stock of each area at the end of each day (written by the stock worker, and for today on
 * demand): the dashboard's stock evolution, stock change and time series read it.
 * `quantity` = STOCKED items + counted stock; `theoretical_quantity` = the area's location's
 * expected contents received minus shipped, attributed to the location (area_id null row).
 */
export const stockDaily = pgTable(
  'stock_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    locationId: locationRef(),
    /** null: the location's total. */
    areaId: integer('area_id').references(() => areas.id),
    quantity: integer('quantity').notNull(),
    theoreticalQuantity: integer('theoretical_quantity').notNull().default(0),
  },
  (t) => [
    unique('stock_daily_uq').on(t.locationId, t.areaId, t.day).nullsNotDistinct(),
    index('stock_daily_location_day_idx').on(t.locationId, t.day),
  ],
);

/**
 * Long exports (the inventory CSV of the spec: start, poll progress every 2 s, download) as jobs
 * in the database, so any process can answer the poll. `content` holds the finished file.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    refId: integer('ref_id'),
    progress: smallint('progress').notNull().default(0),
    fileName: text('file_name').notNull().default(''),
    content: text('content'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('export_jobs_company_idx').on(t.companyId, t.createdAt)],
);
