import { describe, expect, it } from 'vitest';
import { createNotifiedCache } from './notified-cache.js';

describe('notified cache', () => {
  it('keeps nothing until notifications arrive, then keeps a value its time', () => {
    const cache = createNotifiedCache<string>(1_000);
    cache.set('a', 'A', cache.generation(), { now: 0 });
    expect(cache.get('a', 1)).toBeUndefined();
    cache.setTrusted(true);
    cache.set('a', 'A', cache.generation(), { now: 0 });
    expect(cache.get('a', 999)).toBe('A');
    expect(cache.get('a', 1_000)).toBeUndefined();
  });

  it('keeps a value no longer than its own end', () => {
    const cache = createNotifiedCache<string>(1_000);
    cache.setTrusted(true);
    cache.set('a', 'A', cache.generation(), { now: 0, until: 100 });
    expect(cache.get('a', 99)).toBe('A');
    expect(cache.get('a', 100)).toBeUndefined();
  });

  it('drops everything at a notification, and a value read before it is not kept', () => {
    const cache = createNotifiedCache<string>(1_000);
    cache.setTrusted(true);
    cache.set('a', 'A', cache.generation(), { now: 0 });
    const since = cache.generation();
    cache.clear(); // a change committed while 'b' was being read
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('b', 'B', since, { now: 1 });
    expect(cache.get('b', 2)).toBeUndefined();
  });

  it('is emptied and unused while the listening connection is cut', () => {
    const cache = createNotifiedCache<string>(1_000);
    cache.setTrusted(true);
    cache.set('a', 'A', cache.generation(), { now: 0 });
    cache.setTrusted(false);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', 'A', cache.generation(), { now: 1 });
    expect(cache.get('a', 2)).toBeUndefined();
  });
});
