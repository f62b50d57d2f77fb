import { and, count, eq, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seededDemo } from '../../test/seeded-demo.js';
import { orders, stockDaily } from '../schema/index.js';
import { seedStatsDemo } from './stats-demo.js';

/** The dashboard's demo: orders that explain the demo stock, and a daily history that ends at today's stock. */
describe('stats demo', () => {
  const demo = seededDemo([seedStatsDemo]);

  it('makes the dashboard of CD-MAD come alive: precision a little under 100, every donut with orders', async () => {
    const { t, center: cd, admin } = demo();
    const s = (await t.app.inject({ url: `/api/locations/${cd}/statistics/`, headers: { authorization: admin } })).json();
    expect(s.stock).toBeGreaterThan(0);
    // Two units of the last purchase never arrived: theoretical = stock + 2.
    expect(s.theorical_stock).toBe(s.stock + 2);
    expect(s.precision).toBeGreaterThanOrEqual(90);
    expect(s.precision).toBeLessThan(100);
    expect(s.entrys.correctly_received).toBeGreaterThan(0);
    expect(s.entrys.incorrectly_received).toBe(1);
    expect(s.entrys.waiting).toBe(2);
    expect(s.exits).toMatchObject({ incorrectly_exited: 0, waiting: 1 });
    expect(s.exits.correctly_exited).toBeGreaterThan(0);
    expect(s.online).toEqual({ sended: 6, waiting: 2 });
    expect(s.days_of_supply).toBeGreaterThan(0);
    expect(s.last_year_stock).toBeGreaterThan(0);
    expect(s.stock_evolution).not.toBeNull();
  });

  it('writes a history up to yesterday that ends near today’s stock', async () => {
    const { t, center: cd, admin } = demo();
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(stockDaily)
      .where(and(eq(stockDaily.locationId, cd), isNull(stockDaily.areaId)));
    expect(n).toBeGreaterThan(700);
    const g = (
      await t.app.inject({ url: `/api/locations/${cd}/graphstatistics/?module=stock`, headers: { authorization: admin } })
    ).json();
    const stock = g.series[0].data as number[];
    expect(stock.every((v) => v !== null)).toBe(true);
    const [yesterday, today] = stock.slice(-2) as [number, number];
    expect(Math.abs(yesterday - today) / today).toBeLessThan(0.1);
    const [{ n: demoOrders } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(like(orders.orderCode, 'DEMO-%'));
    expect(demoOrders).toBeGreaterThan(10);
  });
});
