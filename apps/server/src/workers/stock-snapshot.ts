import { addDays } from '@rfid/contract';
import type { Db } from '../db/client.js';
import {
  daysMissingSnapshots,
  liveSnapshotRows,
  rebuiltSnapshotRows,
  writeSnapshotRows,
} from '../modules/stats/stats.repository.js';
import { utcDay } from '../modules/stats/stats.rules.js';
import type { JobLog, JobRunner } from './job-runner.js';

/**
 * The daily stock snapshots (stock_daily) behind the dashboard's stock change and stock chart, as jobs of the job runner
 * (job-runner.ts): each runs once across every server process.
 *
 * - `stock-snapshot`, one per `intervalMs` (STOCK_SNAPSHOT_INTERVAL_MS, default 5 minutes) and one when a process starts
 *   (unless this period's ran already): today's rows are rewritten with the stock now: every area (items STOCKED +
 *   counted stock), every location's total and its theoretical stock.
 * - `stock-snapshot-close`, one a day at 00:00:01 UTC: the day that just ended is written once more with the stock at
 *   that moment, so its row is its closing stock. Run much later (every process was down at midnight) it would write
 *   a later stock as the closing one, so then it leaves the day as its last snapshot wrote it.
 * - `stock-snapshot-backfill`, one a day (at midnight, or when the first process of the day starts): days of the last
 *   `backfillDays` (default 30) without a row are rebuilt from the tag history (traces) and the boxes' reading times; a
 *   day already written is never overwritten by a rebuild.
 */

export const DEFAULT_SNAPSHOT_INTERVAL_MS = 5 * 60_000;
export const DEFAULT_BACKFILL_DAYS = 30;

/** Writes `day`'s rows with the stock now (replacing what the day had). Returns the rows written. */
export const writeStockSnapshot = async (db: Db, day: string): Promise<number> =>
  writeSnapshotRows(db, { day, rows: await liveSnapshotRows(db), overwrite: true });

/**
 * Fills the days in [from, to] that have no snapshot yet by rebuilding them from the history.
 * Returns the days filled.
 */
export const backfillStockSnapshots = async (db: Db, { from, to }: { from: string; to: string }): Promise<string[]> => {
  if (from > to) return [];
  const missing = await daysMissingSnapshots(db, { from, to });
  if (missing.length === 0) return [];
  const rebuilt = await rebuiltSnapshotRows(db, { from: missing[0] as string, to: missing[missing.length - 1] as string });
  const filled: string[] = [];
  for (const day of missing) {
    const rows = rebuilt.get(day);
    if (rows && (await writeSnapshotRows(db, { day, rows, overwrite: false })) > 0) filled.push(day);
  }
  return filled;
};

export const StockSnapshotJob = {
  Snapshot: 'stock-snapshot',
  Close: 'stock-snapshot-close',
  Backfill: 'stock-snapshot-backfill',
} as const;

/** A closing snapshot that starts later than this after midnight is skipped (see above). */
export const CLOSE_LATE_MS = 15 * 60_000;

const DAY_MS = 86_400_000;

/** Registers the snapshot jobs and their periods on the process's job runner. */
export const registerStockSnapshotJobs = ({
  jobs,
  db,
  log,
  intervalMs = DEFAULT_SNAPSHOT_INTERVAL_MS,
  backfillDays = DEFAULT_BACKFILL_DAYS,
  now = () => new Date(),
}: {
  jobs: JobRunner;
  db: Db;
  log: JobLog;
  intervalMs?: number;
  backfillDays?: number;
  now?: () => Date;
}): void => {
  jobs.register(StockSnapshotJob.Snapshot, async () => {
    await writeStockSnapshot(db, utcDay(now()));
  });
  jobs.register<{ day: string }>(StockSnapshotJob.Close, async ({ job }) => {
    const lateMs = now().getTime() - job.runAt.getTime();
    if (lateMs > CLOSE_LATE_MS) {
      log.warn({ day: job.payload.day, lateMs }, 'closing stock snapshot skipped: too late to be the closing stock');
      return;
    }
    await writeStockSnapshot(db, job.payload.day);
  });
  jobs.register(StockSnapshotJob.Backfill, async () => {
    const today = utcDay(now());
    const filled = await backfillStockSnapshots(db, { from: addDays(today, -backfillDays), to: addDays(today, -1) });
    if (filled.length) log.info({ days: filled.length }, 'stock snapshots rebuilt from the history');
  });

  jobs.every({ kind: StockSnapshotJob.Snapshot, everyMs: intervalMs, isCurrentPeriodDue: true });
  // 00:00:01 UTC closes the day before it.
  const closedDay = (start: Date) => utcDay(new Date(start.getTime() - DAY_MS));
  jobs.every({
    kind: StockSnapshotJob.Close,
    everyMs: DAY_MS,
    offsetMs: 1_000,
    keyOf: (start) => `${StockSnapshotJob.Close}:${closedDay(start)}`,
    payloadOf: (start) => ({ day: closedDay(start) }),
  });
  jobs.every({
    kind: StockSnapshotJob.Backfill,
    everyMs: DAY_MS,
    isCurrentPeriodDue: true,
    keyOf: (start) => `${StockSnapshotJob.Backfill}:${utcDay(start)}`,
  });
};
