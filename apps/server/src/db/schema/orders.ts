import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { itemTypes } from './catalog.js';
import { requiredRef } from './columns.js';
import { devices } from './devices.js';
import { companies, locations, providers } from './organization.js';
import { readingSets } from './readings.js';

/**
 * Purchase (provider → location), movement (location → location) and online (location → customer)
 * orders share one table. Status codes per side: 0 unchecked, 1 checking, 2 checked with errors,
 * 3 checked without errors, 4 canceled.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    type: text('type', { enum: ['purchase', 'movement', 'online'] }).notNull(),
    orderCode: text('order_code').notNull(),
    providerId: integer('provider_id').references(() => providers.id),
    originLocationId: integer('origin_location_id').references(() => locations.id),
    destinationLocationId: integer('destination_location_id').references(() => locations.id),
    originStatus: smallint('origin_status').notNull().default(0),
    destinationStatus: smallint('destination_status').notNull().default(0),
    closed: boolean('closed').notNull().default(false),
    sync: boolean('sync').notNull().default(false),
    container: text('container').notNull().default(''),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    estimatedArrivalDate: timestamp('estimated_arrival_date', { withTimezone: true }),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }),
    estimatedExitDate: timestamp('estimated_exit_date', { withTimezone: true }),
    exitDate: timestamp('exit_date', { withTimezone: true }),
  },
  (t) => [
    index('orders_destination_idx').on(t.destinationLocationId, t.type, t.creationDate),
    index('orders_origin_idx').on(t.originLocationId, t.type, t.creationDate),
    index('orders_provider_idx').on(t.providerId),
    index('orders_code_idx').on(t.companyId, t.orderCode),
    // Substring search of the inbound dashboard (order_code__icontains, id__icontains): pg_trgm GIN indexes.
    index('orders_code_trgm_idx').using('gin', t.orderCode.op('gin_trgm_ops')),
    index('orders_id_text_trgm_idx').using('gin', sql`(${t.id}::text) gin_trgm_ops`),
  ],
);

export const receptions = pgTable(
  'receptions',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    receptionCode: text('reception_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('receptions_order_idx').on(t.orderId)],
);

/** Box status codes: 0 unchecked, 1 checked with errors, 2 checked without errors, 3 checking, 4 canceled. */
export const boxes = pgTable(
  'boxes',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    receptionId: integer('reception_id').references(() => receptions.id, { onDelete: 'cascade' }),
    codebar: text('codebar').notNull(),
    originStatus: smallint('origin_status').notNull().default(0),
    destinationStatus: smallint('destination_status').notNull().default(0),
    originReadingTime: timestamp('origin_reading_time', { withTimezone: true }),
    destinationReadingTime: timestamp('destination_reading_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('boxes_company_codebar_uq').on(t.companyId, t.codebar), index('boxes_order_idx').on(t.orderId, t.codebar)],
);

/** What a box is expected to hold, per GTIN. */
export const boxContents = pgTable(
  'box_contents',
  {
    id: serial('id').primaryKey(),
    boxId: requiredRef('box_id', () => boxes.id, { onDelete: 'cascade' }),
    itemTypeId: requiredRef('item_type_id', () => itemTypes.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('box_contents_box_idx').on(t.boxId)],
);

/**
 * What each box adds to its locations' theoretical stock (DESIGN.md section 6), kept by triggers on
 * boxes, box_contents and orders (migration 0013_box_theoretical): side 'in' = its expected
 * contents, received at the order's destination (purchase or movement, box checked there: status 1
 * or 2); side 'out' = the same, negative, shipped from the order's origin (movement or online, box
 * checked at the origin). A scope's theoretical stock is the sum of its locations' rows: an
 * index-only sum, not a join of every order, box and content line ever received.
 */
export const boxTheoretical = pgTable(
  'box_theoretical',
  {
    boxId: requiredRef('box_id', () => boxes.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['in', 'out'] }).notNull(),
    locationId: integer('location_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.boxId, t.side] }), index('box_theoretical_location_idx').on(t.locationId, t.side, t.quantity)],
);

/** A reading set compared with a box's expected contents, on the origin or destination side. */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    boxId: requiredRef('box_id', () => boxes.id, { onDelete: 'cascade' }),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    readingSetId: uuid('reading_set_id')
      .notNull()
      .references(() => readingSets.id),
    deviceId: integer('device_id').references(() => devices.id),
    side: text('side', { enum: ['origin', 'destination'] }).notNull(),
    valid: boolean('valid').notNull().default(true),
    code: text('code').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    realItemCount: integer('real_item_count').notNull().default(0),
    matchedItemCount: integer('matched_item_count').notNull().default(0),
    hasErrors: boolean('has_errors').notNull().default(false),
  },
  (t) => [
    index('verifications_box_idx').on(t.boxId, t.side, t.startTime),
    index('verifications_order_idx').on(t.orderId, t.side),
  ],
);

/** Per-GTIN result of a verification: expected vs real. */
export const verificationLines = pgTable(
  'verification_lines',
  {
    id: serial('id').primaryKey(),
    verificationId: requiredRef('verification_id', () => verifications.id, { onDelete: 'cascade' }),
    itemTypeId: integer('item_type_id').references(() => itemTypes.id),
    gtin: text('gtin').notNull(),
    expected: integer('expected').notNull(),
    real: integer('real').notNull(),
  },
  (t) => [index('verification_lines_verification_idx').on(t.verificationId)],
);

/** Provider returns and sale (online) returns. */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    kind: text('kind', { enum: ['provider', 'sale'] }).notNull(),
    locationId: requiredRef('location_id', () => locations.id),
    code: text('code').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    providerId: integer('provider_id').references(() => providers.id),
    readingSetId: uuid('reading_set_id').references(() => readingSets.id),
    realItemCount: integer('real_item_count').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('returns_location_idx').on(t.locationId, t.kind, t.endTime)],
);

export const returnItems = pgTable(
  'return_items',
  {
    id: serial('id').primaryKey(),
    returnId: requiredRef('return_id', () => returns.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }),
    epc: text('epc').notNull(),
    itemTypeId: integer('item_type_id').references(() => itemTypes.id),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('return_items_return_idx').on(t.returnId)],
);

/** Point-of-sale sales (kind 'sale', working mode 4) and returns (kind 'return', mode 5). */
export const posTransactions = pgTable(
  'pos_transactions',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    kind: text('kind', { enum: ['sale', 'return'] }).notNull(),
    locationId: requiredRef('location_id', () => locations.id),
    deviceId: integer('device_id').references(() => devices.id),
    readingSetId: uuid('reading_set_id').references(() => readingSets.id),
    itemCount: integer('item_count').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_transactions_location_idx').on(t.locationId, t.kind, t.endTime)],
);

/** quantity 0 with a warning when the tag could not be sold/returned (e.g. already SOLD). */
export const posTransactionItems = pgTable(
  'pos_transaction_items',
  {
    id: serial('id').primaryKey(),
    transactionId: requiredRef('transaction_id', () => posTransactions.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }),
    epc: text('epc').notNull(),
    itemTypeId: integer('item_type_id').references(() => itemTypes.id),
    quantity: integer('quantity').notNull().default(1),
    warning: text('warning'),
  },
  (t) => [index('pos_transaction_items_tx_idx').on(t.transactionId)],
);
