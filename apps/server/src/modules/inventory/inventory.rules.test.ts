import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accuracyOf,
  CANCEL_ONLY_OPEN,
  canChangeState,
  estimatedMinutes,
  excessOf,
  missingOf,
  NOTHING_READ,
  progressOf,
  round2,
  VALIDATE_ONLY_PENDING,
} from './inventory.rules.js';

describe('inventory figures', () => {
  it('missing, excess, progress and accuracy of an inventory', () => {
    const counts = { expected: 10, read: 7, matched: 5 };
    expect(missingOf(counts)).toBe(5);
    expect(excessOf(counts)).toBe(2);
    expect(progressOf(counts)).toBe(50);
    expect(accuracyOf(counts)).toBe(41.67);
    expect(progressOf({ expected: 0, read: 3, matched: 0 })).toBe(100);
    expect(accuracyOf({ expected: 0, read: 0, matched: 0 })).toBe(100);
    expect(accuracyOf({ expected: 0, read: 3, matched: 0 })).toBe(0);
    expect(accuracyOf({ expected: 4, read: 4, matched: 4 })).toBe(100);
  });

  it('for any counts: progress and accuracy lie in 0..100, and are 100 exactly when nothing is missing (or in excess)', () => {
    const counts = fc
      .tuple(fc.nat(5000), fc.nat(5000), fc.nat(5000))
      .map(([expected, read, m]) => ({ expected, read, matched: Math.min(m, expected, read) }));
    fc.assert(
      fc.property(counts, (c) => {
        const progress = progressOf(c);
        const accuracy = accuracyOf(c);
        expect(progress).toBeGreaterThanOrEqual(0);
        expect(progress).toBeLessThanOrEqual(100);
        expect(accuracy).toBeGreaterThanOrEqual(0);
        expect(accuracy).toBeLessThanOrEqual(100);
        expect(progress === 100).toBe(missingOf(c) === 0 || c.expected === 0);
        expect(accuracy === 100).toBe(missingOf(c) === 0 && excessOf(c) === 0);
        // expected − missing = read − excess = matched
        expect(c.expected - missingOf(c)).toBe(c.read - excessOf(c));
      }),
    );
  });
});

describe('state changes (spec section 4)', () => {
  const read = { expected: 3, read: 2, matched: 2 };
  it('validate only a pending inventory that read something', () => {
    expect(canChangeState(0, 2, read)).toEqual({ ok: true });
    expect(canChangeState(1, 2, read)).toEqual({ ok: false, message: VALIDATE_ONLY_PENDING });
    expect(canChangeState(2, 2, read)).toEqual({ ok: false, message: VALIDATE_ONLY_PENDING });
    expect(canChangeState(3, 2, read)).toEqual({ ok: false, message: VALIDATE_ONLY_PENDING });
    expect(canChangeState(0, 2, { expected: 3, read: 0, matched: 0 })).toEqual({ ok: false, message: NOTHING_READ });
  });
  it('cancel a pending or computing inventory', () => {
    expect(canChangeState(0, 3, read)).toEqual({ ok: true });
    expect(canChangeState(1, 3, read)).toEqual({ ok: true });
    expect(canChangeState(0, 3, { expected: 0, read: 0, matched: 0 })).toEqual({ ok: true });
    expect(canChangeState(2, 3, read)).toEqual({ ok: false, message: CANCEL_ONLY_OPEN });
    expect(canChangeState(3, 3, read)).toEqual({ ok: false, message: CANCEL_ONLY_OPEN });
  });
});

describe('statistics', () => {
  it('estimated time: the stock at the validated inventories’ reading rate', () => {
    expect(estimatedMinutes({ stock: 1000, itemsRead: 400, minutes: 20 })).toBe(50);
    expect(estimatedMinutes({ stock: 10, itemsRead: 3, minutes: 7 })).toBe(23.33);
    expect(estimatedMinutes({ stock: 10, itemsRead: 0, minutes: 7 })).toBeNull();
    expect(estimatedMinutes({ stock: 10, itemsRead: 5, minutes: 0 })).toBeNull();
    expect(estimatedMinutes({ stock: 0, itemsRead: 5, minutes: 2 })).toBe(0);
  });
  it('round2 keeps null and two decimals', () => {
    expect(round2(null)).toBeNull();
    expect(round2(2.345678)).toBe(2.35);
    expect(round2(Number.NaN)).toBeNull();
  });
});
