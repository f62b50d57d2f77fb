import { describe, expect, it } from 'vitest';
import { isLate, toBoxDto } from '../orders/order-dto.js';
import type { BoxRow } from '../orders/orders.repository.js';
import { perDay } from '../stats/stats.rules.js';
import { canCancelEntry } from './movement-dto.js';
import { statsRange } from './outbound.shared.js';

describe('movement rules', () => {
  it('cancel: only when the origin verified boxes, the destination none, and not canceled yet', () => {
    expect(canCancelEntry({ originVerifiedBoxes: 1, destinationVerifiedBoxes: 0, destinationStatus: 0 })).toBe(true);
    expect(canCancelEntry({ originVerifiedBoxes: 0, destinationVerifiedBoxes: 0, destinationStatus: 0 })).toBe(false);
    expect(canCancelEntry({ originVerifiedBoxes: 2, destinationVerifiedBoxes: 1, destinationStatus: 1 })).toBe(false);
    expect(canCancelEntry({ originVerifiedBoxes: 1, destinationVerifiedBoxes: 0, destinationStatus: 4 })).toBe(false);
  });

  it('late: the estimate passed and the side has not happened', () => {
    const now = new Date('2026-04-01T12:00:00Z');
    expect(isLate(new Date('2026-04-01T11:00:00Z'), null, now)).toBe(true);
    expect(isLate(new Date('2026-04-01T13:00:00Z'), null, now)).toBe(false);
    expect(isLate(new Date('2026-04-01T11:00:00Z'), new Date('2026-04-01T11:30:00Z'), now)).toBe(false);
    expect(isLate(null, null, now)).toBe(false);
  });

  it('statistics range: default the last 30 days, days ≥ 1, start after end refused', () => {
    const now = new Date('2026-04-30T00:00:00Z');
    const r = statsRange({}, now);
    expect(r.to).toEqual(now);
    expect(r.days).toBe(30);
    expect(statsRange({ date_start: '2026-04-29 10:00:00', date_end: '2026-04-29 12:00:00' }, now).days).toBe(1);
    expect(() => statsRange({ date_start: '2026-05-01', date_end: '2026-04-01' }, now)).toThrow();
    expect(() => statsRange({ date_start: 'nope' }, now)).toThrow();
    expect(perDay(10, 3)).toBe(3.33);
  });

  it('a movement box seen from the exit shows the origin side unprefixed', () => {
    const row: BoxRow = {
      id: 1,
      codebar: 'B',
      orderId: 9,
      orderType: 'movement',
      orderCode: 'M',
      providerName: null,
      receptionId: 1,
      orderCreationDate: new Date('2026-04-01T10:00:00Z'),
      originStatus: 2,
      destinationStatus: 1,
      originReadingTime: new Date('2026-04-01T11:00:00Z'),
      destinationReadingTime: new Date('2026-04-02T10:00:00Z'),
      theoricalItemCount: 5,
      references: 1,
      originRealItemCount: 5,
      destinationRealItemCount: 3,
      originMatchedItemCount: 5,
      destinationMatchedItemCount: 3,
      originVerificationCount: 1,
      destinationVerificationCount: 2,
    };
    expect(toBoxDto(row, undefined, 'origin')).toMatchObject({
      status: 2,
      real_item_count: 5,
      verification_count: 1,
      waiting_time: 3600,
      percent: 100,
    });
    expect(toBoxDto(row, undefined, 'destination')).toMatchObject({
      status: 1,
      real_item_count: 3,
      verification_count: 2,
      percent: 60,
    });
  });
});
