import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadInboundIds } from '../modules/orders/inbound-fixtures.js';
import { createReplicaPair, hasPg15Binaries, pg15Binaries, type ReplicaPair } from '../test/pg-replica-pair.js';
import { type Database, openDatabase } from './client.js';
import { seedDemo } from './seed/seed.js';

/**
 * DATABASE_READ_URL against a real streaming standby (docs/read-replicas.md): two PostgreSQL 15 clusters of this test
 * (a primary and a `pg_basebackup -R` standby of it), the app on both. Skipped without PostgreSQL 15's server binaries.
 */
if (!hasPg15Binaries) {
  console.warn(`read-replica.api.test.ts skipped: no PostgreSQL 15 server binaries in ${pg15Binaries} (set PG_BIN)`);
}

/** The application_name of the app's connections to the standby: how the test tells which server ran a query. */
const READ_APP = 'rfid-read-test';
const MAX_LAG_MS = 1_000;

describe.skipIf(!hasPg15Binaries)('read replica: lists and statistics on a streaming standby', () => {
  let pair: ReplicaPair | undefined;
  let database: Database | undefined;
  let app: FastifyInstance;
  let admin: string;
  let brand: string;
  let mad: number;
  let providerId: number;

  const login = async (email: string) => {
    const r = await app.inject({ method: 'POST', url: '/api/authtoken/', payload: { username: email, password: 'demo1234' } });
    return `Token ${r.json().token}`;
  };
  const get = (url: string, auth: string) => app.inject({ method: 'GET', url, headers: { authorization: auth } });
  /** The order codes of CD-MAD's purchase-order list, as `auth` sees it. */
  const listed = async (auth: string): Promise<string[]> => {
    const r = await get(`/api/locations/${mad}/v1/porders/?limit=1000`, auth);
    expect(r.statusCode).toBe(200);
    return r.json().results.map((order: { order_code: string }) => order.order_code);
  };
  const createOrder = async (code: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/porders/',
      headers: { authorization: admin },
      payload: { order_code: code, destination_id: mad, origin_id: providerId, destination_status: 0 },
    });
    expect(r.statusCode, r.body).toBe(201);
  };
  const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json().read_replica;
  /** The last statement of each of the app's connections to the standby (pg_stat_activity of the standby itself). */
  const standbyStatements = async (): Promise<string[]> =>
    (
      await (pair as ReplicaPair).standby.query<{ query: string }>(
        `select query from pg_stat_activity where application_name = '${READ_APP}'`,
      )
    ).map((row) => row.query);
  /** How many times the standby itself scanned `table` (sequential and index scans; its own counters, flushed within ~1 s). */
  const standbyScans = async (table: string): Promise<number> =>
    (
      await (pair as ReplicaPair).standby.query<{ n: number }>(
        `select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int as n from pg_stat_user_tables where relname = '${table}'`,
      )
    )[0]?.n ?? 0;
  /** Whether the standby itself holds the order (read there directly). */
  const standbyHas = async (code: string) =>
    (
      await (pair as ReplicaPair).standby.query<{ n: number }>(
        `select count(*)::int as n from orders where order_code = '${code}'`,
      )
    )[0]?.n === 1;

  beforeAll(async () => {
    pair = await createReplicaPair();
    database = await openDatabase({
      databaseUrl: pair.primary.url(),
      read: { url: pair.standby.url(), maxLagMs: MAX_LAG_MS, checkMs: 100, applicationName: READ_APP },
    });
    // Migrations and the demo data on the primary (the standby cannot write): they reach the standby by replication.
    await database.migrate();
    await seedDemo(database.db);
    app = await buildApp({ database, defaultLanguage: 'en', loadShedding: { maxEventLoopDelayMs: 0 } });
    await app.ready();
    [admin, brand] = await Promise.all([login('admin@demo.local'), login('brand@demo.local')]);
    const ids = await loadInboundIds(database.db);
    mad = ids.locations['CD-MAD'] as number;
    providerId = ids.providerId;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await pair?.destroy();
  });

  it('serves a list and the statistics from the standby once it has caught up', async () => {
    await expect.poll(async () => (await health()).reads_from, { timeout: 10_000, interval: 50 }).toBe('replica');
    expect((await health()).reason).toBe('ok');
    await listed(brand);
    // The list's query ran on a connection of the app to the standby.
    expect((await standbyStatements()).some((query) => /from "orders"/.test(query))).toBe(true);
    // The statistics' figures too: the stock a year ago reads the daily snapshots, and the standby counts that scan as
    // its own (its connection's last statement is the snapshot's commit, so pg_stat_activity cannot show it).
    const scansBefore = await standbyScans('stock_daily');
    const stats = await get(`/api/locations/${mad}/statistics/`, brand);
    expect(stats.statusCode).toBe(200);
    await expect.poll(() => standbyScans('stock_daily'), { timeout: 10_000, interval: 100 }).toBeGreaterThan(scansBefore);
  });

  it("serves the stock lists from the standby too (a location's stock by GTIN and by item, the alarms)", async () => {
    await expect.poll(async () => (await health()).reads_from, { timeout: 10_000, interval: 50 }).toBe('replica');
    const scansBefore = await standbyScans('items');
    for (const url of [
      `/api/global-stock/?location=${mad}`,
      `/api/global-item-stock/?location=${mad}`,
      `/api/alarms/?location=${mad}`,
    ]) {
      const r = await get(url, admin);
      expect(r.statusCode, `${url}: ${r.body.slice(0, 200)}`).toBe(200);
    }
    await expect.poll(() => standbyScans('items'), { timeout: 10_000, interval: 100 }).toBeGreaterThan(scansBefore);
  });

  it('writes on the primary: the writer sees the write at once, the others once the standby has replayed it', async () => {
    await createOrder('RR-1');
    // The writer's reads go to the primary until the standby has the write (read-your-writes).
    expect(await listed(admin)).toContain('RR-1');
    await expect.poll(() => standbyHas('RR-1'), { timeout: 10_000, interval: 50 }).toBe(true);
    await expect.poll(async () => (await listed(brand)).includes('RR-1'), { timeout: 10_000, interval: 50 }).toBe(true);
    await expect.poll(async () => (await health()).reads_from, { timeout: 10_000, interval: 50 }).toBe('replica');
  });

  it('reads on the primary while the standby lags (replay paused), and on the standby again once it catches up', async () => {
    const standby = (pair as ReplicaPair).standby;
    await standby.query('select pg_wal_replay_pause()');
    await expect
      .poll(async () => (await standby.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state'))[0]?.state, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe('paused');
    await createOrder('RR-2');
    expect(await standbyHas('RR-2')).toBe(false);
    // Another user's list shows it within the lag bound: it can only come from the primary (the standby lacks it).
    await expect.poll(async () => (await listed(brand)).includes('RR-2'), { timeout: MAX_LAG_MS * 5, interval: 50 }).toBe(true);
    expect(await standbyHas('RR-2')).toBe(false);
    expect(await health()).toMatchObject({ reads_from: 'primary', reason: 'lag' });
    expect((await health()).lag_ms).toBeGreaterThan(MAX_LAG_MS);
    await standby.query('select pg_wal_replay_resume()');
    await expect.poll(async () => (await health()).reads_from, { timeout: 10_000, interval: 50 }).toBe('replica');
    expect(await standbyHas('RR-2')).toBe(true);
  });

  it('answers lists and statistics from the primary when the standby is stopped', async () => {
    await (pair as ReplicaPair).standby.stop();
    expect(await listed(brand)).toEqual(expect.arrayContaining(['RR-1', 'RR-2']));
    expect((await get(`/api/locations/${mad}/statistics/`, brand)).statusCode).toBe(200);
    await expect.poll(async () => (await health()).reason, { timeout: 10_000, interval: 50 }).toBe('unreachable');
    expect((await health()).reads_from).toBe('primary');
    expect(await listed(brand)).toEqual(expect.arrayContaining(['RR-1', 'RR-2']));
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^rfid_db_read_replica_in_use 0$/m);
  });
});
