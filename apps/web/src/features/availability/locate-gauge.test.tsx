// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { rssiPercent, rssiTrend } from './locate-page';

const read = (rssi: number | null) => ({ at: '2026-11-29T10:00:00.000Z', rssi, antenna: 1, device: 'HH-T01-01' });

describe('the locate gauge', () => {
  it('fills from −90 dBm (empty) to −30 dBm (full), clamped', () => {
    expect([-100, -90, -60, -30, -20].map(rssiPercent)).toEqual([0, 0, 50, 100, 100]);
  });

  it('tells stronger, weaker or the same (under 2 dB) from the two latest reads with an RSSI', () => {
    expect(rssiTrend([read(-50), read(-60)])).toBe('stronger');
    expect(rssiTrend([read(-60), read(null), read(-50)])).toBe('weaker');
    expect(rssiTrend([read(-50), read(-51)])).toBe('steady');
    expect(rssiTrend([read(-50)])).toBeNull();
    expect(rssiTrend([])).toBeNull();
  });
});
