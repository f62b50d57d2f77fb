import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type DrizzlePoolLike, transactionSafePool } from './transaction-safe-pool.js';

/**
 * drizzle-orm's own transaction code (not ours) over a pool whose client fails the statements a test names, as a
 * connection cut while idle in the pool does: what the client is given back with is what pg-pool decides on (an error
 * ends the client, none returns it to the idle list).
 */
const fakePool = (failing: Set<string>) => {
  const statements: string[] = [];
  const releases: (Error | boolean | undefined)[] = [];
  const client = {
    query: async (config: string | pg.QueryConfig) => {
      const text = typeof config === 'string' ? config : config.text;
      statements.push(text);
      if (failing.has(text)) throw new Error(`Connection terminated unexpectedly (${text})`);
      return { rows: [], rowCount: 0, command: text, oid: 0, fields: [] };
    },
    release: (error?: Error | boolean) => {
      releases.push(error);
    },
  };
  const pool: DrizzlePoolLike = {
    // A pg.PoolClient to the types: drizzle calls query() and release() only on it.
    connect: (async () => client as unknown as pg.PoolClient) as DrizzlePoolLike['connect'],
    query: async (config) => client.query(config) as unknown as pg.QueryResult,
  };
  return { db: drizzle(transactionSafePool(pool)), statements, releases };
};

describe('transactionSafePool: drizzle transactions give their client back', () => {
  it('releases the client with the error when BEGIN fails (drizzle alone never releases it)', async () => {
    const { db, statements, releases } = fakePool(new Set(['begin']));
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(/begin/);
    expect(statements).toEqual(['begin']);
    expect(releases).toHaveLength(1);
    expect(releases[0]).toBeInstanceOf(Error);
  });

  it('releases the client with the rollback error when the work and its ROLLBACK fail, once', async () => {
    const { db, statements, releases } = fakePool(new Set(['select 1', 'rollback']));
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(/rollback/);
    expect(statements).toEqual(['begin', 'select 1', 'rollback']);
    expect(releases).toHaveLength(1);
    expect(String(releases[0])).toMatch(/rollback/);
  });

  it('returns a healthy client to the pool without an error after a commit or a rollback that worked', async () => {
    const { db, statements, releases } = fakePool(new Set(['select 2']));
    await db.transaction(async (tx) => tx.execute(sql`select 1`));
    await expect(db.transaction(async (tx) => tx.execute(sql`select 2`))).rejects.toThrow(/select 2/);
    expect(statements).toEqual(['begin', 'select 1', 'commit', 'begin', 'select 2', 'rollback']);
    expect(releases).toEqual([undefined, undefined]);
  });

  it('sends a statement outside a transaction to the pool as it is', async () => {
    const { db, statements, releases } = fakePool(new Set());
    await db.execute(sql`select 3`);
    expect(statements).toEqual(['select 3']);
    expect(releases).toEqual([]);
  });
});
