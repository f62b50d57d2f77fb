import type { CatalogImportFormat, ImportState } from '@rfid/contract';
import { bigint, customType, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef, serialId } from './columns.js';
import { brands, companyRef, users } from './organization.js';

export type SizeValue = { country: string; value: string };
export type PriceValue = { country: string; value: string };

/** A GTIN ("item type") with every attribute of the spec's section 3. */
export const itemTypes = pgTable(
  'item_types',
  {
    id: serialId(),
    companyId: companyRef(),
    brandId: integer('brand_id').references(() => brands.id),
    gtin: text('gtin').notNull(),
    description: text('description').notNull(),
    model: text('model').notNull().default(''),
    colour: text('colour').notNull().default(''),
    sizePrimary: text('size_primary').notNull().default(''),
    sizeSecondary: text('size_secondary').notNull().default(''),
    sizes: jsonb('sizes').$type<SizeValue[]>().notNull().default([]),
    price: numeric('price', { precision: 12, scale: 2 }),
    prices: jsonb('prices').$type<PriceValue[]>().notNull().default([]),
    season: text('season').notNull().default(''),
    section: text('section').notNull().default(''),
    clothType: text('cloth_type').notNull().default(''),
    reference: text('reference').notNull().default(''),
    department: text('department').notNull().default(''),
    leatherCode: text('leather_code').notNull().default(''),
    provider: text('provider').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    brandName: text('brand_name').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    gender: text('gender').notNull().default(''),
    zone: text('zone').notNull().default(''),
    externalImage: text('external_image').notNull().default(''),
    minimumStock: integer('minimum_stock'),
  },
  (t) => [uniqueIndex('item_types_company_gtin_uq').on(t.companyId, t.gtin), index('item_types_gtin_idx').on(t.gtin)],
);

/** PostgreSQL's bytea as a Node Buffer (both drivers answer a Buffer or a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A catalogue import (issue 27, docs/catalog-import.md): a file of GTINs imported by the `catalog-import` job. The
 * file is in catalog_import_chunks (any process reads it, after any restart); `line_done` is the last record whose
 * batch committed, with the counts of that commit: a job run again goes on after it.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: serialId(),
    companyId: companyRef(),
    createdBy: requiredRef('created_by', () => users.id),
    fileName: text('file_name').notNull(),
    format: text('format').$type<CatalogImportFormat>().notNull(),
    /** A CSV's delimiter (`,` or `;`), found in its header. */
    delimiter: text('delimiter').$type<',' | ';'>().notNull().default(','),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    chunks: integer('chunks').notNull(),
    state: text('state').$type<ImportState>().notNull(),
    /** The file's line count (less the header) until the job ends, then the records read. */
    totalRows: integer('total_rows'),
    /** Records whose batch committed (the job resumes after them). */
    rowsDone: integer('rows_done').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    ignoredColumns: text('ignored_columns').array().notNull().default([]),
    /** Why it failed (a message key of i18n/messages.ts). */
    error: text('error'),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('catalog_imports_company_idx').on(t.companyId, t.id)],
);

/** An import's file, in pieces of at most CATALOG_CHUNK_BYTES, in order (`seq` from 0); dropped when it ends. */
export const catalogImportChunks = pgTable(
  'catalog_import_chunks',
  {
    importId: requiredRef('import_id', () => catalogImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** A rejected record of an import: its line, GTIN and reason (a message key and its parameters, rendered on download). */
export const catalogImportRejections = pgTable(
  'catalog_import_rejections',
  {
    importId: requiredRef('import_id', () => catalogImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    gtin: text('gtin').notNull(),
    reason: text('reason').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
