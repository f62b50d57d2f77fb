import type pg from 'pg';

/**
 * What drizzle's node-postgres driver asks of a pool: `query(config, values)` for a statement, `connect()` for a
 * transaction's client (drizzle-orm/node-postgres/session.js). A pg.Pool and the read replica's router both answer it.
 */
export type DrizzlePoolLike = Pick<pg.Pool, 'connect'> & {
  query: (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
};

/** The statement a query runs first: `begin` and `rollback` are the two whose failure this guard acts on. */
const statementOf = (config: string | pg.QueryConfig): string => {
  const text = typeof config === 'string' ? config : config.text;
  return /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '';
};

/**
 * A transaction's client as drizzle uses it, with the two release paths drizzle-orm 0.45 gets wrong mended
 * (drizzle-orm issues #6023, #6114, #6241, open in December 2026):
 * - drizzle runs `begin` before the try/finally that releases the client: a `begin` that fails (the connection was cut
 *   while it sat idle in the pool, the database restarting) left the client checked out for good. With 10 clients a
 *   few cuts emptied the pool, and `pool.end()` waited forever at shutdown (seen: `database.api.test.ts`'s afterAll
 *   after a cut). Here the client is released, with the error, when its `begin` fails;
 * - drizzle releases the client without an error after a `rollback` that failed, so a broken client could go back to
 *   the pool: here the release carries the rollback's error and pg-pool ends that client.
 * A second release (drizzle's, after ours) does nothing.
 */
export const transactionSafeClient = (client: pg.PoolClient): pg.PoolClient => {
  let released = false;
  let broken: Error | undefined;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error ?? broken);
  };
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    try {
      return await client.query(config, values);
    } catch (error) {
      const statement = statementOf(config);
      if (statement === 'begin' || statement === 'rollback') {
        broken = error instanceof Error ? error : new Error(String(error));
        if (statement === 'begin') release(broken);
      }
      throw error;
    }
  };
  return new Proxy(client, {
    get: (target, property) => {
      if (property === 'query') return query;
      if (property === 'release') return release;
      return Reflect.get(target, property);
    },
  });
};

/**
 * The pool drizzle is given: statements go to `pool` as they are, transactions' clients come back guarded
 * (`transactionSafeClient`). Its class name says Pool: drizzle checks the name to release a transaction's client.
 */
export class TransactionSafePool {
  constructor(private readonly pool: DrizzlePoolLike) {}

  query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    return this.pool.query(config, values);
  }

  async connect(): Promise<pg.PoolClient> {
    return transactionSafeClient(await this.pool.connect());
  }
}

/** `pool` as drizzle(...) takes it, guarded: the one place a TransactionSafePool is made. */
export const transactionSafePool = (pool: DrizzlePoolLike): pg.Pool =>
  // drizzle's types want a pg.Pool or a Client; at run time it calls query() and connect() only (see above).
  new TransactionSafePool(pool) as unknown as pg.Pool;
