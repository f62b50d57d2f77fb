import { describe, expect, it } from 'vitest';
import { getBrandPurchaseStats } from './get-brand-purchase-stats.js';
import { brandNotFound, brandStatsDeps, expectRefusedBeforeFigures, tenDays, statsUser as user } from './stats-fixtures.js';

describe('get brand purchase stats (use case)', () => {
  it("answers the inbound figures of the brand's locations over 10 days, and today's of Madrid", async () => {
    const { deps, asked } = brandStatsDeps({
      inboundFigures: async () => ({
        orders: 12,
        avgDelaySeconds: 5400,
        avgReceptionSeconds: 9000,
        maxReceptionSeconds: 36_000,
        incorrect: 3,
        correct: 8,
        todayTotal: 4,
        todayPending: 1,
      }),
    });
    expect(await getBrandPurchaseStats(deps, { user, brandId: 5, query: tenDays })).toEqual({
      orders: 12,
      average_delay: 1.5, // 5400 s
      daily_orders: 1.2, // 12 ÷ 10 days
      reception_time: '2.50,9000',
      max_time: '10.00,36000',
      average_reception_time: 2.5,
      max_reception_time: 10,
      incorrect_daily_orders: 0.3,
      total_orders_for_today: 4,
      total_pending_orders_for_today: 1,
      correctly_received_porders: 8,
      incorrectly_received_porders: 3,
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-10T22:59:59.999Z',
    });
    expect(asked).toEqual([
      {
        method: 'inboundFigures',
        range: {
          locationIds: [2, 3],
          from: new Date('2026-10-31T23:00:00Z'),
          to: new Date('2026-11-10T22:59:59.999Z'),
          // Today: 29 November of Madrid.
          dayStart: new Date('2026-11-28T23:00:00Z'),
          dayEnd: new Date('2026-11-29T22:59:59.999Z'),
        },
      },
    ]);
  });

  it("refuses another company's brand before reading any figure", async () => {
    await expectRefusedBeforeFigures(getBrandPurchaseStats, { brandId: 7, query: {} }, brandNotFound);
  });
});
