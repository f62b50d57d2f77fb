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
  close: () => Promise<void>;
};

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

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** In memory only: start from this dump of a PGlite data folder (tests clone a migrated, seeded template). */
  loadDataDir?: Blob;
  /** Connection errors of the pool's clients (the pool replaces them). */
  onError?: (error: Error) => void;
};

export const openDatabase = async ({
  databaseUrl,
  dataDir,
  inMemory,
  loadDataDir,
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
    return {
      db,
      kind: 'postgres',
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
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if (inMemory || !dataDir) {
    client = new PGlite({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataFolder(dataDir);
    client = new PGlite(`${dataDir}/pgdata`, { extensions: { pg_trgm } });
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
    close: async () => {
      await client.close();
      unlock();
    },
  };
};
