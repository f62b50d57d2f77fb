import { ItemState, onlinePercent } from '@rfid/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { addReader, createOutboundOrder, newEpcs, postSet } from '../movements/outbound-fixtures.js';
import { type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';

describe('online API and engine (mode 6)', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string;
  let editor: string; // role 3: CD-MAD, T-MAD-01, T-BCN-01
  let viewer: string; // role 5: T-MAD-01
  let gtin: string;
  let gtin2: string;
  let mad: number;
  let bcn: number;
  let exitReader: { device: string; key: string };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadInboundIds(t.database.db);
    [admin, editor, viewer] = await Promise.all(['admin', 'editor', 'viewer'].map((u) => t.login(`${u}@demo.local`)));
    gtin = ids.gtins[0]?.gtin as string;
    gtin2 = ids.gtins[1]?.gtin as string;
    mad = ids.locations['CD-MAD'] as number;
    bcn = ids.locations['CD-BCN'] as number;
    const key = await addReader(t.database.db, {
      companyId: ids.companyId,
      serialNumber: 'ONL-MAD-01',
      mac: '02:00:00:00:06:01',
      locationId: mad,
      areaId: ids.areaOf['CD-MAD'] as number,
      workingMode: 6,
    });
    exitReader = { device: 'ONL-MAD-01', key };
  });
  afterAll(async () => t.close());

  const call = (auth: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: auth }, ...(payload === undefined ? {} : { payload }) });

  it('online percent: above 100 becomes 0', () => {
    expect(onlinePercent(3, 4)).toBe(75);
    expect(onlinePercent(4, 4)).toBe(100);
    expect(onlinePercent(5, 4)).toBe(0);
    expect(onlinePercent(1, 0)).toBe(0);
  });

  it('POST /orders/: role 3 creates; validation; roles 4-5 and a foreign origin refused', async () => {
    const r = await call(editor, 'POST', '/api/orders/', { order_code: 'ONL-API-1', origin_id: mad, origin_status: 0 });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ type: 'online', origin: mad, origin_status: 0, num_boxes: 0, late: false });
    expect((await call(editor, 'POST', '/api/orders/', { origin_id: mad })).statusCode).toBe(400);
    expect((await call(viewer, 'POST', '/api/orders/', { order_code: 'X', origin_id: mad })).statusCode).toBe(403);
    const printer = await t.login('printer@demo.local');
    expect((await call(printer, 'POST', '/api/orders/', { order_code: 'X', origin_id: mad })).statusCode).toBe(403);
    expect((await call(editor, 'POST', '/api/orders/', { order_code: 'X', origin_id: bcn })).statusCode).toBe(404);
  });

  it('an online box read at the exit (mode 6): origin verified, items SOLD; dashboard, report and box with both percents', async () => {
    const { orderId, boxIds } = await createOutboundOrder(t, admin, {
      kind: 'online',
      origin: mad,
      code: 'ONL-ENG-1',
      estimatedExit: '2026-01-01 10:00:00',
      boxes: [
        { codebar: 'ONL-ENG-1-A', contents: [{ gtin, quantity: 2 }] },
        { codebar: 'ONL-ENG-1-B', contents: [{ gtin: gtin2, quantity: 1 }] },
      ],
    });
    const listed = (await call(admin, 'GET', `/api/locations/${mad}/v1/orders/?order_code__icontains=onl-eng-1`)).json();
    expect(listed.results[0]).toMatchObject({ id: orderId, late: true, origin_status: 0, item_count: 3 });

    const epcs = newEpcs(gtin, 3); // one more than expected
    const r = await postSet(t, { ...exitReader, codebar: 'ONL-ENG-1-A', epcs, at: '2026-04-05T12:00:00Z' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().claimed_by).toBe('verification');
    const sold = await t.database.db.select().from(items).where(inArray(items.epc, epcs));
    expect(sold.every((i) => i.state === ItemState.Sold && i.areaId === null && i.locationId === null)).toBe(true);

    const order = (await call(admin, 'GET', `/api/orders/${orderId}/`)).json();
    expect(order).toMatchObject({
      origin_status: 1,
      num_verified_boxes: 1,
      real_item_count: 3,
      exit_date: '2026-04-05T12:00:00.000Z',
      late: false,
    });
    const box = (await call(admin, 'GET', `/api/orders/${orderId}/boxes/${boxIds[0]}/`)).json();
    expect(box).toMatchObject({ status: 1, real_item_count: 3, theorical_item_count: 2, percent: 100, online_percent: 0 });
    const report = (await call(admin, 'GET', `/api/orders/${orderId}/report/?gtin__contains=${gtin}`)).json();
    expect(report.results[0]).toMatchObject({ gtin, real_quantity: 3, percent: 100, online_percent: 0 });
    const boxes = (await call(admin, 'GET', `/api/orders/${orderId}/boxes/?box__codebar__contains=1-B`)).json();
    expect(boxes).toMatchObject({ count: 1, results: [{ id: boxIds[1], status: 0, online_percent: 0 }] });
    expect((await call(admin, 'GET', `/api/orders/${orderId}/boxes/${boxIds[0]}/report/`)).json().count).toBe(1);

    // filters: status and exit date
    const byStatus = await call(admin, 'GET', `/api/locations/${mad}/v1/orders/?origin_status=1&exit_date__gte=2026-04-05`);
    expect(byStatus.json().results.map((o: { id: number }) => o.id)).toContain(orderId);
    const pending = await call(admin, 'GET', `/api/locations/${mad}/v1/orders/?report_type=verified&id__icontains=${orderId}`);
    expect(pending.json().count).toBe(0);
    expect((await call(admin, 'GET', `/api/locations/${mad}/v1/orders/?report_type=nope`)).statusCode).toBe(400);

    // delete refused once verified; a verified box is not deleted
    const del = await call(admin, 'DELETE', `/api/orders/${orderId}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Cannot delete the order. Check verifications.');
    expect((await call(admin, 'DELETE', `/api/orders/${orderId}/boxes/${boxIds[0]}/`)).statusCode).toBe(409);
    // the unread box is deleted: the order becomes fully verified (with errors)
    expect((await call(viewer, 'DELETE', `/api/orders/${orderId}/boxes/${boxIds[1]}/`)).statusCode).toBe(403);
    expect((await call(editor, 'DELETE', `/api/orders/${orderId}/boxes/${boxIds[1]}/`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/orders/${orderId}/`)).json()).toMatchObject({ origin_status: 2, num_boxes: 1 });

    // stats
    const stats = (await call(admin, 'GET', `/api/locations/${mad}/onlinestats/?date_start=2020-01-01`)).json();
    expect(stats.orders).toBeGreaterThanOrEqual(1);
    expect(stats.average_shipping_time).not.toBeNull();
  });

  it('detail pages: contents, receptions, GTIN, CSVs; foreign users get 404', async () => {
    const { orderId } = await createOutboundOrder(t, admin, {
      kind: 'online',
      origin: mad,
      code: 'ONL-DET-1',
      boxes: [{ codebar: '+ONL-DET-1-A', contents: [{ gtin, quantity: 4 }] }],
    });
    const contents = (await call(editor, 'GET', `/api/orders/${orderId}/contents/`)).json();
    expect(contents).toMatchObject({ count: 1, results: [{ codebar: '+ONL-DET-1-A', gtin, quantity: 4 }] });
    expect((await call(editor, 'GET', `/api/orders/${orderId}/receptions/`)).json().results[0].reception_code).toBe(
      'R-ONL-DET-1',
    );
    const typeId = ids.gtins[0]?.id as number;
    const detail = await call(editor, 'GET', `/api/orders/${orderId}/types/${typeId}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ order: { id: orderId }, item_type: { gtin }, line: { theorical_quantity: 4 } });
    const csv = await call(editor, 'GET', `/api/orders/${orderId}/csv/`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain("'+ONL-DET-1-A");
    expect((await call(editor, 'GET', `/api/orders/${orderId}/items-csv/`)).body.split('\n')[0]).toContain('online_percent');
    for (const url of [`/api/orders/${orderId}/`, `/api/orders/${orderId}/report/`, `/api/orders/${orderId}/csv/`]) {
      expect((await call(viewer, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(viewer, 'GET', `/api/locations/${mad}/v1/orders/`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', `/api/locations/${mad}/onlinestats/`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/orders/abc/')).statusCode).toBe(400);
    // delete of an unverified order (role 3)
    expect((await call(viewer, 'DELETE', `/api/orders/${orderId}/`)).statusCode).toBe(403);
    expect((await call(editor, 'DELETE', `/api/orders/${orderId}/`)).statusCode).toBe(204);
  });
});
