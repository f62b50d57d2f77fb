import { DEFAULT_TIME_ZONE, dayOf } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { countedStocks, inventories, items, locations, stockDaily, traces } from '../../db/schema/index.js';
import { demoReaders } from '../../test/demo-readers.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { addReaderAt, createOutboundOrder, newEpcs, postSet } from '../movements/outbound-fixtures.js';
import { createPurchaseOrder, type InboundIds, openDemoApp } from '../orders/inbound-fixtures.js';
import { configuredDashboards } from './use-cases/list-dashboards.js';

/** The demo's locations are in Europe/Madrid: their days are Madrid's. */
const madridDay = (moment: Date): string => dayOf(moment, DEFAULT_TIME_ZONE);
/**
 * The same calendar day a year before `day` (YYYY-MM-DD), worked out here with the calendar of Date and not by the
 * statistics' own sameDayLastYear (the code under test): 29 February, which a year before does not have, is 28 February.
 */
const yearBefore = (day: string): string => {
  const [year, month, date] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  const candidate = new Date(Date.UTC(year - 1, month - 1, date));
  const isSameMonth = candidate.getUTCMonth() === month - 1;
  return (isSameMonth ? candidate : new Date(Date.UTC(year - 1, month - 1, 28))).toISOString().slice(0, 10);
};

/**
 * The dashboard's statistics on real data: orders created through the API and read by readers
 * (a tunnel at CD-MAD, the expedition portal, an online exit reader, a POS), then every endpoint
 * of the stats module: its figures, the chart per module and granularity, the brand statistics,
 * the brand dashboards and the stock evolution, with their validation, role and scope refusals.
 */
