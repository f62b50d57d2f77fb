import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createAuthRepository } from './auth.repository.js';
import { createLoginThrottle } from './login-throttle.js';

/** The login throttle's counts live in the database: every process sees the same ones (issue 13, item 11). */
describe('login throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(async () => t?.close());

  it('blocks after the maximum of failures, for every process, and forgets them after the window', async () => {
    const repo = createAuthRepository(t.database.db);
    // Two "processes": two throttles on one database.
    const one = createLoginThrottle({ repo, maxFailures: 3, windowMs: 60_000 });
    const two = createLoginThrottle({ repo, maxFailures: 3, windowMs: 60_000 });
    const keys = ['ip:10.0.0.1', 'user:a@x'];
    await one.recordFailure(keys);
    await two.recordFailure(keys);
    expect(await one.isBlocked(keys)).toBe(false);
    await one.recordFailure(keys);
    expect(await two.isBlocked(keys)).toBe(true);
    expect(await two.isBlocked(['user:a@x'])).toBe(true);
    expect(await two.isBlocked(['user:b@x'])).toBe(false);
    // The window has passed (moved back on the database's clock): nothing counts any more, and the rows go.
    await t.database.db.execute(sql`update login_failures set since = now() - interval '2 minutes'`);
    expect(await one.isBlocked(keys)).toBe(false);
    await one.recordFailure(['ip:10.0.0.2']);
    expect(
      (await t.database.db.execute(sql`select key from login_failures order by key`)).rows.map((r) => (r as { key: string }).key),
    ).toEqual(['ip:10.0.0.2']);
  });

  it("a success clears only its own keys: the address's failures stand", async () => {
    const throttle = createLoginThrottle({ repo: createAuthRepository(t.database.db), maxFailures: 2 });
    await throttle.recordFailure(['ip:10.0.0.9', 'user:c@x']);
    await throttle.recordFailure(['ip:10.0.0.9', 'user:c@x']);
    await throttle.recordSuccess(['user:c@x']);
    expect(await throttle.isBlocked(['user:c@x'])).toBe(false);
    expect(await throttle.isBlocked(['ip:10.0.0.9'])).toBe(true);
  });

  it('keeps a long key as its hash (an index entry has a size limit, a key has none)', async () => {
    const throttle = createLoginThrottle({ repo: createAuthRepository(t.database.db), maxFailures: 1 });
    const long = `user:${'x'.repeat(100_000)}`;
    await throttle.recordFailure([long]);
    expect(await throttle.isBlocked([long])).toBe(true);
    expect(await throttle.isBlocked([`user:${'x'.repeat(99_999)}`])).toBe(false);
  });
});
