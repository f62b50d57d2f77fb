import { ItemState, PosWarning } from '@rfid/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, posTransactions, readingSets } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import type { TestApp } from '../../test/helpers.js';
import { addReaderAt, newEpcs, postSet } from '../movements/outbound-fixtures.js';
import { type InboundIds, openDemoApp } from '../orders/inbound-fixtures.js';

/**
 * Every POS endpoint (docs/design/outbound.md, "POS"): the sales and returns lists of a location
 * (11 per page; id__contains, end_time__gte/lte, order_by), a sale or return, and its items (100
 * per page; quantity 1, or 0 with a warning). POS calls only read, for every role that sees the
 * location: the refusals are a foreign location or transaction (404) and a bad id or query (400).
 */
describe('POS endpoints', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string; // role 1
  let editor: string; // role 3: CD-MAD, T-MAD-01, T-BCN-01
  let printer: string; // role 4: CD-MAD, CD-BCN (no store)
  let viewer: string; // role 5: T-MAD-01
  let store: number;
  let tbcn: number;
  let gtin: string;
  let gtin2: string;
  const saleReader = { device: 'POS-T01-01', key: demoDeviceKey('POS-T01-01') };
  let returnReader: { device: string; key: string };
  let bcnSaleReader: { device: string; key: string };
  /** 12 sales at T-MAD-01, sale i (1..12) of i EPCs ending on 2026-05-i 12:00 UTC. */
  const sales: { id: number; end: string; epcs: string[] }[] = [];
  let bcnSaleId: number;

  const get = (auth: string, url: string) => t.app.inject({ url: `/api${url}`, headers: { authorization: auth } });
  const ok = async (auth: string, url: string) => {
    const r = await get(auth, url);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const idsOf = (page: { results: { id: number }[] }) => page.results.map((r) => r.id);

  beforeAll(async () => {
    ({ t, ids, admin, editor, printer, viewer } = await openDemoApp());
    store = ids.locations['T-MAD-01'] as number;
    tbcn = ids.locations['T-BCN-01'] as number;
    gtin = ids.gtins[0]?.gtin as string;
    gtin2 = ids.gtins[1]?.gtin as string;
    returnReader = await addReaderAt(t.database.db, ids, {
      serialNumber: 'POS-EP-T01-RET',
      mac: '02:00:00:00:15:01',
      location: 'T-MAD-01',
      workingMode: 5,
    });
    bcnSaleReader = await addReaderAt(t.database.db, ids, {
      serialNumber: 'POS-EP-TBCN',
      mac: '02:00:00:00:14:01',
      location: 'T-BCN-01',
      workingMode: 4,
    });
    for (let i = 1; i <= 12; i += 1) {
      const epcs = newEpcs(i % 2 ? gtin : gtin2, i);
      const end = `2026-05-${String(i).padStart(2, '0')}T12:00:00Z`;
      const r = await postSet(t, { ...saleReader, epcs, at: end });
      expect(r.json().claimed_by).toBe('pos-sale');
      sales.push({ id: 0, end, epcs });
    }
    const rows = await t.database.db
      .select({ id: posTransactions.id, end: posTransactions.endTime })
      .from(posTransactions)
      .where(eq(posTransactions.locationId, store));
    for (const s of sales) s.id = (rows.find((r) => r.end.toISOString() === new Date(s.end).toISOString()) as { id: number }).id;
    const bcn = await postSet(t, { ...bcnSaleReader, epcs: newEpcs(gtin, 2), at: '2026-05-20T10:00:00Z' });
    expect(bcn.json().claimed_by).toBe('pos-sale');
    bcnSaleId = (
      (
        await t.database.db.select({ id: posTransactions.id }).from(posTransactions).where(eq(posTransactions.locationId, tbcn))
      )[0] as {
        id: number;
      }
    ).id;
  });
  afterAll(async () => t.close());

  it('every endpoint answers 401 without a user token (none, or a reader key)', async () => {
    const id = sales[0]?.id as number;
    for (const url of [
      `/locations/${store}/sales/`,
      `/sales/${id}/`,
      `/sales/${id}/report/`,
      `/locations/${store}/returns/`,
      `/returns/${id}/`,
      `/returns/${id}/report/`,
    ]) {
      for (const headers of [{}, { authorization: `Device ${saleReader.key}` }]) {
        expect((await t.app.inject({ url: `/api${url}`, headers })).statusCode, url).toBe(401);
      }
    }
  });

  describe('GET /locations/{id}/sales/', () => {
    it('11 per page, the latest sale first; next page', async () => {
      const first = await ok(viewer, `/locations/${store}/sales/`);
      expect(first.count).toBe(12);
      expect(first.results).toHaveLength(11);
      expect(idsOf(first)).toEqual(
        sales
          .map((s) => s.id)
          .reverse()
          .slice(0, 11),
      );
      expect(first.next).toContain('limit=11');
      expect(first.previous).toBeNull();
      const second = await ok(viewer, `/locations/${store}/sales/?offset=11`);
      expect(idsOf(second)).toEqual([sales[0]?.id]);
      expect(second.next).toBeNull();
    });

    it('the row: counts, times, device, location (spec "POS list row")', async () => {
      const s5 = sales[4] as { id: number; end: string };
      const page = await ok(viewer, `/locations/${store}/sales/?id__contains=${s5.id}`);
      expect(page.results.find((r: { id: number }) => r.id === s5.id)).toEqual({
        id: s5.id,
        kind: 'sale',
        origin_status: 3,
        destination_status: 3,
        destination_waiting_time: 5,
        item_count: 5,
        destination_real_item_count: 5,
        warning_count: 0,
        num_boxes: 0,
        destination_num_verified_boxes: 0,
        creation_date: '2026-05-05T11:59:55.000Z',
        start_time: '2026-05-05T11:59:55.000Z',
        end_time: '2026-05-05T12:00:00.000Z',
        estimated_arrival_date: '2026-05-05T12:00:00.000Z',
        destination: store,
        destination_description: 'Tienda Madrid Gran Vía',
        device: { id: expect.any(Number), serial_number: 'POS-T01-01' },
      });
    });

    it('order_by: end_time, -item_count, id; unknown fields fall back to the default', async () => {
      expect(idsOf(await ok(viewer, `/locations/${store}/sales/?order_by=end_time&limit=3`))).toEqual(
        sales.slice(0, 3).map((s) => s.id),
      );
      const bySize = await ok(viewer, `/locations/${store}/sales/?order_by=-item_count&limit=3`);
      expect(bySize.results.map((r: { item_count: number }) => r.item_count)).toEqual([12, 11, 10]);
      const byId = await ok(viewer, `/locations/${store}/sales/?order_by=id&limit=12`);
      expect(idsOf(byId)).toEqual([...sales.map((s) => s.id)].sort((a, b) => a - b));
      expect(idsOf(await ok(viewer, `/locations/${store}/sales/?order_by=color&limit=1`))).toEqual([sales[11]?.id]);
    });

    it('filters: end_time range, id__contains', async () => {
      const range = await ok(
        viewer,
        `/locations/${store}/sales/?end_time__gte=2026-05-03T00:00:00Z&end_time__lte=2026-05-06T00:00:00Z`,
      );
      expect(idsOf(range)).toEqual([sales[4]?.id, sales[3]?.id, sales[2]?.id]);
      expect((await ok(viewer, `/locations/${store}/sales/?end_time__gte=2026-05-12T12:00:00Z`)).count).toBe(1);
      expect((await ok(viewer, `/locations/${store}/sales/?end_time__lte=2026-05-01T11:59:59Z`)).count).toBe(0);
      const id = sales[7]?.id as number;
      const byId = await ok(viewer, `/locations/${store}/sales/?id__contains=${id}`);
      expect(idsOf(byId)).toContain(id);
      expect(byId.results.every((r: { id: number }) => String(r.id).includes(String(id)))).toBe(true);
      expect((await ok(viewer, `/locations/${store}/sales/?id__contains=999999`)).count).toBe(0);
    });

    it.each([
      ['end_time__gte=yesterday', 'end_time__gte'],
      ['end_time__lte=2026-02-31T25:00:00', 'end_time__lte'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
    ])('400 on %s names the field', async (query, field) => {
      const r = await get(viewer, `/locations/${store}/sales/?${query}`);
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json())).toContain(field);
    });

    it('a location the user does not see is 404, for every role; a bad id 400', async () => {
      expect((await get(printer, `/locations/${store}/sales/`)).statusCode).toBe(404);
      expect((await get(viewer, `/locations/${tbcn}/sales/`)).statusCode).toBe(404);
      expect((await get(admin, '/locations/999999/sales/')).statusCode).toBe(404);
      expect((await get(admin, '/locations/x/sales/')).statusCode).toBe(400);
      // in scope for the others; each location has only its own sales
      expect(idsOf(await ok(editor, `/locations/${tbcn}/sales/`))).toEqual([bcnSaleId]);
      expect((await ok(admin, `/locations/${store}/sales/`)).count).toBe(12);
      expect((await ok(admin, `/locations/${ids.locations['CD-MAD']}/sales/`)).count).toBe(0);
    });
  });

  describe('GET /sales/{id}/ and /sales/{id}/report/', () => {
    it('the sale and its items, quantity 1 each', async () => {
      const s3 = sales[2] as { id: number; epcs: string[] };
      expect(await ok(viewer, `/sales/${s3.id}/`)).toMatchObject({ id: s3.id, kind: 'sale', item_count: 3, warning_count: 0 });
      const report = await ok(viewer, `/sales/${s3.id}/report/`);
      expect(report.count).toBe(3);
      expect(report.results.map((i: { epc: string }) => i.epc)).toEqual(s3.epcs);
      expect(
        report.results.every(
          (i: { quantity: number; warning: null; gtin: string }) => i.quantity === 1 && i.warning === null && i.gtin === gtin,
        ),
      ).toBe(true);
      expect(report.results[0].lot).toBeTruthy();
      expect(report.results[0].description).toBeTruthy();
    });

    it('items: 100 per page', async () => {
      const epcs = newEpcs(gtin2, 101);
      expect((await postSet(t, { ...saleReader, epcs, at: '2026-06-01T10:00:00Z' })).json().claimed_by).toBe('pos-sale');
      const [big] = (await ok(viewer, `/locations/${store}/sales/?end_time__gte=2026-06-01T00:00:00Z`)).results;
      expect(big).toMatchObject({ item_count: 101, destination_real_item_count: 101 });
      const first = await ok(viewer, `/sales/${big.id}/report/`);
      expect(first.count).toBe(101);
      expect(first.results).toHaveLength(100);
      expect(first.next).toContain('limit=100');
      expect((await ok(viewer, `/sales/${big.id}/report/?offset=100`)).results.map((i: { epc: string }) => i.epc)).toEqual([
        epcs[100],
      ]);
    });

    it('warnings: a tag already SOLD and a non-GS1 tag are quantity 0, not moved, the sale marked with errors', async () => {
      const already = (sales[0] as { epcs: string[] }).epcs[0] as string;
      const fresh = newEpcs(gtin, 1);
      const unknown = 'E2801160600002091234ABCD';
      const r = await postSet(t, { ...saleReader, epcs: [already, ...fresh, unknown], at: '2026-06-02T10:00:00Z' });
      expect(r.json().claimed_by).toBe('pos-sale');
      const [row] = (await ok(viewer, `/locations/${store}/sales/?end_time__gte=2026-06-02T00:00:00Z`)).results;
      expect(row).toMatchObject({
        item_count: 3,
        destination_real_item_count: 1,
        warning_count: 2,
        origin_status: 2,
        destination_status: 2,
      });
      const report = await ok(viewer, `/sales/${row.id}/report/`);
      const byEpc = new Map(report.results.map((i: { epc: string }) => [i.epc, i]));
      expect(byEpc.get(already)).toMatchObject({ quantity: 0, warning: PosWarning.AlreadySold, gtin });
      expect(byEpc.get(fresh[0])).toMatchObject({ quantity: 1, warning: null });
      expect(byEpc.get(unknown)).toMatchObject({ quantity: 0, warning: PosWarning.UnknownEpc, gtin: null, item_type: null });
    });

    it('order_by=item_count sorts by the item_count shown (EPCs read, warnings included)', async () => {
      // the sale of 3 EPCs with 2 warnings counts 1 item: it sorts with the 3s, not with the 1s
      for (const [order, sign] of [
        ['item_count', 1],
        ['-item_count', -1],
      ] as const) {
        const page = await ok(viewer, `/locations/${store}/sales/?order_by=${order}&limit=100`);
        const shown = page.results.map((r: { item_count: number }) => r.item_count);
        expect(shown).toHaveLength(14);
        expect(shown).toEqual([...shown].sort((a, b) => sign * (a - b)));
      }
    });

    it('foreign, unknown, wrong kind: 404; bad id or paging: 400', async () => {
      const id = sales[0]?.id as number;
      for (const url of [`/sales/${id}/`, `/sales/${id}/report/`]) {
        expect((await get(printer, url)).statusCode, url).toBe(404);
        expect((await get(viewer, url.replace(String(id), String(bcnSaleId)))).statusCode, url).toBe(404);
        expect((await get(editor, url.replace(String(id), String(bcnSaleId)))).statusCode, url).toBe(200);
        expect((await get(admin, url.replace(String(id), '999999'))).statusCode, url).toBe(404);
        expect((await get(admin, url.replace(String(id), 'abc'))).statusCode, url).toBe(400);
        // a sale is not a return
        expect((await get(admin, url.replace('/sales/', '/returns/'))).statusCode, url).toBe(404);
      }
      const notFound = await get(printer, `/sales/${id}/`);
      expect(notFound.json().message).toBe('Sale not found.');
      expect((await get(admin, `/sales/${id}/report/?limit=0`)).statusCode).toBe(400);
      expect((await get(admin, `/sales/${id}/report/?offset=x`)).statusCode).toBe(400);
    });
  });

  describe('returns: /locations/{id}/returns/, /returns/{id}/, /returns/{id}/report/', () => {
    let returnId: number;
    it('a return of sold items stocks them in the reader area; a never-sold tag is flagged', async () => {
      const sold = (sales[3] as { epcs: string[] }).epcs.slice(0, 3);
      const stocked = newEpcs(gtin, 1);
      // the "stocked" tag: a return makes it STOCKED first, so the second return flags it
      expect((await postSet(t, { ...returnReader, epcs: stocked, at: '2026-06-10T09:00:00Z' })).json().claimed_by).toBe(
        'pos-return',
      );
      const r = await postSet(t, { ...returnReader, epcs: [...sold, ...stocked], at: '2026-06-10T10:00:00Z' });
      expect(r.json().claimed_by).toBe('pos-return');
      const back = await t.database.db.select().from(items).where(inArray(items.epc, sold));
      expect(
        back.every((i) => i.state === ItemState.Stocked && i.locationId === store && i.areaId === ids.areaOf['T-MAD-01']),
      ).toBe(true);

      const list = await ok(viewer, `/locations/${store}/returns/`);
      expect(list.count).toBe(2);
      const [latest, earliest] = list.results;
      expect(earliest).toMatchObject({ kind: 'return', item_count: 1, destination_real_item_count: 1, warning_count: 0 });
      expect(latest).toMatchObject({
        kind: 'return',
        item_count: 4,
        destination_real_item_count: 3,
        warning_count: 1,
        destination_status: 2,
        end_time: '2026-06-10T10:00:00.000Z',
        estimated_end_time: '2026-06-10T10:00:00.000Z',
        device: { serial_number: 'POS-EP-T01-RET' },
      });
      expect(latest).not.toHaveProperty('estimated_arrival_date');
      returnId = latest.id;
      const report = await ok(viewer, `/returns/${returnId}/report/`);
      expect(report.count).toBe(4);
      expect(report.results.filter((i: { quantity: number }) => i.quantity === 1).map((i: { epc: string }) => i.epc)).toEqual(
        sold,
      );
      expect(report.results.find((i: { epc: string }) => i.epc === stocked[0])).toMatchObject({
        quantity: 0,
        warning: PosWarning.NotSold,
      });
      expect(await ok(viewer, `/returns/${returnId}/`)).toEqual(latest);
      // the sales list does not show returns
      expect(idsOf(await ok(viewer, `/locations/${store}/sales/?limit=100`))).not.toContain(returnId);
    });

    it('filters, ordering and validation of the returns list', async () => {
      expect((await ok(viewer, `/locations/${store}/returns/?end_time__gte=2026-06-10T09:30:00Z`)).count).toBe(1);
      expect((await ok(viewer, `/locations/${store}/returns/?end_time__lte=2026-06-10T09:30:00Z`)).count).toBe(1);
      expect(idsOf(await ok(viewer, `/locations/${store}/returns/?id__contains=${returnId}`))).toContain(returnId);
      const asc = await ok(viewer, `/locations/${store}/returns/?order_by=end_time`);
      expect(asc.results.map((r: { item_count: number }) => r.item_count)).toEqual([1, 4]);
      expect((await get(viewer, `/locations/${store}/returns/?end_time__gte=x`)).statusCode).toBe(400);
      expect((await get(viewer, `/locations/${store}/returns/?limit=1001`)).statusCode).toBe(400);
    });

    it('foreign, unknown, wrong kind: 404; bad id: 400', async () => {
      expect((await get(printer, `/locations/${store}/returns/`)).statusCode).toBe(404);
      expect((await get(viewer, `/locations/${tbcn}/returns/`)).statusCode).toBe(404);
      expect((await ok(editor, `/locations/${tbcn}/returns/`)).count).toBe(0);
      for (const url of [`/returns/${returnId}/`, `/returns/${returnId}/report/`]) {
        expect((await get(printer, url)).statusCode, url).toBe(404);
        expect((await get(admin, url.replace(String(returnId), '999999'))).statusCode, url).toBe(404);
        expect((await get(admin, url.replace(String(returnId), '-1'))).statusCode, url).toBe(400);
        expect((await get(admin, url.replace('/returns/', '/sales/'))).statusCode, url).toBe(404);
      }
      expect((await get(printer, `/returns/${returnId}/`)).json().message).toBe('Return not found.');
    });
  });

  it('an empty POS set stays a free reading set: no sale, no return', async () => {
    const before = (await ok(admin, `/locations/${store}/sales/?limit=1`)).count;
    const r = await postSet(t, { ...saleReader, epcs: [], at: '2026-07-01T10:00:00Z' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().claimed_by).toBeNull();
    expect((await ok(admin, `/locations/${store}/sales/?limit=1`)).count).toBe(before);
    const [set] = await t.database.db
      .select()
      .from(readingSets)
      .where(eq(readingSets.endTime, new Date('2026-07-01T10:00:00Z')));
    expect(set?.claimedBy).toBeNull();
  });
});