describe('stats endpoints', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string; // role 1
  let brand: string; // role 2
  let editor: string; // role 3: CD-MAD, T-MAD-01, T-BCN-01
  let viewer: string; // role 5: T-MAD-01
  let cd: number;
  let store: number;
  let g1: string;
  let g2: string;
  let brandId: number;
  const { tunnel, exitPortal: portal, storeTill: pos } = demoReaders;
  let online: { device: string; key: string };
  const now = new Date();
  const today = madridDay(now);
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  /**
   * The Madrid calendar day `n` days before today. Not `now - n × 24 h`: across a daylight saving change that lands on
   * another day late in the evening (at 22:05 UTC, 61 × 24 h before 24 November is 25 September in Madrid).
   */
  const daysAgo = (n: number): string => {
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day - n)).toISOString().slice(0, 10);
  };

  const get = (auth: string, url: string) => t.app.inject({ url: `/api${url}`, headers: { authorization: auth } });
  const ok = async <T = Record<string, unknown>>(auth: string, url: string): Promise<T> => {
    const r = await get(auth, url);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  };
  const code = (() => {
    let n = 0;
    return (prefix: string) => `${prefix}-${++n}`;
  })();
  /** An order leaving CD-MAD (a movement to T-MAD-01, or an online order) with one box of `quantity` × `gtin`. */
  const shipFromCd = (kind: 'movement' | 'online', codebar: string, gtin: string, quantity: number) => {
    const boxes = [{ codebar, contents: [{ gtin, quantity }] }];
    return createOutboundOrder(
      t,
      admin,
      kind === 'movement'
        ? { kind, origin: cd, destination: store, code: code('ST-M'), boxes }
        : { kind, origin: cd, code: code('ST-O'), boxes },
    );
  };

  beforeAll(async () => {
    ({ t, ids, admin, brand, editor, viewer } = await openDemoApp());
    // From an empty stock (the inventory demo stocks items): every figure below is this file's own work.
    await t.database.db.delete(traces);
    await t.database.db.delete(countedStocks);
    await t.database.db.update(items).set({ state: 1, areaId: null, locationId: null });
    cd = ids.locations['CD-MAD'] as number;
    store = ids.locations['T-MAD-01'] as number;
    [g1, g2] = [ids.gtins[0]?.gtin as string, ids.gtins[1]?.gtin as string];
    brandId = ((await ok<{ brand: number }>(admin, `/locations/${cd}/`)).brand ?? 0) as number;
    online = await addReaderAt(t.database.db, ids, {
      serialNumber: 'STATS-ONL-01',
      mac: '02:00:00:00:33:01',
      location: 'CD-MAD',
      workingMode: 6,
    });

    // Inbound at CD-MAD. P1: box A 3×g1 read exactly, box B 2×g2 read with one tag → status 2
    // (with errors). P2: one box 2×g1 read exactly → status 3. P3: one box never read → waiting.
    const p1 = await createPurchaseOrder(t, admin, {
      locationId: cd,
      providerId: ids.providerId,
      code: code('ST-P'),
      boxes: [
        { codebar: 'ST-P1-A', contents: [{ gtin: g1, quantity: 3 }] },
        { codebar: 'ST-P1-B', contents: [{ gtin: g2, quantity: 2 }] },
      ],
    });
    expect(p1.boxIds).toHaveLength(2);
    const inA = newEpcs(g1, 3);
    expect((await postSet(t, { ...tunnel, codebar: 'ST-P1-A', epcs: inA, at: hourAgo })).statusCode).toBe(201);
    expect((await postSet(t, { ...tunnel, codebar: 'ST-P1-B', epcs: newEpcs(g2, 1), at: hourAgo })).statusCode).toBe(201);
    await createPurchaseOrder(t, admin, {
      locationId: cd,
      providerId: ids.providerId,
      code: code('ST-P'),
      boxes: [{ codebar: 'ST-P2-A', contents: [{ gtin: g1, quantity: 2 }] }],
    });
    const inP2 = newEpcs(g1, 2);
    await postSet(t, { ...tunnel, codebar: 'ST-P2-A', epcs: inP2, at: hourAgo });
    await createPurchaseOrder(t, admin, {
      locationId: cd,
      providerId: ids.providerId,
      code: code('ST-P'),
      boxes: [{ codebar: 'ST-P3-A', contents: [{ gtin: g2, quantity: 4 }] }],
    });
    // Stocked at CD-MAD: 3 + 1 + 2 = 6; received (expected contents): 3 + 2 + 2 = 7.

    // A movement CD-MAD → T-MAD-01: its box of 2×g1 leaves with two of the stocked tags (exit status 3).
    await shipFromCd('movement', 'ST-M1-A', g1, 2);
    expect((await postSet(t, { ...portal, codebar: 'ST-M1-A', epcs: inA.slice(0, 2), at: hourAgo })).json().claimed_by).toBe(
      'verification',
    );
    // A second movement never read (exit waiting).
    await shipFromCd('movement', 'ST-M2-A', g2, 1);
    // Online: one order shipped with one stocked tag (sent), one waiting.
    await shipFromCd('online', 'ST-O1-A', g1, 1);
    expect((await postSet(t, { ...online, codebar: 'ST-O1-A', epcs: inP2.slice(0, 1), at: hourAgo })).json().claimed_by).toBe(
      'verification',
    );
    await shipFromCd('online', 'ST-O2-A', g1, 1);
    // Now at CD-MAD: stocked 6 − 2 (in transit) − 1 (sold) = 3; theoretical 7 − 2 − 1 = 4.

    // A POS sale of 2 new tags at T-MAD-01 an hour ago.
    expect((await postSet(t, { ...pos, epcs: newEpcs(g2, 2), at: hourAgo })).json().claimed_by).toBe('pos-sale');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /locations/{id}/statistics/', () => {
    afterEach(async () => {
      await t.database.db.delete(stockDaily);
    });

    it('answers the figures of the location from its orders, reads and stock', async () => {
      const s = await ok<Record<string, unknown>>(admin, `/locations/${cd}/statistics/`);
      expect(s).toMatchObject({
        scope: { kind: 'location', id: cd, description: 'Centro de distribución Madrid' },
        stock: 3,
        theorical_stock: 4,
        // abs(3) / 4 × 100 = 75
        precision: 75,
        current_year_stock: 3,
        last_year_stock: null,
        stock_evolution: null,
        // items out in 30 days: the movement box (2) and the online box (1) → 3 / 30 a day → 3 ÷ 0.1 = 30 days
        items_out_30_days: 3,
        days_of_supply: 30,
        entrys: { correctly_received: 1, incorrectly_received: 1, waiting: 1 },
        exits: { correctly_exited: 1, incorrectly_exited: 0, waiting: 1 },
        online: { sended: 1, waiting: 1 },
      });
    });

    it('compares the stock with the snapshot of the same day a year ago (stock change with 2 decimals)', async () => {
      await t.database.db.insert(stockDaily).values([
        { day: yearBefore(today), locationId: cd, areaId: null, quantity: 7, theoreticalQuantity: 9 },
        // An older snapshot of T-MAD-01 within the month before a year ago counts for it.
        { day: madridDay(new Date(now.getTime() - 380 * 86_400_000)), locationId: store, areaId: null, quantity: 5 },
      ]);
      const s = await ok<Record<string, unknown>>(admin, `/locations/${cd}/statistics/`);
      // (3 − 7) / 7 × 100 = −57.142… → −57.14
      expect(s).toMatchObject({ last_year_stock: 7, stock_evolution: -57.14 });
      const st = await ok<Record<string, unknown>>(admin, `/locations/${store}/statistics/`);
      expect(st).toMatchObject({ last_year_stock: 5, stock: 0, stock_evolution: -100 });
    });

    it('the store: nothing stocked, the POS sale is its only outflow, the movement waits at its entry', async () => {
      const s = await ok<Record<string, unknown>>(viewer, `/locations/${store}/statistics/`);
      expect(s).toMatchObject({
        stock: 0,
        theorical_stock: 0,
        precision: 0,
        items_out_30_days: 2,
        days_of_supply: 0,
        entrys: { correctly_received: 0, incorrectly_received: 0, waiting: 2 },
      });
    });

    it('counts orders created in the range only', async () => {
      const s = await ok<Record<string, unknown>>(
        admin,
        `/locations/${cd}/statistics/?date_start=2020-01-01&date_end=2020-12-31`,
      );
      expect(s).toMatchObject({
        // The days of the location's zone (Europe/Madrid, CET in winter).
        date_start: '2019-12-31T23:00:00.000Z',
        date_end: '2020-12-31T22:59:59.999Z',
        entrys: { correctly_received: 0, incorrectly_received: 0, waiting: 0 },
        // the stock is always now
        stock: 3,
      });
    });

    it('refuses a bad date (400), a location the user does not see (404) and no token (401)', async () => {
      const bad = await get(admin, `/locations/${cd}/statistics/?date_start=yesterday`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.date_start).toBeDefined();
      const reversed = await get(admin, `/locations/${cd}/statistics/?date_start=2026-02-01&date_end=2026-01-01`);
      expect(reversed.statusCode).toBe(400);
      expect((await get(viewer, `/locations/${cd}/statistics/`)).statusCode).toBe(404);
      expect((await get(admin, '/locations/999999/statistics/')).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/locations/${cd}/statistics/` })).statusCode).toBe(401);
    });
  });

  describe('GET /locations/{id}/graphstatistics/', () => {
    afterEach(async () => {
      await t.database.db.delete(stockDaily);
    });

    it('stock by days: the snapshots, null without one, the stock now today; default the last 60 days', async () => {
      const d2 = daysAgo(2);
      const d5 = daysAgo(5);
      await t.database.db.insert(stockDaily).values([
        { day: d5, locationId: cd, areaId: null, quantity: 10, theoreticalQuantity: 12 },
        { day: d2, locationId: cd, areaId: null, quantity: 8, theoreticalQuantity: 9 },
        { day: d2, locationId: cd, areaId: ids.areaOf['CD-MAD'] as number, quantity: 8 },
      ]);
      const g = await ok<{
        module: string;
        granularity: string;
        date_start: string;
        date_end: string;
        x_axis: string[];
        series: { name: string; data: (number | null)[] }[];
      }>(admin, `/locations/${cd}/graphstatistics/`);
      expect(g).toMatchObject({ module: 'stock', granularity: 'day', date_end: today });
      expect(g.x_axis).toHaveLength(61);
      expect(g.x_axis[0]).toBe(g.date_start);
      expect(g.series.map((s) => s.name)).toEqual(['stock', 'theorical_stock']);
      const at = (day: string) => g.x_axis.indexOf(day);
      const [stock, theo] = g.series;
      expect([stock.data[at(d5)], theo.data[at(d5)]]).toEqual([10, 12]);
      expect([stock.data[at(d2)], theo.data[at(d2)]]).toEqual([8, 9]);
      expect(stock.data[at(daysAgo(3))]).toBeNull();
      expect([stock.data[at(today)], theo.data[at(today)]]).toEqual([3, 4]);
    });

    it('stock by months and years: the last snapshot of each bucket', async () => {
      await t.database.db.insert(stockDaily).values([
        { day: '2025-03-01', locationId: cd, areaId: null, quantity: 1 },
        { day: '2025-03-31', locationId: cd, areaId: null, quantity: 2 },
        { day: '2025-05-10', locationId: cd, areaId: null, quantity: 5 },
      ]);
      const months = await ok<{ x_axis: string[]; series: { data: (number | null)[] }[] }>(
        admin,
        `/locations/${cd}/graphstatistics/?module=stock&granularity=month&date_start=2025-02&date_end=2025-05`,
      );
      expect(months.x_axis).toEqual(['2025-02', '2025-03', '2025-04', '2025-05']);
      expect(months.series[0]?.data).toEqual([null, 2, null, 5]);
      const years = await ok<{ x_axis: string[]; series: { data: (number | null)[] }[] }>(
        admin,
        `/locations/${cd}/graphstatistics/?granularity=Years&date_start=2024&date_end=${today.slice(0, 4)}`,
      );
      expect(years.x_axis).toEqual(['2024', '2025', '2026']);
      // 2026 holds today: the stock now.
      expect(years.series[0]?.data).toEqual([null, 5, 3]);
    });

    it('inbound, outbound and online: orders per creation day by side status; pos: items sold and returned', async () => {
      const range = `granularity=day&date_start=${daysAgo(10)}&date_end=${today}`;
      const series = async (module: string) => {
        const g = await ok<{ x_axis: string[]; series: { name: string; data: number[] }[] }>(
          admin,
          `/locations/${cd}/graphstatistics/?module=${module}&${range}`,
        );
        const i = g.x_axis.indexOf(today);
        return Object.fromEntries(g.series.map((s) => [s.name, [s.data.reduce((a, b) => a + b, 0), s.data[i]]]));
      };
      expect(await series('inbound')).toEqual({
        correctly_received: [1, 1],
        incorrectly_received: [1, 1],
        waiting: [1, 1],
      });
      expect(await series('outbound')).toEqual({ correctly_exited: [1, 1], incorrectly_exited: [0, 0], waiting: [1, 1] });
      expect(await series('online')).toEqual({ sended: [1, 1], waiting: [1, 1] });
      const posStore = await ok<{ x_axis: string[]; series: { name: string; data: number[] }[] }>(
        viewer,
        `/locations/${store}/graphstatistics/?module=pos&${range}`,
      );
      expect(posStore.series.find((s) => s.name === 'sales')?.data.reduce((a, b) => a + b, 0)).toBe(2);
      expect(posStore.series.find((s) => s.name === 'returns')?.data.every((n) => n === 0)).toBe(true);
    });

    it('orders created on an earlier day fall in that day’s bucket', async () => {
      const created = daysAgo(3);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/porders/',
        headers: { authorization: admin },
        payload: {
          order_code: code('ST-P-OLD'),
          destination_id: cd,
          origin_id: ids.providerId,
          destination_status: 0,
          creation_date: `${created}T10:00:00Z`,
        },
      });
      expect(r.statusCode, r.body).toBe(201);
      const g = await ok<{ x_axis: string[]; series: { name: string; data: number[] }[] }>(
        admin,
        `/locations/${cd}/graphstatistics/?module=inbound&granularity=day&date_start=${daysAgo(10)}&date_end=${today}`,
      );
      expect(g.series.find((s) => s.name === 'waiting')?.data[g.x_axis.indexOf(created)]).toBe(1);
      await t.app.inject({ method: 'DELETE', url: `/api/porders/${r.json().id}/`, headers: { authorization: admin } });
    });

    it('refuses the ranges of spec section 5 and unknown values (400), a foreign location (404)', async () => {
      const bad = async (query: string, field: string) => {
        const r = await get(admin, `/locations/${cd}/graphstatistics/?${query}`);
        expect(r.statusCode, query).toBe(400);
        expect(Object.keys(r.json().errors ?? {}), query).toContain(field);
      };
      // days: at most 60 days apart
      await bad(`granularity=day&date_start=${daysAgo(61)}&date_end=${today}`, 'date_start');
      // start after today
      await bad(`granularity=day&date_start=${daysAgo(-2)}&date_end=${daysAgo(-3)}`, 'date_start');
      // start after end
      await bad('granularity=month&date_start=2025-06&date_end=2025-02', 'date_start');
      await bad('granularity=year&date_start=1950&date_end=2026', 'date_start');
      await bad('granularity=week', 'granularity');
      await bad('module=sales', 'module');
      await bad('date_start=2026-02-31', 'date_start');
      const sixty = await get(admin, `/locations/${cd}/graphstatistics/?date_start=${daysAgo(60)}&date_end=${today}`);
      expect(sixty.statusCode).toBe(200);
      expect((await get(viewer, `/locations/${cd}/graphstatistics/`)).statusCode).toBe(404);
    });
  });

  describe('GET /companies/{id}/statistics/ and graphstatistics', () => {
    it('sums every location of the company (role 1)', async () => {
      const s = await ok<Record<string, unknown>>(admin, `/companies/${ids.companyId}/statistics/`);
      // Received 7 at CD-MAD, shipped 2 (the movement, not received yet at T-MAD-01) and 1 (online).
      expect(s).toMatchObject({
        scope: { kind: 'company', id: ids.companyId, description: 'Moda Iberia S.L.' },
        stock: 3,
        theorical_stock: 4,
        precision: 75,
        items_out_30_days: 5,
        entrys: { correctly_received: 1, incorrectly_received: 1, waiting: 3 },
        exits: { correctly_exited: 1, incorrectly_exited: 0, waiting: 1 },
        online: { sended: 1, waiting: 1 },
      });
      const g = await ok<{ series: { name: string; data: number[] }[] }>(
        admin,
        `/companies/${ids.companyId}/graphstatistics/?module=online`,
      );
      expect(g.series.map((x) => x.data.reduce((a, b) => a + b, 0))).toEqual([1, 1]);
    });

    it('refuses roles 2 to 5 (403) and another company (404)', async () => {
      expect((await get(brand, `/companies/${ids.companyId}/statistics/`)).statusCode).toBe(403);
      expect((await get(viewer, `/companies/${ids.companyId}/graphstatistics/`)).statusCode).toBe(403);
      expect((await get(admin, `/companies/${ids.companyId + 1}/statistics/`)).statusCode).toBe(404);
      expect((await get(admin, `/companies/${ids.companyId}/statistics/?date_end=nope`)).statusCode).toBe(400);
    });
  });

  describe('brand statistics', () => {
    it('sums the brand’s locations for each statistic', async () => {
      const entries = await ok<Record<string, unknown>>(brand, `/brands/${brandId}/entries/statistics`);
      expect(entries).toMatchObject({ correctly_received: 1, incorrectly_received: 1 });
      expect(entries.orders).toBeGreaterThanOrEqual(3);
      const purchase = await ok<Record<string, unknown>>(admin, `/brands/${brandId}/purchasestats/`);
      expect(purchase).toMatchObject({ orders: 3, correctly_received_porders: 1, incorrectly_received_porders: 1 });
      expect(purchase.daily_orders).toBe(0.1);
      const exits = await ok<Record<string, unknown>>(admin, `/brands/${brandId}/exitstats`);
      // two movements and two online orders leave CD-MAD
      expect(exits).toMatchObject({ orders: 4, origin_pending_orders: 2 });
      expect(exits.average_shipping_time).not.toBeNull();
      const entry = await ok<Record<string, unknown>>(admin, `/brands/${brandId}/entrystats`);
      expect(entry).toHaveProperty('destination_pending_orders');
      const sales = await ok<Record<string, unknown>>(admin, `/brands/${brandId}/salestats`);
      expect(sales).toHaveProperty('items_sold');
      // The inventory demo's inventories of the brand's locations, counted here from the table.
      const since = new Date(Date.now() - 30 * 86_400_000);
      const own = (await t.database.db.select().from(inventories).innerJoin(locations, eq(locations.id, inventories.locationId)))
        .filter((r) => r.locations.brandId === brandId && r.inventories.startTime >= since)
        .map((r) => r.inventories);
      const validated = own.filter((i) => i.state === 2);
      const inventory = await ok<Record<string, number | null>>(admin, `/brands/${brandId}/inventorystats`);
      expect(inventory).toMatchObject({
        total_inventory_count: own.length,
        pending_inventories: own.filter((i) => i.state <= 1).length,
        validated_inventories: validated.length,
      });
      if (validated.length) {
        const accuracy =
          validated.reduce((sum, i) => {
            const union = i.expectedCount + i.readCount - i.matchedCount;
            return sum + (union > 0 ? (100 * i.matchedCount) / union : 100);
          }, 0) / validated.length;
        expect(inventory.avg_inventory_accuracy).toBeCloseTo(accuracy, 1);
      } else {
        expect(inventory.avg_inventory_time).toBeNull();
      }
    });

    it('refuses roles 3 to 5 (403), another brand (404) and a bad range (400)', async () => {
      expect((await get(editor, `/brands/${brandId}/purchasestats`)).statusCode).toBe(403);
      expect((await get(viewer, `/brands/${brandId}/salestats`)).statusCode).toBe(403);
      expect((await get(admin, '/brands/999999/exitstats')).statusCode).toBe(404);
      expect((await get(admin, `/brands/${brandId}/inventorystats?date_start=x`)).statusCode).toBe(400);
    });
  });

  describe('GET /dashboards/', () => {
    it('lists the configured brand dashboard, none when BRAND_DASHBOARD_URL is unset', async () => {
      expect(await ok(admin, '/dashboards/?description=Brand')).toEqual([]);
      // Another server, configured with a dashboard (BRAND_DASHBOARD_URL is read once, by config.ts).
      const url = 'https://bi.example.com/embed/brand?token=abc';
      const configured = await buildTestApp({ options: { config: { ...loadConfig({}), brandDashboardUrl: url } } });
      try {
        const as = async (email: string, path: string) =>
          (
            await configured.app.inject({
              method: 'GET',
              url: `/api${path}`,
              headers: { authorization: await configured.login(email) },
            })
          ).json() as unknown[];
        expect(await as('brand@demo.local', '/dashboards/?description=Brand')).toEqual([
          { id: 1, description: 'Brand', full_url: url },
        ]);
        expect(await as('admin@demo.local', '/dashboards/?description=Other')).toEqual([]);
        expect(await as('admin@demo.local', '/dashboards/')).toHaveLength(1);
      } finally {
        await configured.close();
      }
      // Only an http(s) page is a dashboard.
      expect(configuredDashboards('javascript:alert(1)')).toEqual([]);
      expect(configuredDashboards(url)).toHaveLength(1);
    });

    it('refuses roles 3 to 5 (403)', async () => {
      expect((await get(editor, '/dashboards/?description=Brand')).statusCode).toBe(403);
    });
  });

  describe('GET /stockev/', () => {
    beforeAll(async () => {
      const area = ids.areaOf['CD-MAD'] as number;
      await t.database.db.insert(stockDaily).values([
        ...Array.from({ length: 25 }, (_, i) => ({
          day: daysAgo(i + 1),
          locationId: cd,
          areaId: null,
          quantity: 100 + i,
          theoreticalQuantity: 110 + i,
        })),
        { day: daysAgo(1), locationId: cd, areaId: area, quantity: 100 },
        { day: daysAgo(1), locationId: store, areaId: null, quantity: 7 },
      ]);
    });
    afterAll(async () => {
      await t.database.db.delete(stockDaily);
    });

    it('pages the location totals, newest first (20 a page), and filters by location, area and day', async () => {
      const page = await ok<{ count: number; next: string | null; results: Record<string, unknown>[] }>(
        admin,
        `/stockev/?location=${cd}`,
      );
      expect(page.count).toBe(25);
      expect(page.results).toHaveLength(20);
      expect(page.next).toContain('offset=20');
      expect(page.results[0]).toMatchObject({
        day: daysAgo(1),
        location: cd,
        location_description: 'Centro de distribución Madrid',
        area: null,
        quantity: 100,
        theoretical_quantity: 110,
      });
      const oldest = await ok<{ results: { day: string }[] }>(admin, `/stockev/?location=${cd}&order_by=day&limit=1`);
      expect(oldest.results[0]?.day).toBe(daysAgo(25));
      const range = await ok<{ count: number }>(admin, `/stockev/?location=${cd}&day__gte=${daysAgo(5)}&day__lte=${daysAgo(2)}`);
      expect(range.count).toBe(4);
      const areas = await ok<{ count: number; results: { area_description: string }[] }>(
        admin,
        `/stockev/?location=${cd}&area__isnull=false`,
      );
      expect(areas.count).toBe(1);
      expect(areas.results[0]?.area_description).toBe('Muelle de recepción');
      expect((await ok<{ count: number }>(admin, '/stockev/')).count).toBe(26);
    });

    it('shows a viewer only its locations; refuses a foreign location (404) and a bad day (400)', async () => {
      const mine = await ok<{ count: number; results: { location: number }[] }>(viewer, '/stockev/');
      expect(mine.count).toBe(1);
      expect(mine.results[0]?.location).toBe(store);
      expect((await get(viewer, `/stockev/?location=${cd}`)).statusCode).toBe(404);
      expect((await get(admin, '/stockev/?day__gte=01/02/2026')).statusCode).toBe(400);
      expect((await get(admin, '/stockev/?order_by=quantity')).statusCode).toBe(400);
    });
  });
});
