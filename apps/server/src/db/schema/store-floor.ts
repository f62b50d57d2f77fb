import { bigint, bigserial, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, serialId } from './columns.js';
import { devices } from './devices.js';
import { areas, companyRef, locationRef, users } from './organization.js';

/**
 * The store floor (issue 26): status changes of items, exit alarms, floor targets and replenishment picks.
 * Item states and places move only through the engine's ledger (modules/engine/ledger.ts); these tables hold what the
 * store loop adds beside them.
 */

/** Every change of an item's status (ItemStatus of the contract), with its reason: the status's part of the ledger. */
export const itemStatusChanges = pgTable(
  'item_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    reference: text('reference'),
    /** Why: 'user' (the EPC page or the API), 'handheld' (a handheld's set), 'exit-lost' … */
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id),
    /** The location the item was at when it changed (null: none). */
    locationId: integer('location_id'),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [
    index('item_status_changes_item_idx').on(t.itemId, t.at),
    index('item_status_changes_location_idx').on(t.locationId, t.at),
  ],
);

/**
 * An exit alarm: an exit gate (working mode 8) read a tag that was not SOLD. Reads of the same item within the alarm
 * window make one alarm (reads, last_read_at); a user marks it a false alarm, recovered or lost (ExitAlarmStatus).
 */
export const exitAlarms = pgTable(
  'exit_alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    locationId: locationRef(),
    deviceId: integer('device_id').references(() => devices.id),
    areaId: integer('area_id').references(() => areas.id),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    gtin: text('gtin'),
    /** The item's state when the gate read it (ItemState of the contract). */
    itemState: smallint('item_state').notNull(),
    firstReadAt: instant('first_read_at').notNull(),
    lastReadAt: instant('last_read_at').notNull(),
    reads: integer('reads').notNull().default(1),
    status: text('status').notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: instant('resolved_at'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('exit_alarms_location_idx').on(t.locationId, t.status, t.firstReadAt),
    index('exit_alarms_item_idx').on(t.itemId, t.lastReadAt),
  ],
);

/**
 * Replenishment targets (issue 26): how many units of a GTIN, or of any GTIN of a section, the sales floor of a store
 * should show. One of gtin and section is set; a GTIN's own target wins over its section's, which wins over the store's
 * default (locations.floor_target_default).
 */
export const floorTargets = pgTable(
  'floor_targets',
  {
    id: serialId(),
    locationId: locationRef(),
    gtin: text('gtin'),
    section: text('section'),
    target: integer('target').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('floor_targets_gtin_uq').on(t.locationId, t.gtin),
    uniqueIndex('floor_targets_section_uq').on(t.locationId, t.section),
  ],
);

/** A line of a store's pick list worked on a phone: picked from the stockroom (until seen on the floor) or skipped for the day. */
export const replenishmentPicks = pgTable(
  'replenishment_picks',
  {
    id: serialId(),
    locationId: locationRef(),
    gtin: text('gtin').notNull(),
    status: text('status').notNull(),
    quantity: integer('quantity').notNull().default(0),
    userId: integer('user_id').references(() => users.id),
    at: instant('at').notNull().defaultNow(),
    /** The UUID the app made for the pick (issue 32, the handheld's queue): the same id again answers this pick. */
    clientId: uuid('client_id'),
  },
  (t) => [
    index('replenishment_picks_location_idx').on(t.locationId, t.gtin, t.at),
    uniqueIndex('replenishment_picks_client_id_uq').on(t.clientId),
  ],
);
