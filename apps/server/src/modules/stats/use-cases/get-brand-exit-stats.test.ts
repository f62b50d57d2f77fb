import { describe, expect, it } from 'vitest';
import { getBrandExitStats } from './get-brand-exit-stats.js';
import { clock, fakeFigures, fakeStatsRepo, statsUser as user } from './stats-fixtures.js';

describe('get brand exit stats (use case)', () => {
  it("answers the exit figures of movements and online orders leaving the brand's locations", async () => {
    const { repo } = fakeStatsRepo();
    const { figures, asked } = fakeFigures({
      exitFigures: async () => ({ orders: 5, pending: 2, avgSeconds: 1800, maxSeconds: null }),
    });
    const query = { date_start: '2026-11-01', date_end: '2026-11-10' };
    expect(await getBrandExitStats({ repo, figures, now: clock }, { user, brandId: 5, query })).toEqual({
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
    const { repo } = fakeStatsRepo();
    const { figures, asked } = fakeFigures();
    await expect(getBrandExitStats({ repo, figures, now: clock }, { user, brandId: 7, query: {} })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      text: { key: 'brand.not_found' },
    });
    expect(asked).toEqual([]);
  });
});
