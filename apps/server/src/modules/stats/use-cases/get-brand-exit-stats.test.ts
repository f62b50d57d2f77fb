import { describe, expect, it } from 'vitest';
import { getBrandExitStats } from './get-brand-exit-stats.js';
import { brandNotFound, brandStatsDeps, expectRefusedBeforeFigures, tenDays, statsUser as user } from './stats-fixtures.js';

describe('get brand exit stats (use case)', () => {
  it("answers the exit figures of movements and online orders leaving the brand's locations", async () => {
    const { deps, asked } = brandStatsDeps({
      exitFigures: async () => ({ orders: 5, pending: 2, avgSeconds: 1800, maxSeconds: null }),
    });
    expect(await getBrandExitStats(deps, { user, brandId: 5, query: tenDays })).toEqual({
      orders: 5,
      origin_pending_orders: 2,
      origin_daily_orders: 0.5, // 5 ÷ 10 days
      pending_orders: 2,
      daily_orders: 0.5,
      average_shipping_time: 0.5, // 1800 s
      max_shipping_time: null,
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-10T22:59:59.999Z',
    });
    expect(asked).toEqual([
      {
        method: 'exitFigures',
        range: {
          types: ['movement', 'online'],
          locationIds: [2, 3],
          from: new Date('2026-10-31T23:00:00Z'),
          to: new Date('2026-11-10T22:59:59.999Z'),
        },
      },
    ]);
  });

  it("refuses another company's brand (404)", async () => {
    await expectRefusedBeforeFigures(getBrandExitStats, { brandId: 7, query: {} }, brandNotFound);
  });
});
