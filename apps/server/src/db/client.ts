import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withTransactionRetry } from './errors.js';
import { lockDataFolder } from './folder-lock.js';
import { createPgliteHandle, type PgliteHandle } from './pglite-handle.js';
import { holdsNoDatabase, prebuiltFor } from './prebuilt.js';
import { createReadRouter, type ReadRouter } from './read-replica.js';
import { type RetryLog, withRetry } from './retry.js';
import * as schema from './schema/index.js';
import { transactionSafePool } from './transaction-safe-pool.js';

export type Schema = typeof schema;
/** The one database type the code sees: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  /**
   * The handle of reads that may be a moment old (lists, statistics; docs/read-replicas.md): the read replica's
   * (DATABASE_READ_URL) while it keeps up, else the primary's. Without a replica it is `db` itself. Never for writes,
   * nor for what must read its own writes (inside a write request, sign-in and session look-ups).
   */
  readDb: Db;
  /** The read replica's routing and lag monitor, when DATABASE_READ_URL is set (PostgreSQL only). */
  readReplica?: ReadRouter;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /**
   * Runs start-up work (migrations, the demo seed) under one database-wide lock, so processes
   * started together on an empty database do it once, one after the other.
   */
  withStartupLock: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Listens to a PostgreSQL notification channel (NOTIFY, sent at commit by any process on the database). `onState`
   * says whether notifications are arriving: false while PostgreSQL's listening connection is cut (a notification
   * may then be missed, so caches built on it must not be trusted), true again once it listens anew. The answer
   * stops listening.
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /**
   * Whether writes can be stored: `ok`; `low` (the embedded database's disk is nearly full: writes are refused, reads
   * work); `stopped` (the embedded database stopped and is being opened again). PostgreSQL: always `ok`.
   */
  storage: () => 'ok' | 'low' | 'stopped';
  /** Database calls waiting for a connection now: PostgreSQL's pool, or the embedded database's one (load shedding). */
  waiting: () => number;
  /**
   * Whether the database answered a call within the last `ms` (so that `/api/health` need not ask again). The embedded
   * database answers one call at a time: a health check's `select 1` waits behind every queued call and a whole
   * transaction (2.2–3.3 s under the chaos suite's `embedded-busy` on a slow machine), while its last answer says
   * it answers. PostgreSQL: always false (its pool answers a `select 1` beside the others).
   */
  answeredWithin: (ms: number) => boolean;
  /** The connections now (`/metrics`): PostgreSQL's pool; the embedded database has one, and its queue of calls waiting. */
  pool: () => { total: number; idle: number; waiting: number };
  /** The embedded database's data folder as a tar file (the build's prebuilt database, the tests' templates). */
  dumpDataDir?: (compression?: 'auto' | 'gzip' | 'none') => Promise<File | Blob>;
  close: () => Promise<void>;
  /**
   * PGlite only: its data folder as an uncompressed tar (PGlite's `dumpDataDir`), taken while no query runs. Called
   * inside a transaction, it is that transaction's moment: no other transaction can run meanwhile (modules/backup).
   */
  dataDirImage?: () => Promise<Blob>;
};

export type ListenHandlers = { onNotify: (payload: string) => void; onState?: (listening: boolean) => void };

/** pg_advisory_lock key of the start-up work ("rfidinit"). */
const STARTUP_LOCK_KEY = 0x72666964;

/**
 * Every top-level transaction runs again after a deadlock or a serialization failure (a few
 * times): two transactions that met are not an error for the user. Nested transactions
 * (savepoints) are left alone: their outer transaction is the one retried.
 */
const retryTransactions = (db: Db): Db => {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => withTransactionRetry(() => transaction(work, config))) as Db['transaction'];
  return db;
};

/** The drizzle-kit migrations (SQL files and meta/_journal.json). */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /**
   * Start from this dump of a PGlite data folder: in memory (tests clone a migrated, seeded template), or in a data
   * folder that holds no database yet (a restore, modules/backup), in place of the prebuilt database.
   */
  loadDataDir?: Blob;
  /** The migrated database a first start on an empty `dataDir` loads (db/prebuilt.ts; the build's by default). */
  prebuiltFile?: string;
  /** Connection errors of the pool's clients (the pool replaces them). */
  onError?: (error: Error) => void;
  /**
   * Where the LISTEN connection (PostgreSQL) and the embedded database's watcher (PGlite) say what they wait for
   * (silent by default).
   */
  log?: RetryLog;
  /** PGlite in a folder: writes are refused below this many free bytes on its disk (db/pglite-handle.ts; 0: never). */
  diskReserveBytes?: number;
  /**
   * DATABASE_READ_URL: a streaming standby of `databaseUrl` for lists and statistics (db/read-replica.ts), with
   * DATABASE_READ_MAX_LAG_MS and DATABASE_READ_CHECK_MS. Ignored without `databaseUrl` (the embedded database).
   */
  read?: { url: string; maxLagMs: number; checkMs: number; applicationName?: string };
};

