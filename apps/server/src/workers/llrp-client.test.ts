import { describe, expect, it } from 'vitest';
import { backoffDelay } from './llrp-client.js';
import { toSetRead } from './llrp-session.js';

describe('LLRP client rules', () => {
  it('backs off from 1 s, doubling, to at most 30 s, with ±25 % jitter', () => {
    const low = () => 0;
    const high = () => 0.999_999;
    expect(backoffDelay(0, 1_000, 30_000, low)).toBe(750);
    expect(backoffDelay(0, 1_000, 30_000, high)).toBe(1_250);
    expect(backoffDelay(3, 1_000, 30_000, () => 0.5)).toBe(8_000);
    expect(backoffDelay(5, 1_000, 30_000, () => 0.5)).toBe(30_000);
    expect(backoffDelay(50, 1_000, 30_000, high)).toBe(37_500);
  });

  it("dates a read by the tag's last seen time, else its first seen time, else its arrival (ms of µs)", () => {
    const arrival = new Date('2026-11-24T10:00:00.000Z');
    const tag = { epc: 'E2801170', antenna: 2, rssi: -55, firstSeenUs: null, lastSeenUs: null, seenCount: null, rospecId: null };
    expect(toSetRead(tag, arrival)).toEqual({ epc: 'E2801170', time: arrival, antenna: 2, rssi: -55 });
    const first = 1_764_000_000_123_456n;
    expect(toSetRead({ ...tag, firstSeenUs: first }, arrival).time.toISOString()).toBe('2025-11-24T16:00:00.123Z');
    expect(toSetRead({ ...tag, firstSeenUs: first, lastSeenUs: first + 2_000_999n }, arrival).time.getTime()).toBe(
      1_764_000_002_124,
    );
  });
});
