import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createAuthRepository } from './auth.repository.js';
import { createLoginThrottle } from './login-throttle.js';

const signIn = (t: TestApp, body: Record<string, string>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/authtoken/', payload: body, remoteAddress });

/** Moves every failure back on the database's clock (the wait has passed, without sleeping). */
const waitPassed = async (t: TestApp, seconds: number) =>
  t.database.db.execute(sql`update login_failures set since = since - make_interval(secs => ${seconds})`);

describe('login throttle (issue 29: slows guessers, never locks the owner out)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('counts in the database: two processes share the counts, and a count is forgotten a day after its last failure', async () => {
    const repo = createAuthRepository(t.database.db);
    const one = createLoginThrottle({ repo, account: { free: 2, capSeconds: 60 } });
    const two = createLoginThrottle({ repo, account: { free: 2, capSeconds: 60 } });
    const keys = ['user:shared@x'];
    await one.recordFailure(keys);
    expect(await two.retryAfter(keys)).toBe(0);
    await two.recordFailure(keys);
    expect(await one.retryAfter(keys)).toBe(2);
    await one.recordFailure(keys);
    expect(await two.retryAfter(keys)).toBe(4);
    await waitPassed(t, 25 * 3600);
    expect(await one.retryAfter(keys)).toBe(0);
    await one.recordFailure(['user:other@x']);
    const left = rowsOf<{ key: string }>(
      await t.database.db.execute(sql`select key from login_failures where key like 'user:%x' order by key`),
    );
    expect(left.map((r) => r.key)).toEqual(['user:other@x']);
  });

  it('keeps a long key as its hash (an index entry has a size limit, a key has none)', async () => {
    const throttle = createLoginThrottle({ repo: createAuthRepository(t.database.db), account: { free: 0, capSeconds: 60 } });
    const long = `user:${'x'.repeat(100_000)}`;
    await throttle.recordFailure([long]);
    expect(await throttle.retryAfter([long])).toBe(4);
    expect(await throttle.retryAfter([`user:${'x'.repeat(99_999)}`])).toBe(0);
  });

  it('10 failures from one address; then the right password from a known client succeeds, and from an unknown client after the delay', async () => {
    const username = 'brand@demo.local';
    // The owner signed in from this browser before: it holds a known-client token.
    const first = await signIn(t, { username, password: 'demo1234' }, '198.51.100.40');
    expect(first.statusCode).toBe(200);
    const clientToken: string = first.json().client_token;
    expect(clientToken).toMatch(/^[\w-]{20,}$/);

    // The attacker: 10 wrong passwords from one address; after the 5 free ones, each only after its wait.
    const attacker = '203.0.113.66';
    const attack = async () => {
      const statuses: number[] = [];
      for (let i = 0; statuses.filter((s) => s === 400).length < 10; i++) {
        const r = await signIn(t, { username, password: `guess-${i}` }, attacker);
        statuses.push(r.statusCode);
        if (r.statusCode === 429) await waitPassed(t, Number(r.headers['retry-after'])); // a patient attacker
      }
      return statuses;
    };
    expect((await attack()).slice(0, 7)).toEqual([400, 400, 400, 400, 400, 429, 400]);

    // The right password from an unknown client elsewhere: delayed (429, Retry-After, the time in the message) …
    const unknown = await signIn(t, { username, password: 'demo1234' }, '198.51.100.41');
    expect(unknown.statusCode).toBe(429);
    const retryAfter = Number(unknown.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(unknown.json().message).toBe(
      `Too many failed login attempts. Try again in ${retryAfter} seconds (at ${unknown.json().params.at} UTC).`,
    );
    // Another user's known-client token is no pass for this account.
    const other = await signIn(t, { username: 'viewer@demo.local', password: 'demo1234' }, '198.51.100.42');
    const foreign = await signIn(t, { username, password: 'demo1234', client_token: other.json().client_token }, '198.51.100.42');
    expect(foreign.statusCode).toBe(429);

    // … but the owner's browser (known client), from any address, the attacker's included, signs in at once.
    const known = await signIn(t, { username, password: 'demo1234', client_token: clientToken }, attacker);
    expect(known.statusCode).toBe(200);
    expect(known.json().token).toMatch(/^[0-9a-f]{40}$/);
    // The token is replaced by a new one (one per browser): the old one is no longer known.
    expect(known.json().client_token).not.toBe(clientToken);

    // Again 10 failures; a known client's wrong password is still a failure (answered 400, not 429).
    await attack();
    const wrong = await signIn(t, { username, password: 'wrong', client_token: known.json().client_token }, attacker);
    expect(wrong.statusCode).toBe(400);
    // The unknown client is delayed, not refused forever: after the wait it signs in.
    const delayed = await signIn(t, { username, password: 'demo1234' }, '198.51.100.41');
    expect(delayed.statusCode).toBe(429);
    await waitPassed(t, Number(delayed.headers['retry-after']));
    const later = await signIn(t, { username, password: 'demo1234' }, '198.51.100.41');
    expect(later.statusCode).toBe(200);
  });

  it('an address that only slows: 25 failures of different accounts from one balancer address do not shut its users out', async () => {
    const balancer = '10.9.9.9';
    let refused = 0;
    for (let i = 0; i < 25; i++) {
      const r = await signIn(t, { username: `spray${i}@x.local`, password: 'wrong-password' }, balancer);
      if (r.statusCode === 429) {
        refused += 1;
        expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
        await waitPassed(t, Number(r.headers['retry-after']));
      }
    }
    expect(refused).toBeGreaterThan(0);
    // A user behind the balancer waits at most a minute, then signs in.
    const r = await signIn(t, { username: 'editor@demo.local', password: 'demo1234' }, balancer);
    if (r.statusCode === 429) {
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
      await waitPassed(t, Number(r.headers['retry-after']));
      expect((await signIn(t, { username: 'editor@demo.local', password: 'demo1234' }, balancer)).statusCode).toBe(200);
    } else expect(r.statusCode).toBe(200);
  });
});
