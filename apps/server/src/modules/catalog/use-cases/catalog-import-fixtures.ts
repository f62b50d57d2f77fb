import { ImportState } from '@rfid/contract';
import type { Tx } from '../../../db/client.js';
import type { CatalogImportRepository, CatalogImportRow, ImportBatch, RejectedRecord } from '../catalog-import.repository.js';

/** A stored import as the repository reads it (a CSV of company 1 by default). */
export const importRow = (over: Partial<CatalogImportRow> = {}): CatalogImportRow => ({
  id: 5,
  companyId: 1,
  createdBy: 1,
  createdByEmail: 'admin@demo.local',
  fileName: 'catalog.csv',
  format: 'csv',
  delimiter: ',',
  bytes: 100,
  chunks: 1,
  state: ImportState.Queued,
  totalRows: 3,
  rowsDone: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  ignoredColumns: [],
  error: null,
  createdAt: new Date('2026-11-29T10:00:00Z'),
  startedAt: null,
  finishedAt: null,
  ...over,
});

/** A GTIN-13 with its check digit, computed here (GS1 General Specifications 7.9.1). */
export const gtin13 = (body: string): string => {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
};

/**
 * A fake repository over one import whose file is `content` (cut in `pieces` chunks) and a catalogue of known GTINs
 * (GTIN-14 → description): batches upsert into it (inserted, updated when the description differs, unchanged), the
 * checkpoint fenced as the real one is; `moveCheckpointBeforeBatch` makes that batch find it moved.
 */
export const fakeImportRepo = (content: string, { row = importRow(), pieces = 3, known = new Map<string, string>() } = {}) => {
  const state = { row: { ...row }, committed: [] as ImportBatch[], rejected: [] as RejectedRecord[], catalogue: known };
  const bytes = Buffer.from(content);
  const size = Math.ceil(bytes.length / pieces);
  const chunks = Array.from({ length: pieces }, (_, i) => bytes.subarray(i * size, (i + 1) * size)).filter((c) => c.length > 0);
  state.row.chunks = chunks.length;
  let moveAt: number | null = null;
  const repo: Pick<CatalogImportRepository, 'byId' | 'brands' | 'chunks' | 'markRunning' | 'commitBatch' | 'markSucceeded'> = {
    byId: async (id) => (id === state.row.id ? { ...state.row } : undefined),
    brands: async () => ({ ids: new Set([3]), byName: new Map([['marca uno', 3]]) }),
    async *chunks(_id, count) {
      for (let i = 0; i < count; i += 1) yield chunks[i] as Buffer;
    },
    markRunning: async () => {
      state.row.state = ImportState.Running;
    },
    async commitBatch(batch) {
      if (moveAt !== null && state.committed.length === moveAt) state.row.rowsDone += 1;
      if (state.row.rowsDone !== batch.fromRowsDone) return null;
      let inserted = 0;
      let updated = 0;
      for (const r of batch.rows) {
        const before = state.catalogue.get(r.gtin);
        if (before === undefined) inserted += 1;
        else if (before !== r.description) updated += 1;
        state.catalogue.set(r.gtin, r.description);
      }
      const unchanged = batch.rows.length - inserted - updated;
      state.committed.push(batch);
      state.rejected.push(...batch.rejected);
      Object.assign(state.row, {
        rowsDone: batch.toRowsDone,
        inserted: state.row.inserted + inserted,
        updated: state.row.updated + updated,
        unchanged: state.row.unchanged + unchanged,
        rejected: state.row.rejected + batch.rejected.length,
      });
      return { inserted, updated, unchanged, rejected: batch.rejected.length };
    },
    markSucceeded: async (_tx, _id, { totalRows }) => {
      state.row.state = ImportState.Succeeded;
      state.row.totalRows = totalRows;
    },
  };
  return {
    repo,
    state,
    moveCheckpointBeforeBatch: (n: number) => {
      moveAt = n;
    },
  };
};

/** The job's context as the use case sees it: heartbeats recorded, `finish` runs its work (no transaction needed here). */
export const fakeJob = () => {
  const progress: number[] = [];
  return {
    progress,
    heartbeat: async (percent: number) => {
      progress.push(percent);
    },
    // The fake repository's markSucceeded ignores its transaction.
    finish: async (work: (tx: Tx) => Promise<void>) => work(undefined as unknown as Tx),
    lost: () => new Error('lease lost'),
  };
};
