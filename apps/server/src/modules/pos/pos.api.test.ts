import { ItemState, PosWarning } from '@rfid/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { addReader, newEpcs, postSet } from '../movements/outbound-fixtures.js';
import { type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';

/** POS sales (mode 4) and returns (mode 5) end to end through POST /api/readingsets/, and their API. */
describe('POS', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string;
  let viewer: string; // role 5: T-MAD-01
  let printer: string; // role 4: CD-MAD, CD-BCN
  let store: number;
  let gtin: string;
  const sale = { device: 'POS-T01-01', key: demoDeviceKey('POS-T01-01') };
  let back: { device: string; key: string };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadInboundIds(t.database.db);
    [admin, viewer, printer] = await Promise.all(['admin', 'viewer', 'printer'].map((u) => t.login(`${u}@demo.local`)));
    store = ids.locations['T-MAD-01'] as number;
    gtin = ids.gtins[0]?.gtin as string;
    const key = await addReader(t.database.db, {
      companyId: ids.companyId,
      serialNumber: 'POS-T01-RET',
      mac: '02:00:00:00:05:01',
      locationId: store,
      areaId: ids.areaOf['T-MAD-01'] as number,
      workingMode: 5,
    });
    back = { device: 'POS-T01-RET', key };
  });
  afterAll(async () => t.close());

  const get = (auth: string, url: string) => t.app.inject({ url, headers: { authorization: auth } });

  it('a sale sells each item once; selling a SOLD tag again is flagged, not counted twice; a return stocks them again', async () => {
    const epcs = newEpcs(gtin, 3);
    const first = await postSet(t, { ...sale, epcs, at: '2026-04-10T10:00:00Z' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().claimed_by).toBe('pos-sale');
    const sold = await t.database.db.select().from(items).where(inArray(items.epc, epcs));
    expect(sold.every((i) => i.state === ItemState.Sold && i.areaId === null && i.locationId === null)).toBe(true);

    const again = newEpcs(gtin, 1);
    const second = await postSet(t, { ...sale, epcs: [epcs[0] as string, ...again], at: '2026-04-10T11:00:00Z' });
    expect(second.json().claimed_by).toBe('pos-sale');

    const list = (await get(viewer, `/api/locations/${store}/sales/`)).json();
    expect(list.count).toBe(2);
    const [latest, earliest] = list.results;
    expect(earliest).toMatchObject({ item_count: 3, destination_real_item_count: 3, warning_count: 0, destination: store });
    expect(latest).toMatchObject({ item_count: 2, destination_real_item_count: 1, warning_count: 1, destination_status: 2 });
    expect(latest.estimated_arrival_date).toBe('2026-04-10T11:00:00.000Z');

    const report = (await get(viewer, `/api/sales/${latest.id}/report/`)).json();
    expect(report.count).toBe(2);
    const flagged = report.results.find((i: { epc: string }) => i.epc === epcs[0]);
    expect(flagged).toMatchObject({ quantity: 0, warning: PosWarning.AlreadySold, gtin });
    expect(report.results.find((i: { epc: string }) => i.epc === again[0])).toMatchObject({ quantity: 1, warning: null });
    expect((await get(viewer, `/api/sales/${latest.id}/`)).json()).toMatchObject({ id: latest.id, kind: 'sale' });

    // filters
    expect((await get(admin, `/api/locations/${store}/sales/?end_time__gte=2026-04-10T10:30:00Z`)).json().count).toBe(1);
    expect((await get(admin, `/api/locations/${store}/sales/?id__contains=${earliest.id}`)).json().results[0].id).toBe(
      earliest.id,
    );
    expect((await get(admin, `/api/locations/${store}/sales/?end_time__lte=bad`)).statusCode).toBe(400);

    // a return of two sold items: they are STOCKED in the reader's area
    const ret = await postSet(t, { ...back, epcs: [epcs[1] as string, epcs[2] as string], at: '2026-04-11T10:00:00Z' });
    expect(ret.json().claimed_by).toBe('pos-return');
    const returned = await t.database.db
      .select()
      .from(items)
      .where(inArray(items.epc, [epcs[1] as string, epcs[2] as string]));
    expect(
      returned.every((i) => i.state === ItemState.Stocked && i.areaId === ids.areaOf['T-MAD-01'] && i.locationId === store),
    ).toBe(true);
    const returns = (await get(viewer, `/api/locations/${store}/returns/`)).json();
    expect(returns.results[0]).toMatchObject({ kind: 'return', item_count: 2, destination_real_item_count: 2 });
    expect(returns.results[0].estimated_end_time).toBe('2026-04-11T10:00:00.000Z');
    const returnReport = (await get(viewer, `/api/returns/${returns.results[0].id}/report/`)).json();
    expect(returnReport.results.every((i: { quantity: number }) => i.quantity === 1)).toBe(true);
    expect((await get(viewer, `/api/returns/${returns.results[0].id}/`)).statusCode).toBe(200);
    // a sale is not a return
    expect((await get(admin, `/api/returns/${latest.id}/`)).statusCode).toBe(404);
  });

  it('foreign locations are 404; unknown ids 404; bad ids 400', async () => {
    expect((await get(printer, `/api/locations/${store}/sales/`)).statusCode).toBe(404);
    expect((await get(printer, `/api/locations/${store}/returns/`)).statusCode).toBe(404);
    const sales = (await get(admin, `/api/locations/${store}/sales/`)).json();
    const id = sales.results[0].id;
    expect((await get(printer, `/api/sales/${id}/`)).statusCode).toBe(404);
    expect((await get(printer, `/api/sales/${id}/report/`)).statusCode).toBe(404);
    expect((await get(admin, '/api/sales/999999/')).statusCode).toBe(404);
    expect((await get(admin, '/api/sales/x/')).statusCode).toBe(400);
    expect((await get(admin, `/api/locations/${store}/sales/?limit=0`)).statusCode).toBe(400);
  });
});
