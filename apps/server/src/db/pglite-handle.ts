import { statfs } from 'node:fs/promises';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { createLoopTurns } from '../lib/loop-turns.js';
import type { ListenHandlers } from './client.js';
import { isDiskFullError } from './errors.js';
import { type RetryLog, withRetry } from './retry.js';

/**
 * The embedded database (PGlite) behind one handle that drizzle and the app hold, so that a PGlite instance whose
 * PostgreSQL stopped can be replaced, and a full disk is an error that clears (issue 25, item 4).
 *
 * Why: PostgreSQL inside PGlite stops for good (a PANIC, e.g. "could not write to file pg_wal/xlogtemp: No space left
 * on device" when the disk is full as a new WAL segment is needed), and any later call to that instance spins forever
 * in PGlite's protocol loop, blocking the event loop: every request, health included, then hangs until kill -9. So:
 *
 * - one call at a time reaches PGlite (this handle's own queue, not PGlite's): after each, a PANIC or FATAL marks the
 *   instance stopped, and no call ever reaches it again; calls answer a `PgliteStoppedError` at once (507 when the disk
 *   was full, else 503) while a new instance is opened on the same folder in the background (crash recovery), with
 *   backoff, once the disk has room again;
 * - the disk is watched (`statfs` every `checkMs`): below `reserveBytes` free, the session becomes read-only
 *   (`default_transaction_read_only`), so a write is refused by PostgreSQL before it writes any WAL, and answered as
 *   disk full (507), while reads keep working; above it again, writes are back. That keeps the PANIC above for the
 *   rare disk filled at once by someone else.
 *
 * The queue also tells how many calls wait for the one connection (`waiting`: load shedding, http/load-shedding.ts).
 */
export type PgliteHandle = {
  /** What drizzle is given: PGlite's `query` and `transaction`, through the queue. */
  client: PGlite;
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /** Calls waiting for the connection (not counting the one running). */
  waiting: () => number;
  /** When a call last got its answer from this instance (Date.now()); 0 before the first. */
  answeredAt: () => number;
  /** Whether a call holds the connection now (`/metrics`). */
  isRunning: () => boolean;
  /** `ok`; `low` (writes refused: the disk is nearly full); `stopped` (PostgreSQL stopped; being opened again). */
  state: () => 'ok' | 'low' | 'stopped';
  /** The data folder as a tar file (the build's prebuilt database, the tests' templates). */
  dumpDataDir: (compression?: 'auto' | 'gzip' | 'none') => Promise<File | Blob>;
  /**
   * The same, from inside a transaction of this handle (which holds the queue: `dumpDataDir` would wait for it for
   * ever): the folder as it is at that transaction's moment (modules/backup).
   */
  dumpDataDirInTransaction: (compression?: 'auto' | 'gzip' | 'none') => Promise<File | Blob>;
  close: () => Promise<void>;
};

/** The embedded database stopped (and is being opened again): nothing was done. SQLSTATE 53100 when the disk was full. */
export class PgliteStoppedError extends Error {
  override readonly name = 'PgliteStoppedError';
  readonly code: string;
  constructor(diskFull: boolean, options?: { cause?: unknown }) {
    super(
      diskFull
        ? 'The embedded database stopped: its disk is full (it is opened again once there is room)'
        : 'The embedded database stopped (it is being opened again)',
      options,
    );
    // 53100 disk_full → 507; 57P03 cannot_connect_now → 503 (db/errors.ts).
    this.code = diskFull ? '53100' : '57P03';
  }
}

/** A write refused because the disk is nearly full: SQLSTATE 53100 disk_full (answered 507). */
export class DiskLowError extends Error {
  override readonly name = 'DiskLowError';
  readonly code = '53100';
  constructor(options?: { cause?: unknown }) {
    super('The disk of the embedded database is nearly full: writes are refused until there is room', options);
  }
}

export type PgliteHandleOptions = {
  /** Opens a PGlite instance on the folder (ready). */
  open: () => Promise<PGlite>;
  /** The folder whose disk is watched; none (in memory): no watching, and a stopped instance stays stopped. */
  dataDir?: string;
  /** Writes are refused below this many free bytes (0: never). */
  reserveBytes?: number;
  checkMs?: number;
  log?: RetryLog;
};

