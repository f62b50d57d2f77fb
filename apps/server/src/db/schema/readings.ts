import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { itemTypes } from './catalog.js';
import { createdAt, instant } from './columns.js';
import { devices } from './devices.js';
import { areas, companyRef, locations } from './organization.js';

/**
 * A reading set as a reader sent it; `id` is the reader's own UUID, so a set sent twice is
 * stored once. `claimedBy` names the module that gave it a meaning (verification, pos,
 * inventory …); null means a free reading set.
 */
export const readingSets = pgTable(
  'reading_sets',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    deviceId: integer('device_id').references(() => devices.id),
    locationId: integer('location_id').references(() => locations.id),
    areaId: integer('area_id').references(() => areas.id),
    workingMode: smallint('working_mode'),
    codebar: text('codebar'),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    readCount: integer('read_count').notNull().default(0),
    epcCount: integer('epc_count').notNull().default(0),
    claimedBy: text('claimed_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reading_sets_location_idx').on(t.locationId, t.startTime),
    index('reading_sets_free_idx').on(t.locationId, t.claimedBy, t.startTime),
    index('reading_sets_codebar_idx').on(t.codebar),
    // Box stock (docs/design/stock.md): the sets that carry a barcode, by area, and a barcode's
    // last sighting (its latest set) without scanning the sets of other barcodes.
    index('reading_sets_box_area_idx').on(t.areaId, t.codebar).where(sql`${t.codebar} is not null`),
    // Area and tags too, so the boxes in stock (each barcode's last set) are an index-only scan.
    index('reading_sets_box_last_idx')
      .on(t.companyId, t.codebar, t.endTime, t.id, t.areaId, t.epcCount)
      .where(sql`${t.codebar} is not null`),
  ],
);

/** One physical tag. State codes: 0 STOCKED, 1 UNKNOWN, 2 IN TRANSIT, 3 SOLD, 4 RETURNED TO SUPPLIER. */
export const items = pgTable(
  'items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    epc: text('epc').notNull(),
    /** Decoded GS1 scheme ('sgtin-96' …) or 'unknown' for a non-GS1 EPC (kept, never dropped). */
    scheme: text('scheme').notNull(),
    gtin: text('gtin'),
    serial: text('serial'),
    itemTypeId: integer('item_type_id').references(() => itemTypes.id),
    state: smallint('state').notNull().default(1),
    areaId: integer('area_id').references(() => areas.id),
    locationId: integer('location_id').references(() => locations.id),
    lastSeenAt: instant('last_seen_at'),
    /** Whether it may be sold, beside its state (ItemStatus of the contract; issue 26): 0 sellable by default. */
    status: smallint('status').notNull().default(0),
    /** The status's reference: a reservation's online order code, a damage note … (null: none). */
    statusRef: text('status_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('items_company_epc_uq').on(t.companyId, t.epc),
    // EPC substring search (epc__icontains, epc__contains of the item and inventory lists): pg_trgm (migration 0002).
    index('items_epc_trgm_idx').using('gin', t.epc.op('gin_trgm_ops')),
    index('items_company_gtin_idx').on(t.companyId, t.gtin),
    index('items_area_state_idx').on(t.areaId, t.state, t.itemTypeId),
    index('items_location_state_idx').on(t.locationId, t.state),
    // A GTIN's tags in EPC order, index-only (the inventory's EPC lists page along it).
    index('items_type_epc_idx').on(t.itemTypeId, t.epc, t.id),
  ],
);

/**
 * Every read of a tag: the EPC tracker's history. Partitioned by month of `read_at` (migration 0032,
 * docs/history-at-scale.md): the key includes `read_at`, and the partitions are made ahead by the `history-partitions` job.
 */
export const traces = pgTable(
  'traces',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    companyId: integer('company_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    readingSetId: uuid('reading_set_id').notNull(),
    readAt: instant('read_at').notNull(),
    state: smallint('state').notNull(),
    /** Area before and after the read (the spec's area1 and area2). */
    area1Id: integer('area1_id'),
    area2Id: integer('area2_id'),
    antenna: smallint('antenna'),
    /** Peak RSSI in dBm, to 0.01 dBm. */
    rssi: doublePrecision('rssi'),
  },
  (t) => [
    primaryKey({ name: 'traces_pkey', columns: [t.id, t.readAt] }),
    index('traces_epc_idx').on(t.companyId, t.epc, t.readAt),
    index('traces_item_idx').on(t.itemId, t.readAt),
    index('traces_set_idx').on(t.readingSetId),
  ],
);
