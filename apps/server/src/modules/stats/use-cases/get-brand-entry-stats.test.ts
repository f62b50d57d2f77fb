import { describe, expect, it } from 'vitest';
import { getBrandEntryStats } from './get-brand-entry-stats.js';
import { brandRange, brandStatsDeps, expectRefusedBeforeFigures, statsUser as user } from './stats-fixtures.js';

describe('get brand entry stats (use case)', () => {
  it("answers the movement entry figures of the brand's locations, per day over the default 30 days", async () => {
    const { deps, asked } = brandStatsDeps({
      entryFigures: async () => ({ orders: 60, pending: 4, avgSeconds: 7200, maxSeconds: 18_000 }),
    });
    expect(await getBrandEntryStats(deps, { user, brandId: 5, query: {} })).toEqual({
      orders: 60,
      destination_pending_orders: 4,
      destination_daily_orders: 2, // 60 ÷ 30 days
      average_reception_time: 2, // 7200 s
      max_reception_time: 5, // 18 000 s
      from: '2026-10-30T07:00:00.000Z',
      to: '2026-11-29T07:00:00.000Z',
    });
    expect(asked).toEqual([{ method: 'entryFigures', range: brandRange('2026-10-30T07:00:00Z', '2026-11-29T07:00:00Z') }]);
  });

  it('refuses a range that ends before it starts (400 on date_start)', async () => {
    await expectRefusedBeforeFigures(
      getBrandEntryStats,
      { brandId: 5, query: { date_start: '2026-11-10', date_end: '2026-11-01' } },
      { code: 'VALIDATION', errors: { date_start: ['common.date_start_after_end'] } },
    );
  });
});
