import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

/** The lists' count policy (db/counts.ts, docs/adr/0004-list-counts.md), with the exact count capped at 8 rows (the demo admin's locations). */
const CAP = 8;

type Page = { count: number; count_is_estimate?: boolean; next: string | null; previous: string | null; results: unknown[] };

describe('list counts: exact up to the cap, then an estimate flagged count_is_estimate', () => {
  let t: TestApp;
  let items: number;
  let locations: number;
  const page = async (url: string): Promise<Page> => {
    const res = await t.call('GET', url, await t.login('admin@demo.local'));
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const countOf = async (query: string): Promise<number> =>
    Number(rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${query}`)))[0]?.n);

  beforeAll(async () => {
    t = await buildTestApp({ options: { exactCountLimit: CAP } });
    // The demo company's items and locations (the admin sees them all).
    items = await countOf('items where company_id = (select min(id) from companies)');
    // The admin's locations list, whole on one page (a page that ends the list counts itself).
    locations = (await page('/api/locations/?limit=100')).results.length;
  });
  afterAll(async () => t.close());

  it('has a list longer than the cap and one within it (else the tests below prove nothing)', () => {
    expect(items).toBeGreaterThan(CAP + 4);
    expect(locations).toBeGreaterThan(2);
    // At the cap exactly: the edge of the exact count.
    expect(locations).toBe(CAP);
  });

  it('estimates a count beyond the cap, never below what the paging has seen, and says so', async () => {
    const first = await page('/api/items/?limit=2');
    expect(first.count_is_estimate).toBe(true);
    expect(first.count).toBeGreaterThan(CAP);
    expect(first.results).toHaveLength(2);
    expect(first.next).not.toBeNull();
    // Deep in the list, past the cap: the count covers the rows seen and one more (the page is full).
    const deep = await page(`/api/items/?limit=2&offset=${CAP + 2}`);
    expect(deep.count_is_estimate).toBe(true);
    expect(deep.count).toBeGreaterThanOrEqual(CAP + 2 + 2 + 1);
    expect(deep.next).not.toBeNull();
  });

  it('counts exactly from the page that ends the list (no estimate there)', async () => {
    const last = await page(`/api/items/?limit=2&offset=${items - 1}`);
    expect(last.results).toHaveLength(1);
    expect(last).toMatchObject({ count: items, next: null });
    expect(last.count_is_estimate).toBeUndefined();
  });

  it('answers an empty page past the end with a count of at most its offset and no next page', async () => {
    const past = await page(`/api/items/?limit=2&offset=${items + 10}`);
    expect(past.results).toHaveLength(0);
    expect(past.count).toBeGreaterThan(CAP);
    expect(past.count).toBeLessThanOrEqual(items + 10);
    expect(past.next).toBeNull();
    expect(past.previous).not.toBeNull();
  });

  it('counts a list within the cap exactly, with no flag, however it is paged', async () => {
    const one = await page('/api/locations/?limit=1');
    expect(one).toMatchObject({ count: locations, results: [expect.anything()] });
    expect(one.next).not.toBeNull();
    expect(one.count_is_estimate).toBeUndefined();
    const all = await page('/api/locations/');
    expect(all).toMatchObject({ count: locations, next: null });
    expect(all.count_is_estimate).toBeUndefined();
  });

  it('counts a filtered huge list exactly when the filter leaves few rows', async () => {
    const [item] = (await page('/api/items/?limit=1')).results as { epc: string }[];
    const one = await page(`/api/items/?epc=${item?.epc}&limit=1`);
    expect(one).toMatchObject({ count: 1, next: null });
    expect(one.count_is_estimate).toBeUndefined();
  });

  it('estimates the stock-by-tag list (a raw SQL list) beyond the cap too', async () => {
    const stocked = await page('/api/global-item-stock/?epc__icontains=3&limit=2');
    expect(stocked.count_is_estimate).toBe(true);
    expect(stocked.count).toBeGreaterThan(CAP);
    expect(stocked.next).not.toBeNull();
  });
});
