import { DEFAULT_TIME_ZONE, dayOf, ExitAlarmStatus, ItemState } from '@rfid/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { exitAlarms, items, locations } from '../../db/schema/index.js';
import { seedShrinkDemo } from '../../db/seed/shrink-demo.js';
import * as adminTest from '../../test/admin-fixtures.js';
import type { TestApp } from '../../test/helpers.js';

/**
 * GET /api/locations/{id}/shrink/ and its CSV on the demo's weekly counts of T-MAD-01's stockroom (shrink-demo.ts: four
 * validated inventories of the last four weeks, 4 + 2 + 5 + 1 items lost) and one exit alarm marked lost.
 */
describe('shrink API', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let call: adminTest.CallAs;
  let store: number;
  let otherStore: number;
  let exitLostValue: number;
  const today = dayOf(new Date(), DEFAULT_TIME_ZONE);
  /** When the lost exit alarm was resolved (set before the tests). */
  let hourAgo = new Date();

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    const db = t.database.db;
    store = await adminTest.locationIdByCode(db, 'T-MAD-01');
    otherStore = await adminTest.locationIdByCode(db, 'T-VAL-01');
    await seedShrinkDemo(db);
    const [{ companyId } = { companyId: 0 }] = await db
      .select({ companyId: locations.companyId })
      .from(locations)
      .where(eq(locations.id, store));
    // An item of the store's floor walked out: its exit alarm marked lost an hour ago.
    const [item] = await db
      .select({ id: items.id, epc: items.epc, gtin: items.gtin })
      .from(items)
      .where(and(eq(items.locationId, store), eq(items.state, ItemState.Stocked), sql`${items.itemTypeId} is not null`))
      .limit(1);
    if (!item) throw new Error('no stocked item in T-MAD-01');
    hourAgo = new Date(Date.now() - 3_600_000);
    await db.insert(exitAlarms).values({
      companyId,
      locationId: store,
      itemId: item.id,
      epc: item.epc,
      gtin: item.gtin,
      itemState: ItemState.Stocked,
      firstReadAt: hourAgo,
      lastReadAt: hourAgo,
      status: ExitAlarmStatus.Lost,
      resolvedAt: hourAgo,
    });
    // And one still open: not shrink.
    await db.insert(exitAlarms).values({
      companyId,
      locationId: store,
      itemId: item.id + 1,
      epc: 'open-alarm',
      itemState: ItemState.Stocked,
      firstReadAt: hourAgo,
      lastReadAt: hourAgo,
      status: ExitAlarmStatus.Open,
    });
    const [price] = rowsOf<{ value: number }>(
      await db.execute(
        sql`select coalesce(it.price, 0)::float8 as value from items i left join item_types it on it.id = i.item_type_id where i.id = ${item.id}`,
      ),
    );
    exitLostValue = price?.value ?? 0;
  });
  afterAll(async () => t.close());

  it("answers the store's accuracy trend and shrink of the last 30 days, lost items valued at their GTIN's price", async () => {
    const r = await call('GET', `/api/locations/${store}/shrink/`, 'editor@demo.local');
    expect(r.statusCode, r.body).toBe(200);
    const report = r.json();
    expect(report).toMatchObject({ location_id: store, time_zone: 'Europe/Madrid', date_to: today, inventories: 4 });
    expect(report.days).toHaveLength(30);
    expect(report.trend).toHaveLength(4);
    for (const point of report.trend) {
      expect(point.area_description).toBe('Almacén tienda');
      expect(point.accuracy).toBe(Math.round((point.matched / point.expected) * 10_000) / 100);
    }
    expect(report.trend.map((p: { expected: number; matched: number }) => p.expected - p.matched)).toEqual([4, 2, 5, 1]);
    // What the engine moved to UNKNOWN, counted apart from the report's query.
    const [lost] = rowsOf<{ units: number; value: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as units, coalesce(sum(it.price), 0)::float8 as value
        from items i left join item_types it on it.id = i.item_type_id
        where i.state = ${ItemState.Unknown} and i.serial like '93_________'`),
    );
    expect(lost?.units).toBe(12);
    expect(report.shrink.inventory).toEqual({ units: 12, value: Math.round((lost?.value ?? 0) * 100) / 100 });
    expect(report.shrink.exit).toEqual({ units: 1, value: exitLostValue });
    expect(report.shrink.units).toBe(13);
    const days = report.days as { day: string; units: number; inventory_units: number; exit_units: number }[];
    expect(days.reduce((n, d) => n + d.units, 0)).toBe(13);
    // The store's day of an hour ago: yesterday between midnight and 1 a.m. in Madrid.
    expect(days.find((d) => d.day === dayOf(hourAgo, DEFAULT_TIME_ZONE))?.exit_units).toBe(1);
    const gtinUnits = (report.top_gtins as { units: number }[]).reduce((n, g) => n + g.units, 0);
    expect(gtinUnits).toBeLessThanOrEqual(13);
    expect(report.top_gtins[0].units).toBeGreaterThanOrEqual(report.top_gtins.at(-1).units);
    expect((report.top_sections as { units: number }[]).reduce((n, s) => n + s.units, 0)).toBe(13);
  });

  it('reads a period of days of its own; an empty one answers zeros and no accuracy', async () => {
    const r = await call('GET', `/api/locations/${store}/shrink/?date_from=2020-01-01&date_to=2020-01-31`, 'admin@demo.local');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ date_from: '2020-01-01', date_to: '2020-01-31', inventories: 0, accuracy: null });
    expect(r.json().shrink.units).toBe(0);
    expect(r.json().days).toHaveLength(31);
  });

  it('refuses dates that are not days, a period ending before it starts and one over a year, naming the field', async () => {
    const url = `/api/locations/${store}/shrink/`;
    for (const [query, field] of [
      ['date_from=2026-13-01', 'date_from'],
      ['date_to=yesterday', 'date_to'],
      ['date_from=2026-11-02T10:00:00Z', 'date_from'],
      ['date_from=2026-11-02&date_to=2026-11-01', 'date_from'],
      ['date_from=2024-01-01&date_to=2026-01-01', 'date_from'],
    ] as const) {
      const r = await call('GET', `${url}?${query}`, 'admin@demo.local');
      expect(r.statusCode, query).toBe(400);
      expect(Object.keys(r.json().errors), query).toEqual([field]);
    }
    const lang = await call('GET', `${url}csv/?lang=fr`, 'admin@demo.local');
    expect(lang.statusCode).toBe(400);
    expect(Object.keys(lang.json().errors)).toEqual(['lang']);
  });

  it('downloads the report as CSV for a Spanish spreadsheet (BOM, `;`, Spanish columns) or in English', async () => {
    const es = await call('GET', `/api/locations/${store}/shrink/csv/`, 'editor@demo.local');
    expect(es.statusCode, es.body).toBe(200);
    expect(es.headers['content-type']).toContain('text/csv');
    expect(es.headers['content-disposition']).toMatch(/filename="mermas_T-MAD-01_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(es.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = es.body.replace(/^\uFEFF/, '').split('\n');
    expect(lines[0]).toBe('Tipo;Desde;Hasta;Clave;Descripción;Sección;Esperados;Coincidentes;Exactitud %;Unidades;Valor');
    expect(lines[1]).toMatch(/^"total";"\d\d\/\d\d\/\d{4}";"\d\d\/\d\d\/\d{4}";"";"";"";;;\d+(,\d+)?;13;\d+(,\d+)?$/);
    expect(lines.filter((l) => l.startsWith('"inventario";'))).toHaveLength(4);
    const en = await call(
      'GET',
      `/api/locations/${store}/shrink/csv/?lang=en&date_from=2020-01-01&date_to=2020-01-02`,
      'admin@demo.local',
    );
    expect(en.statusCode).toBe(200);
    expect(en.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'Kind,From,To,Key,Description,Section,Expected,Matched,Accuracy %,Units,Value',
    );
  });

  it('refuses roles above 3, locations out of scope and other companies', async () => {
    await adminTest.expectRefusals(call, [
      [403, 'GET', `/api/locations/${store}/shrink/`, 'viewer@demo.local'],
      [403, 'GET', `/api/locations/${store}/shrink/csv/`, 'viewer@demo.local'],
      [404, 'GET', `/api/locations/${otherStore}/shrink/`, 'editor@demo.local'],
      [404, 'GET', `/api/locations/${otherStore}/shrink/csv/`, 'editor@demo.local'],
      [404, 'GET', `/api/locations/${foreign.locationId}/shrink/`, 'admin@demo.local'],
      [404, 'GET', `/api/locations/${foreign.locationId}/shrink/csv/`, 'admin@demo.local'],
    ]);
  });
});
