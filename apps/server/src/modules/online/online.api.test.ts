import { ItemState, onlinePercent } from '@rfid/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxes, items, orders, readingSets, verifications } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import type { TestApp } from '../../test/helpers.js';
import {
  addReaderAt,
  createOutboundOrder,
  fortyOneBoxes,
  itemTypesByGtin,
  newEpcs,
  postSet,
} from '../movements/outbound-fixtures.js';
import {
  addReceptionWithBoxes,
  type InboundIds,
  lineQuantities,
  locationIdsOf,
  openDemoApp,
} from '../orders/inbound-fixtures.js';

/**
 * Every endpoint of online orders (docs/design/outbound.md), with the verification calls of
 * online boxes and the sale returns: happy path, validation (400 with the reason), refused role
 * (403) and foreign location or order (404), page sizes (11, 40, 100), filters and ordering,
 * and nothing half-written after a refused or failed write.
 */
describe('online endpoints', () => {
  let t: TestApp;
  let ids: InboundIds;
  /** The demo users, roles 1 to 5 (openDemoApp). */
  let admin: string;
  let brand: string;
  let editor: string;
  let printer: string;
  let viewer: string;
  let mad: number;
  let bcn: number;
  let store: number;
  let tbcn: number;
  let g: { id: number; gtin: string }[];
  let exitMad: { device: string; key: string };
  let exitTbcn: { device: string; key: string };
  let exitBcn: { device: string; key: string };
  const tunnel = { device: 'TUN-MAD-01', key: demoDeviceKey('TUN-MAD-01') };
  /** The main order at CD-MAD: box A (g0×2, g1×1), B (g0×1), C (g1×2). */
  let main: { orderId: number; boxIds: number[] };
  /** An online order at CD-BCN: foreign to the editor and the viewer. */
  let foreign: { orderId: number; boxIds: number[] };
  /** An online order at T-MAD-01: the viewer's store. */
  let ofStore: { orderId: number; boxIds: number[] };

  const call = (auth: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call(method, `/api${url}`, auth, payload);
  const ordersCoded = async (code: string) =>
    t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, code));
  const gtinOf = (i: number) => (g[i] as { gtin: string }).gtin;
  const idOf = (i: number) => (g[i] as { id: number }).id;
  const codes = (page: { results: { order_code: string }[] }) => page.results.map((o) => o.order_code);

  beforeAll(async () => {
    ({ t, ids, admin, brand, editor, printer, viewer } = await openDemoApp());
    [mad, bcn, store, tbcn] = locationIdsOf(ids, 'CD-MAD', 'CD-BCN', 'T-MAD-01', 'T-BCN-01');
    g = await itemTypesByGtin(t.database.db, 130);
    const exitAt = (serialNumber: string, mac: string, location: string) =>
      addReaderAt(t.database.db, ids, { serialNumber, mac, location, workingMode: 6 });
    exitMad = await exitAt('ONL-EP-MAD', '02:00:00:00:16:01', 'CD-MAD');
    exitTbcn = await exitAt('ONL-EP-TBCN', '02:00:00:00:16:02', 'T-BCN-01');
    exitBcn = await exitAt('ONL-EP-BCN', '02:00:00:00:16:03', 'CD-BCN');
    main = await createOutboundOrder(t, admin, {
      kind: 'online',
      origin: mad,
      code: 'ONL-EP-MAIN',
      estimatedExit: '2026-01-01 10:00:00',
      boxes: [
        {
          codebar: 'ONL-EP-MAIN-A',
          contents: [
            { gtin: gtinOf(0), quantity: 2 },
            { gtin: gtinOf(1), quantity: 1 },
          ],
        },
        { codebar: 'ONL-EP-MAIN-B', contents: [{ gtin: gtinOf(0), quantity: 1 }] },
        { codebar: 'ONL-EP-MAIN-C', contents: [{ gtin: gtinOf(1), quantity: 2 }] },
      ],
    });
    foreign = await createOutboundOrder(t, admin, {
      kind: 'online',
      origin: bcn,
      code: 'ONL-EP-BCN',
      boxes: [{ codebar: 'ONL-EP-BCN-A', contents: [{ gtin: gtinOf(0), quantity: 1 }] }],
    });
    ofStore = await createOutboundOrder(t, admin, {
      kind: 'online',
      origin: store,
      code: 'ONL-EP-STORE',
      boxes: [{ codebar: 'ONL-EP-STORE-A', contents: [{ gtin: gtinOf(2), quantity: 3 }] }],
    });
  });
  afterAll(async () => t.close());

  it('online percent: above 100 becomes 0', () => {
    expect(onlinePercent(3, 4)).toBe(75);
    expect(onlinePercent(4, 4)).toBe(100);
    expect(onlinePercent(5, 4)).toBe(0);
    expect(onlinePercent(1, 0)).toBe(0);
  });

  it('every endpoint answers 401 without a user token (none, or a reader key)', async () => {
    const [o, b] = [main.orderId, main.boxIds[0] as number];
    const endpoints: ['GET' | 'POST' | 'DELETE', string][] = [
      ['POST', '/orders/'],
      ['GET', `/locations/${mad}/v1/orders/`],
      ['GET', `/orders/${o}/`],
      ['GET', `/v1/orders/${o}/`],
      ['DELETE', `/orders/${o}/`],
      ['GET', `/orders/${o}/contents/`],
      ['GET', `/orders/${o}/report/`],
      ['GET', `/orders/${o}/boxes/`],
      ['GET', `/orders/${o}/boxes/${b}/`],
      ['DELETE', `/orders/${o}/boxes/${b}/`],
      ['GET', `/orders/${o}/boxes/${b}/report/`],
      ['GET', `/orders/${o}/receptions/`],
      ['GET', `/orders/${o}/types/${idOf(0)}/`],
      ['GET', `/orders/${o}/csv/`],
      ['GET', `/orders/${o}/items-csv/`],
      ['GET', `/locations/${mad}/onlinestats/`],
      ['GET', `/locations/${mad}/sale_returns/`],
    ];
    for (const [method, url] of endpoints) {
      for (const headers of [{}, { authorization: `Device ${exitMad.key}` }]) {
        const r = await t.app.inject({ method, url: `/api${url}`, headers });
        expect(r.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await call(admin, 'GET', `/orders/${o}/`)).json().num_boxes).toBe(3);
  });

  describe('reads: every order page answers 200 in scope, 404 out of it, 400 on a bad id', () => {
    const pages: [string, (o: number, b: number, ty: number) => string][] = [
      ['order', (o) => `/orders/${o}/`],
      ['order (v1)', (o) => `/v1/orders/${o}/`],
      ['contents', (o) => `/orders/${o}/contents/`],
      ['report', (o) => `/orders/${o}/report/`],
      ['boxes', (o) => `/orders/${o}/boxes/`],
      ['box', (o, b) => `/orders/${o}/boxes/${b}/`],
      ['box report', (o, b) => `/orders/${o}/boxes/${b}/report/`],
      ['receptions', (o) => `/orders/${o}/receptions/`],
      ['GTIN', (o, _b, ty) => `/orders/${o}/types/${ty}/`],
      ['CSV', (o) => `/orders/${o}/csv/`],
      ['items CSV', (o) => `/orders/${o}/items-csv/`],
    ];

    it.each(pages)('%s', async (_name, url) => {
      const [mainBox] = main.boxIds as [number];
      const [foreignBox] = foreign.boxIds as [number];
      const [storeBox] = ofStore.boxIds as [number];
      // in scope: admin (all), the editor and the printer (CD-MAD); the viewer in its store
      for (const auth of [admin, editor, printer]) {
        const r = await call(auth, 'GET', url(main.orderId, mainBox, idOf(0)));
        expect(r.statusCode, r.body).toBe(200);
      }
      expect((await call(viewer, 'GET', url(ofStore.orderId, storeBox, idOf(2)))).statusCode).toBe(200);
      // foreign: the viewer does not see CD-MAD, the editor does not see CD-BCN
      const hidden = await call(viewer, 'GET', url(main.orderId, mainBox, idOf(0)));
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toMatch(/not found/i);
      expect((await call(editor, 'GET', url(foreign.orderId, foreignBox, idOf(0)))).statusCode).toBe(404);
      // the printer sees CD-BCN
      expect((await call(printer, 'GET', url(foreign.orderId, foreignBox, idOf(0)))).statusCode).toBe(200);
      // unknown order, and bad ids
      expect((await call(admin, 'GET', url(999_999, mainBox, idOf(0)))).statusCode).toBe(404);
      const bad = await call(admin, 'GET', url(0, mainBox, idOf(0)).replace('/orders/0/', '/orders/abc/'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    });

    it('a box of another order, a GTIN not in the order, and a movement or purchase id are 404', async () => {
      const [mainBox] = main.boxIds as [number];
      const [foreignBox] = foreign.boxIds as [number];
      for (const url of [
        `/orders/${main.orderId}/boxes/${foreignBox}/`,
        `/orders/${main.orderId}/boxes/${foreignBox}/report/`,
        `/orders/${ofStore.orderId}/boxes/${mainBox}/`,
      ]) {
        const r = await call(admin, 'GET', url);
        expect(r.statusCode, url).toBe(404);
        expect(r.json().message).toBe('Box not found.');
      }
      const notInOrder = await call(admin, 'GET', `/orders/${main.orderId}/types/${idOf(9)}/`);
      expect(notInOrder.statusCode).toBe(404);
      expect(notInOrder.json().message).toBe('GTIN not found in this order.');
      expect((await call(admin, 'GET', `/orders/${main.orderId}/types/99999999/`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/orders/${main.orderId}/types/x/`)).statusCode).toBe(400);
      expect((await call(admin, 'GET', `/orders/${main.orderId}/boxes/x/`)).statusCode).toBe(400);
      const movement = await call(admin, 'POST', '/morders/', {
        order_code: 'ONL-EP-MOV',
        origin_id: mad,
        destination_id: store,
      });
      expect(movement.statusCode).toBe(201);
      expect((await call(admin, 'GET', `/orders/${movement.json().id}/`)).statusCode).toBe(404);
      const purchase = await call(admin, 'POST', '/porders/', {
        order_code: 'ONL-EP-PO',
        destination_id: mad,
        origin_id: ids.providerId,
      });
      expect(purchase.statusCode, purchase.body).toBe(201);
      expect((await call(admin, 'GET', `/orders/${purchase.json().id}/report/`)).statusCode).toBe(404);
    });

    it('paged pages refuse a bad query with the reason', async () => {
      for (const url of [
        `/orders/${main.orderId}/contents/?limit=0`,
        `/orders/${main.orderId}/report/?offset=-1`,
        `/orders/${main.orderId}/boxes/?limit=abc`,
        `/orders/${main.orderId}/boxes/${main.boxIds[0]}/report/?limit=1001`,
        `/orders/${main.orderId}/receptions/?offset=x`,
      ]) {
        const r = await call(admin, 'GET', url);
        expect(r.statusCode, url).toBe(400);
        expect(r.json().message, url).toBeTruthy();
      }
    });
  });

  describe('order detail pages: real contents', () => {
    it('GET /orders/{id}/: counts, late waiting time, origin description (also /v1/)', async () => {
      // Created an hour ago: the waiting time is the hour, not the instant since the set-up (0 s on a fast server).
      await t.database.db.update(orders).set({ creationDate: sql`now() - interval '1 hour'` }).where(eq(orders.id, main.orderId));
      const r = (await call(editor, 'GET', `/orders/${main.orderId}/`)).json();
      expect(r).toMatchObject({
        id: main.orderId,
        type: 'online',
        order_code: 'ONL-EP-MAIN',
        order_name: 'ONL-EP-MAIN',
        origin: mad,
        origin_description: 'Centro de distribución Madrid',
        origin_status: 0,
        num_boxes: 3,
        num_verified_boxes: 0,
        item_count: 6,
        real_item_count: 0,
        exit_date: null,
        late: true,
      });
      expect(r.waiting_time).toBeGreaterThanOrEqual(3600);
      expect((await call(editor, 'GET', `/v1/orders/${main.orderId}/`)).json()).toEqual({
        ...r,
        waiting_time: expect.any(Number),
      });
    });

    it('GET /orders/{id}/contents/: one row per box and GTIN, by barcode', async () => {
      const r = (await call(editor, 'GET', `/orders/${main.orderId}/contents/`)).json();
      expect(r.count).toBe(4);
      expect(r.results.map((c: { codebar: string; gtin: string; quantity: number }) => [c.codebar, c.gtin, c.quantity])).toEqual(
        [
          ['ONL-EP-MAIN-A', gtinOf(0), 2],
          ['ONL-EP-MAIN-A', gtinOf(1), 1],
          ['ONL-EP-MAIN-B', gtinOf(0), 1],
          ['ONL-EP-MAIN-C', gtinOf(1), 2],
        ].sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`)),
      );
      expect((await call(editor, 'GET', `/orders/${main.orderId}/contents/?limit=1&offset=3`)).json().results).toHaveLength(1);
    });

    it('GET /orders/{id}/report/: per GTIN expected, filter by GTIN', async () => {
      const r = (await call(editor, 'GET', `/orders/${main.orderId}/report/`)).json();
      expect(r.count).toBe(2);
      expect(r.results).toMatchObject([
        { gtin: gtinOf(0), theorical_quantity: 3, real_quantity: 0, percent: 0, online_percent: 0 },
        { gtin: gtinOf(1), theorical_quantity: 3, real_quantity: 0, percent: 0, online_percent: 0 },
      ]);
      const one = (await call(editor, 'GET', `/orders/${main.orderId}/report/?item_type__gtin__contains=${gtinOf(1)}`)).json();
      expect(one).toMatchObject({ count: 1, results: [{ gtin: gtinOf(1) }] });
      expect((await call(editor, 'GET', `/orders/${main.orderId}/report/?gtin__contains=nothing`)).json().count).toBe(0);
    });

    it('GET /orders/{id}/boxes/: by barcode, descending, filtered', async () => {
      const asc = (await call(editor, 'GET', `/orders/${main.orderId}/boxes/?order_by=box__codebar`)).json();
      expect(asc.count).toBe(3);
      expect(asc.results.map((b: { barcode: string }) => b.barcode)).toEqual(['ONL-EP-MAIN-A', 'ONL-EP-MAIN-B', 'ONL-EP-MAIN-C']);
      expect(asc.results[0]).toMatchObject({ theorical_item_count: 3, references: 2, status: 0, online_percent: 0 });
      const desc = (await call(editor, 'GET', `/orders/${main.orderId}/boxes/?order_by=-box__codebar`)).json();
      expect(desc.results.map((b: { barcode: string }) => b.barcode)).toEqual([
        'ONL-EP-MAIN-C',
        'ONL-EP-MAIN-B',
        'ONL-EP-MAIN-A',
      ]);
      const filtered = (await call(editor, 'GET', `/orders/${main.orderId}/boxes/?box__codebar__contains=MAIN-B`)).json();
      expect(filtered.results.map((b: { id: number }) => b.id)).toEqual([main.boxIds[1]]);
    });

    it('GET /orders/{id}/boxes/{boxId}/ and its report', async () => {
      const box = (await call(editor, 'GET', `/orders/${main.orderId}/boxes/${main.boxIds[2]}/`)).json();
      expect(box).toMatchObject({ id: main.boxIds[2], barcode: 'ONL-EP-MAIN-C', theorical_item_count: 2, status: 0 });
      const lines = (await call(editor, 'GET', `/orders/${main.orderId}/boxes/${main.boxIds[0]}/report/`)).json();
      expect(lines.count).toBe(2);
      expect(lines.results).toMatchObject([
        { gtin: gtinOf(0), theorical_quantity: 2 },
        { gtin: gtinOf(1), theorical_quantity: 1 },
      ]);
    });

    it('GET /orders/{id}/receptions/ and /types/{itemType}/', async () => {
      expect((await call(editor, 'GET', `/orders/${main.orderId}/receptions/`)).json()).toMatchObject({
        count: 1,
        results: [{ order_id: main.orderId, reception_code: 'R-ONL-EP-MAIN' }],
      });
      const detail = (await call(editor, 'GET', `/orders/${main.orderId}/types/${idOf(1)}/`)).json();
      expect(detail).toMatchObject({
        order: { id: main.orderId, order_code: 'ONL-EP-MAIN' },
        item_type: { id: idOf(1), gtin: gtinOf(1) },
        line: { gtin: gtinOf(1), theorical_quantity: 3, real_quantity: 0 },
      });
    });

    it('CSV and items CSV: one row per box content, one row per GTIN', async () => {
      const csv = await call(editor, 'GET', `/orders/${main.orderId}/csv/`);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toContain(`pedido-online-${main.orderId}.csv`);
      const rows = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(rows[0]).toBe(
        'Id pedido;Código de pedido;Origen;Caja;Estado de la caja;Hora de lectura;GTIN;Descripción;Esperadas;Leídas;Diferencia',
      );
      expect(rows).toHaveLength(1 + 4);
      const itemsCsv = await call(editor, 'GET', `/orders/${main.orderId}/items-csv/`);
      expect(itemsCsv.headers['content-disposition']).toContain(`pedido-online-${main.orderId}-articulos.csv`);
      const lines = itemsCsv.body.trim().split(/\r?\n/);
      expect(lines).toHaveLength(1 + 2);
      expect(lines[1]).toContain(gtinOf(0));
    });
  });

  describe('POST /orders/', () => {
    it('roles 1 to 3 create with the current location as origin', async () => {
      for (const [auth, code] of [
        [admin, 'ONL-EP-NEW-1'],
        [brand, 'ONL-EP-NEW-2'],
        [editor, 'ONL-EP-NEW-3'],
      ] as const) {
        const r = await call(auth, 'POST', '/orders/', {
          order_code: code,
          origin_id: store,
          origin_status: 0,
          estimated_arrival_date: '2026-06-01 10:00:00',
          estimated_exit_date: '2026-05-30T08:00:00Z',
        });
        expect(r.statusCode, r.body).toBe(201);
        expect(r.json()).toMatchObject({
          type: 'online',
          order_code: code,
          origin: store,
          origin_status: 0,
          num_boxes: 0,
          item_count: 0,
          estimated_exit_date: '2026-05-30T08:00:00.000Z',
        });
        // it is really there, in the location's list
        const listed = (await call(viewer, 'GET', `/locations/${store}/v1/orders/?order_code__icontains=${code}`)).json();
        expect(listed.results.map((o: { id: number }) => o.id)).toEqual([r.json().id]);
      }
    });

    it.each([
      ['no order code', { origin_id: 0 }, 'order_code'],
      ['an empty order code', { order_code: '  ', origin_id: 0 }, 'order_code'],
      ['no origin', { order_code: 'ONL-EP-BAD' }, 'origin_id'],
      ['a bad origin', { order_code: 'ONL-EP-BAD', origin_id: 'x' }, 'origin_id'],
      ['origin_status other than 0', { order_code: 'ONL-EP-BAD', origin_id: 0, origin_status: 1 }, 'origin_status'],
      [
        'a bad estimated exit date',
        { order_code: 'ONL-EP-BAD', origin_id: 0, estimated_exit_date: 'soon' },
        'estimated_exit_date',
      ],
    ])('400 with %s', async (_name, body, field) => {
      const payload = { ...body, ...('origin_id' in body && body.origin_id === 0 ? { origin_id: mad } : {}) };
      const r = await call(admin, 'POST', '/orders/', payload);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().errors).toHaveProperty(field);
      expect(await ordersCoded('ONL-EP-BAD')).toHaveLength(0);
    });

    it('403 for roles 4 and 5, 404 for an origin the user does not see; nothing is written', async () => {
      const body = { order_code: 'ONL-EP-REFUSED', origin_id: mad, origin_status: 0 };
      for (const auth of [printer, viewer]) {
        const r = await call(auth, 'POST', '/orders/', body);
        expect(r.statusCode).toBe(403);
        expect(r.json().message).toBe('You do not have permission to perform this action.');
      }
      expect((await call(editor, 'POST', '/orders/', { ...body, origin_id: bcn })).statusCode).toBe(404);
      expect((await call(admin, 'POST', '/orders/', { ...body, origin_id: 999_999 })).statusCode).toBe(404);
      expect(await ordersCoded('ONL-EP-REFUSED')).toHaveLength(0);
    });
  });

  describe('GET /locations/{id}/v1/orders/: page size 11, filters, ordering; stats', () => {
    /** 12 orders at T-BCN-01 created on Feb 1..12; #3 and #5 exited on Mar 3 and Mar 5 (exactly). */
    const created: { id: number; code: string; creation: string }[] = [];
    const exits: Record<string, string> = { 'ONL-PG-03': '2026-03-03T12:00:00Z', 'ONL-PG-05': '2026-03-05T12:00:00Z' };

    beforeAll(async () => {
      for (let i = 1; i <= 12; i += 1) {
        const code = `ONL-PG-${String(i).padStart(2, '0')}`;
        const r = await call(admin, 'POST', '/orders/', {
          order_code: code,
          origin_id: tbcn,
          creation_date: `2026-02-${String(i).padStart(2, '0')}T10:00:00Z`,
          estimated_exit_date: '2026-02-20T10:00:00Z',
        });
        expect(r.statusCode, r.body).toBe(201);
        created.push({ id: r.json().id, code, creation: r.json().creation_date });
      }
      for (const [code, at] of Object.entries(exits)) {
        const order = created.find((o) => o.code === code) as { id: number };
        await addReceptionWithBoxes(t, admin, order.id, code, [
          { codebar: `${code}-A`, contents: [{ gtin: gtinOf(3), quantity: 2 }] },
        ]);
        const read = await postSet(t, { ...exitTbcn, codebar: `${code}-A`, epcs: newEpcs(gtinOf(3), 2), at });
        expect(read.json().claimed_by).toBe('verification');
      }
    });

    const list = async (query: string, auth = admin) => {
      const r = await call(auth, 'GET', `/locations/${tbcn}/v1/orders/?${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };

    it('11 per page, newest created first; next and previous pages', async () => {
      const first = await list('');
      expect(first.count).toBe(12);
      expect(first.results).toHaveLength(11);
      expect(codes(first)[0]).toBe('ONL-PG-12');
      expect(first.next).toContain('limit=11');
      expect(first.next).toContain('offset=11');
      expect(first.previous).toBeNull();
      const second = await list('offset=11');
      expect(codes(second)).toEqual(['ONL-PG-01']);
      expect(second.next).toBeNull();
      expect(second.previous).not.toBeNull();
      expect((await list('limit=5')).results).toHaveLength(5);
    });

    it('order_by: order code, -id, exit date', async () => {
      expect(codes(await list('order_by=order_code')).slice(0, 3)).toEqual(['ONL-PG-01', 'ONL-PG-02', 'ONL-PG-03']);
      const byId = await list('order_by=-id&limit=12');
      expect(byId.results.map((o: { id: number }) => o.id)).toEqual(created.map((o) => o.id).reverse());
      expect(codes(await list('order_by=-exit_date&exit_date__isnull=false'))).toEqual(['ONL-PG-05', 'ONL-PG-03']);
      // an unknown field falls back to the default ordering (like DRF)
      expect(codes(await list('order_by=nope'))[0]).toBe('ONL-PG-12');
    });

    it('filters: order code, id, exit date range, origin status, report type', async () => {
      expect(codes(await list('order_code__icontains=pg-1&order_by=order_code'))).toEqual([
        'ONL-PG-10',
        'ONL-PG-11',
        'ONL-PG-12',
      ]);
      const target = created[6] as { id: number; code: string };
      expect(codes(await list(`id__icontains=${target.id}`))).toContain(target.code);
      expect(codes(await list('exit_date__gte=2026-03-04T00:00:00Z'))).toEqual(['ONL-PG-05']);
      expect(codes(await list('exit_date__lte=2026-03-04T00:00:00Z'))).toEqual(['ONL-PG-03']);
      expect(codes(await list('exit_date__gte=2026-03-01&exit_date__lte=2026-03-31&order_by=order_code'))).toEqual([
        'ONL-PG-03',
        'ONL-PG-05',
      ]);
      expect((await list('origin_status=3')).count).toBe(2);
      expect((await list('origin_status=0')).count).toBe(10);
      expect((await list('report_type=pending')).count).toBe(10);
      expect((await list('report_type=verified')).count).toBe(2);
      expect((await list('report_type=without_errors')).count).toBe(2);
      expect((await list('report_type=with_errors')).count).toBe(0);
      expect((await list('report_type=canceled')).count).toBe(0);
      expect((await list('report_type=')).count).toBe(12);
      const exited = (await list('origin_status=3&order_by=order_code')).results[0];
      expect(exited).toMatchObject({
        order_code: 'ONL-PG-03',
        exit_date: '2026-03-03T12:00:00.000Z',
        num_verified_boxes: 1,
        real_item_count: 2,
        late: false,
      });
      // not exited, estimate passed: late
      expect((await list('origin_status=0&limit=1')).results[0].late).toBe(true);
    });

    it.each([
      ['origin_status=abc', 'origin_status'],
      ['exit_date__gte=nope', 'exit_date__gte'],
      ['exit_date__lte=2026-13-45', 'exit_date__lte'],
      ['id__icontains=1&limit=0', 'limit'],
      ['offset=-3', 'offset'],
      ['report_type=nope', 'report_type'],
    ])('400 on %s', async (query, field) => {
      const r = await call(admin, 'GET', `/locations/${tbcn}/v1/orders/?${query}`);
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json())).toContain(field);
    });

    it('a location the user does not see is 404; a bad location id 400', async () => {
      expect((await call(editor, 'GET', `/locations/${tbcn}/v1/orders/`)).json().count).toBe(12);
      for (const auth of [viewer, printer]) {
        const r = await call(auth, 'GET', `/locations/${tbcn}/v1/orders/`);
        expect(r.statusCode).toBe(404);
      }
      expect((await call(admin, 'GET', '/locations/999999/v1/orders/')).statusCode).toBe(404);
      expect((await call(admin, 'GET', '/locations/x/v1/orders/')).statusCode).toBe(400);
    });

    it('GET /locations/{id}/onlinestats/: counts and shipping times of the range', async () => {
      const r = await call(
        editor,
        'GET',
        `/locations/${tbcn}/onlinestats/?date_start=2026-02-01T00:00:00Z&date_end=2026-02-21T00:00:00Z`,
      );
      expect(r.statusCode, r.body).toBe(200);
      const hoursTo = (code: string) => {
        const o = created.find((c) => c.code === code) as { creation: string };
        return (Date.parse(exits[code] as string) - Date.parse(o.creation)) / 3_600_000;
      };
      const [h3, h5] = [hoursTo('ONL-PG-03'), hoursTo('ONL-PG-05')];
      expect(r.json()).toEqual({
        orders: 12,
        origin_pending_orders: 10,
        origin_daily_orders: 0.6,
        pending_orders: 10,
        daily_orders: 0.6,
        average_shipping_time: Math.round(((h3 + h5) / 2) * 100) / 100,
        max_shipping_time: Math.round(Math.max(h3, h5) * 100) / 100,
        from: '2026-02-01T00:00:00.000Z',
        to: '2026-02-21T00:00:00.000Z',
      });
      // a range that leaves out orders 1 to 5
      const later = (
        await call(admin, 'GET', `/locations/${tbcn}/onlinestats/?date_start=2026-02-06T00:00:00Z&date_end=2026-02-21T00:00:00Z`)
      ).json();
      expect(later).toMatchObject({ orders: 7, origin_pending_orders: 7, average_shipping_time: null, max_shipping_time: null });
      // validation, foreign location
      for (const query of [
        'date_start=x',
        'date_end=2026-99-99',
        'date_start=2026-03-01T00:00:00Z&date_end=2026-02-01T00:00:00Z',
      ]) {
        const bad = await call(admin, 'GET', `/locations/${tbcn}/onlinestats/?${query}`);
        expect(bad.statusCode, query).toBe(400);
        expect(bad.json().errors).toBeDefined();
      }
      expect((await call(viewer, 'GET', `/locations/${tbcn}/onlinestats/`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', `/locations/${store}/onlinestats/`)).statusCode).toBe(200);
    });
  });

  describe('page sizes of the order pages: boxes 40, lines and contents 100', () => {
    let big: { orderId: number; boxIds: number[] };
    beforeAll(async () => {
      // 41 boxes, each with 3 GTINs no other box has: 123 content rows, 123 item lines
      big = await createOutboundOrder(t, admin, {
        kind: 'online',
        origin: tbcn,
        code: 'ONL-BIG',
        boxes: fortyOneBoxes('ONL-BIG', gtinOf),
      });
    });

    it('boxes: 40 per page', async () => {
      const r = (await call(admin, 'GET', `/orders/${big.orderId}/boxes/?order_by=box__codebar`)).json();
      expect(r.count).toBe(41);
      expect(r.results).toHaveLength(40);
      expect(r.next).toContain('limit=40');
      const last = (await call(admin, 'GET', `/orders/${big.orderId}/boxes/?order_by=box__codebar&offset=40`)).json();
      expect(last.results.map((b: { barcode: string }) => b.barcode)).toEqual(['ONL-BIG-40']);
    });

    it('contents, report and items CSV: 100 per page, and the CSVs hold everything', async () => {
      const contents = (await call(admin, 'GET', `/orders/${big.orderId}/contents/`)).json();
      expect(contents.count).toBe(123);
      expect(contents.results).toHaveLength(100);
      const report = (await call(admin, 'GET', `/orders/${big.orderId}/report/`)).json();
      expect(report.count).toBe(123);
      expect(report.results).toHaveLength(100);
      expect((await call(admin, 'GET', `/orders/${big.orderId}/report/?offset=100`)).json().results).toHaveLength(23);
      const boxReport = (await call(admin, 'GET', `/orders/${big.orderId}/boxes/${big.boxIds[7]}/report/`)).json();
      expect(boxReport.results.map((l: { gtin: string }) => l.gtin)).toEqual([gtinOf(11), gtinOf(52), gtinOf(93)]);
      expect((await call(admin, 'GET', `/orders/${big.orderId}/csv/`)).body.trim().split(/\r?\n/)).toHaveLength(1 + 123);
      expect((await call(admin, 'GET', `/orders/${big.orderId}/items-csv/`)).body.trim().split(/\r?\n/)).toHaveLength(1 + 123);
    });
  });

  describe('a box delete racing an exit read: the delete is refused or the read stays free, never both', () => {
    /**
     * Both box deletes (the boxes page's and the order wizard's /boxes/{id}/) check for
     * verifications under the order lock the engine takes, and the engine reads the box again
     * under that lock: a verification is never deleted with its box, and a read of a box deleted
     * meanwhile is a free set, not a failed ingestion. (On PostgreSQL, before the fix, half of
     * these deleted a box verified an instant before, and reads of deleted boxes failed with 500.)
     */
    it.each([
      ['DELETE /orders/{id}/boxes/{boxId}/', (o: number, b: number) => `/orders/${o}/boxes/${b}/`],
      ['DELETE /boxes/{id}/ (order wizard)', (_o: number, b: number) => `/boxes/${b}/`],
    ])('%s', async (name, url) => {
      const n = 12;
      const code = name.startsWith('DELETE /orders') ? 'ONL-RACE-A' : 'ONL-RACE-B';
      const order = await createOutboundOrder(t, admin, {
        kind: 'online',
        origin: mad,
        code,
        boxes: Array.from({ length: n }, (_, i) => ({ codebar: `${code}-${i}`, contents: [{ gtin: gtinOf(6), quantity: 1 }] })),
      });
      for (let i = 0; i < n; i += 1) {
        const boxId = order.boxIds[i] as number;
        const del = () => call(editor, 'DELETE', url(order.orderId, boxId));
        const read = () => postSet(t, { ...exitMad, codebar: `${code}-${i}`, epcs: newEpcs(gtinOf(6), 1) });
        // who starts first alternates
        const [deleted, readSet] = i % 2 ? await Promise.all([del(), read()]) : (await Promise.all([read(), del()])).reverse();
        expect(readSet?.statusCode, readSet?.body).toBe(201);
        const setId = readSet?.json().id as string;
        const stored = await t.database.db.select().from(verifications).where(eq(verifications.readingSetId, setId));
        const [set] = await t.database.db.select().from(readingSets).where(eq(readingSets.id, setId));
        const left = await t.database.db.select().from(boxes).where(eq(boxes.id, boxId));
        if (deleted?.statusCode === 204) {
          expect(set?.claimedBy, `box ${i}: deleted, yet its read was claimed`).toBeNull();
          expect(stored).toHaveLength(0);
          expect(left).toHaveLength(0);
        } else {
          expect(deleted?.statusCode, deleted?.body).toBe(409);
          expect(set?.claimedBy).toBe('verification');
          expect(stored).toHaveLength(1);
          expect(left).toHaveLength(1);
        }
      }
      const { num_boxes: numBoxes, num_verified_boxes: verified } = (
        await call(admin, 'GET', `/orders/${order.orderId}/`)
      ).json();
      expect(verified).toBe(numBoxes);
    });
  });

  describe('verifications of online boxes (origin side), then deletes and sale returns', () => {
    let verificationId: number;
    let foreignVerificationId: number;
    let read: string[];

    it('an exit read makes one origin verification, listed with side=origin or readingset_ptr__reading__type=1', async () => {
      // box A expects g0×2 and g1×1: read g0×2, g1×1 and an extra g2
      read = [...newEpcs(gtinOf(0), 2), ...newEpcs(gtinOf(1), 1), ...newEpcs(gtinOf(2), 1)];
      const r = await postSet(t, { ...exitMad, codebar: 'ONL-EP-MAIN-A', epcs: read, at: '2026-04-02T09:00:00Z' });
      expect(r.json().claimed_by).toBe('verification');
      // mode 6 ships to the customer: the items read are SOLD, in no area and no location
      const shipped = await t.database.db.select().from(items).where(inArray(items.epc, read));
      expect(shipped.every((i) => i.state === ItemState.Sold && i.areaId === null && i.locationId === null)).toBe(true);
      const [boxA] = main.boxIds as [number];
      const origin = (await call(printer, 'GET', `/rboxes/${boxA}/verifications/?side=origin`)).json();
      expect(origin.count).toBe(1);
      expect(origin.results[0]).toMatchObject({
        box: boxA,
        order: main.orderId,
        side: 'origin',
        real_item_count: 4,
        theorical_item_count: 3,
        valid: true,
        readers: [{ serial_number: 'ONL-EP-MAD' }],
        end_time: '2026-04-02T09:00:00.000Z',
      });
      verificationId = origin.results[0].id;
      expect((await call(printer, 'GET', `/rboxes/${boxA}/verifications/?readingset_ptr__reading__type=1`)).json().count).toBe(1);
      // the destination side of an online box has none
      expect((await call(printer, 'GET', `/rboxes/${boxA}/verifications/`)).json().count).toBe(0);
      expect((await call(printer, 'GET', `/rboxes/${boxA}/verifications/?side=sideways`)).statusCode).toBe(400);
      expect((await call(printer, 'GET', `/rboxes/${boxA}/verifications/?limit=0`)).statusCode).toBe(400);
      expect((await call(viewer, 'GET', `/rboxes/${boxA}/verifications/?side=origin`)).statusCode).toBe(404);
      expect((await call(editor, 'GET', `/rboxes/${foreign.boxIds[0]}/verifications/?side=origin`)).statusCode).toBe(404);
      // the order: origin checking, late no more, exit date = the read
      expect((await call(admin, 'GET', `/orders/${main.orderId}/`)).json()).toMatchObject({
        origin_status: 1,
        num_verified_boxes: 1,
        real_item_count: 4,
        exit_date: '2026-04-02T09:00:00.000Z',
        late: false,
      });
      const soldNow = await t.database.db
        .select({ state: items.state })
        .from(items)
        .where(eq(items.epc, read[0] as string));
      expect(soldNow).toEqual([{ state: 3 }]);
    });

    it('GET /verifications/{id}/, /report/ and /items/: in scope only', async () => {
      expect((await call(editor, 'GET', `/verifications/${verificationId}/`)).json()).toMatchObject({
        id: verificationId,
        side: 'origin',
      });
      const report = (await call(editor, 'GET', `/verifications/${verificationId}/report/`)).json();
      expect(report.count).toBe(3);
      expect(report.results.map(lineQuantities('origin_real_quantity'))).toEqual([
        [gtinOf(0), 2, 2, 2],
        [gtinOf(1), 1, 1, 1],
        [gtinOf(2), 0, 1, 1],
      ]);
      const itemsPage = (await call(editor, 'GET', `/verifications/${verificationId}/items/`)).json();
      expect(itemsPage.count).toBe(4);
      expect(itemsPage.results.map((i: { epc: string }) => i.epc).sort()).toEqual([...read].sort());
      const extra = itemsPage.results.find((i: { gtin: string }) => i.gtin === gtinOf(2));
      expect(extra.quantity).toBe(0);
      expect(itemsPage.results.filter((i: { quantity: number }) => i.quantity === 1)).toHaveLength(3);
      for (const url of [
        `/verifications/${verificationId}/`,
        `/verifications/${verificationId}/report/`,
        `/verifications/${verificationId}/items/`,
      ]) {
        expect((await call(viewer, 'GET', url)).statusCode, url).toBe(404);
        expect((await call(admin, 'GET', url.replace(String(verificationId), 'x'))).statusCode, url).toBe(400);
        expect((await call(admin, 'GET', url.replace(String(verificationId), '999999'))).statusCode, url).toBe(404);
      }
      expect((await call(editor, 'GET', `/verifications/${verificationId}/items/?limit=0`)).statusCode).toBe(400);
    });

    it('boxes ordered by status or reading time use the origin side (the side online pages show)', async () => {
      const [boxA, boxB, boxC] = main.boxIds as [number, number, number];
      const order = async (q: string) =>
        (await call(editor, 'GET', `/orders/${main.orderId}/boxes/?order_by=${q}`))
          .json()
          .results.map((b: { id: number }) => b.id);
      expect(await order('-status')).toEqual([boxA, boxC, boxB]);
      expect(await order('status')).toEqual([boxB, boxC, boxA]);
      expect((await order('-reading_time'))[0]).toBe(boxA);
      expect((await order('reading_time'))[0]).toBe(boxA); // nulls last either way
    });

    it('the online box and report keep both percent readings (above 100: percent 100, online_percent 0)', async () => {
      const box = (await call(admin, 'GET', `/orders/${main.orderId}/boxes/${main.boxIds[0]}/`)).json();
      expect(box).toMatchObject({
        real_item_count: 4,
        theorical_item_count: 3,
        percent: 100,
        online_percent: 0,
        verification_count: 1,
      });
      const lines = (await call(admin, 'GET', `/orders/${main.orderId}/report/`)).json();
      expect(
        lines.results.map((l: { gtin: string; percent: number; online_percent: number }) => [
          l.gtin,
          l.percent,
          l.online_percent,
        ]),
      ).toEqual([
        [gtinOf(0), 66, 66],
        [gtinOf(1), 33, 33],
        [gtinOf(2), 0, 0],
      ]);
    });

    it('PUT /verifications/{id}/: roles 1-4 toggle validity and the order follows; 403 role 5; 400 body; 404 foreign', async () => {
      const viewerPut = await call(viewer, 'PUT', `/verifications/${verificationId}/`, { valid: false });
      expect(viewerPut.statusCode).toBe(403);
      expect((await call(admin, 'GET', `/verifications/${verificationId}/`)).json().valid).toBe(true);
      const noValid = await call(printer, 'PUT', `/verifications/${verificationId}/`, { id: verificationId });
      expect(noValid.statusCode).toBe(400);
      expect(noValid.json().errors).toHaveProperty('valid');
      expect((await call(printer, 'PUT', `/verifications/${verificationId}/`, { valid: 'no' })).statusCode).toBe(400);
      expect((await call(printer, 'PUT', '/verifications/x/', { valid: false })).statusCode).toBe(400);
      // a CD-BCN box read at CD-MAD stays a free set; read at CD-BCN it is verified, and foreign to the editor
      const wrongPlace = await postSet(t, { ...exitMad, codebar: 'ONL-EP-BCN-A', epcs: newEpcs(gtinOf(0), 1) });
      expect(wrongPlace.json().claimed_by).toBeNull();
      expect((await call(admin, 'GET', `/rboxes/${foreign.boxIds[0]}/verifications/?side=origin`)).json().count).toBe(0);
      const bcnRead = await postSet(t, { ...exitBcn, codebar: 'ONL-EP-BCN-A', epcs: newEpcs(gtinOf(0), 1) });
      expect(bcnRead.json().claimed_by).toBe('verification');
      foreignVerificationId = (await call(admin, 'GET', `/rboxes/${foreign.boxIds[0]}/verifications/?side=origin`)).json()
        .results[0].id;
      expect((await call(editor, 'PUT', `/verifications/${foreignVerificationId}/`, { valid: false })).statusCode).toBe(404);
      expect((await call(editor, 'GET', `/verifications/${foreignVerificationId}/`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/verifications/${foreignVerificationId}/`)).json().valid).toBe(true);

      const off = await call(printer, 'PUT', `/verifications/${verificationId}/`, { id: verificationId, valid: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().valid).toBe(false);
      expect((await call(admin, 'GET', `/orders/${main.orderId}/`)).json()).toMatchObject({
        origin_status: 0,
        num_verified_boxes: 0,
        real_item_count: 0,
      });
      expect((await call(admin, 'GET', `/orders/${main.orderId}/boxes/${main.boxIds[0]}/`)).json().status).toBe(0);
      const on = await call(editor, 'PUT', `/verifications/${verificationId}/`, { id: verificationId, valid: true });
      expect(on.json().valid).toBe(true);
      expect((await call(admin, 'GET', `/orders/${main.orderId}/`)).json()).toMatchObject({
        origin_status: 1,
        num_verified_boxes: 1,
      });
    });

    it('DELETE /orders/{id}/boxes/{boxId}/: 403 roles 4-5, 404 foreign or another order, 409 verified, 204 and recount', async () => {
      const [boxA, boxB, boxC] = main.boxIds as [number, number, number];
      for (const auth of [printer, viewer]) {
        expect((await call(auth, 'DELETE', `/orders/${main.orderId}/boxes/${boxB}/`)).statusCode).toBe(403);
      }
      expect((await call(editor, 'DELETE', `/orders/${foreign.orderId}/boxes/${foreign.boxIds[0]}/`)).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/orders/${ofStore.orderId}/boxes/${boxB}/`)).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/orders/${main.orderId}/boxes/x/`)).statusCode).toBe(400);
      const verified = await call(editor, 'DELETE', `/orders/${main.orderId}/boxes/${boxA}/`);
      expect(verified.statusCode).toBe(409);
      expect(verified.json().message).toBe('Cannot delete the box. It has been verified.');
      // nothing was deleted by the refusals
      const left = await t.database.db.select({ id: boxes.id }).from(boxes).where(eq(boxes.orderId, main.orderId));
      expect(left.map((b) => b.id).sort((a, b) => a - b)).toEqual([boxA, boxB, boxC].sort((a, b) => a - b));
      expect((await call(admin, 'GET', `/orders/${foreign.orderId}/`)).json().num_boxes).toBe(1);

      expect((await call(editor, 'DELETE', `/orders/${main.orderId}/boxes/${boxB}/`)).statusCode).toBe(204);
      expect((await call(editor, 'GET', `/orders/${main.orderId}/boxes/${boxB}/`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/orders/${main.orderId}/`)).json()).toMatchObject({
        num_boxes: 2,
        item_count: 5,
        origin_status: 1,
      });
      // the last unread box gone: every box verified, with errors (4 read for 3)
      expect((await call(brand, 'DELETE', `/orders/${main.orderId}/boxes/${boxC}/`)).statusCode).toBe(204);
      expect((await call(admin, 'GET', `/orders/${main.orderId}/`)).json()).toMatchObject({
        num_boxes: 1,
        item_count: 3,
        origin_status: 2,
      });
    });

    it('sale return: the shipped order read back at the CD-MAD entry; list, row and lines in scope', async () => {
      const back = [read[0] as string, read[1] as string, read[3] as string];
      const r = await postSet(t, { ...tunnel, codebar: 'ONL-EP-MAIN', epcs: back, at: '2026-04-20T10:00:00Z' });
      expect(r.json().claimed_by).toBe('sale-return');
      const stocked = await t.database.db
        .select({ state: items.state, locationId: items.locationId })
        .from(items)
        .where(eq(items.epc, back[0] as string));
      expect(stocked).toEqual([{ state: 0, locationId: mad }]);
      const list = await call(printer, 'GET', `/locations/${mad}/sale_returns/?code__contains=EP-MAIN`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().count).toBe(1);
      const row = list.json().results[0];
      expect(row).toMatchObject({
        code: 'ONL-EP-MAIN',
        order: { id: main.orderId, order_code: 'ONL-EP-MAIN' },
        location: mad,
        real_item_count: 3,
        end_time: '2026-04-20T10:00:00.000Z',
      });
      expect((await call(printer, 'GET', `/sale_returns/${row.id}/`)).json()).toEqual(row);
      const lines = (await call(printer, 'GET', `/sale_returns/${row.id}/detail/`)).json();
      expect(lines.count).toBe(2);
      expect(lines.results.map((l: { gtin: string; quantity: number }) => [l.gtin, l.quantity])).toEqual([
        [gtinOf(0), 2],
        [gtinOf(2), 1],
      ]);
      // filters and validation
      expect(
        (await call(printer, 'GET', `/locations/${mad}/sale_returns/?end_time__gte=2026-04-21T00:00:00Z`)).json().count,
      ).toBe(0);
      expect(
        (await call(printer, 'GET', `/locations/${mad}/sale_returns/?end_time__lte=2026-04-21T00:00:00Z`)).json().count,
      ).toBe(1);
      expect((await call(printer, 'GET', `/locations/${mad}/sale_returns/?end_time__lte=bad`)).statusCode).toBe(400);
      expect((await call(printer, 'GET', `/locations/${mad}/sale_returns/?limit=0`)).statusCode).toBe(400);
      expect((await call(printer, 'GET', '/sale_returns/x/detail/')).statusCode).toBe(400);
      expect((await call(printer, 'GET', `/sale_returns/${row.id}/detail/?offset=-1`)).statusCode).toBe(400);
      // foreign: the viewer sees only T-MAD-01
      expect((await call(viewer, 'GET', `/locations/${mad}/sale_returns/`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', `/sale_returns/${row.id}/`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', `/sale_returns/${row.id}/detail/`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', `/locations/${store}/sale_returns/`)).json().count).toBe(0);
      // a provider return id is not a sale return
      expect((await call(admin, 'GET', '/sale_returns/999999/')).statusCode).toBe(404);
    });

    it('DELETE /orders/{id}/: 409 once verified (spec message), 403 role 5, 404 foreign or another type; 204 roles 1-4', async () => {
      const refused = await call(admin, 'DELETE', `/orders/${main.orderId}/`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Cannot delete the order. Check verifications.');
      expect((await call(admin, 'GET', `/orders/${main.orderId}/`)).json()).toMatchObject({ num_boxes: 1, origin_status: 2 });
      // the store order: role 5 may not delete, the editor may
      expect((await call(viewer, 'DELETE', `/orders/${ofStore.orderId}/`)).statusCode).toBe(403);
      expect((await call(viewer, 'GET', `/orders/${ofStore.orderId}/`)).statusCode).toBe(200);
      expect((await call(editor, 'DELETE', `/orders/${foreign.orderId}/`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/orders/${foreign.orderId}/`)).statusCode).toBe(200);
      expect((await call(admin, 'DELETE', '/orders/x/')).statusCode).toBe(400);
      expect((await call(admin, 'DELETE', '/orders/999999/')).statusCode).toBe(404);
      // a movement or a purchase order is not deleted through the online route
      const movement = await ordersCoded('ONL-EP-MOV');
      const purchase = await ordersCoded('ONL-EP-PO');
      for (const [o] of [movement, purchase]) {
        expect((await call(admin, 'DELETE', `/orders/${(o as { id: number }).id}/`)).statusCode).toBe(404);
      }
      expect(await ordersCoded('ONL-EP-MOV')).toHaveLength(1);
      expect(await ordersCoded('ONL-EP-PO')).toHaveLength(1);
      // roles 4 and 3 delete unverified orders they see; boxes and contents go with them. The CD-BCN
      // order is verified: 409 until its only verification is made invalid.
      expect((await call(printer, 'DELETE', `/orders/${foreign.orderId}/`)).statusCode).toBe(409);
      expect((await call(admin, 'PUT', `/verifications/${foreignVerificationId}/`, { valid: false })).statusCode).toBe(200);
      expect((await call(admin, 'GET', `/orders/${foreign.orderId}/`)).json()).toMatchObject({
        origin_status: 0,
        num_verified_boxes: 0,
      });
      expect((await call(printer, 'DELETE', `/orders/${foreign.orderId}/`)).statusCode).toBe(204);
      expect(await t.database.db.select().from(boxes).where(eq(boxes.orderId, foreign.orderId))).toHaveLength(0);
      expect((await call(editor, 'DELETE', `/orders/${ofStore.orderId}/`)).statusCode).toBe(204);
      expect((await call(viewer, 'GET', `/orders/${ofStore.orderId}/`)).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/orders/${ofStore.orderId}/`)).statusCode).toBe(404);
    });
  });
});