const silent: RetryLog = { info: () => {}, warn: () => {} };

/**
 * One connection of its own (not the pool's) that LISTENs to every channel asked for, and comes back after a cut: each
 * handler hears `onState(false)` when it is cut and `onState(true)` once it listens again. While the database is away
 * it tries again with backoff (db/retry.ts), writing a line now and then rather than one per attempt.
 */
const createPgListener = (databaseUrl: string, onError: (error: Error) => void, log: RetryLog) => {
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let reconnecting: Promise<void> | undefined;
  let closed = false;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const state = (listening: boolean, only?: Iterable<ListenHandlers>) => {
    for (const handlers of only ?? [...channels.values()].flatMap((set) => [...set])) handlers.onState?.(listening);
  };
  /** The channels the current connection listens to. */
  let listened = new Set<string>();
  /** LISTENs on `connection` to every channel it does not listen to yet (some may be added while it connects). */
  const listenToAll = async (connection: pg.Client) => {
    for (const channel of channels.keys()) {
      if (listened.has(channel)) continue;
      await connection.query(`listen ${quote(channel)}`);
      listened.add(channel);
    }
  };
  let connecting: Promise<void> | undefined;
  const attempt = async (): Promise<void> => {
    if (client || closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    next.on('notification', ({ channel, payload }) => {
      for (const handlers of channels.get(channel) ?? []) handlers.onNotify(payload ?? '');
    });
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      listened = new Set();
      await listenToAll(next);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    await listenToAll(next).catch(() => {}); // a cut now is heard by the 'error'/'end' handlers
    state(true);
  };
  /** Connects and listens to every channel (one attempt at a time); throws when the database cannot be reached. */
  const connectOnce = (): Promise<void> => {
    connecting ??= attempt().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  /** Listens again in the background until it works or the listener closes. */
  const reconnect = () => {
    if (reconnecting || closed || channels.size === 0) return;
    reconnecting = withRetry(connectOnce, log, {
      what: 'database notifications (LISTEN) not connected',
      isStopping: () => closed,
      baseMs: 500,
    })
      .catch(() => {}) // only when closed
      .finally(() => {
        reconnecting = undefined;
      });
  };
  const lost = (error?: Error) => {
    if (error) onError(error);
    client = undefined;
    state(false);
    reconnect();
  };
  return {
    listen: async (channel: string, handlers: ListenHandlers) => {
      const known = channels.get(channel);
      const set = known ?? new Set<ListenHandlers>();
      set.add(handlers);
      channels.set(channel, set);
      // Not connected and not trying: one attempt now, the next ones in the background.
      if (!client && !reconnecting) await connectOnce().catch(() => reconnect());
      if (client) await listenToAll(client).catch(() => {});
      if (client) state(true, [handlers]);
      else handlers.onState?.(false);
      return async () => {
        set.delete(handlers);
        if (set.size > 0) return;
        channels.delete(channel);
        listened.delete(channel);
        await client?.query(`unlisten ${quote(channel)}`).catch(() => {});
      };
    },
    close: async () => {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
      await reconnecting;
    },
  };
};

/**
 * The embedded database's options: its extensions, and PostgreSQL's shared buffers at 64 MB instead of initdb's 128 MB.
 * They live in PGlite's WebAssembly memory, which never shrinks: at 128 MB it grew to 189 MB and the server idled at
 * 446 MB after a restart, 374 MB at 64 MB (issue 30, docs/performance.md "Memory"). 32 MB saved 36 MB more but made
 * the location statistics 1.15× dearer in CPU (their pages then come from the data folder's files); 64 MB was as fast
 * as 128 MB (×1.04 req/s, the same run).
 */
const EMBEDDED_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'],
};

/** Errors of a pool's idle clients and of its clients in use go to `onError` (see below). */
const watchPool = (pool: pg.Pool, onError: (error: Error) => void) => {
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
};

/** PostgreSQL: a pool, its LISTEN connection and, with `read`, the routing to a standby. */
const openPostgres = async (
  databaseUrl: string,
  { onError = () => {}, log = silent, read }: DatabaseOptions,
): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  // A connection can be cut by the server (restart, failover, pg_terminate_backend). pg emits
  // 'error' on the pool for an idle client and on the client itself for one in use: without a
  // listener either one would end the process. The query in flight fails (the request answers
  // 503, see http/errors), the pool drops the broken client and opens a new one next time.
  watchPool(pool, onError);
  // drizzle talks to the pool through TransactionSafePool: a transaction whose BEGIN fails gives its client back.
  const db = retryTransactions(drizzlePg(transactionSafePool(pool), { schema }) as unknown as Db);
  const listener = createPgListener(databaseUrl, onError, log);
  let readReplica: ReadRouter | undefined;
  let readDb = db;
  if (read) {
    const name = read.applicationName ?? 'rfid-read';
    const standbyPool = (max: number, applicationName: string) => {
      const standby = new pg.Pool({
        connectionString: read.url,
        max,
        connectionTimeoutMillis: 2_000,
        application_name: applicationName,
      });
      watchPool(standby, onError);
      return standby;
    };
    readReplica = createReadRouter({
      primary: pool,
      replica: standbyPool(10, name),
      replicaMonitor: standbyPool(1, `${name}-monitor`),
      maxLagMs: read.maxLagMs,
      checkMs: read.checkMs,
      onError,
    });
    // The routing pool answers drizzle's query() and connect() as a pg.Pool does (db/read-replica.ts).
    readDb = retryTransactions(drizzlePg(transactionSafePool(readReplica.pool), { schema }) as unknown as Db);
  }
  return {
    db,
    readDb,
    ...(readReplica ? { readReplica } : {}),
    kind: 'postgres',
    listen: listener.listen,
    storage: () => 'ok',
    waiting: () => pool.waitingCount,
    answeredWithin: () => false,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migratePg(drizzlePg(transactionSafePool(pool)), { migrationsFolder }),
    withStartupLock: async (work) => {
      const client = await pool.connect();
      // A connection cut on the way (the database restarting) is not given back to the pool, and its lock is gone
      // with it: the caller runs the whole start-up work again (main.ts).
      let broken: Error | undefined;
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch((error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        });
        client.release(broken);
      }
    },
    close: async () => {
      await listener.close();
      await readReplica?.close();
      await pool.end();
    },
  };
};

