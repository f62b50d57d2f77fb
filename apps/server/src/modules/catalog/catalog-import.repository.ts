import { ImportState } from '@rfid/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { brands, catalogImportChunks, catalogImportRejections, catalogImports, users } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import type { PageParams } from '../../http/paging.js';
import type { Rejection } from './catalog-import.file.js';
import type { BrandDirectory, ImportRow } from './catalog-import.rules.js';

export type CatalogImportRow = typeof catalogImports.$inferSelect & { createdByEmail: string };
export type NewCatalogImport = Pick<
  typeof catalogImports.$inferInsert,
  'companyId' | 'createdBy' | 'fileName' | 'format' | 'delimiter' | 'ignoredColumns'
>;

/** A rejected record as stored (the reason rendered on download, in the reader's language). */
export type RejectedRecord = { line: number; gtin: string; rejection: Rejection };

/** One batch's commit: its rows upserted, its rejections stored and the checkpoint moved from `fromRowsDone` to `toRowsDone`. */
export type ImportBatch = {
  importId: number;
  companyId: number;
  fromRowsDone: number;
  toRowsDone: number;
  rows: ImportRow[];
  rejected: RejectedRecord[];
};

/** What a batch changed: the counts the checkpoint added. null: the checkpoint had moved (another run has the job). */
export type BatchResult = { inserted: number; updated: number; unchanged: number; rejected: number } | null;

/** The queries of the catalogue import (use-cases/*-catalog-import*.ts, catalog-import.job.ts). */
export type CatalogImportRepository = {
  create: (row: NewCatalogImport) => Promise<number>;
  addChunk: (importId: number, seq: number, data: Buffer) => Promise<void>;
  /** The file is whole: its size, chunks and line count are recorded (in the transaction that queues its job). */
  markUploaded: (tx: DbOrTx, importId: number, file: { bytes: number; chunks: number; totalRows: number }) => Promise<void>;
  /** Drops an import and its file (an upload that failed). */
  remove: (importId: number) => Promise<void>;
  /** An import of the company (undefined otherwise). */
  get: (companyId: number, id: number) => Promise<CatalogImportRow | undefined>;
  /** An import by id, whatever its company (the job). */
  byId: (id: number) => Promise<CatalogImportRow | undefined>;
  list: (companyId: number, page: PageParams) => Promise<{ count: number; rows: CatalogImportRow[] }>;
  brands: (companyId: number) => Promise<BrandDirectory>;
  /** The file's chunks in order, read one at a time. */
  chunks: (importId: number, count: number) => AsyncIterable<Buffer>;
  /** The job started (again): running, and its start time if it had none. */
  markRunning: (importId: number, at: Date) => Promise<void>;
  commitBatch: (batch: ImportBatch) => Promise<BatchResult>;
  /** The import ended well: its exact row count, its end, and its file dropped (in the job's fenced finish). */
  markSucceeded: (tx: Tx, importId: number, file: { totalRows: number; at: Date }) => Promise<void>;
  markFailed: (tx: DbOrTx, importId: number, error: string, at: Date) => Promise<void>;
  /** Rejected records after `afterLine`, in line order (the report, in pages). */
  rejections: (importId: number, afterLine: number, limit: number) => Promise<RejectedRecord[]>;
};

/** Every column of the import and its creator's email. */
const importColumns = {
  id: catalogImports.id,
  companyId: catalogImports.companyId,
  createdBy: catalogImports.createdBy,
  fileName: catalogImports.fileName,
  format: catalogImports.format,
  bytes: catalogImports.bytes,
  chunks: catalogImports.chunks,
  state: catalogImports.state,
  totalRows: catalogImports.totalRows,
  rowsDone: catalogImports.rowsDone,
  delimiter: catalogImports.delimiter,
  inserted: catalogImports.inserted,
  updated: catalogImports.updated,
  unchanged: catalogImports.unchanged,
  rejected: catalogImports.rejected,
  ignoredColumns: catalogImports.ignoredColumns,
  error: catalogImports.error,
  createdAt: catalogImports.createdAt,
  startedAt: catalogImports.startedAt,
  finishedAt: catalogImports.finishedAt,
  createdByEmail: users.email,
};

const withCreator = (db: DbOrTx) =>
  db.select(importColumns).from(catalogImports).innerJoin(users, eq(users.id, catalogImports.createdBy));

type ImportColumn = { column: string; type: string; value: (r: ImportRow) => unknown; insertDefault: string | null };
/** The fields of an import row that hold a text or nothing. */
type TextField = { [K in keyof ImportRow]: ImportRow[K] extends string | null ? K : never }[keyof ImportRow];
/** Text attributes: each stored in its field's name in snake_case, empty text when an insert does not give it. */
const textColumns = (...fields: TextField[]): ImportColumn[] =>
  fields.map((field) => ({
    column: field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    type: 'text',
    value: (r) => r[field],
    insertDefault: `''`,
  }));

/**
 * The GTIN attributes as the batch statement writes them: column, array type, the row's value, the insert's default
 * when the file does not give it. A null value keeps the stored one on an update.
 */