/** PostgreSQL's severities after which its process is gone (PANIC) or the session is (FATAL). */
const isFatal = (error: unknown): boolean => {
  // WebAssembly's own failure (an abort): the instance is as gone.
  if ((error as { name?: unknown } | null)?.name === 'RuntimeError') return true;
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity === 'PANIC' || severity === 'FATAL';
};

/** SQLSTATE 25006 read_only_sql_transaction: a write refused by the read-only session. */
const isReadOnlyRefusal = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '25006';

/**
 * The queue: each call waits for the one before it. A call that had to wait lets the event loop turn once before it
 * runs (setImmediate): PGlite's queries are synchronous, and the queue hands over in promise callbacks, so without
 * it a queue of calls ran back to back in one turn of the loop (0.9–4.8 s under 50 connections, issue 30), and no
 * socket was read nor timer run meanwhile: the load shedding's refusals and new requests waited with the rest.
 */
const createQueue = (usable: () => PGlite) => {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  let running = false;
  const exclusive = async <T>(work: (current: PGlite) => Promise<T>): Promise<T> => {
    const contended = running || waiting > 0;
    waiting += 1;
    const before = tail;
    let release = () => {};
    tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await before;
    } finally {
      waiting -= 1;
    }
    // Its turn has come (it is no longer counted as waiting): the loop turns once, then it runs.
    if (contended) await new Promise<void>((resolve) => setImmediate(resolve));
    running = true;
    try {
      return await work(usable());
    } finally {
      running = false;
      release();
    }
  };
  return { exclusive, waiting: () => waiting, isRunning: () => running };
};

/**
 * How long calls may run back to back without the event loop coming round to its timers. PGlite's calls are synchronous
 * and each hands over to the next in promise callbacks (a transaction's statements, the queue's next call, a request's
 * next query), so without a turn a chain of short statements held the loop: 5.8 s of the engine's and the EPCIS
 * ledger's statements for a set of thousands of reads (a CPU profile of `npm run bench`, 2026-11-30), during which no
 * socket was read, and the load shedding's event-loop check then refused the next request as if the process were
 * overloaded. After this long, the next call first lets the loop turn once (setImmediate).
 */
export const HELD_LOOP_MS = 50;

/** One call to an instance, guarded (handle's `guarded`). */
type Guard = <T>(call: () => Promise<T>) => Promise<T>;

/** BEGIN, the callback with a transaction of `current`, then COMMIT (or ROLLBACK when it throws, if `current` is live). */
const runTransaction = async <T>(
  current: PGlite,
  { guard, isLive }: { guard: Guard; isLive: () => boolean },
  callback: (tx: Transaction) => Promise<T>,
): Promise<T> => {
  await guard(() => current.query('begin'));
  let isOpen = true;
  const check = () => {
    if (!isOpen) throw new Error('Transaction is closed');
  };
  const tx: Transaction = {
    query: <R>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
      check();
      return guard(() => current.query<R>(query, params, options));
    },
    sql: <R>(strings: TemplateStringsArray, ...params: unknown[]): Promise<Results<R>> => {
      check();
      return guard(() => current.sql<R>(strings, ...params));
    },
    exec: (query: string, options?: QueryOptions) => {
      check();
      return guard(() => current.exec(query, options));
    },
    rollback: async () => {
      check();
      isOpen = false;
      await guard(() => current.query('rollback'));
    },
    listen: () => Promise.reject(new Error('LISTEN inside a transaction is not supported here')),
    get closed() {
      return !isOpen;
    },
  };
  try {
    const result = await callback(tx);
    if (isOpen) {
      isOpen = false;
      await guard(() => current.query('commit'));
    }
    return result;
  } catch (error) {
    if (isOpen) {
      isOpen = false;
      if (isLive()) await guard(() => current.query('rollback')).catch(() => {});
    }
    throw error;
  }
};

/**
 * The data folder's free space against `reserveBytes`: checked on a call (one check at a time) and every `checkMs` once
 * started; `onChange` is told when it falls below the reserve or rises above it again.
 */
