import { addDays, dayOf, todayIn } from '@rfid/contract';
import type { Db } from '../db/client.js';
import {
  daysMissingSnapshots,
  liveSnapshotRows,
  rebuiltSnapshotRows,
  writeSnapshotRows,
  type ZoneGroup,
  zoneGroups,
} from '../modules/stock/stock-snapshot.repository.js';
import type { JobLog, JobRunner } from './job-runner.js';

/**
 * The daily stock snapshots (stock_daily) behind the dashboard's stock change and stock chart, as jobs of the job runner
 * (job-runner.ts): each runs once across every server process. A location's day is the day of its IANA time zone, so
 * the locations are taken in groups sharing a zone (repository: modules/stock/stock-snapshot.repository.ts).
 *
 * - `stock-snapshot`, one per `intervalMs` (STOCK_SNAPSHOT_INTERVAL_MS, default 5 minutes) and one when a process starts
 *   (unless this period's ran already): each location's today (in its zone) is rewritten with the stock now: every area
 *   (items STOCKED + counted stock), every location's total and its theoretical stock.
 * - `stock-snapshot-close`, one every 15 minutes at :00:01 (every zone's midnight falls on a quarter hour): the zones whose
 *   day changed in the quarter that just ended write that day once more with the stock at that moment, so its row is its
 *   closing stock. Run much later (every process was down at midnight) it would write a later stock as the closing one,
 *   so then it leaves the day as its last snapshot wrote it.
 * - `stock-snapshot-backfill`, one a day (at 00:00 UTC, or when the first process of the day starts): days of the last
 *   `backfillDays` (default 30) before each zone's today without a row are rebuilt from the tag history (traces) and the
 *   boxes' reading times; a day already written is never overwritten by a rebuild.
 */

export const DEFAULT_SNAPSHOT_INTERVAL_MS = 5 * 60_000;
export const DEFAULT_BACKFILL_DAYS = 30;

/** Writes `day`'s rows of the locations (every location when left out) with the stock now. Returns the rows written. */
export const writeStockSnapshot = async (db: Db, day: string, locationIds?: readonly number[]): Promise<number> => {
  const ids = locationIds ?? (await zoneGroups(db)).flatMap((g) => g.locationIds);
  return writeSnapshotRows(db, { day, rows: await liveSnapshotRows(db, ids), overwrite: true });
};

/** Writes each location's today (the day of its zone at `now`) with the stock now. Returns the rows written. */
export const writeTodaysStockSnapshots = async (db: Db, now: Date): Promise<number> => {
  let written = 0;
  for (const { timeZone, locationIds } of await zoneGroups(db)) {
    written += await writeStockSnapshot(db, todayIn(timeZone, now), locationIds);
  }
  return written;
};

/**
 * Fills the days in [from, to] (days of each group's zone) that have no snapshot yet by rebuilding them from the
 * history; every zone group when `groups` is left out. Returns the days filled.
 */
export const backfillStockSnapshots = async (
  db: Db,
  { from, to, groups }: { from: string; to: string; groups?: readonly ZoneGroup[] },
): Promise<string[]> => {
  if (from > to) return [];
  const filled = new Set<string>();
  for (const group of groups ?? (await zoneGroups(db))) {
    const missing = await daysMissingSnapshots(db, { ...group, from, to });
    if (missing.length === 0) continue;
    const range = { from: missing[0] as string, to: missing[missing.length - 1] as string };
    const rebuilt = await rebuiltSnapshotRows(db, { ...group, ...range });
    for (const day of missing) {
      const rows = rebuilt.get(day);
      if (rows && (await writeSnapshotRows(db, { day, rows, overwrite: false })) > 0) filled.add(day);
    }
  }
  return [...filled].sort();
};

export const StockSnapshotJob = {
  Snapshot: 'stock-snapshot',
  Close: 'stock-snapshot-close',
  Backfill: 'stock-snapshot-backfill',
} as const;

/** A closing snapshot that starts later than this after midnight is skipped (see above). */
export const CLOSE_LATE_MS = 15 * 60_000;
/** The period of the closing job: a quarter hour, on which every zone's midnight falls. */
export const CLOSE_PERIOD_MS = 15 * 60_000;
const CLOSE_OFFSET_MS = 1_000;

const DAY_MS = 86_400_000;

/** The days that ended in the quarter hour before `start` (a close job's period start), per zone group. */
export const daysClosedAt = (groups: readonly ZoneGroup[], start: Date): { group: ZoneGroup; day: string }[] => {
  const before = new Date(start.getTime() - CLOSE_PERIOD_MS);
  return groups
    .filter((g) => dayOf(before, g.timeZone) !== dayOf(start, g.timeZone))
    .map((group) => ({ group, day: dayOf(before, group.timeZone) }));
};

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
    await writeTodaysStockSnapshots(db, now());
  });
  jobs.register<{ at: string }>(StockSnapshotJob.Close, async ({ job }) => {
    const lateMs = now().getTime() - job.runAt.getTime();
    if (lateMs > CLOSE_LATE_MS) {
      log.warn({ at: job.payload.at, lateMs }, 'closing stock snapshot skipped: too late to be the closing stock');
      return;
    }
    for (const { group, day } of daysClosedAt(await zoneGroups(db), new Date(job.payload.at))) {
      await writeStockSnapshot(db, day, group.locationIds);
    }
  });
  jobs.register(StockSnapshotJob.Backfill, async () => {
    const at = now();
    let days = 0;
    for (const group of await zoneGroups(db)) {
      const today = todayIn(group.timeZone, at);
      const range = { from: addDays(today, -backfillDays), to: addDays(today, -1) };
      days += (await backfillStockSnapshots(db, { ...range, groups: [group] })).length;
    }
    if (days) log.info({ days }, 'stock snapshots rebuilt from the history');
  });

  jobs.every({ kind: StockSnapshotJob.Snapshot, everyMs: intervalMs, isCurrentPeriodDue: true });
  // Each quarter hour at :00:01 closes the days of the zones whose midnight it was.
  jobs.every({
    kind: StockSnapshotJob.Close,
    everyMs: CLOSE_PERIOD_MS,
    offsetMs: CLOSE_OFFSET_MS,
    keyOf: (start) => `${StockSnapshotJob.Close}:${start.toISOString()}`,
    payloadOf: (start) => ({ at: new Date(start.getTime() - CLOSE_OFFSET_MS).toISOString() }),
  });
  jobs.every({
    kind: StockSnapshotJob.Backfill,
    everyMs: DAY_MS,
    isCurrentPeriodDue: true,
    keyOf: (start) => `${StockSnapshotJob.Backfill}:${dayOf(start, 'UTC')}`,
  });
};