/** PGlite in this process, in memory or in a data folder this process locks. */
const openEmbedded = async ({
  dataDir,
  inMemory,
  loadDataDir,
  prebuiltFile,
  log = silent,
  diskReserveBytes = 0,
}: DatabaseOptions): Promise<Database> => {
  let unlock = () => {};
  let open: () => PGlite;
  if (inMemory || !dataDir) {
    open = () => new PGlite({ ...EMBEDDED_OPTIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataFolder(dataDir);
    const pgdata = `${dataDir}/pgdata`;
    // A first start loads the migrated database made at build time rather than creating one (db/prebuilt.ts); a given
    // dump (a restore) is loaded on the same condition, the folder holding no database yet; an instance opened again
    // (db/pglite-handle.ts) finds the database there.
    open = () => {
      const initial = holdsNoDatabase(pgdata) ? (loadDataDir ?? prebuiltFor(pgdata, prebuiltFile)) : undefined;
      return new PGlite(pgdata, { ...EMBEDDED_OPTIONS, ...(initial ? { loadDataDir: initial } : {}) });
    };
  }
  let handle: PgliteHandle;
  try {
    handle = await createPgliteHandle({
      open: async () => {
        const next = open();
        await next.waitReady;
        return next;
      },
      ...(dataDir && !inMemory ? { dataDir } : {}),
      reserveBytes: diskReserveBytes,
      log,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(handle.client, { schema }) as unknown as Db;
  return {
    db,
    readDb: db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(handle.client), { migrationsFolder }),
    // One process owns the folder (lockDataFolder): nothing to coordinate.
    withStartupLock: (work) => work(),
    // PGlite is in this process: its notifications arrive while it runs (not while it is stopped and opened again).
    listen: handle.listen,
    storage: handle.state,
    waiting: handle.waiting,
    // Not while it is stopped (a disk-full PANIC): health then asks, and answers 503.
    answeredWithin: (ms) => handle.state() !== 'stopped' && Date.now() - handle.answeredAt() <= ms,
    pool: () => ({ total: 1, idle: handle.isRunning() ? 0 : 1, waiting: handle.waiting() }),
    dumpDataDir: handle.dumpDataDir,
    close: async () => {
      await handle.close();
      unlock();
    },
    dataDirImage: () => handle.dumpDataDirInTransaction('none'),
  };
};

export const openDatabase = async (options: DatabaseOptions): Promise<Database> =>
  options.databaseUrl ? openPostgres(options.databaseUrl, options) : openEmbedded(options);