const COLUMNS: ImportColumn[] = [
  { column: 'description', type: 'text', value: (r) => r.description, insertDefault: null },
  { column: 'price', type: 'numeric', value: (r) => r.price, insertDefault: null },
  { column: 'prices', type: 'jsonb', value: (r) => (r.prices ? JSON.stringify(r.prices) : null), insertDefault: `'[]'::jsonb` },
  ...textColumns('sizePrimary', 'sizeSecondary'),
  { column: 'sizes', type: 'jsonb', value: (r) => (r.sizes ? JSON.stringify(r.sizes) : null), insertDefault: `'[]'::jsonb` },
  ...textColumns(
    'colour',
    'model',
    'season',
    'clothType',
    'reference',
    'department',
    'leatherCode',
    'provider',
    'manufacturer',
    'brandName',
  ),
  { column: 'brand_id', type: 'int4', value: (r) => r.brandId, insertDefault: null },
  ...textColumns('productType', 'gender', 'section', 'zone', 'externalImage'),
  { column: 'minimum_stock', type: 'int4', value: (r) => r.minimumStock, insertDefault: null },
];

/** The checkpoint moved under this run: the batch is rolled back. */
class CheckpointMoved extends Error {}

/**
 * One batch in one statement (batched UNNEST, docs/catalog-import.md): the rows whose GTIN the company has are updated
 * where a given attribute differs (an absent one keeps its value), the others inserted; the tags read before their
 * GTIN existed are linked to it (as POST /types/ does). Answers the counts.
 */
const upsertRows = async (tx: DbOrTx, companyId: number, rows: ImportRow[]): Promise<{ inserted: number; updated: number }> => {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const arrays = COLUMNS.map((c) => sql`${sql.param(rows.map(c.value))}::${sql.raw(c.type)}[]`);
  const names = sql.raw(COLUMNS.map((c) => c.column).join(', '));
  const set = sql.raw(
    COLUMNS.map((c) =>
      c.insertDefault === null && c.column === 'description'
        ? `${c.column} = u.${c.column}`
        : `${c.column} = coalesce(u.${c.column}, t.${c.column})`,
    ).join(', '),
  );
  const before = sql.raw(COLUMNS.map((c) => `t.${c.column}`).join(', '));
  const after = sql.raw(
    COLUMNS.map((c) => (c.column === 'description' ? `u.${c.column}` : `coalesce(u.${c.column}, t.${c.column})`)).join(', '),
  );
  const inserted = sql.raw(
    COLUMNS.map((c) => (c.insertDefault === null ? `u.${c.column}` : `coalesce(u.${c.column}, ${c.insertDefault})`)).join(', '),
  );
  const company = sql`${companyId}::int`;
  // Every lookup goes through the (company_id, gtin) unique index (the conflict arbiter, a correlated subquery, `= any`):
  // nothing joins the company's whole catalogue, whose statistics lag behind a table the import is filling.
  const result = await tx.execute(sql`
    with u as (
      select u.*, (select t.id from item_types t where t.company_id = ${company} and t.gtin = u.gtin) as existing_id
      from unnest(${sql.param(rows.map((r) => r.gtin))}::text[], ${sql.join(arrays, sql`, `)}) as u(gtin, ${names})
    ),
    upd as (
      update item_types t set ${set}
      from u
      where u.existing_id is not null and t.id = u.existing_id and (${before}) is distinct from (${after})
      returning t.id
    ),
    ins as (
      insert into item_types (company_id, gtin, ${names})
      select ${company}, u.gtin, ${inserted} from u where u.existing_id is null
      on conflict (company_id, gtin) do nothing
      returning id, gtin
    ),
    linked as (
      update items i set item_type_id = (select ins.id from ins where ins.gtin = i.gtin)
      where i.company_id = ${company} and i.gtin = any(array(select gtin from ins)) and i.item_type_id is null
      returning 1
    )
    select (select count(*) from ins)::int as inserted, (select count(*) from upd)::int as updated
  `);
  const [counts] = parseRows(z.object({ inserted: z.coerce.number(), updated: z.coerce.number() }), result);
  return { inserted: counts?.inserted ?? 0, updated: counts?.updated ?? 0 };
};

/** The upload: the import, its file in chunks, and reading them back. */
const fileWrites = (db: Db): Pick<CatalogImportRepository, 'create' | 'addChunk' | 'markUploaded' | 'remove' | 'chunks'> => ({
  async create(row) {
    const [created] = await db
      .insert(catalogImports)
      .values({ ...row, bytes: 0, chunks: 0, state: ImportState.Queued })
      .returning({ id: catalogImports.id });
    if (!created) throw new Error('catalog import not created');
    return created.id;
  },
  async addChunk(importId, seq, data) {
    await db.insert(catalogImportChunks).values({ importId, seq, data });
  },
  async markUploaded(tx, importId, { bytes, chunks, totalRows }) {
    await tx.update(catalogImports).set({ bytes, chunks, totalRows }).where(eq(catalogImports.id, importId));
  },
  async remove(importId) {
    await db.delete(catalogImports).where(eq(catalogImports.id, importId));
  },
  async *chunks(importId, count) {
    for (let seq = 0; seq < count; seq += 1) {
      const [chunk] = await db
        .select({ data: catalogImportChunks.data })
        .from(catalogImportChunks)
        .where(and(eq(catalogImportChunks.importId, importId), eq(catalogImportChunks.seq, seq)));
      if (!chunk) throw new Error(`catalog import ${importId}: chunk ${seq} is missing`);
      yield chunk.data;
    }
  },
});

