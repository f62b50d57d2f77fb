import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE, type ExportLanguage } from '@rfid/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { INVENTORY_ITEM_WORDS } from '../../lib/export/states.js';
import { csvRowsText, type ExportTable, exportCsvText } from '../../lib/export/table.js';
import { type JobKind, type JobRunner, PermanentJobError } from '../../workers/job-runner.js';
import { timeZoneOfLocation } from '../locations/location-scope.repository.js';
import { getInventory, type InventoryRow, setFileCreated } from './inventory.repository.js';
import {
  type CsvRow,
  csvChunk,
  getExportJob,
  insertExportJob,
  pruneExportJobs,
  raiseExportProgress,
  updateExportJob,
} from './inventory-exports.repository.js';

/** Older finished files of an inventory are dropped once they are this old and a newer one is done. */
export const KEEP_FINISHED_CSV_MS = 10 * 60_000;

/** Rows per keyset chunk (and per progress step). */
export const CSV_CHUNK = 2_000;

type InventoryCsvRow = CsvRow & { inventory: InventoryRow };

/** The inventory file's columns (lib/export: the language of the user who asked for it, the location's time). */
export const INVENTORY_TABLE: ExportTable<InventoryCsvRow> = {
  sheet: { es: 'Inventario', en: 'Inventory' },
  columns: [
    { header: { es: 'Inventario', en: 'Inventory' }, kind: 'number', value: (r) => r.inventory.id },
    { header: { es: 'Zona', en: 'Area' }, kind: 'text', value: (r) => r.inventory.areaDescription },
    { header: { es: 'EPC', en: 'EPC' }, kind: 'text', value: (r) => r.epc },
    { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (r) => r.gtin },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (r) => r.description },
    { header: { es: 'Modelo', en: 'Model' }, kind: 'text', value: (r) => r.model },
    { header: { es: 'Color', en: 'Colour' }, kind: 'text', value: (r) => r.colour },
    { header: { es: 'Talla', en: 'Size' }, kind: 'text', value: (r) => r.size_primary },
    { header: { es: 'Estado', en: 'Status' }, kind: 'state', states: INVENTORY_ITEM_WORDS, value: (r) => statusOf(r) },
    { header: { es: 'Leído', en: 'Read at' }, kind: 'datetime', value: (r) => r.read_at },
  ],
};

/** The spec's default file name (section 7): Inventory-{id}.csv. */
export const inventoryFileName = (id: number): string => `Inventory-${id}.csv`;

const statusOf = (row: { is_expected: boolean; read_at: unknown }): string =>
  row.read_at === null ? 'missing' : row.is_expected ? 'matched' : 'excess';

export const INVENTORY_CSV_JOB = 'inventory-csv';

/** `language`: the file's (absent in a job queued before it existed: the default). */
type CsvJobPayload = { exportJobId: string; companyId: number; inventoryId: number; language?: ExportLanguage };

/** What the client reads when the file could not be made (never the database's message). */
export const CSV_FAILED = 'The file could not be created.';

/** The CSV of an inventory, in keyset chunks; `onProgress` (0 to 99) after each chunk. */
const csvContent = async (
  db: Db,
  inventory: InventoryRow,
  {
    signal,
    onProgress,
    language = 'es',
  }: { signal?: AbortSignal; onProgress?: (progress: number) => Promise<void>; language?: ExportLanguage | undefined } = {},
): Promise<string> => {
  // Every item the inventory involves: expected ∪ read.
  const total = Math.max(1, inventory.expectedCount + inventory.readCount - inventory.matchedCount);
  const options = {
    language,
    timeZone: (await timeZoneOfLocation(db, inventory.companyId, inventory.locationId)) ?? DEFAULT_TIME_ZONE,
  };
  // The header row (and the BOM) once; then each chunk's rows without them.
  const parts: string[] = [exportCsvText(INVENTORY_TABLE, [], options)];
  let done = 0;
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await csvChunk(db, { inventoryId: inventory.id, afterItemId: after, limit: CSV_CHUNK });
    if (!rows.length) break;
    parts.push(
      csvRowsText(
        INVENTORY_TABLE,
        rows.map((r) => ({ ...r, inventory })),
        options,
      ),
    );
    done += rows.length;
    after = rows[rows.length - 1]?.item_id ?? after;
    await onProgress?.(Math.min(99, Math.floor((done / total) * 100)));
    if (rows.length < CSV_CHUNK) break;
  }
  return parts.join('');
};

