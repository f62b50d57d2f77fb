import { MOVEMENT_CANCEL_CONFLICT } from '@rfid/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';
import { orderCsvChunks } from '../orders/lines.repository.js';
import { createOutboundOrder, newEpcs, postSet } from './outbound-fixtures.js';

describe('movements API', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string;
  let editor: string; // role 3: CD-MAD, T-MAD-01, T-BCN-01
  let printer: string; // role 4: CD-MAD, CD-BCN
  let viewer: string; // role 5: T-MAD-01
  let gtin: string;
  let mad: number;
  let bcn: number;
  let store: number;
  const exit = { device: 'POR-MAD-EXP', key: demoDeviceKey('POR-MAD-EXP') };
  const entry = { device: 'POR-T01-ENT', key: demoDeviceKey('POR-T01-ENT') };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadInboundIds(t.database.db);
    [admin, editor, printer, viewer] = await Promise.all(
      ['admin', 'editor', 'printer', 'viewer'].map((u) => t.login(`${u}@demo.local`)),
    );
    gtin = ids.gtins[0]?.gtin as string;
    mad = ids.locations['CD-MAD'] as number;
    bcn = ids.locations['CD-BCN'] as number;
    store = ids.locations['T-MAD-01'] as number;
  });
  afterAll(async () => t.close());

  const call = (auth: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: auth }, ...(payload === undefined ? {} : { payload }) });

  describe('POST /morders/', () => {
    it('creates a movement from the current location to the chosen one (role 3)', async () => {
      const r = await call(editor, 'POST', '/api/morders/', {
        order_code: 'MOV-API-1',
        origin_id: mad,
        destination_id: store,
        origin_status: 0,
        estimated_arrival_date: '2026-05-01 10:00:00',
      });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({
        type: 'movement',
        order_code: 'MOV-API-1',
        origin: mad,
        destination: store,
        origin_status: 0,
        destination_status: 0,
        num_boxes: 0,
        can_delete: true,
        can_cancel: false,
      });
    });
    it('validates the body: order code required, origin ≠ destination', async () => {
      const r = await call(admin, 'POST', '/api/morders/', { origin_id: mad, destination_id: store });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors).toHaveProperty('order_code');
      const same = await call(admin, 'POST', '/api/morders/', { order_code: 'X', origin_id: mad, destination_id: mad });
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toHaveProperty('destination_id');
    });
    it('refuses roles 4 and 5, and a foreign origin or destination', async () => {
      const body = { order_code: 'MOV-NO', origin_id: mad, destination_id: store };
      expect((await call(printer, 'POST', '/api/morders/', body)).statusCode).toBe(403);
      expect((await call(viewer, 'POST', '/api/morders/', body)).statusCode).toBe(403);
      expect((await call(editor, 'POST', '/api/morders/', { ...body, origin_id: bcn })).statusCode).toBe(404);
      const foreignDestination = await call(editor, 'POST', '/api/morders/', { ...body, destination_id: bcn });
      expect(foreignDestination.statusCode).toBe(400);
      expect(foreignDestination.json().errors).toHaveProperty('destination_id');
    });
  });

  describe('lists, detail, boxes, report, GTIN, CSV, stats', () => {
    let orderId: number;
    let boxId: number;
    beforeAll(async () => {
      const created = await createOutboundOrder(t, admin, {
        kind: 'movement',
        origin: mad,
        destination: store,
        code: 'MOV-LIST-1',
        boxes: [
          { codebar: 'MOV-LIST-1-A', contents: [{ gtin, quantity: 2 }] },
          { codebar: '=MOV-LIST-1-B', contents: [{ gtin, quantity: 1 }] },
        ],
      });
      orderId = created.orderId;
      boxId = created.boxIds[0] as number;
    });

    it('GET /locations/{id}/v1/exits/: 11 per page, filters, foreign location 404', async () => {
      const r = await call(admin, 'GET', `/api/locations/${mad}/v1/exits/?order_code__icontains=list-1&origin_status=0`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().count).toBe(1);
      expect(r.json().results[0]).toMatchObject({
        id: orderId,
        num_boxes: 2,
        item_count: 3,
        origin_description: 'Centro de distribución Madrid',
      });
      expect(
        (await call(admin, 'GET', `/api/locations/${mad}/v1/exits/?origin_status=3&id__icontains=${orderId}`)).json().count,
      ).toBe(0);
      expect((await call(admin, 'GET', `/api/locations/${mad}/v1/exits/?exit_date__gte=nope`)).statusCode).toBe(400);
      expect((await call(viewer, 'GET', `/api/locations/${mad}/v1/exits/`)).statusCode).toBe(404);
    });

    it('GET /v1/morders/?destination__id=: the entry list; visible from the destination only store', async () => {
      const r = await call(viewer, 'GET', `/api/v1/morders/?destination__id=${store}&destination_status=0`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().results.map((o: { id: number }) => o.id)).toContain(orderId);
      expect((await call(viewer, 'GET', '/api/v1/morders/')).statusCode).toBe(400);
      expect((await call(viewer, 'GET', `/api/v1/morders/?destination__id=${bcn}`)).statusCode).toBe(404);
      const aware = await call(admin, 'GET', `/api/locations/${store}/morderscaware/?limit=100`);
      expect(aware.json().results.map((o: { id: number }) => o.id)).toContain(orderId);
    });

    it('a movement is visible from its origin and its destination, not elsewhere', async () => {
      expect((await call(viewer, 'GET', `/api/morders/${orderId}/`)).statusCode).toBe(200);
      expect((await call(printer, 'GET', `/api/v1/morders/${orderId}/`)).statusCode).toBe(200);
      const other = await createOutboundOrder(t, admin, {
        kind: 'movement',
        origin: bcn,
        destination: ids.locations['T-BCN-01'] as number,
        code: 'MOV-BCN-1',
        boxes: [],
      });
      expect((await call(viewer, 'GET', `/api/morders/${other.orderId}/`)).statusCode).toBe(404);
      // a purchase order is not a movement
      expect((await call(admin, 'GET', '/api/morders/999999/')).statusCode).toBe(404);
    });

    it('boxes (40 per page, barcode filter), box detail and report, GTIN detail', async () => {
      const boxes = await call(admin, 'GET', `/api/v1/morders/${orderId}/boxes/?box__codebar__contains=1-A&side=exit`);
      expect(boxes.statusCode, boxes.body).toBe(200);
      expect(boxes.json()).toMatchObject({ count: 1, results: [{ id: boxId, barcode: 'MOV-LIST-1-A', references: 1 }] });
      const box = await call(admin, 'GET', `/api/morders/${orderId}/boxes/${boxId}/?side=entry`);
      expect(box.json()).toMatchObject({ theorical_item_count: 2, status: 0 });
      expect((await call(admin, 'GET', `/api/morders/${orderId}/boxes/${boxId}/report/`)).json().results[0]).toMatchObject({
        gtin,
        theorical_quantity: 2,
      });
      const typeId = ids.gtins[0]?.id as number;
      const detail = await call(admin, 'GET', `/api/morders/${orderId}/types/${typeId}/?side=entry`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({ order: { id: orderId }, item_type: { gtin }, line: { theorical_quantity: 3 } });
      expect((await call(admin, 'GET', `/api/morders/${orderId}/report/?side=bad`)).statusCode).toBe(400);
    });

    it('CSV downloads stream with formula cells escaped', async () => {
      const csv = await call(admin, 'GET', `/api/morders/${orderId}/csv/`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain("'=MOV-LIST-1-B");
      expect(csv.body.trim().split('\n')).toHaveLength(1 + 2);
      // chunks by keyset: one box a chunk gives the same rows in the same order
      const chunks: string[][] = [];
      for await (const chunk of orderCsvChunks(t.database.db, orderId, 1)) chunks.push(chunk.map((r) => r.codebar));
      expect(chunks).toEqual([['=MOV-LIST-1-B'], ['MOV-LIST-1-A']]);
      const itemsCsv = await call(viewer, 'GET', `/api/morders/${orderId}/items-csv/`);
      expect(itemsCsv.body.split('\n')[0]).toContain('destination_real');
    });

    it('exit and entry statistics', async () => {
      const exitStats = await call(admin, 'GET', `/api/locations/${mad}/movstats/`);
      expect(exitStats.statusCode, exitStats.body).toBe(200);
      expect(exitStats.json().orders).toBeGreaterThanOrEqual(1);
      expect(exitStats.json().origin_pending_orders).toBeGreaterThanOrEqual(1);
      const entryStats = await call(viewer, 'GET', `/api/locations/${store}/moventrystats/`);
      expect(entryStats.statusCode, entryStats.body).toBe(200);
      expect(entryStats.json()).toHaveProperty('destination_pending_orders');
      expect((await call(viewer, 'GET', `/api/locations/${mad}/movstats/`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', `/api/locations/${store}/entrystats/`)).json()).toMatchObject({
        orders: entryStats.json().orders,
      });
      expect((await call(admin, 'GET', `/api/locations/${mad}/movstats/?date_start=x`)).statusCode).toBe(400);
    });
  });

  describe('cancel and delete', () => {
    it('cancel: 409 before the origin verified; after, destination_status 4; then 409 again', async () => {
      const { orderId } = await createOutboundOrder(t, admin, {
        kind: 'movement',
        origin: mad,
        destination: store,
        code: 'MOV-CAN-1',
        boxes: [{ codebar: 'MOV-CAN-1-A', contents: [{ gtin, quantity: 1 }] }],
      });
      const early = await call(admin, 'PUT', `/api/morders/${orderId}/`, { destination_status: 4 });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(MOVEMENT_CANCEL_CONFLICT);
      await postSet(t, { ...exit, codebar: 'MOV-CAN-1-A', epcs: newEpcs(gtin, 1) });
      expect((await call(viewer, 'PUT', `/api/morders/${orderId}/`, { destination_status: 4 })).statusCode).toBe(403);
      const ok = await call(printer, 'PUT', `/api/morders/${orderId}/`, { destination_status: 4 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ destination_status: 4, origin_status: 3, can_cancel: false });
      expect((await call(admin, 'PUT', `/api/morders/${orderId}/`, { destination_status: 4 })).statusCode).toBe(409);
      // a canceled destination no longer verifies: the set stays free
      const late = await postSet(t, { ...entry, codebar: 'MOV-CAN-1-A', epcs: newEpcs(gtin, 1) });
      expect(late.json().claimed_by).toBeNull();
      // delete refused: the origin verified
      const del = await call(admin, 'DELETE', `/api/v1/morders/${orderId}/`);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe('Cannot delete the order. Check verifications.');
    });

    it('cancel is 409 once the destination verified too', async () => {
      const { orderId } = await createOutboundOrder(t, admin, {
        kind: 'movement',
        origin: mad,
        destination: store,
        code: 'MOV-CAN-2',
        boxes: [{ codebar: 'MOV-CAN-2-A', contents: [{ gtin, quantity: 1 }] }],
      });
      const epcs = newEpcs(gtin, 1);
      await postSet(t, { ...exit, codebar: 'MOV-CAN-2-A', epcs });
      await postSet(t, { ...entry, codebar: 'MOV-CAN-2-A', epcs, at: '2026-04-03T10:00:00Z' });
      const r = await call(admin, 'PUT', `/api/morders/${orderId}/`, { destination_status: 4 });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(MOVEMENT_CANCEL_CONFLICT);
    });

    it('sync is set; delete without verified boxes (role 4), refused to role 5 and to a foreign user', async () => {
      const { orderId } = await createOutboundOrder(t, admin, {
        kind: 'movement',
        origin: mad,
        destination: store,
        code: 'MOV-DEL-1',
        boxes: [{ codebar: 'MOV-DEL-1-A', contents: [{ gtin, quantity: 1 }] }],
      });
      const sync = await call(admin, 'PUT', `/api/morders/${orderId}/`, { sync: true });
      expect(sync.json().sync).toBe(true);
      expect((await call(admin, 'PUT', `/api/morders/${orderId}/`, { sync: 'yes' })).statusCode).toBe(400);
      // a whole order sent back: destination_status other than 4 is ignored
      const whole = await call(admin, 'PUT', `/api/morders/${orderId}/`, { ...sync.json(), sync: false, destination_status: 0 });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.json()).toMatchObject({ sync: false, destination_status: 0 });
      expect((await call(admin, 'PUT', `/api/morders/${orderId}/`, { destination_status: 7 })).statusCode).toBe(400);
      expect((await call(viewer, 'DELETE', `/api/v1/morders/${orderId}/`)).statusCode).toBe(403);
      const bcnEditor = await call(admin, 'POST', '/api/morders/', {
        order_code: 'MOV-DEL-BCN',
        origin_id: bcn,
        destination_id: ids.locations['T-BCN-01'],
      });
      // the editor sees T-BCN-01 (destination): may delete; the viewer may not even see it
      expect((await call(viewer, 'DELETE', `/api/morders/${bcnEditor.json().id}/`)).statusCode).toBe(403);
      expect((await call(printer, 'DELETE', `/api/morders/${orderId}/`)).statusCode).toBe(204);
      expect((await call(admin, 'GET', `/api/morders/${orderId}/`)).statusCode).toBe(404);
    });
  });
});
