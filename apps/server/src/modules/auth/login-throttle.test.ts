import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle.js';

describe('login throttle', () => {
  it('blocks after the maximum of consecutive failures and forgets them after the window', () => {
    let now = 0;
    const throttle = createLoginThrottle({ maxFailures: 3, windowMs: 1000, now: () => now });
    const keys = ['ip:1', 'user:a'];
    for (let i = 0; i < 2; i++) throttle.recordFailure(keys);
    expect(throttle.isBlocked(keys)).toBe(false);
    throttle.recordFailure(keys);
    expect(throttle.isBlocked(keys)).toBe(true);
    expect(throttle.isBlocked(['user:a'])).toBe(true);
    expect(throttle.isBlocked(['user:b'])).toBe(false);
    now = 1001;
    expect(throttle.isBlocked(keys)).toBe(false);
  });

  it('a success resets the count', () => {
    const throttle = createLoginThrottle({ maxFailures: 2 });
    throttle.recordFailure(['k']);
    throttle.recordSuccess(['k']);
    throttle.recordFailure(['k']);
    expect(throttle.isBlocked(['k'])).toBe(false);
  });

  it('holds at most maxEntries keys: expired ones go first, then the oldest (issue 13, item 11)', () => {
    let now = 0;
    const throttle = createLoginThrottle({ maxFailures: 2, windowMs: 1000, maxEntries: 100, now: () => now });
    for (let i = 0; i < 10_000; i++) throttle.recordFailure([`ip:${i}`]);
    expect(throttle.size()).toBe(100);
    // The newest keys are still counted: a second failure blocks them.
    throttle.recordFailure(['ip:9999']);
    expect(throttle.isBlocked(['ip:9999'])).toBe(true);
    now = 2000;
    throttle.recordFailure(['ip:new']);
    expect(throttle.size()).toBeLessThanOrEqual(100);
    expect(throttle.isBlocked(['ip:9999'])).toBe(false);
  });
});