/** Stores the finished file, marks the inventory's file as created and drops its older files old enough. */
const storeCsv = async (
  tx: DbOrTx,
  { exportJobId, companyId, inventoryId, content, keepFinishedMs }: CsvJobPayload & { content: string; keepFinishedMs: number },
): Promise<void> => {
  await updateExportJob(tx, exportJobId, { progress: 100, content });
  await setFileCreated(tx, inventoryId);
  await pruneExportJobs(tx, { companyId, inventoryId, keepId: exportJobId, before: new Date(Date.now() - keepFinishedMs) });
};

/** A file made at once, in this process (the demo seed, before any server runs). */
export const createInventoryCsvNow = async (
  db: Db,
  { companyId, userId, inventory }: { companyId: number; userId: number; inventory: InventoryRow },
): Promise<string> => {
  const exportJobId = randomUUID();
  await insertExportJob(db, {
    id: exportJobId,
    companyId,
    userId,
    refId: inventory.id,
    fileName: inventoryFileName(inventory.id),
  });
  const content = await csvContent(db, inventory);
  await db.transaction((tx) =>
    storeCsv(tx, { exportJobId, companyId, inventoryId: inventory.id, content, keepFinishedMs: KEEP_FINISHED_CSV_MS }),
  );
  return exportJobId;
};

/**
 * The inventory CSV as a job of the job runner (spec section 4: start, poll progress every 2 s until 100, download).
 * The file's row lives in export_jobs, so any process answers the poll; any process may build it: the runner's job
 * (`inventory-csv`) goes to one of them, and when that process dies another takes the job over once its lease runs out
 * and builds the file again from the start (the progress waits, then climbs on: it never goes back). The file is built
 * in keyset chunks, the progress written after each (never 100 before the file is stored); the file, the inventory's
 * "file created" and the dropping of its older files (kept `keepFinishedMs`, so a poll that just reached 100 can still
 * download) commit together, only while the job is still this process's. After its last attempt the file ends with
 * an error the poll shows.
 */
export const inventoryCsvJob = (db: Db, keepFinishedMs = KEEP_FINISHED_CSV_MS): JobKind<CsvJobPayload> => ({
  kind: INVENTORY_CSV_JOB,
  async handler({ job, signal, heartbeat, finish }) {
    const { exportJobId, companyId, inventoryId } = job.payload;
    const file = await getExportJob(db, { id: exportJobId, companyId });
    // Dropped meanwhile, already made, or already failed: nothing left to do.
    if (!file || file.progress === 100 || file.error !== null) return;
    const inventory = await getInventory(db, { id: inventoryId, companyId });
    if (!inventory) throw new PermanentJobError('The inventory is gone.');
    const content = await csvContent(db, inventory, {
      language: job.payload.language,
      signal,
      onProgress: async (progress) => {
        await heartbeat(progress);
        await raiseExportProgress(db, exportJobId, progress);
      },
    });
    await finish((tx) => storeCsv(tx, { ...job.payload, content, keepFinishedMs }));
  },
  options: { onFailed: async (tx, job) => updateExportJob(tx, job.payload.exportJobId, { error: CSV_FAILED }) },
});

/** Queues the inventory CSV jobs (plugins/workers.ts registers `inventoryCsvJob`). */
export const createCsvJobs = ({ db, jobs }: { db: Db; jobs: Pick<JobRunner, 'enqueue' | 'wake'> }) => {
  return {
    /** Creates the file's row and its job (together); answers the task id at once. */
    async start({
      companyId,
      userId,
      inventory,
      language,
    }: {
      companyId: number;
      userId: number;
      inventory: { id: number };
      language: ExportLanguage;
    }) {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await insertExportJob(tx, { id, companyId, userId, refId: inventory.id, fileName: inventoryFileName(inventory.id) });
        const payload: CsvJobPayload = { exportJobId: id, companyId, inventoryId: inventory.id, language };
        await jobs.enqueue(tx, { kind: INVENTORY_CSV_JOB, key: `${INVENTORY_CSV_JOB}:${id}`, payload });
      });
      jobs.wake();
      return id;
    },
  };
};
export type CsvJobs = ReturnType<typeof createCsvJobs>;
