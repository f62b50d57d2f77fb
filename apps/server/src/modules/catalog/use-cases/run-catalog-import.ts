import { ImportState } from '@rfid/contract';
import type { Tx } from '../../../db/client.js';
import { type FileRecord, fileRecords } from '../catalog-import.file.js';
import type { CatalogImportRepository, RejectedRecord } from '../catalog-import.repository.js';
import { checkRecord, type ImportRow } from '../catalog-import.rules.js';

/** Records per batch (one statement, one transaction, one checkpoint). */
export const CATALOG_IMPORT_BATCH = 10_000;

export type RunCatalogImportDeps = {
  repo: Pick<CatalogImportRepository, 'byId' | 'brands' | 'chunks' | 'markRunning' | 'commitBatch' | 'markSucceeded'>;
  /** Renews the job's lease and records its progress (0 to 100). */
  heartbeat: (percent: number) => Promise<void>;
  /** The job's fenced end: `work` commits only while the job is this run's. */
  finish: (work: (tx: Tx) => Promise<void>) => Promise<void>;
  /** Thrown when a batch's checkpoint had moved: another run has the job (job-runner's JobLeaseLostError). */
  lost: () => Error;
  signal?: AbortSignal;
  now?: () => Date;
  batchSize?: number;
};

/**
 * The `catalog-import` job's work (docs/catalog-import.md): the file's records, streamed from its chunks, checked one
 * by one (catalog-import.rules.ts) and written in batches. Each batch commits its rows, its rejected records and the
 * checkpoint (records done, counts) together, fenced on the checkpoint it started from; a run taken over or started
 * again after a crash reads the file anew and skips the records done, so every record is counted once. Within a batch
 * the last row of a GTIN wins, the earlier ones are rejected as duplicates. While one batch is written the next is
 * read. The end (succeeded, exact row count, the file dropped) is the job's fenced finish.
 */
export const runCatalogImport = async (deps: RunCatalogImportDeps, importId: number): Promise<void> => {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batchSize ?? CATALOG_IMPORT_BATCH;
  const imported = await repo.byId(importId);
  if (!imported || imported.state === ImportState.Succeeded || imported.state === ImportState.Failed) return;
  await repo.markRunning(importId, now());
  const brands = await repo.brands(imported.companyId);
  const batches: AsyncIterable<FileRecord[]> = fileRecords(repo.chunks(importId, imported.chunks), imported);

  let done = imported.rowsDone;
  let index = 0;
  let rows = new Map<string, ImportRow>();
  let rejected: RejectedRecord[] = [];
  let writing: Promise<unknown> = Promise.resolve();
  let writeError: unknown = null;

  const flush = async () => {
    await writing;
    if (writeError !== null) throw writeError;
    deps.signal?.throwIfAborted();
    const batch = { rows: [...rows.values()], rejected, fromRowsDone: done, toRowsDone: index };
    rows = new Map();
    rejected = [];
    done = index;
    const percent = imported.totalRows ? Math.min(99, Math.floor((batch.toRowsDone * 100) / imported.totalRows)) : 0;
    writing = repo
      .commitBatch({ importId, companyId: imported.companyId, ...batch })
      .then(async (result) => {
        if (result === null) throw deps.lost();
        await deps.heartbeat(percent);
      })
      .catch((error: unknown) => {
        writeError = error;
      });
  };

  for await (const records of batches) {
    for (const record of records) {
      index += 1;
      if (index <= imported.rowsDone) continue;
      const checked = checkRecord(record, brands);
      if ('row' in checked) {
        const earlier = rows.get(checked.row.gtin);
        if (earlier) {
          rejected.push({
            line: earlier.line,
            gtin: earlier.gtin,
            rejection: { reason: 'catalogue.duplicate', params: { line: checked.row.line } },
          });
        }
        rows.set(checked.row.gtin, checked.row);
      } else rejected.push(checked);
      if (rows.size + rejected.length >= batchSize) await flush();
    }
  }
  if (index > done) await flush();
  await writing;
  if (writeError !== null) throw writeError;
  await deps.finish((tx) => repo.markSucceeded(tx, importId, { totalRows: index, at: now() }));
};
