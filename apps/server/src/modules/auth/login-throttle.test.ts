import { describe, expect, it } from 'vitest';
import { createLoginThrottle, delayAfter, type LoginThrottleRepository } from './login-throttle.js';

/** The throttle's rules on a fake repository with a clock of its own (the API test keeps the SQL honest). */
const fakeRepo = () => {
  let nowS = 0;
  const rows = new Map<string, { failures: number; last: number }>();
  const repo: LoginThrottleRepository = {
    async failureStates(keys, forgetMs) {
      return keys.flatMap((key) => {
        const row = rows.get(key);
        return row && nowS - row.last < forgetMs / 1000
          ? [{ key, failures: row.failures, secondsSinceLast: nowS - row.last }]
          : [];
      });
    },
    async recordFailures(keys, forgetMs) {
      for (const key of keys) {
        const row = rows.get(key);
        const fresh = row && nowS - row.last < forgetMs / 1000;
        rows.set(key, { failures: fresh ? row.failures + 1 : 1, last: nowS });
      }
    },
    async clearFailures(keys) {
      for (const key of keys) rows.delete(key);
    },
  };
  return { repo, advance: (seconds: number) => (nowS += seconds) };
};

describe('login throttle (rules)', () => {
  it('the delay doubles after the free failures and stops at the cap', () => {
    const rule = { free: 5, capSeconds: 900 };
    expect([1, 4, 5, 6, 7, 13, 14, 40].map((n) => delayAfter(n, rule))).toEqual([0, 0, 2, 4, 8, 512, 900, 900]);
  });

  it('an account waits 2^n seconds after its 5 free failures, then may try again', async () => {
    const { repo, advance } = fakeRepo();
    const throttle = createLoginThrottle({ repo });
    const keys = ['user:a@x'];
    for (let i = 0; i < 5; i++) {
      expect(await throttle.retryAfter(keys)).toBe(0);
      await throttle.recordFailure(keys);
    }
    // After the 5 free failures, the 6th attempt waits 2 seconds.
    expect(await throttle.retryAfter(keys)).toBe(2);
    advance(1);
    expect(await throttle.retryAfter(keys)).toBe(1);
    advance(1);
    expect(await throttle.retryAfter(keys)).toBe(0);
    await throttle.recordFailure(keys); // the 6th
    expect(await throttle.retryAfter(keys)).toBe(4);
  });

  it('never waits more than 15 minutes for an account, 1 minute for an address', async () => {
    const { repo } = fakeRepo();
    const throttle = createLoginThrottle({ repo });
    for (let i = 0; i < 60; i++) await throttle.recordFailure(['user:b@x', 'ip:10.0.0.1']);
    expect(await throttle.retryAfter(['user:b@x'])).toBe(900);
    expect(await throttle.retryAfter(['ip:10.0.0.1'])).toBe(60);
    // The longest wait of the keys of one attempt.
    expect(await throttle.retryAfter(['ip:10.0.0.1', 'user:b@x'])).toBe(900);
  });

  it('an address has 20 free failures (a balancer without TRUST_PROXY shares one among everyone)', async () => {
    const { repo } = fakeRepo();
    const throttle = createLoginThrottle({ repo });
    for (let i = 0; i < 19; i++) await throttle.recordFailure(['ip:10.0.0.2']);
    expect(await throttle.retryAfter(['ip:10.0.0.2'])).toBe(0);
    await throttle.recordFailure(['ip:10.0.0.2']);
    expect(await throttle.retryAfter(['ip:10.0.0.2'])).toBe(2);
  });

  it('a success clears its own keys only; failures are forgotten a day after the last', async () => {
    const { repo, advance } = fakeRepo();
    const throttle = createLoginThrottle({ repo });
    for (let i = 0; i < 30; i++) await throttle.recordFailure(['user:c@x', 'ip:10.0.0.3']);
    await throttle.recordSuccess(['user:c@x']);
    expect(await throttle.retryAfter(['user:c@x'])).toBe(0);
    expect(await throttle.retryAfter(['ip:10.0.0.3'])).toBeGreaterThan(0);
    advance(24 * 3600);
    await throttle.recordFailure(['ip:10.0.0.3']);
    expect(await throttle.retryAfter(['ip:10.0.0.3'])).toBe(0); // one failure of a new count
  });
});
