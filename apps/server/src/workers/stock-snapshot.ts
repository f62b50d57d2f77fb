import { addDays } from '@rfid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import {
  daysMissingSnapshots,
  liveSnapshotRows,
  rebuiltSnapshotRows,
  writeSnapshotRows,
} from '../modules/stats/stats.repository.js';
import { utcDay } from '../modules/stats/stats.rules.js';

/**
 * The daily stock snapshots (stock_daily) behind the dashboard's stock change and stock chart.
 *
 * - Every `intervalMs` (STOCK_SNAPSHOT_INTERVAL_MS, default 5 minutes) today's rows are rewritten with the stock now: every
 *   area (items STOCKED + counted stock), every location's total and its theoretical stock.
 * - Right after midnight (UTC) the day that just ended is written once more with the stock at
 *   that moment, so yesterday's row is its closing stock.
 * - On start, and on demand (`backfill`), days of the last `backfillDays` (default 30) without a
 *   row are rebuilt from the tag history (traces) and the boxes' reading times; a day already
 *   written is never overwritten by a rebuild.
 *
 * Several server processes may run it: every write is an idempotent upsert.
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

export type StockSnapshotWorker = {
  /** Writes today's snapshot now (and yesterday's closing one after a day change). */
  tick: () => Promise<void>;
  stop: () => void;
};

/** Starts the worker; call `stop()` on shutdown. Failures are logged and retried on the next tick. */
export const startStockSnapshotWorker = ({
  db,
  log,
  intervalMs = Number(process.env.STOCK_SNAPSHOT_INTERVAL_MS) || DEFAULT_SNAPSHOT_INTERVAL_MS,
  backfillDays = DEFAULT_BACKFILL_DAYS,
  now = () => new Date(),
}: {
  db: Db;
  log: FastifyBaseLogger;
  intervalMs?: number;
  backfillDays?: number;
  now?: () => Date;
}): StockSnapshotWorker => {
  let lastDay = utcDay(now());
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const work = async () => {
    const today = utcDay(now());
    if (today !== lastDay) {
      // The day changed since the last tick: the stock now closes the day that ended.
      await writeStockSnapshot(db, lastDay);
      lastDay = today;
    }
    await writeStockSnapshot(db, today);
  };
  const tick = (): Promise<void> => {
    running = running.then(work).catch((error: unknown) => log.error({ err: error }, 'stock snapshot failed'));
    return running;
  };

  // On start: the missing days of the last month from the history, then today.
  running = (async () => {
    try {
      const today = utcDay(now());
      const filled = await backfillStockSnapshots(db, { from: addDays(today, -backfillDays), to: addDays(today, -1) });
      if (filled.length) log.info({ days: filled.length }, 'stock snapshots rebuilt from the history');
      await writeStockSnapshot(db, today);
    } catch (error) {
      log.error({ err: error }, 'stock snapshot failed');
    }
  })();

  const interval = setInterval(() => void tick(), intervalMs);
  interval.unref();
  // A tick one second after each UTC midnight writes the closing stock of the day that ended.
  let midnight: NodeJS.Timeout | undefined;
  const scheduleMidnight = () => {
    if (stopped) return;
    const current = now();
    const next = Date.UTC(current.getUTCFullYear(), current.getUTCMonth(), current.getUTCDate() + 1, 0, 0, 1);
    midnight = setTimeout(() => {
      void tick().then(scheduleMidnight);
    }, next - current.getTime());
    midnight.unref();
  };
  scheduleMidnight();

  return {
    tick,
    stop: () => {
      stopped = true;
      clearInterval(interval);
      if (midnight) clearTimeout(midnight);
    },
  };
};