const createDiskWatch = ({
  dataDir,
  reserveBytes,
  checkMs,
  log,
  isClosed,
  onChange,
}: {
  dataDir: string | undefined;
  reserveBytes: number;
  checkMs: number;
  log: RetryLog;
  isClosed: () => boolean;
  onChange: (low: boolean) => Promise<void>;
}) => {
  let isLow = false;
  let checking: Promise<void> | undefined;
  let watcher: NodeJS.Timeout | undefined;
  const check = (): Promise<void> => {
    if (!dataDir || reserveBytes <= 0 || isClosed()) return Promise.resolve();
    const folder = dataDir;
    checking ??= (async () => {
      const stats = await statfs(folder).catch(() => undefined);
      if (!stats) return;
      const free = stats.bavail * stats.bsize;
      const low = free < reserveBytes;
      if (low === isLow) return;
      isLow = low;
      if (low) log.warn({ freeBytes: free, reserveBytes }, 'the disk is nearly full: writes are refused until there is room');
      else log.info({ freeBytes: free, reserveBytes }, 'the disk has room again: writes are accepted');
      await onChange(low);
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  };
  return {
    check,
    isLow: () => isLow,
    start: () => {
      if (!dataDir || reserveBytes <= 0) return;
      watcher = setInterval(() => void check(), checkMs);
      watcher.unref();
    },
    /** Stops the checks; settles once the one under way has. */
    stop: async () => {
      if (watcher) clearInterval(watcher);
      await checking;
    },
  };
};

type Guarded = <T>(current: PGlite, call: () => Promise<T>) => Promise<T>;

type Listener = { channel: string; handlers: ListenHandlers; stop?: (() => Promise<void>) | undefined };

/** The channels listened to, kept across a stop of the instance and its opening again. */
const createListeners = () => {
  const listeners = new Set<Listener>();
  return {
    /** Listens on `channel`: at once when the instance is open, else once it is; the function it gives stops. */
    listen: async (
      channel: string,
      handlers: ListenHandlers,
      {
        exclusive,
        guarded,
        isOpen,
      }: { exclusive: ReturnType<typeof createQueue>['exclusive']; guarded: Guarded; isOpen: () => boolean },
    ): Promise<() => Promise<void>> => {
      const listener: Listener = { channel, handlers };
      listeners.add(listener);
      if (isOpen()) {
        listener.stop = await exclusive((current) => guarded(current, () => current.listen(channel, handlers.onNotify)));
        handlers.onState?.(true);
      } else handlers.onState?.(false);
      return async () => {
        listeners.delete(listener);
        const stopListening = listener.stop;
        listener.stop = undefined;
        if (stopListening && isOpen()) await exclusive(() => stopListening()).catch(() => {});
      };
    },
    /** The instance stopped: nothing is listened to until it is open again. */
    stopped: () => {
      for (const listener of listeners) {
        listener.stop = undefined;
        listener.handlers.onState?.(false);
      }
    },
    /** Every channel listened to on the instance opened again, before it serves. */
    listenOn: async (next: PGlite) => {
      for (const listener of listeners) listener.stop = await next.listen(listener.channel, listener.handlers.onNotify);
    },
    /** The instance opened again serves. */
    opened: () => {
      for (const listener of listeners) listener.handlers.onState?.(true);
    },
  };
};

/**
 * Opens a stopped instance again once the disk has room, retried with back-off until the handle closes: `adopt` takes
 * the new instance over (its listeners first); one opened after the close is closed at once.
 */
const openAgain = ({
  open,
  disk,
  log,
  isClosed,
  adopt,
}: {
  open: () => Promise<PGlite>;
  disk: ReturnType<typeof createDiskWatch>;
  log: RetryLog;
  isClosed: () => boolean;
  adopt: (next: PGlite) => Promise<void>;
}): Promise<void> =>
  withRetry(
    async () => {
      await disk.check();
      if (disk.isLow()) throw new Error('the disk is still (nearly) full');
      const next = await open();
      if (isClosed()) {
        await next.close().catch(() => {});
        return;
      }
      if (disk.isLow()) await next.query('set default_transaction_read_only = on');
      await adopt(next);
    },
    log,
    { what: 'the embedded database is stopped: opening it again', isStopping: isClosed, baseMs: 1_000, maxMs: 30_000 },
  );

/**
 * Only what drizzle (drizzle-orm/pglite) calls: `query` and `transaction`, each under the queue and guarded. The
 * transaction is our own (BEGIN … COMMIT): PGlite's would send ROLLBACK to a stopped instance.
 */
const drizzleFacade = (
  exclusive: ReturnType<typeof createQueue>['exclusive'],
  guarded: Guarded,
  isLive: (current: PGlite) => boolean,
) => ({
  query: <R>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> =>
    exclusive((current) => guarded(current, () => current.query<R>(query, params, options))),
  exec: (query: string, options?: QueryOptions) => exclusive((current) => guarded(current, () => current.exec(query, options))),
  transaction: <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    exclusive((current) =>
      runTransaction(current, { guard: (call) => guarded(current, call), isLive: () => isLive(current) }, callback),
    ),
});

export const createPgliteHandle = async ({
  open,
  dataDir,
  reserveBytes = 0,
  checkMs = 1_000,
  log = { info: () => {}, warn: () => {} },
}: PgliteHandleOptions): Promise<PgliteHandle> => {
  let instance: PGlite | undefined = await open();
  let stoppedBy: unknown;
  let closed = false;
  let reopening: Promise<void> | undefined;

  const queue = createQueue(() => usable());
  const { exclusive } = queue;
  const loopTurns = createLoopTurns();
  // Below the reserve, the session is read-only until there is room again.
  const disk = createDiskWatch({
    dataDir,
    reserveBytes,
    checkMs,
    log,
    isClosed: () => closed,
    onChange: async (low) => {
      if (!instance) return;
      await exclusive((current) =>
        guarded(current, () => current.query(`set default_transaction_read_only = ${low ? 'on' : 'off'}`)),
      ).catch((error: unknown) => log.warn({ err: error }, 'the read-only switch failed'));
    },
  });

  let answeredAt = 0;
  const usable = (): PGlite => {
    if (closed) throw new Error('The database is closed');
    if (!instance) throw new PgliteStoppedError(isDiskFullError(stoppedBy), { cause: stoppedBy });
    return instance;
  };

  const listeners = createListeners();

  /** One call to the instance: a PANIC stops it for good, a refused write is told as disk full. */
  const guarded: Guarded = async (current, call) => {
    if (loopTurns.sinceTurn() >= HELD_LOOP_MS) await loopTurns.turn();
    if (current !== instance) throw new PgliteStoppedError(isDiskFullError(stoppedBy), { cause: stoppedBy });
    try {
      const answer = await call();
      answeredAt = Date.now();
      return answer;
    } catch (error) {
      if (isFatal(error)) stop(current, error);
      else if (isDiskFullError(error)) void disk.check();
      if (isReadOnlyRefusal(error) && disk.isLow()) throw new DiskLowError({ cause: error });
      throw error;
    }
  };

  const stop = (current: PGlite, error: unknown) => {
    if (instance !== current) return;
    // Never called again: any call would spin forever. Its memory goes with the last reference.
    instance = undefined;
    stoppedBy = error;
    log.warn({ err: error }, 'the embedded database stopped; it is opened again once the disk has room');
    listeners.stopped();
    reopen();
  };

  const reopen = () => {
    if (reopening || closed || !dataDir) return;
    reopening = openAgain({
      open,
      disk,
      log,
      isClosed: () => closed,
      adopt: async (next) => {
        await listeners.listenOn(next);
        instance = next;
        stoppedBy = undefined;
        listeners.opened();
      },
    })
      .catch(() => {}) // only when closed
      .finally(() => {
        reopening = undefined;
      });
  };

  await disk.check();
  disk.start();

  const facade = drizzleFacade(exclusive, guarded, (current) => current === instance);

  return {
    // drizzle-orm/pglite types its client as PGlite and calls only `query` and `transaction` on it (its session.js).
    client: facade as unknown as PGlite,
    listen: (channel, handlers) =>
      listeners.listen(channel, handlers, { exclusive, guarded, isOpen: () => instance !== undefined }),
    waiting: queue.waiting,
    answeredAt: () => answeredAt,
    isRunning: queue.isRunning,
    state: () => (!instance ? 'stopped' : disk.isLow() ? 'low' : 'ok'),
    dumpDataDir: (compression) => exclusive((current) => guarded(current, () => current.dumpDataDir(compression))),
    dumpDataDirInTransaction: (compression) => {
      const current = instance;
      if (!current) return Promise.reject(new PgliteStoppedError(disk.isLow()));
      return guarded(current, () => current.dumpDataDir(compression));
    },
    close: async () => {
      loopTurns.stop();
      await disk.stop();
      // Queued calls run first; a stopped instance is left alone (closing it would spin too).
      await exclusive(async (current) => {
        closed = true;
        instance = undefined;
        await current.close();
      }).catch(() => {});
      closed = true;
      instance = undefined;
      await reopening;
    },
  };
};