/** The company's imports, its brands and an import's rejected records. */
const importReads = (db: Db): Pick<CatalogImportRepository, 'get' | 'byId' | 'list' | 'brands' | 'rejections'> => ({
  async get(companyId, id) {
    const [row] = await withCreator(db)
      .where(and(eq(catalogImports.companyId, companyId), eq(catalogImports.id, id)))
      .limit(1);
    return row;
  },
  async byId(id) {
    const [row] = await withCreator(db).where(eq(catalogImports.id, id)).limit(1);
    return row;
  },
  async list(companyId, page) {
    const selected = withCreator(db).where(eq(catalogImports.companyId, companyId)).$dynamic();
    return pageOf(db, selected, [desc(catalogImports.id)], page);
  },
  async brands(companyId) {
    const rows = await db
      .select({ id: brands.id, description: brands.description })
      .from(brands)
      .where(eq(brands.companyId, companyId));
    return {
      ids: new Set(rows.map((r) => r.id)),
      byName: new Map(rows.map((r) => [r.description.trim().toLowerCase(), r.id])),
    };
  },
  async rejections(importId, afterLine, limit) {
    const rows = await db
      .select()
      .from(catalogImportRejections)
      .where(and(eq(catalogImportRejections.importId, importId), gt(catalogImportRejections.line, afterLine)))
      .orderBy(asc(catalogImportRejections.line))
      .limit(limit);
    return rows.map((r) => ({
      line: r.line,
      gtin: r.gtin,
      // The reason was written by this module from a MessageKey (catalog-import.file.ts, catalog-import.rules.ts).
      rejection: { reason: r.reason as Rejection['reason'], params: r.params },
    }));
  },
});

/** The job's progress: running, each batch, and its end. */
const jobWrites = (db: Db): Pick<CatalogImportRepository, 'markRunning' | 'commitBatch' | 'markSucceeded' | 'markFailed'> => ({
  async markRunning(importId, at) {
    await db
      .update(catalogImports)
      .set({
        state: ImportState.Running,
        startedAt: sql`coalesce(${catalogImports.startedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(catalogImports.id, importId));
  },
  async commitBatch({ importId, companyId, fromRowsDone, toRowsDone, rows, rejected }) {
    try {
      return await db.transaction(async (tx) => {
        // Each row finds its GTIN by the (company_id, gtin) index: a hash or merge join would read every GTIN of the
        // company at every batch (the planner's statistics lag behind a table the import is filling).
        await tx.execute(sql`set local enable_hashjoin = off`);
        await tx.execute(sql`set local enable_mergejoin = off`);
        const { inserted, updated } = await upsertRows(tx, companyId, rows);
        if (rejected.length > 0) {
          await tx
            .insert(catalogImportRejections)
            .values(
              rejected.map((r) => ({
                importId,
                line: r.line,
                gtin: r.gtin,
                reason: r.rejection.reason,
                params: r.rejection.params ?? {},
              })),
            )
            .onConflictDoNothing();
        }
        const unchanged = rows.length - inserted - updated;
        // The fence: the checkpoint moves only from where this run read it; otherwise another run did this batch.
        const moved = await tx
          .update(catalogImports)
          .set({
            rowsDone: toRowsDone,
            inserted: sql`${catalogImports.inserted} + ${inserted}`,
            updated: sql`${catalogImports.updated} + ${updated}`,
            unchanged: sql`${catalogImports.unchanged} + ${unchanged}`,
            rejected: sql`${catalogImports.rejected} + ${rejected.length}`,
          })
          .where(and(eq(catalogImports.id, importId), eq(catalogImports.rowsDone, fromRowsDone)))
          .returning({ id: catalogImports.id });
        if (moved.length === 0) throw new CheckpointMoved();
        return { inserted, updated, unchanged, rejected: rejected.length };
      });
    } catch (error) {
      if (error instanceof CheckpointMoved) return null;
      throw error;
    }
  },
  async markSucceeded(tx, importId, { totalRows, at }) {
    await tx
      .update(catalogImports)
      .set({ state: ImportState.Succeeded, totalRows, finishedAt: at })
      .where(eq(catalogImports.id, importId));
    await tx.delete(catalogImportChunks).where(eq(catalogImportChunks.importId, importId));
  },
  async markFailed(tx, importId, error, at) {
    await tx
      .update(catalogImports)
      .set({ state: ImportState.Failed, error, finishedAt: at })
      .where(eq(catalogImports.id, importId));
    await tx.delete(catalogImportChunks).where(eq(catalogImportChunks.importId, importId));
  },
});

export const createCatalogImportRepository = (db: Db): CatalogImportRepository => ({
  ...fileWrites(db),
  ...importReads(db),
  ...jobWrites(db),
});
