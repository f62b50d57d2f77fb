import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { itemTypes } from './catalog.js';
import { createdAt, instant, requiredRef, serialId } from './columns.js';
import { devices } from './devices.js';
import { companyRef, locationRef, locations, providers } from './organization.js';
import { readingSets } from './readings.js';

/**
 * Purchase (provider → location), movement (location → location) and online (location → customer)
 * orders share one table. Status codes per side: 0 unchecked, 1 checking, 2 checked with errors,
 * 3 checked without errors, 4 canceled.
 */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    companyId: companyRef(),
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
    creationDate: instant('creation_date').notNull().defaultNow(),
    estimatedArrivalDate: instant('estimated_arrival_date'),
    arrivalDate: instant('arrival_date'),
    estimatedExitDate: instant('estimated_exit_date'),
    exitDate: instant('exit_date'),
    /** The Idempotency-Key the order wizard created it with: the same key again returns this order (issue 28). */
    clientKey: text('client_key'),
  },
  (t) => [
    uniqueIndex('orders_company_client_key_uq').on(t.companyId, t.clientKey),
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
    id: serialId(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    receptionCode: text('reception_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('receptions_order_idx').on(t.orderId)],
);

/** Box status codes: 0 unchecked, 1 checked with errors, 2 checked without errors, 3 checking, 4 canceled. */
export const boxes = pgTable(
  'boxes',
  {
    id: serialId(),
    companyId: companyRef(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    receptionId: integer('reception_id').references(() => receptions.id, { onDelete: 'cascade' }),
    codebar: text('codebar').notNull(),
    originStatus: smallint('origin_status').notNull().default(0),
    destinationStatus: smallint('destination_status').notNull().default(0),
    originReadingTime: instant('origin_reading_time'),
    destinationReadingTime: instant('destination_reading_time'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('boxes_company_codebar_uq').on(t.companyId, t.codebar), index('boxes_order_idx').on(t.orderId, t.codebar)],
);

/** What a box is expected to hold, per GTIN. */
export const boxContents = pgTable(
  'box_contents',
  {
    id: serialId(),
    boxId: requiredRef('box_id', () => boxes.id, { onDelete: 'cascade' }),
    itemTypeId: requiredRef('item_type_id', () => itemTypes.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('box_contents_box_idx').on(t.boxId)],
);

/**
 * What each box adds to its locations' theoretical stock (docs/design.md §6), kept by triggers on
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
    id: serialId(),
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
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
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
    id: serialId(),
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
    id: serialId(),
    companyId: companyRef(),
    kind: text('kind', { enum: ['provider', 'sale'] }).notNull(),
    locationId: locationRef(),
    code: text('code').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    providerId: integer('provider_id').references(() => providers.id),
    readingSetId: uuid('reading_set_id').references(() => readingSets.id),
    realItemCount: integer('real_item_count').notNull().default(0),
    startTime: instant('start_time'),
    endTime: instant('end_time'),
    createdAt: createdAt(),
  },
  (t) => [index('returns_location_idx').on(t.locationId, t.kind, t.endTime)],
);

/**
 * The columns of a line of a return or of a point-of-sale transaction: the tag read (`epc`), the item and the item type
 * it is when known, and the quantity (1; a sale's line refused has 0 and its warning).
 */
const taggedLineColumns = () => ({
  itemId: bigint('item_id', { mode: 'number' }),
  epc: text('epc').notNull(),
  itemTypeId: integer('item_type_id').references(() => itemTypes.id),
  quantity: integer('quantity').notNull().default(1),
});

export const returnItems = pgTable(
  'return_items',
  {
    id: serialId(),
    returnId: requiredRef('return_id', () => returns.id, { onDelete: 'cascade' }),
    ...taggedLineColumns(),
  },
  (t) => [index('return_items_return_idx').on(t.returnId)],
);

/** Point-of-sale sales (kind 'sale', working mode 4) and returns (kind 'return', mode 5). */
export const posTransactions = pgTable(
  'pos_transactions',
  {
    id: serialId(),
    companyId: companyRef(),
    kind: text('kind', { enum: ['sale', 'return'] }).notNull(),
    locationId: locationRef(),
    deviceId: integer('device_id').references(() => devices.id),
    readingSetId: uuid('reading_set_id').references(() => readingSets.id),
    itemCount: integer('item_count').notNull().default(0),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pos_transactions_location_idx').on(t.locationId, t.kind, t.endTime)],
);

/** quantity 0 with a warning when the tag could not be sold/returned (e.g. already SOLD). */
export const posTransactionItems = pgTable(
  'pos_transaction_items',
  {
    id: serialId(),
    transactionId: requiredRef('transaction_id', () => posTransactions.id, { onDelete: 'cascade' }),
    ...taggedLineColumns(),
    warning: text('warning'),
  },
  (t) => [index('pos_transaction_items_tx_idx').on(t.transactionId)],
);
