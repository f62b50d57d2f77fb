import { ERP_SNAPSHOT_SOURCES, type ErpRejectedRow } from '@rfid/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef, serialId } from './columns.js';
import { companyRef, locationRef, users } from './organization.js';

/**
 * ERP stock (issue 27, docs/integrations.md). A snapshot is one import (a CSV file or a JSON body): who, when, how many
 * rows it took and refused (the refused ones with their reason), the stores it named. Its rows replace the previous
 * ERP stock of those stores in `erp_stock`; the history of imports stays here.
 */
export const erpStockSnapshots = pgTable(
  'erp_stock_snapshots',
  {
    id: serialId(),
    companyId: companyRef(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    source: text('source', { enum: ERP_SNAPSHOT_SOURCES }).notNull(),
    fileName: text('file_name').notNull().default(''),
    rowCount: integer('row_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    /** The refused rows with their reason (at most ERP_REJECTED_KEPT; `rejected_count` is exact). */
    rejected: jsonb('rejected').$type<ErpRejectedRow[]>().notNull().default(sql`'[]'::jsonb`),
    /** The stores whose ERP stock it replaced. */
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [index('erp_stock_snapshots_company_idx').on(t.companyId, t.id)],
);

/** The ERP's current stock: one row per store and GTIN (GTIN-14), from the latest snapshot that named the store. */
export const erpStock = pgTable(
  'erp_stock',
  {
    locationId: locationRef(),
    gtin: text('gtin').notNull(),
    companyId: companyRef(),
    quantity: integer('quantity').notNull(),
    snapshotId: requiredRef('snapshot_id', () => erpStockSnapshots.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.gtin] }), index('erp_stock_company_idx').on(t.companyId, t.gtin)],
);

/** The stores that have ERP stock: the snapshot it came from and when (the differences list only these stores). */
export const erpStockLocations = pgTable('erp_stock_locations', {
  locationId: locationRef().primaryKey(),
  companyId: companyRef(),
  snapshotId: requiredRef('snapshot_id', () => erpStockSnapshots.id, { onDelete: 'cascade' }),
  importedAt: instant('imported_at').notNull(),
});
