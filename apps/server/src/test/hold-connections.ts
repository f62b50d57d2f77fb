import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { waitUntil } from './job-fixtures.js';

/**
 * Holds every database connection (PGlite's one, or each of PostgreSQL's pool of 10) in a transaction until the
 * answer, `release`, is called: the queue of database calls then only grows (load shedding's and request turns' tests).
 */
export const holdEveryConnection = async (database: Database): Promise<() => Promise<void>> => {
  const connections = database.kind === 'pglite' ? 1 : 10;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = 0;
  const holders = Array.from({ length: connections }, () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding += 1;
      await released;
    }),
  );
  await waitUntil(
    async () => holding,
    (held) => held === connections,
    10_000,
    10,
  );
  return async () => {
    release();
    await Promise.all(holders);
  };
};
