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
import { holdsNoDatabase, prebuiltFor } from './prebuilt.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the code sees: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
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
};

const RELISTEN_MS = 1_000;

/**
 * One connection of its own (not the pool's) that LISTENs to every channel asked for, and comes back after a cut: each
 * handler hears `onState(false)` when it is cut and `onState(true)` once it listens again.
 */
const createPgListener = (databaseUrl: string, onError: (error: Error) => void) => {
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client | undefined> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const state = (listening: boolean, only?: Iterable<ListenHandlers>) => {
    for (const handlers of only ?? [...channels.values()].flatMap((set) => [...set])) handlers.onState?.(listening);
  };
  const lost = (error?: Error) => {
    if (error) onError(error);
    client = undefined;
    state(false);
    if (!closed && channels.size > 0 && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RELISTEN_MS);
    }
  };
  const connect = (): Promise<pg.Client | undefined> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
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
        for (const channel of channels.keys()) await next.query(`listen ${quote(channel)}`);
        if (closed) {
          await next.end();
          return undefined;
        }
        client = next;
        state(true);
        return next;
      } catch (error) {
        await next.end().catch(() => {});
        lost(error instanceof Error ? error : new Error(String(error)));
        return undefined;
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };
  return {
    listen: async (channel: string, handlers: ListenHandlers) => {
      const known = channels.get(channel);
      const set = known ?? new Set<ListenHandlers>();
      set.add(handlers);
      channels.set(channel, set);
      const current = client ?? (await connect());
      if (current && !known) await current.query(`listen ${quote(channel)}`).catch(() => {});
      if (current) state(true, [handlers]);
      else handlers.onState?.(false);
      return async () => {
        set.delete(handlers);
        if (set.size > 0) return;
        channels.delete(channel);
        await client?.query(`unlisten ${quote(channel)}`).catch(() => {});
      };
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
};

export const openDatabase = async ({
  databaseUrl,
  dataDir,
  inMemory,
  loadDataDir,
  prebuiltFile,
  onError = () => {},
}: DatabaseOptions): Promise<Database> => {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // A connection can be cut by the server (restart, failover, pg_terminate_backend). pg emits
    // 'error' on the pool for an idle client and on the client itself for one in use: without a
    // listener either one would end the process. The query in flight fails (the request answers
    // 503, see http/errors), the pool drops the broken client and opens a new one next time.
    pool.on('error', onError);
    pool.on('connect', (client) => {
      client.on('error', onError);
    });
    const db = retryTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    const listener = createPgListener(databaseUrl, onError);
    return {
      db,
      kind: 'postgres',
      listen: listener.listen,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      withStartupLock: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if (inMemory || !dataDir) {
    client = new PGlite({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataFolder(dataDir);
    // A first start loads the migrated database made at build time rather than creating one (db/prebuilt.ts).
    // A given dump (a restore) is loaded on the same condition: the folder holds no database yet.
    const pgdata = `${dataDir}/pgdata`;
    const initial = holdsNoDatabase(pgdata) ? (loadDataDir ?? prebuiltFor(pgdata, prebuiltFile)) : undefined;
    client = new PGlite(pgdata, { extensions: { pg_trgm }, ...(initial ? { loadDataDir: initial } : {}) });
  }
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // One process owns the folder (lockDataFolder): nothing to coordinate.
    withStartupLock: (work) => work(),
    // PGlite is in this process: its notifications always arrive.
    listen: async (channel, { onNotify, onState }) => {
      const stop = await client.listen(channel, onNotify);
      onState?.(true);
      return stop;
    },
    close: async () => {
      await client.close();
      unlock();
    },
    dataDirImage: () => client.dumpDataDir('none'),
  };
};
