import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.js';
import { escapeCell } from '../orders/csv.js';
import { csvChunk, insertExportJob, pruneExportJobs, setFileCreated, updateExportJob } from './inventory.repository.js';

/** Older finished files of an inventory are dropped once they are this old and a newer one is done. */
export const KEEP_FINISHED_CSV_MS = 10 * 60_000;

/** Rows per keyset chunk (and per progress step). */
export const CSV_CHUNK = 2_000;

export const CSV_COLUMNS = ['inventory', 'area', 'epc', 'gtin', 'description', 'model', 'colour', 'size', 'status', 'read_at'];

/** The spec's default file name (section 7): Inventory-{id}.csv. */
export const inventoryFileName = (id: number): string => `Inventory-${id}.csv`;

type CsvInventory = { id: number; areaDescription: string; expectedCount: number; readCount: number; matchedCount: number };

const statusOf = (row: { is_expected: boolean; read_at: unknown }): string =>
  row.read_at === null ? 'missing' : row.is_expected ? 'matched' : 'excess';

const toIso = (value: Date | string | null): string => (value === null ? '' : new Date(value).toISOString());

/**
 * The inventory CSV as a job (spec section 4: start, poll progress every 2 s until 100, download):
 * the job row lives in export_jobs so any process answers the poll; this process builds the file
 * in keyset chunks, writes its progress after each chunk (never 100 before the file is stored) and
 * marks the inventory's file as created; older finished files of the inventory are then dropped (kept
 * `keepFinishedMs`, so a poll that just reached 100 can still download). `drain` waits for the running jobs.
 */
export const createCsvJobs = (db: Db, onError?: (error: unknown) => void, keepFinishedMs = KEEP_FINISHED_CSV_MS) => {
  const running = new Set<Promise<void>>();

  const build = async (jobId: string, companyId: number, inventory: CsvInventory): Promise<void> => {
    // Every item the inventory involves: expected ∪ read.
    const total = Math.max(1, inventory.expectedCount + inventory.readCount - inventory.matchedCount);
    const parts: string[] = [stringify([CSV_COLUMNS])];
    let done = 0;
    let after = 0;
    for (;;) {
      const rows = await csvChunk(db, { inventoryId: inventory.id, afterItemId: after, limit: CSV_CHUNK });
      if (!rows.length) break;
      parts.push(
        stringify(
          rows.map((r) => [
            String(inventory.id),
            inventory.areaDescription,
            r.epc,
            r.gtin ?? '',
            r.description ?? '',
            r.model ?? '',
            r.colour ?? '',
            r.size_primary ?? '',
            statusOf(r),
            toIso(r.read_at),
          ]),
          { cast: { string: escapeCell } },
        ),
      );
      done += rows.length;
      after = rows[rows.length - 1]?.item_id ?? after;
      await updateExportJob(db, jobId, { progress: Math.min(99, Math.floor((done / total) * 100)) });
      if (rows.length < CSV_CHUNK) break;
    }
    await db.transaction(async (tx) => {
      await updateExportJob(tx, jobId, { progress: 100, content: parts.join('') });
      await setFileCreated(tx, inventory.id);
      await pruneExportJobs(tx, {
        companyId,
        inventoryId: inventory.id,
        keepId: jobId,
        before: new Date(Date.now() - keepFinishedMs),
      });
    });
  };

  return {
    /** Creates the job and starts building the file; answers the task id at once. */
    async start({ companyId, userId, inventory }: { companyId: number; userId: number; inventory: CsvInventory }) {
      const id = randomUUID();
      await insertExportJob(db, { id, companyId, userId, refId: inventory.id, fileName: inventoryFileName(inventory.id) });
      const job = build(id, companyId, inventory)
        .catch(async (error: unknown) => {
          onError?.(error);
          // The client sees a plain message, never the database's.
          await updateExportJob(db, id, { error: 'The file could not be created.' }).catch(() => {});
        })
        .finally(() => running.delete(job));
      running.add(job);
      return id;
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
};
export type CsvJobs = ReturnType<typeof createCsvJobs>;
