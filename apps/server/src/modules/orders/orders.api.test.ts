import { gtinCheckDigit } from '@rfid/epc';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, orders } from '../../db/schema/index.js';
import { demoWorld } from '../../test/demo-world.js';
import { csvLinesOf } from '../../test/helpers.js';
import { createDemoPurchaseOrder, lineQuantities, readSet } from './inbound-fixtures.js';

describe('inbound API', () => {
  const demo = demoWorld();
  let g: string[];
  let mad: number;
  let bcn: number;
  /** Order A at CD-MAD: box 1 verified exactly, box 2 unread. Order B at CD-BCN (foreign to the editor). */
  let a: { orderId: number; receptionId: number; boxIds: number[] };
  let b: { orderId: number; receptionId: number; boxIds: number[] };
  let verificationId: number;

  const req = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: string, payload?: unknown) =>
    demo.t.call(method, url, auth, payload);

  beforeAll(async () => {
    g = demo.ids.gtins.map((x) => x.gtin);
    mad = demo.locationId('CD-MAD');
    bcn = demo.locationId('CD-BCN');
    a = await createDemoPurchaseOrder(demo.t, demo.editor, demo.ids, {
      location: 'CD-MAD',
      code: 'PO-A',
      estimated: '2026-01-10 10:00:00',
      boxes: [
        {
          codebar: 'A-1',
          contents: [
            { gtin: g[1] as string, quantity: 2 },
            { gtin: g[0] as string, quantity: 1 },
          ],
        },
        { codebar: 'A-2', contents: [{ gtin: g[2] as string, quantity: 1 }] },
      ],
    });
    b = await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
      location: 'CD-BCN',
      code: 'PO-B',
      boxes: [{ codebar: 'B-1', contents: [{ gtin: g[0] as string, quantity: 1 }] }],
    });
    // box A-1 read with its three units plus one unexpected GTIN → with errors
    await readSet(demo.t.database.db, demo.ids, {
      codebar: 'A-1',
      gtins: [g[1] as string, g[1] as string, g[0] as string, g[5] as string],
      at: new Date('2026-01-10T12:00:00Z'),
    });
    const list = (await req('GET', `/api/rboxes/${a.boxIds[0]}/verifications/`, demo.admin)).json();
    verificationId = list.results[0].id;
  });

  describe('POST /api/porders/', () => {
    it('creates a purchase order for roles 1 to 3', async () => {
      const r = await req('POST', '/api/porders/', demo.editor, {
        order_code: 'PO-NEW',
        destination_id: mad,
        origin_id: demo.ids.providerId,
        destination_status: 0,
        creation_date: '2026-01-01 09:00:00',
        estimated_arrival_date: '2026-01-05 09:00:00',
        container: 'C-1',
      });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({
        order_code: 'PO-NEW',
        destination_status: 0,
        destination: mad,
        origin: demo.ids.providerId,
        num_boxes: 0,
      });
      expect(r.json().provider_name).toBeTruthy();
    });
    it('validates the payload', async () => {
      const r = await req('POST', '/api/porders/', demo.editor, {
        destination_id: mad,
        origin_id: demo.ids.providerId,
        estimated_arrival_date: 'soon',
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors.order_code).toBeDefined();
      expect(r.json().errors.estimated_arrival_date).toBeDefined();
      const badProvider = await req('POST', '/api/porders/', demo.editor, {
        order_code: 'X',
        destination_id: mad,
        origin_id: 999999,
      });
      expect(badProvider.statusCode).toBe(400);
      expect(badProvider.json().errors.origin_id).toEqual(['Provider not found.']);
    });
    it('refuses roles 4 and 5', async () => {
      const payload = { order_code: 'X', destination_id: mad, origin_id: demo.ids.providerId };
      expect((await req('POST', '/api/porders/', demo.viewer, payload)).statusCode).toBe(403);
      expect((await req('POST', '/api/porders/', demo.printer, payload)).statusCode).toBe(403);
    });
    it('refuses a foreign location', async () => {
      const r = await req('POST', '/api/porders/', demo.editor, {
        order_code: 'X',
        destination_id: bcn,
        origin_id: demo.ids.providerId,
      });
      expect(r.statusCode).toBe(404);
    });
  });

  describe('GET /api/locations/{id}/v1/porders/', () => {
    it('lists with counts, 11 per page by default, and every dashboard filter', async () => {
      for (let i = 0; i < 11; i += 1) {
        await req('POST', '/api/porders/', demo.admin, {
          order_code: `BULK-${i}`,
          destination_id: mad,
          origin_id: demo.ids.providerId,
        });
      }
      const page = (await req('GET', `/api/locations/${mad}/v1/porders/?order_by=-creation_date`, demo.editor)).json();
      expect(page.count).toBeGreaterThan(11);
      expect(page.results).toHaveLength(11);
      expect(page.next).toContain('offset=11');

      const row = (await req('GET', `/api/locations/${mad}/v1/porders/?order_code__icontains=po-a`, demo.editor)).json();
      expect(row.count).toBe(1);
      expect(row.results[0]).toMatchObject({
        id: a.orderId,
        destination_status: 1,
        item_count: 4,
        real_item_count: 4,
        num_boxes: 2,
        num_verified_boxes: 1,
        arrival_date: '2026-01-10T12:00:00.000Z',
      });
      const q = (s: string) => req('GET', `/api/locations/${mad}/v1/porders/?${s}`, demo.editor).then((r) => r.json());
      expect((await q(`id__icontains=${a.orderId}&order_code__icontains=PO-A`)).count).toBe(1);
      expect((await q('destination_status=1')).results.map((o: { id: number }) => o.id)).toEqual([a.orderId]);
      expect((await q('report_type=pending&order_code__icontains=PO-A')).count).toBe(1);
      expect((await q('report_type=verified&order_code__icontains=PO-A')).count).toBe(0);
      expect((await q('arrival_date__gte=2026-01-10 00:00:00&arrival_date__lte=2026-01-10 23:59:59')).count).toBe(1);
      expect((await q('arrival_date__gte=2026-01-11 00:00:00')).count).toBe(0);
      const provider = (await req('GET', `/api/providers/${demo.ids.providerId}/`, demo.admin)).json();
      expect(
        (await q(`origin__name__icontains=${encodeURIComponent(provider.name.slice(0, 4))}&order_code__icontains=PO-A`)).count,
      ).toBe(1);
      expect((await q('origin__name__icontains=zzzz-nobody')).count).toBe(0);
    });
    it('answers the unfiltered page (prepared statements) as the same list built with an explicit order', async () => {
      const q = (s: string) => req('GET', `/api/locations/${mad}/v1/porders/?${s}`, demo.editor).then((r) => r.json());
      // The same orders in the same order, by the built query (an order_by) and by the prepared one (none).
      // waiting_time counts seconds until now: it moves between the two requests.
      const rows = (page: { results: Record<string, unknown>[] }) => page.results.map(({ waiting_time: _, ...o }) => o);
      const built = await q('order_by=-creation_date,-id&limit=100');
      expect(built.count).toBeGreaterThan(3);
      for (const paging of ['limit=3', 'limit=3&offset=2', `limit=2&offset=${built.count - 1}`, 'offset=0']) {
        const prepared = await q(paging);
        const p = new URLSearchParams(paging);
        const offset = Number(p.get('offset') ?? 0);
        const limit = Number(p.get('limit') ?? 11);
        expect(prepared.count).toBe(built.count);
        expect(rows(prepared)).toEqual(rows(built).slice(offset, offset + limit));
      }
      // Another location's orders are not in it; another user's company's scope applies the same way.
      expect(built.results.map((o: { id: number }) => o.id)).not.toContain(b.orderId);
      expect(
        (await req('GET', `/api/locations/${bcn}/v1/porders/?limit=3`, demo.admin))
          .json()
          .results.map((o: { id: number }) => o.id),
      ).toContain(b.orderId);
    });
    it('validates filters', async () => {
      const r = await req('GET', `/api/locations/${mad}/v1/porders/?arrival_date__gte=yesterday`, demo.editor);
      expect(r.statusCode).toBe(400);
      expect((await req('GET', `/api/locations/${mad}/v1/porders/?report_type=weird`, demo.editor)).statusCode).toBe(400);
    });
    it('refuses a foreign location (and the visualizer a center it does not see)', async () => {
      expect((await req('GET', `/api/locations/${bcn}/v1/porders/`, demo.editor)).statusCode).toBe(404);
      expect((await req('GET', `/api/locations/${mad}/v1/porders/`, demo.viewer)).statusCode).toBe(404);
    });
  });

  describe('order detail, sync, report, boxes, GTIN', () => {
    it('answers the order and hides a foreign one', async () => {
      const r = await req('GET', `/api/v1/porders/${a.orderId}/`, demo.editor);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ id: a.orderId, order_code: 'PO-A', num_boxes: 2 });
      expect((await req('GET', `/api/porders/${b.orderId}/`, demo.editor)).statusCode).toBe(404);
      expect((await req('GET', '/api/porders/abc/', demo.editor)).statusCode).toBe(400);
    });
    it('sets sync (roles 1 to 3)', async () => {
      const r = await req('PUT', `/api/porders/${a.orderId}/`, demo.editor, { sync: true });
      expect(r.statusCode).toBe(200);
      expect(r.json().sync).toBe(true);
      expect((await req('PUT', `/api/porders/${a.orderId}/`, demo.editor, { sync: 'yes' })).statusCode).toBe(400);
      expect((await req('PUT', `/api/porders/${a.orderId}/`, demo.viewer, { sync: false })).statusCode).toBe(403);
      expect((await req('PUT', `/api/porders/${b.orderId}/`, demo.editor, { sync: false })).statusCode).toBe(404);
    });
    it('lists item lines per GTIN ordered by GTIN, extra GTINs included', async () => {
      const r = (await req('GET', `/api/porders/${a.orderId}/report/`, demo.editor)).json();
      expect(r.results.map((l: { gtin: string }) => l.gtin)).toEqual([g[0], g[1], g[2], g[5]]);
      expect(r.results[1]).toMatchObject({ theorical_quantity: 2, real_quantity: 2, percent: 100 });
      expect(r.results[2]).toMatchObject({ theorical_quantity: 1, real_quantity: 0, percent: 0 });
      expect(r.results[3]).toMatchObject({ theorical_quantity: 0, real_quantity: 1 });
      const filtered = (
        await req('GET', `/api/porders/${a.orderId}/report/?item_type__gtin__contains=${g[2]}`, demo.editor)
      ).json();
      expect(filtered.count).toBe(1);
      expect((await req('GET', `/api/porders/${a.orderId}/report/?limit=0`, demo.editor)).statusCode).toBe(400);
      expect((await req('GET', `/api/porders/${b.orderId}/report/`, demo.editor)).statusCode).toBe(404);
    });
    it('lists boxes with counts, a barcode filter and 40 per page', async () => {
      const r = (await req('GET', `/api/porders/${a.orderId}/boxes/?order_by=box__codebar`, demo.editor)).json();
      expect(r.results.map((x: { barcode: string }) => x.barcode)).toEqual(['A-1', 'A-2']);
      expect(r.results[0]).toMatchObject({
        status: 1,
        theorical_item_count: 3,
        real_item_count: 4,
        matched_item_count: 3,
        references: 2,
        verification_count: 1,
        percent: 100,
        reading_time: '2026-01-10T12:00:00.000Z',
      });
      expect(r.next).toBeNull();
      const many = await createDemoPurchaseOrder(demo.t, demo.editor, demo.ids, {
        location: 'CD-MAD',
        code: 'PO-MANY',
        boxes: Array.from({ length: 41 }, (_, i) => ({ codebar: `M-${String(i).padStart(2, '0')}`, contents: [] })),
      });
      const first = (await req('GET', `/api/porders/${many.orderId}/boxes/`, demo.editor)).json();
      expect(first.count).toBe(41);
      expect(first.results).toHaveLength(40);
      expect(first.next).toContain('limit=40&offset=40');
      const filtered = (await req('GET', `/api/porders/${a.orderId}/boxes/?box__codebar__contains=2`, demo.editor)).json();
      expect(filtered.results.map((x: { barcode: string }) => x.barcode)).toEqual(['A-2']);
      expect((await req('GET', `/api/porders/${a.orderId}/boxes/?offset=-1`, demo.editor)).statusCode).toBe(400);
      expect((await req('GET', `/api/porders/${b.orderId}/boxes/`, demo.editor)).statusCode).toBe(404);
    });
    it('answers a GTIN in an order with its attributes and line', async () => {
      const typeId = demo.ids.gtins[1]?.id as number;
      const r = await req('GET', `/api/porders/${a.orderId}/types/${typeId}/`, demo.editor);
      expect(r.statusCode).toBe(200);
      expect(r.json().item_type.gtin).toBe(g[1]);
      expect(r.json().line).toMatchObject({ theorical_quantity: 2, real_quantity: 2 });
      expect(r.json().order.id).toBe(a.orderId);
      expect((await req('GET', `/api/porders/${a.orderId}/types/${demo.ids.gtins[7]?.id}/`, demo.editor)).statusCode).toBe(404);
      expect((await req('GET', `/api/porders/${b.orderId}/types/${typeId}/`, demo.editor)).statusCode).toBe(404);
    });
  });

  describe('receptions, boxes and contents', () => {
    it('creates a reception; validates; refuses role 5 and a foreign order', async () => {
      const r = await req('POST', '/api/receptions/', demo.editor, { reception_code: 'R-2', order_id: a.orderId });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ reception_code: 'R-2', order_id: a.orderId });
      expect((await req('GET', `/api/receptions/?order_id=${a.orderId}`, demo.editor)).json().count).toBe(2);
      expect((await req('POST', '/api/receptions/', demo.editor, { order_id: a.orderId })).statusCode).toBe(400);
      expect((await req('POST', '/api/receptions/', demo.viewer, { reception_code: 'x', order_id: a.orderId })).statusCode).toBe(
        403,
      );
      expect((await req('POST', '/api/receptions/', demo.editor, { reception_code: 'x', order_id: b.orderId })).statusCode).toBe(
        400,
      );
      expect((await req('GET', `/api/receptions/${b.receptionId}/`, demo.editor)).statusCode).toBe(404);
    });
    it('creates a box with its contents in one transaction; 409 on a taken barcode', async () => {
      const ok = await req('POST', '/api/boxes/', demo.editor, {
        codebar: 'A-3',
        reception_id: a.receptionId,
        contents: [{ gtin: g[3], quantity: 4 }],
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({
        barcode: 'A-3',
        order: a.orderId,
        theorical_item_count: 4,
        status: 0,
        verification_count: 0,
      });
      const dup = await req('POST', '/api/boxes/', demo.editor, { codebar: 'A-3', reception_id: a.receptionId });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('Barcode already exists');
      // an unknown GTIN in the second row: nothing is written
      const bad = await req('POST', '/api/boxes/', demo.editor, {
        codebar: 'A-4',
        reception_id: a.receptionId,
        contents: [
          { gtin: g[3], quantity: 1 },
          { gtin: '12345678901231', quantity: 1 },
        ],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors['contents.1.gtin']).toBeDefined();
      expect((await req('GET', '/api/boxes/?codebar=A-4', demo.editor)).json().count).toBe(0);
      expect((await req('GET', '/api/boxes/?codebar=A-3', demo.editor)).json().count).toBe(1);
      expect((await req('POST', '/api/boxes/', demo.editor, { codebar: '', reception_id: a.receptionId })).statusCode).toBe(400);
      expect((await req('POST', '/api/boxes/', demo.viewer, { codebar: 'V-1', reception_id: a.receptionId })).statusCode).toBe(
        403,
      );
      expect((await req('POST', '/api/boxes/', demo.editor, { codebar: 'F-1', reception_id: b.receptionId })).statusCode).toBe(
        400,
      );
      expect((await req('GET', '/api/boxes/?codebar=B-1', demo.editor)).json().count).toBe(0);
    });
    it('stores a scanned GS1 Digital Link of an SSCC as the box barcode SSCC; other URIs as typed', async () => {
      const digits = `0843701${String(Date.now()).slice(-10)}`;
      const sscc = `${digits}${gtinCheckDigit(digits)}`;
      const linked = await req('POST', '/api/boxes/', demo.editor, {
        codebar: `https://scan.example.com/box/00/${sscc}?linkType=gs1:masterData`,
        reception_id: a.receptionId,
      });
      expect(linked.statusCode).toBe(201);
      expect(linked.json().barcode).toBe(sscc);
      // The same SSCC typed as digits is the same box: 409.
      expect((await req('POST', '/api/boxes/', demo.editor, { codebar: sscc, reception_id: a.receptionId })).statusCode).toBe(
        409,
      );
      const other = await req('POST', '/api/boxes/', demo.editor, {
        codebar: 'https://example.com/caja/77',
        reception_id: a.receptionId,
      });
      expect(other.json().barcode).toBe('https://example.com/caja/77');
      // The viewer may not add a box, whatever its barcode.
      expect(
        (await req('POST', '/api/boxes/', demo.viewer, { codebar: `https://id.gs1.org/00/${sscc}`, reception_id: a.receptionId }))
          .statusCode,
      ).toBe(403);
    });

    it('adds contents as a list; validates; refuses role 5 and a foreign box', async () => {
      const box = (await req('GET', '/api/boxes/?codebar=A-3', demo.editor)).json().results[0];
      const r = await req('POST', '/api/contents/', demo.editor, [
        { box_id: box.id, gtin: g[4], quantity: 2 },
        { box_id: box.id, gtin: g[3], quantity: 1 },
      ]);
      expect(r.statusCode).toBe(201);
      expect(r.json()).toHaveLength(2);
      expect((await req('GET', `/api/rboxes/${box.id}/`, demo.editor)).json().theorical_item_count).toBe(7);
      expect((await req('POST', '/api/contents/', demo.editor, [])).statusCode).toBe(400);
      expect((await req('POST', '/api/contents/', demo.editor, [{ box_id: box.id, gtin: g[4], quantity: 0 }])).statusCode).toBe(
        400,
      );
      expect((await req('POST', '/api/contents/', demo.viewer, [{ box_id: box.id, gtin: g[4], quantity: 1 }])).statusCode).toBe(
        403,
      );
      expect(
        (await req('POST', '/api/contents/', demo.editor, [{ box_id: b.boxIds[0], gtin: g[4], quantity: 1 }])).statusCode,
      ).toBe(400);
    });
    it('answers a box and its lines; hides a foreign box', async () => {
      const r = await req('GET', `/api/rboxes/${a.boxIds[0]}/`, demo.editor);
      expect(r.json()).toMatchObject({ barcode: 'A-1', order_code: 'PO-A', status: 1 });
      const lines = (
        await req('GET', `/api/rboxes/${a.boxIds[0]}/report/?item_type__gtin__contains=${g[5]}`, demo.editor)
      ).json();
      expect(lines.results).toEqual([expect.objectContaining({ gtin: g[5], theorical_quantity: 0, real_quantity: 1 })]);
      expect((await req('GET', `/api/rboxes/${b.boxIds[0]}/`, demo.editor)).statusCode).toBe(404);
      expect((await req('GET', `/api/rboxes/${b.boxIds[0]}/report/`, demo.editor)).statusCode).toBe(404);
    });
    it('deletes an unverified box; 409 for a verified one; refuses role 5 and a foreign box', async () => {
      const box = (await req('GET', '/api/boxes/?codebar=A-3', demo.editor)).json().results[0];
      expect((await req('DELETE', `/api/boxes/${box.id}/`, demo.viewer)).statusCode).toBe(403);
      expect((await req('DELETE', `/api/boxes/${b.boxIds[0]}/`, demo.editor)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/boxes/${a.boxIds[0]}/`, demo.editor)).statusCode).toBe(409);
      expect((await req('DELETE', `/api/boxes/${box.id}/`, demo.editor)).statusCode).toBe(204);
      expect((await req('GET', '/api/boxes/?codebar=A-3', demo.editor)).json().count).toBe(0);
    });
  });

  describe('verifications', () => {
    it('lists a box verifications (11 per page) with reader, and hides foreign ones', async () => {
      const r = (await req('GET', `/api/rboxes/${a.boxIds[0]}/verifications/?order_by=-start_time`, demo.editor)).json();
      expect(r.count).toBe(1);
      expect(r.results[0]).toMatchObject({
        code: 'A-1',
        valid: true,
        real_item_count: 4,
        matched_item_count: 3,
        has_errors: true,
      });
      expect(r.results[0].readers).toHaveLength(1);
      expect((await req('GET', `/api/rboxes/${b.boxIds[0]}/verifications/`, demo.editor)).statusCode).toBe(404);
      expect((await req('GET', `/api/rboxes/${a.boxIds[0]}/verifications/?side=left`, demo.editor)).statusCode).toBe(400);
    });
    it('reports per GTIN and lists the EPCs (0 for an unexpected GTIN)', async () => {
      const report = (await req('GET', `/api/verifications/${verificationId}/report/`, demo.editor)).json();
      expect(report.results.map(lineQuantities())).toEqual([
        [g[0], 1, 1],
        [g[1], 2, 2],
        [g[5], 0, 1],
      ]);
      const itemsPage = (await req('GET', `/api/verifications/${verificationId}/items/`, demo.editor)).json();
      expect(itemsPage.count).toBe(4);
      expect(
        itemsPage.results.filter((i: { quantity: number }) => i.quantity === 0).map((i: { gtin: string }) => i.gtin),
      ).toEqual([g[5]]);
      expect(itemsPage.results[0].epc).toMatch(/^[0-9A-F]{24}$/);
      expect((await req('GET', `/api/verifications/${verificationId}/items/?limit=x`, demo.editor)).statusCode).toBe(400);
    });
    it('toggles valid for roles 1 to 4; validates; refuses role 5; hides foreign ones', async () => {
      expect((await req('PUT', `/api/verifications/${verificationId}/`, demo.viewer, { valid: false })).statusCode).toBe(403);
      expect((await req('PUT', `/api/verifications/${verificationId}/`, demo.editor, { id: verificationId })).statusCode).toBe(
        400,
      );
      const off = await req('PUT', `/api/verifications/${verificationId}/`, demo.printer, { id: verificationId, valid: false });
      expect(off.statusCode).toBe(200);
      expect((await req('GET', `/api/porders/${a.orderId}/`, demo.editor)).json()).toMatchObject({
        destination_status: 0,
        num_verified_boxes: 0,
      });
      const on = await req('PUT', `/api/verifications/${verificationId}/`, demo.editor, { id: verificationId, valid: true });
      expect(on.json().valid).toBe(true);
      expect((await req('GET', `/api/porders/${a.orderId}/`, demo.editor)).json().destination_status).toBe(1);
      const foreignBox = await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
        location: 'CD-BCN',
        code: 'PO-B2',
        boxes: [{ codebar: 'B2-1', contents: [{ gtin: g[0] as string, quantity: 1 }] }],
      });
      const [bcnArea] = [demo.ids.areaOf['CD-BCN'] as number];
      const [device] = await demo.t.database.db
        .insert(devices)
        .values({
          companyId: demo.ids.companyId,
          locationId: bcn,
          areaId: bcnArea,
          serialNumber: 'T-BCN-TUN',
          macAddress: '02:00:00:00:00:09',
          workingMode: 0,
          deviceKeyHash: 'x',
        })
        .returning();
      await readSet(demo.t.database.db, demo.ids, {
        codebar: 'B2-1',
        gtins: [g[0] as string],
        deviceId: device?.id as number,
        locationId: bcn,
        areaId: bcnArea,
      });
      const foreign = (await req('GET', `/api/rboxes/${foreignBox.boxIds[0]}/verifications/`, demo.admin)).json().results[0];
      expect(foreign).toBeDefined();
      expect((await req('GET', `/api/verifications/${foreign.id}/`, demo.editor)).statusCode).toBe(404);
      expect((await req('PUT', `/api/verifications/${foreign.id}/`, demo.editor, { valid: false })).statusCode).toBe(404);
      expect((await req('GET', `/api/verifications/${foreign.id}/report/`, demo.editor)).statusCode).toBe(404);
    });
  });

  describe('downloads', () => {
    it('streams the order CSV with formula cells escaped', async () => {
      const evil = await createDemoPurchaseOrder(demo.t, demo.editor, demo.ids, {
        location: 'CD-MAD',
        code: '=HYPERLINK("http://x")',
        boxes: [{ codebar: '@BOX', contents: [{ gtin: g[0] as string, quantity: 1 }] }],
      });
      const r = await req('GET', `/api/porders/${evil.orderId}/csv/`, demo.editor);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/csv');
      expect(r.headers['content-disposition']).toContain(`pedido-${evil.orderId}.csv`);
      expect(r.body.split('\n')[0]).toContain('Id pedido;Código de pedido;');
      expect(r.body).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect(r.body).toContain("'@BOX");
      expect(r.body).not.toMatch(/[,;]=HYPERLINK/);
      expect((await req('GET', `/api/porders/${b.orderId}/csv/`, demo.editor)).statusCode).toBe(404);
    });
    it('streams the items CSV', async () => {
      const r = await req('GET', `/api/porders/${a.orderId}/items-csv/`, demo.editor);
      const lines = csvLinesOf(r);
      expect(lines[0]).toBe('GTIN;Descripción;Modelo;Color;Referencia;Esperadas;Leídas;Porcentaje');
      expect(lines).toHaveLength(5);
      expect((await req('GET', `/api/porders/${b.orderId}/items-csv/`, demo.editor)).statusCode).toBe(404);
    });
    it('streams the print data of a range; needs a start; refuses a foreign location', async () => {
      const r = await req(
        'GET',
        `/api/porderscsv/?location_id=${mad}&date_time_from=2026-01-01 00:00:00&date_time_to=2026-12-31 23:59:59`,
        demo.editor,
      );
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('PO-A');
      expect(r.body).not.toContain('PO-B');
      expect((await req('GET', `/api/porderscsv/?location_id=${mad}`, demo.editor)).statusCode).toBe(400);
      expect((await req('GET', `/api/porderscsv/?location_id=${mad}&date_time_from=nope`, demo.editor)).statusCode).toBe(400);
      expect((await req('GET', `/api/porderscsv/?location_id=${bcn}&date_time_from=2026-01-01`, demo.editor)).statusCode).toBe(
        404,
      );
    });
  });

  describe('statistics and providers', () => {
    it('computes the inbound figures', async () => {
      const [done] = await demo.t.database.db
        .insert(orders)
        .values({
          companyId: demo.ids.companyId,
          type: 'purchase',
          orderCode: 'STAT-1',
          providerId: demo.ids.providerId,
          destinationLocationId: mad,
          destinationStatus: 3,
          creationDate: new Date(),
          // arrived now, so "today" in the location's time zone whatever the hour (Madrid's day starts at 22/23 h UTC)
          estimatedArrivalDate: new Date(Date.now() - 2 * 3600_000),
          arrivalDate: new Date(),
        })
        .returning();
      expect(done).toBeDefined();
      const r = await req(
        'GET',
        `/api/locations/${mad}/porders/statistics/?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`,
        demo.editor,
      );
      expect(r.statusCode).toBe(200);
      const s = r.json();
      expect(s.orders).toBeGreaterThan(10);
      expect(s.correctly_received_porders).toBe(1);
      expect(s.average_delay).not.toBeNull();
      expect(s.reception_time).toMatch(/^\d+\.\d{2},\d+$/);
      expect(s.total_orders_for_today).toBeGreaterThanOrEqual(1);
      expect(s.daily_orders).toBeGreaterThan(0);
      expect((await req('GET', `/api/locations/${mad}/porders/statistics/?from=garbage`, demo.editor)).statusCode).toBe(400);
      expect((await req('GET', `/api/locations/${bcn}/porders/statistics/`, demo.editor)).statusCode).toBe(404);
    });
    it('answers providers, their stats and pending/resolved orders', async () => {
      const list = (await req('GET', '/api/providers/?limit=100', demo.editor)).json();
      expect(list.count).toBe(20);
      const p = (await req('GET', `/api/providers/${demo.ids.providerId}/`, demo.editor)).json();
      expect(p.id).toBe(demo.ids.providerId);
      const stats = (await req('GET', `/api/providers/${demo.ids.providerId}/statistics/`, demo.editor)).json();
      expect(stats.order_count).toBeGreaterThan(1);
      expect(stats.delay_percent).toBeGreaterThanOrEqual(0);
      const pending = (
        await req('GET', `/api/providers/${demo.ids.providerId}/porders/?pending=true&limit=100`, demo.editor)
      ).json();
      const resolved = (
        await req('GET', `/api/providers/${demo.ids.providerId}/porders/?pending=false&limit=100`, demo.editor)
      ).json();
      expect(pending.results.every((o: { destination_status: number }) => o.destination_status === 0)).toBe(true);
      expect(resolved.results.map((o: { id: number }) => o.id)).toContain(a.orderId);
      // the editor does not see CD-BCN's order B
      expect([...pending.results, ...resolved.results].map((o: { id: number }) => o.id)).not.toContain(b.orderId);
      expect((await req('GET', '/api/providers/999999/', demo.editor)).statusCode).toBe(404);
      expect((await req('GET', `/api/providers/${demo.ids.providerId}/porders/?pending=maybe`, demo.editor)).statusCode).toBe(
        400,
      );
    });
  });

  describe('order delete', () => {
    it('refuses role 5 and a foreign order; 409 with a verified box; deletes otherwise', async () => {
      expect((await req('DELETE', `/api/porders/${a.orderId}/`, demo.viewer)).statusCode).toBe(403);
      expect((await req('DELETE', `/api/porders/${b.orderId}/`, demo.editor)).statusCode).toBe(404);
      const conflict = await req('DELETE', `/api/porders/${a.orderId}/`, demo.editor);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().message).toBe('Cannot delete the order. Check verifications.');
      const fresh = await createDemoPurchaseOrder(demo.t, demo.editor, demo.ids, {
        location: 'CD-MAD',
        code: 'PO-DEL',
        boxes: [{ codebar: 'DEL-1', contents: [{ gtin: g[0] as string, quantity: 1 }] }],
      });
      expect((await req('DELETE', `/api/porders/${fresh.orderId}/`, demo.editor)).statusCode).toBe(204);
      expect((await req('GET', `/api/porders/${fresh.orderId}/`, demo.editor)).statusCode).toBe(404);
    });
  });

  describe('returns', () => {
    it('a set at an exit reader naming a purchase order received here becomes a provider return', async () => {
      const [exit] = await demo.t.database.db.select().from(devices).where(eq(devices.serialNumber, 'POR-MAD-EXP'));
      const deviceId =
        exit?.id ??
        (
          await demo.t.database.db
            .insert(devices)
            .values({
              companyId: demo.ids.companyId,
              locationId: mad,
              areaId: demo.ids.areaOf['CD-MAD'] as number,
              serialNumber: 'T-EXIT',
              macAddress: '02:00:00:00:00:08',
              workingMode: 1,
              deviceKeyHash: 'x',
            })
            .returning()
        )[0]?.id;
      const { claim } = await readSet(demo.t.database.db, demo.ids, {
        codebar: 'PO-A',
        gtins: [g[1] as string, g[1] as string, g[0] as string],
        deviceId,
        workingMode: 1,
        at: new Date('2026-02-02T10:00:00Z'),
      });
      expect(claim).toBe('provider-return');
      const list = (await req('GET', `/api/locations/${mad}/provider_returns/?code__contains=PO-A`, demo.editor)).json();
      expect(list.count).toBe(1);
      expect(list.results[0]).toMatchObject({ code: 'PO-A', order: { id: a.orderId, order_code: 'PO-A' }, real_item_count: 3 });
      expect(list.results[0].provider.id).toBe(demo.ids.providerId);
      const id = list.results[0].id;
      expect((await req('GET', `/api/provider_returns/${id}/`, demo.editor)).json().id).toBe(id);
      const lines = (await req('GET', `/api/provider_returns/${id}/detail/`, demo.editor)).json();
      expect(lines.results.map((l: { gtin: string; quantity: number }) => [l.gtin, l.quantity])).toEqual([
        [g[0], 1],
        [g[1], 2],
      ]);
      expect(
        (await req('GET', `/api/locations/${mad}/provider_returns/?end_time__gte=2026-02-03`, demo.editor)).json().count,
      ).toBe(0);
      expect((await req('GET', `/api/locations/${mad}/provider_returns/?end_time__gte=bad`, demo.editor)).statusCode).toBe(400);
      expect((await req('GET', `/api/locations/${bcn}/provider_returns/`, demo.editor)).statusCode).toBe(404);
      expect((await req('GET', `/api/provider_returns/${id}/`, demo.viewer)).statusCode).toBe(404);
    });
    it('a set at an entry reader naming an online order shipped from here becomes a sale return', async () => {
      await demo.t.database.db
        .insert(orders)
        .values({ companyId: demo.ids.companyId, type: 'online', orderCode: 'WEB-77', originLocationId: mad });
      const { claim, itemIds } = await readSet(demo.t.database.db, demo.ids, { codebar: 'WEB-77', gtins: [g[2] as string] });
      expect(claim).toBe('sale-return');
      expect(itemIds).toHaveLength(1);
      const list = (await req('GET', `/api/locations/${mad}/sale_returns/`, demo.editor)).json();
      expect(list.results[0]).toMatchObject({ code: 'WEB-77', real_item_count: 1 });
      const lines = (await req('GET', `/api/sale_returns/${list.results[0].id}/detail/`, demo.editor)).json();
      expect(lines.results).toEqual([expect.objectContaining({ gtin: g[2], quantity: 1 })]);
      expect((await req('GET', `/api/provider_returns/${list.results[0].id}/`, demo.editor)).statusCode).toBe(404);
      expect((await req('GET', `/api/locations/${bcn}/sale_returns/`, demo.editor)).statusCode).toBe(404);
    });
  });
});
