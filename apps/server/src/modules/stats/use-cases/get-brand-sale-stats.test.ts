import { describe, expect, it } from 'vitest';
import { getBrandSaleStats } from './get-brand-sale-stats.js';
import { brandRange, brandStatsDeps, expectRefusedBeforeFigures, tenDays, statsUser as user } from './stats-fixtures.js';

describe('get brand sale stats (use case)', () => {
  it("answers the POS sales and returns of the brand's locations, and per day of the range", async () => {
    const { deps, asked } = brandStatsDeps({
      saleFigures: async () => ({ sales: 25, itemsSold: 40, returns: 3, itemsReturned: 4 }),
    });
    expect(await getBrandSaleStats(deps, { user, brandId: 5, query: tenDays })).toEqual({
      sales: 25,
      items_sold: 40,
      returns: 3,
      items_returned: 4,
      daily_sales: 2.5, // 25 ÷ 10 days
      daily_items_sold: 4,
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-10T22:59:59.999Z',
    });
    expect(asked).toEqual([{ method: 'saleFigures', range: brandRange('2026-10-31T23:00:00Z', '2026-11-10T22:59:59.999Z') }]);
  });

  it('refuses an unreadable date (400 on date_end) before reading any figure', async () => {
    await expectRefusedBeforeFigures(
      getBrandSaleStats,
      { brandId: 5, query: { date_end: '2026-13-45' } },
      { code: 'VALIDATION', errors: { date_end: expect.any(Array) } },
    );
  });
});
