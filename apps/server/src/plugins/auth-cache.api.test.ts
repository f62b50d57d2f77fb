import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { rowsOf } from '../db/rows.js';
import { buildTwoProcesses, type TestApp } from '../test/helpers.js';
import { createTokenCache, hashToken } from './auth.js';

/**
 * Issue 15, item 4: each process keeps a token's user and scope a few seconds, and every process drops it at the commit
 * of a change to users, tokens, user locations (NOTIFY auth_changed, migration 0018) or locations (migration 0021).
 * Two apps on one database stand for two processes: the change is made through one, the next request goes to the other.
 */
describe('token cache', () => {
  let t: TestApp;
  let other: FastifyInstance;
  /** Long enough that only an eviction, never the time, can explain a change seen at once. */
  const config = { ...loadConfig(), authCacheMs: 60_000 };
  let close = async () => {};
  beforeAll(async () => {
    ({ t, other, close } = await buildTwoProcesses(config));
  });
  afterAll(async () => close());

  const codesSeenBy = async (app: FastifyInstance, token: string): Promise<string[]> => {
    const response = await app.inject({ method: 'GET', url: '/api/locations/?limit=100', headers: { authorization: token } });
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: { code: string }[] }).results.map((location) => location.code).sort();
  };

  it('a location taken from a user in one process is out of its scope in the other at once', async () => {
    const token = await t.login('viewer@demo.local');
    expect(await codesSeenBy(other, token)).toEqual(['T-MAD-01']);
    // Cached now in `other`; the change goes through the first app's database connection.
    await t.database.db.execute(sql`
      insert into user_locations (user_id, location_id)
      select u.id, l.id from users u, locations l where u.email = 'viewer@demo.local' and l.code = 'T-BCN-01'`);
    await expect.poll(() => codesSeenBy(other, token), { timeout: 2_000, interval: 20 }).toEqual(['T-BCN-01', 'T-MAD-01']);
    await t.database.db.execute(sql`
      delete from user_locations where location_id = (select id from locations where code = 'T-BCN-01')
        and user_id = (select id from users where email = 'viewer@demo.local')`);
    await expect.poll(() => codesSeenBy(other, token), { timeout: 2_000, interval: 20 }).toEqual(['T-MAD-01']);
  });

  it('a location moved out of the company is out of scope in the other process at once (its row was kept with the user)', async () => {
    const token = await t.login('admin@demo.local');
    const [row] = rowsOf<{ id: number; company_id: number }>(
      await t.database.db.execute(sql`select id, company_id from locations where code = 'T-BCN-01'`),
    );
    if (!row) throw new Error('no demo store T-BCN-01');
    const statistics = async () =>
      (await other.inject({ method: 'GET', url: `/api/locations/${row.id}/statistics/`, headers: { authorization: token } }))
        .statusCode;
    expect(await statistics()).toBe(200);
    expect(await statistics()).toBe(200); // read from the kept row now
    await t.database.db.execute(sql`
      with moved as (insert into companies (name) values ('Otra empresa') returning id)
      update locations set company_id = (select id from moved) where id = ${row.id}`);
    await expect.poll(statistics, { timeout: 2_000, interval: 20 }).toBe(404);
    await t.database.db.execute(sql`update locations set company_id = ${row.company_id} where id = ${row.id}`);
    await expect.poll(statistics, { timeout: 2_000, interval: 20 }).toBe(200);
  });

  /** A new token each time (t.login keeps one per user). */
  const signIn = async (email: string): Promise<string> => {
    const response = await t.call('POST', '/api/authtoken/', undefined, { username: email, password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    return `Token ${(response.json() as { token: string }).token}`;
  };

  it('a signed-out token and a deactivated user are refused by the other process at once', async () => {
    const token = await signIn('printer@demo.local');
    const health = (app: FastifyInstance, value: string) =>
      app.inject({ method: 'GET', url: '/api/locations/?limit=1', headers: { authorization: value } });
    expect((await health(other, token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/logout/', token)).statusCode).toBeLessThan(300);
    await expect.poll(async () => (await health(other, token)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);

    const second = await signIn('printer@demo.local');
    expect((await health(other, second)).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set is_active = false where email = 'printer@demo.local'`);
    await expect.poll(async () => (await health(other, second)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
    await t.database.db.execute(sql`update users set is_active = true where email = 'printer@demo.local'`);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: after its listening connection is cut, it listens again and evicts again',
    async () => {
      const token = await signIn('viewer@demo.local');
      expect(await codesSeenBy(other, token)).toEqual(['T-MAD-01']);
      const cut = await t.database.db.execute(sql`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`);
      expect(rowsOf(cut).length).toBeGreaterThan(0);
      // Listening again within a few seconds: a change is then seen at once again.
      await expect
        .poll(
          async () =>
            rowsOf<{ n: number }>(
              await t.database.db.execute(
                sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
              ),
            )[0]?.n,
          { timeout: 10_000, interval: 100 },
        )
        .toBeGreaterThan(0);
      await codesSeenBy(other, token);
      await t.database.db.execute(sql`
      insert into user_locations (user_id, location_id)
      select u.id, l.id from users u, locations l where u.email = 'viewer@demo.local' and l.code = 'T-BCN-01'`);
      await expect.poll(() => codesSeenBy(other, token), { timeout: 2_000, interval: 20 }).toEqual(['T-BCN-01', 'T-MAD-01']);
    },
  );

  it('keeps nothing while notifications may be missed, nothing past its time or past the token expiry', () => {
    const cache = createTokenCache(5_000);
    const user = {
      id: 1,
      companyId: 1,
      role: 5,
      editor: false,
      email: 'x@demo.local',
      locationIds: [1],
      assignedLocationIds: [1],
      tokenHash: hashToken('a'),
    };
    const far = new Date(Date.now() + 3_600_000);
    cache.set(user.tokenHash, user, far, cache.generation(), 0);
    expect(cache.get(user.tokenHash, 1)).toBeUndefined(); // not listening yet: not kept
    cache.setTrusted(true);
    const before = cache.generation();
    cache.clear(); // a change committed while the user was being read: what was read is not kept
    cache.set(user.tokenHash, user, far, before, 0);
    expect(cache.get(user.tokenHash, 1)).toBeUndefined();
    cache.set(user.tokenHash, user, far, cache.generation(), 0);
    expect(cache.get(user.tokenHash, 4_999)).toBe(user);
    expect(cache.get(user.tokenHash, 5_000)).toBeUndefined();
    cache.set(user.tokenHash, user, new Date(1_000), cache.generation(), 0);
    expect(cache.get(user.tokenHash, 999)).toBe(user);
    expect(cache.get(user.tokenHash, 1_000)).toBeUndefined();
    cache.set(user.tokenHash, user, far, cache.generation(), 0);
    cache.setTrusted(false); // the listening connection is cut: emptied
    expect(cache.get(user.tokenHash, 1)).toBeUndefined();
  });
});
