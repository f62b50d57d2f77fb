import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { locations } from '../schema/index.js';
import { seedReturnsDemo } from './returns-demo.js';
import { seedStatsDemo } from './stats-demo.js';
import { seedStockDemo } from './stock-demo.js';

type Page = { count: number; results: Array<{ id: number }> };

/** The demo's POS tickets and returns: their lists and details have rows, and the stock the other demos left stays. */
describe('returns demo', () => {
  let t: TestApp;
  let admin: string;
  const site = { cd: 0, store: 0 };
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ url: `/api${url}`, headers: { authorization: admin } });
    expect(response.statusCode, url).toBe(200);
    return response.json() as T;
  };
  const stockOf = async (id: number) => (await get<{ stock: number }>(`/locations/${id}/statistics/`)).stock;
  let before = { cd: 0, store: 0 };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    await seedStockDemo(db);
    await seedStatsDemo(db);
    admin = await t.login('admin@demo.local');
    for (const [key, code] of [
      ['cd', 'CD-MAD'],
      ['store', 'T-MAD-01'],
    ] as const) {
      site[key] = (await db.select({ id: locations.id }).from(locations).where(eq(locations.code, code)))[0]?.id ?? 0;
    }
    before = { cd: await stockOf(site.cd), store: await stockOf(site.store) };
    await seedReturnsDemo(db);
    // Three demos seeded, then statistics read: longer than the default hook time on a busy machine.
  }, 180_000);
  afterAll(async () => t?.close());

  it('leaves the stock of CD-MAD and T-MAD-01 as it was', async () => {
    expect(before.cd).toBeGreaterThan(0);
    expect({ cd: await stockOf(site.cd), store: await stockOf(site.store) }).toEqual(before);
  });

  it('gives T-MAD-01 a POS sale of 3 items and a return with a line it could not take back', async () => {
    const sales = await get<Page>(`/locations/${site.store}/sales/`);
    expect(sales.count).toBe(1);
    const sold = await get<{ results: Array<{ quantity: number }> }>(`/sales/${sales.results[0]?.id}/report/`);
    expect(sold.results.map((line) => line.quantity)).toEqual([1, 1, 1]);
    const returns = await get<Page>(`/locations/${site.store}/returns/`);
    expect(returns.count).toBe(1);
    const returned = await get<{ results: Array<{ quantity: number; warning: string | null }> }>(
      `/returns/${returns.results[0]?.id}/report/`,
    );
    expect(returned.results.map((line) => [line.quantity, line.warning]).sort()).toEqual([
      [0, 'not_sold'],
      [1, null],
    ]);
  });

  it('gives CD-MAD a provider return and a sale return, each with item lines', async () => {
    for (const kind of ['provider_returns', 'sale_returns']) {
      const list = await get<Page>(`/locations/${site.cd}/${kind}/`);
      expect(list.count, kind).toBe(1);
      const detail = await get<{ real_item_count: number }>(`/${kind}/${list.results[0]?.id}/`);
      expect(detail.real_item_count, kind).toBeGreaterThan(0);
    }
  });
});
