import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { cuttableProxy } from '../test/cuttable-proxy.js';
import { createScratchDatabase } from '../test/scratch-db.js';
import { type Database, openDatabase } from './client.js';
import { seedDemoIfEmpty } from './seed/seed.js';

/** What several server processes share: only on PostgreSQL (PGlite serves one process, see folder-lock). */
const serverUrl = process.env.TEST_DATABASE_URL;

const createDatabase = () => createScratchDatabase(serverUrl as string, 'rfid_test'); // only called when serverUrl is set

describe.skipIf(!serverUrl)('several processes on one PostgreSQL database', () => {
  it('migrates and seeds once when three processes start together on an empty database', async () => {
    const { url, drop } = await createDatabase();
    const databases: Database[] = [];
    try {
      for (let i = 0; i < 3; i++) databases.push(await openDatabase({ databaseUrl: url }));
      const seeded = await Promise.all(
        databases.map((database) =>
          database.withStartupLock(async () => {
            await database.migrate();
            return seedDemoIfEmpty(database.db);
          }),
        ),
      );
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const first = databases[0] as Database;
      const count = async (table: string) => {
        const result = (await first.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        };
        return result.rows[0]?.n;
      };
      expect(await count('companies')).toBe(1);
      // The demo's readers: a tunnel, two portals, two handhelds, a POS pad and the exit gate (issue 26).
      expect(await count('devices')).toBe(7);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await drop();
    }
    // Three processes migrating and seeding one database: about 25 s on a loaded machine.
  }, 90_000);

  it('runs a transaction again when it deadlocks with another one', async () => {
    const { url, drop } = await createDatabase();
    const database = await openDatabase({ databaseUrl: url });
    try {
      await database.db.execute(sql`create table pair (id int primary key, n int not null)`);
      await database.db.execute(sql`insert into pair values (1, 0), (2, 0)`);
      let attempts = 0;
      // Each locks one row, waits until the other has locked its own, then wants the other's: a deadlock.
      // A barrier: both transactions hold their first row before either asks for the other's.
      let arrive = () => {};
      const bothLocked = new Promise<void>((resolve) => {
        let locked = 0;
        arrive = () => {
          locked += 1;
          if (locked >= 2) resolve();
        };
      });
      const transfer = (first: number, second: number) =>
        database.db.transaction(async (tx) => {
          attempts += 1;
          await tx.execute(sql`update pair set n = n + 1 where id = ${first}`);
          arrive();
          await bothLocked;
          await tx.execute(sql`update pair set n = n + 1 where id = ${second}`);
        });
      await Promise.all([transfer(1, 2), transfer(2, 1)]);
      expect(attempts).toBe(3); // one of them was chosen as the victim and ran again
      const result = (await database.db.execute(sql`select sum(n)::int as n from pair`)) as unknown as {
        rows: { n: number }[];
      };
      expect(result.rows[0]?.n).toBe(4);
    } finally {
      await database.close();
      await drop();
    }
  });

  describe('the database goes away under the server and comes back', () => {
    let drop: () => Promise<void>;
    let database: Database;
    let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    const connectionErrors: Error[] = [];

    beforeAll(async () => {
      const created = await createDatabase();
      drop = created.drop;
      proxy = await cuttableProxy(new URL(created.url));
      database = await openDatabase({ databaseUrl: proxy.url(created.url), onError: (e) => connectionErrors.push(e) });
      await database.migrate();
      app = await buildApp({ database });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await drop?.();
    });

    it('answers 503 while it is away (the process stays up) and 200 again once it is back', async () => {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      // Connections in use and idle ones are cut at once, as a restart or a failover does.
      const longQuery = database.db.execute(sql`select pg_sleep(3)`).then(
        () => 'finished',
        (error: Error) => error.message,
      );
      // Cut once the query is running on the server (seen in pg_stat_activity), not after a guessed delay.
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const deadline = Date.now() + 5_000;
        for (;;) {
          const running = await admin.query(
            `select count(*)::int as n from pg_stat_activity where state = 'active' and query like 'select pg_sleep%'`,
          );
          if (running.rows[0]?.n > 0 || Date.now() > deadline) break;
        }
      } finally {
        await admin.end();
      }
      await proxy.cut();
      expect(await longQuery).not.toBe('finished');
      const away = await app.inject({ url: '/api/health', headers: { 'accept-language': 'en' } });
      expect(away.statusCode).toBe(503);
      expect(away.headers['retry-after']).toBe('5');
      expect(away.json().message).toMatch(/database is not available/);
      expect(away.json().code).toBe('common.database_unavailable');
      await proxy.restore();
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await app.inject({ url: '/api/health' })).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      // Every connection the pool handed out during the cut comes back to it (a transaction whose BEGIN failed on a
      // cut connection kept its client for good before db/transaction-safe-pool.ts, and close() then waited forever).
      await vi.waitFor(
        () => {
          const pool = database.pool();
          expect(pool.total - pool.idle).toBe(0);
        },
        { timeout: 10_000 },
      );
    });
  });
});
