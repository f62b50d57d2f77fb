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
});
