import type { MovementOrder } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxes, orders, readingSets, verifications } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { demoWorld } from '../../test/demo-world.js';
import { addReceptionWithBoxes, type BoxSpec, lineQuantities, locationIdsOf } from '../orders/inbound-fixtures.js';
import { orderCsvChunks } from '../orders/lines.repository.js';
import { addReaderAt, createOutboundOrder, fortyOneBoxes, itemTypesByGtin, newEpcs, postSet } from './outbound-fixtures.js';

const DELETE_CONFLICT = 'Cannot delete the order. Check verifications.';

/**
 * Every endpoint of movements (docs/design/outbound.md), with the verification calls of
 * movement boxes on both sides: happy path, validation (400 with the reason), refused role
 * (403), foreign location or order (404), page sizes (11, 40, 100), filters and ordering, the
 * 409 messages of cancel and delete, and nothing half-written after a refused or failed write.
 */
describe('movement endpoints', () => {
  const demo = demoWorld();
  let mad: number;
  let bcn: number;
  let store: number;
  let tbcn: number;
  let val: number;
  let g: { id: number; gtin: string }[];
  const exitMad = { device: 'POR-MAD-EXP', key: demoDeviceKey('POR-MAD-EXP') };
  const entryStore = { device: 'POR-T01-ENT', key: demoDeviceKey('POR-T01-ENT') };
  let entryTbcn: { device: string; key: string };
  /** CD-MAD → T-MAD-01: box A (g0×2, g1×1), B (g0×1). Every demo user sees it. */
  let main: { orderId: number; boxIds: number[] };
  /** CD-BCN → T-VAL-01: only roles 1-2 and the printer (CD-BCN) see it. */
  let foreign: { orderId: number; boxIds: number[] };
  /** T-MAD-01 → T-BCN-01: the printer does not see it; the viewer does (origin). */
  let storeToStore: { orderId: number; boxIds: number[] };
  const mainEpcs: { a: string[] } = { a: [] };

  const call = (auth: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    demo.t.call(method, `/api${url}`, auth, payload);
  const gtinOf = (i: number) => (g[i] as { gtin: string }).gtin;
  /** A movement from `origin` to `destination` created by the admin. */
  const movementOf = (
    origin: number,
    destination: number,
    code: string,
    boxes: BoxSpec[],
    more: { estimatedExit?: string } = {},
  ) => createOutboundOrder(demo.t, demo.admin, { kind: 'movement', origin, destination, code, boxes, ...more });
  /** A movement CD-MAD → T-MAD-01 created by the admin. */
  const movementMadToStore = (code: string, boxes: BoxSpec[], more: { estimatedExit?: string } = {}) =>
    movementOf(mad, store, code, boxes, more);
  /** One box `{code}-A` of one unit of `gtin`. */
  const oneUnitBox = (code: string, gtin: string): BoxSpec[] => [{ codebar: `${code}-A`, contents: [{ gtin, quantity: 1 }] }];
  const idOf = (i: number) => (g[i] as { id: number }).id;
  const codes = (page: { results: { order_code: string }[] }) => page.results.map((o) => o.order_code);
  const orderRow = async (id: number) => (await demo.t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  beforeAll(async () => {
    [mad, bcn, store, tbcn, val] = locationIdsOf(demo.ids, 'CD-MAD', 'CD-BCN', 'T-MAD-01', 'T-BCN-01', 'T-VAL-01');
    g = await itemTypesByGtin(demo.t.database.db, 130);
    entryTbcn = await addReaderAt(demo.t.database.db, demo.ids, {
      serialNumber: 'MOV-EP-TBCN-ENT',
      mac: '02:00:00:00:13:01',
      location: 'T-BCN-01',
      workingMode: 3,
    });
    main = await movementMadToStore(
      'MOV-EP-MAIN',
      [
        {
          codebar: 'MOV-EP-MAIN-A',
          contents: [
            { gtin: gtinOf(0), quantity: 2 },
            { gtin: gtinOf(1), quantity: 1 },
          ],
        },
        { codebar: 'MOV-EP-MAIN-B', contents: [{ gtin: gtinOf(0), quantity: 1 }] },
      ],
      { estimatedExit: '2026-01-01 10:00:00' },
    );
    foreign = await movementOf(bcn, val, 'MOV-EP-BCN', oneUnitBox('MOV-EP-BCN', gtinOf(0)));
    storeToStore = await movementOf(store, tbcn, 'MOV-EP-S2S', oneUnitBox('MOV-EP-S2S', gtinOf(2)));
  });

  it('every endpoint answers 401 without a user token (none, or a reader key)', async () => {
    const [o, b] = [main.orderId, main.boxIds[0] as number];
    const endpoints: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/morders/'],
      ['GET', `/locations/${mad}/v1/exits/`],
      ['GET', `/v1/morders/?destination__id=${store}`],
      ['GET', `/locations/${store}/morderscaware/`],
      ['GET', `/morders/${o}/`],
      ['GET', `/v1/morders/${o}/`],
      ['PUT', `/morders/${o}/`],
      ['DELETE', `/morders/${o}/`],
      ['DELETE', `/v1/morders/${o}/`],
      ['GET', `/morders/${o}/report/`],
      ['GET', `/morders/${o}/boxes/`],
      ['GET', `/v1/morders/${o}/boxes/`],
      ['GET', `/morders/${o}/boxes/${b}/`],
      ['GET', `/morders/${o}/boxes/${b}/report/`],
      ['GET', `/morders/${o}/types/${idOf(0)}/`],
      ['GET', `/morders/${o}/csv/`],
      ['GET', `/morders/${o}/items-csv/`],
      ['GET', `/locations/${mad}/movstats/`],
      ['GET', `/locations/${store}/moventrystats/`],
      ['GET', `/locations/${store}/entrystats/`],
      ['GET', `/rboxes/${b}/verifications/`],
    ];
    for (const [method, url] of endpoints) {
      for (const headers of [{}, { authorization: `Device ${exitMad.key}` }]) {
        const r = await demo.t.app.inject({
          method,
          url: `/api${url}`,
          headers,
          ...(method === 'PUT' ? { payload: { sync: true } } : {}),
        });
        expect(r.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect(await orderRow(o)).toMatchObject({ sync: false });
  });

  describe('reads: in scope 200 (origin or destination), out of scope 404, bad id or query 400', () => {
    const pages: [string, (o: number | string, b: number, ty: number) => string, string | null][] = [
      ['order', (o) => `/morders/${o}/`, 'side=up'],
      ['order (v1)', (o) => `/v1/morders/${o}/`, 'side=up'],
      ['report', (o) => `/morders/${o}/report/`, 'side=up'],
      ['boxes (v1)', (o) => `/v1/morders/${o}/boxes/`, 'limit=0'],
      ['boxes', (o) => `/morders/${o}/boxes/`, 'side=up'],
      ['box', (o, b) => `/morders/${o}/boxes/${b}/`, 'side=up'],
      ['box report', (o, b) => `/morders/${o}/boxes/${b}/report/`, 'offset=-1'],
      ['GTIN', (o, _b, ty) => `/morders/${o}/types/${ty}/`, 'side=up'],
      ['CSV (GTIN)', (o) => `/morders/${o}/csv/`, 'report_mode=2'],
      ['CSV (EPC)', (o) => `/morders/${o}/csv/?report_mode=1`, null],
      ['items CSV', (o) => `/morders/${o}/items-csv/`, 'side=up'],
    ];

    it.each(pages)('%s', async (_name, url, badQuery) => {
      const at = (o: { orderId: number; boxIds: number[] }, ty = idOf(0)) => url(o.orderId, o.boxIds[0] as number, ty);
      for (const auth of [demo.admin, demo.brand, demo.editor, demo.printer, demo.viewer]) {
        const r = await call(auth, 'GET', at(main));
        expect(r.statusCode, r.body).toBe(200);
      }
      // visible from the origin only (the viewer's store is the origin), or from the destination only
      expect((await call(demo.viewer, 'GET', at(storeToStore, idOf(2)))).statusCode).toBe(200);
      expect((await call(demo.editor, 'GET', at(storeToStore, idOf(2)))).statusCode).toBe(200);
      // foreign
      for (const auth of [demo.editor, demo.viewer]) {
        const r = await call(auth, 'GET', at(foreign));
        expect(r.statusCode).toBe(404);
        expect(r.json().message).toMatch(/not found/i);
      }
      expect((await call(demo.printer, 'GET', at(storeToStore, idOf(2)))).statusCode).toBe(404);
      expect((await call(demo.printer, 'GET', at(foreign))).statusCode).toBe(200);
      // unknown and bad ids, bad query
      expect((await call(demo.admin, 'GET', url(999_999, main.boxIds[0] as number, idOf(0)))).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', url('abc', main.boxIds[0] as number, idOf(0)))).statusCode).toBe(400);
      if (badQuery) {
        const target = at(main);
        const bad = await call(demo.admin, 'GET', `${target}${target.includes('?') ? '&' : '?'}${badQuery}`);
        expect(bad.statusCode, badQuery).toBe(400);
        expect(bad.json().message).toBeTruthy();
      }
    });

    it('a box of another movement, a GTIN not in it, an online or purchase id are 404', async () => {
      for (const url of [
        `/morders/${main.orderId}/boxes/${foreign.boxIds[0]}/`,
        `/morders/${main.orderId}/boxes/${storeToStore.boxIds[0]}/report/`,
      ]) {
        const r = await call(demo.admin, 'GET', url);
        expect(r.statusCode, url).toBe(404);
        expect(r.json().message).toBe('Box not found.');
      }
      const notInOrder = await call(demo.admin, 'GET', `/morders/${main.orderId}/types/${idOf(9)}/`);
      expect(notInOrder.statusCode).toBe(404);
      expect(notInOrder.json().message).toBe('GTIN not found in this order.');
      expect((await call(demo.admin, 'GET', `/morders/${main.orderId}/types/x/`)).statusCode).toBe(400);
      const online = await call(demo.admin, 'POST', '/orders/', { order_code: 'MOV-EP-ONL', origin_id: mad });
      expect(online.statusCode).toBe(201);
      expect((await call(demo.admin, 'GET', `/morders/${online.json().id}/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', `/v1/morders/${online.json().id}/boxes/`)).statusCode).toBe(404);
    });
  });

  describe('both sides of one movement', () => {
    it('before any read: expected counts, late on the exit side, both icons', async () => {
      const exit = (await call(demo.editor, 'GET', `/morders/${main.orderId}/`)).json();
      expect(exit).toMatchObject({
        id: main.orderId,
        type: 'movement',
        order_code: 'MOV-EP-MAIN',
        origin: mad,
        origin_description: 'Centro de distribución Madrid',
        destination: store,
        origin_status: 0,
        destination_status: 0,
        num_boxes: 2,
        item_count: 4,
        num_verified_boxes: 0,
        real_item_count: 0,
        late: true,
        can_cancel: false,
        can_delete: true,
        sync: false,
      });
      expect(exit.destination_description).toBeTruthy();
      // the entry side's estimate (2026-01-10, fixtures) has passed too
      expect((await call(demo.editor, 'GET', `/morders/${main.orderId}/?side=entry`)).json().late).toBe(true);
    });

    it('exit read of box A (exact), entry read of box A (g1 missing): each side counts its own', async () => {
      mainEpcs.a = [...newEpcs(gtinOf(0), 2), ...newEpcs(gtinOf(1), 1)];
      const out = await postSet(demo.t, { ...exitMad, codebar: 'MOV-EP-MAIN-A', epcs: mainEpcs.a, at: '2026-04-01T10:00:00Z' });
      expect(out.json().claimed_by).toBe('verification');
      const arrived = await postSet(demo.t, {
        ...entryStore,
        codebar: 'MOV-EP-MAIN-A',
        epcs: mainEpcs.a.slice(0, 2),
        at: '2026-04-02T10:00:00Z',
      });
      expect(arrived.json().claimed_by).toBe('verification');

      const exit = (await call(demo.editor, 'GET', `/morders/${main.orderId}/?side=exit`)).json();
      const entry = (await call(demo.viewer, 'GET', `/v1/morders/${main.orderId}/?side=entry`)).json();
      const both = {
        origin_status: 1,
        destination_status: 1,
        origin_num_verified_boxes: 1,
        destination_num_verified_boxes: 1,
        origin_real_item_count: 3,
        destination_real_item_count: 2,
        exit_date: '2026-04-01T10:00:00.000Z',
        arrival_date: '2026-04-02T10:00:00.000Z',
        can_cancel: false,
        can_delete: false,
      };
      expect(exit).toMatchObject({ ...both, num_verified_boxes: 1, real_item_count: 3, late: false });
      expect(entry).toMatchObject({ ...both, num_verified_boxes: 1, real_item_count: 2, late: false });
      // default side is exit
      expect((await call(demo.editor, 'GET', `/morders/${main.orderId}/`)).json().real_item_count).toBe(3);

      const [boxA] = main.boxIds as [number];
      const boxExit = (await call(demo.editor, 'GET', `/morders/${main.orderId}/boxes/${boxA}/?side=exit`)).json();
      const boxEntry = (await call(demo.editor, 'GET', `/morders/${main.orderId}/boxes/${boxA}/?side=entry`)).json();
      expect(boxExit).toMatchObject({ status: 2, real_item_count: 3, percent: 100, origin_status: 2, destination_status: 1 });
      expect(boxEntry).toMatchObject({ status: 1, real_item_count: 2, percent: 66, origin_status: 2, destination_status: 1 });
      expect(boxExit.reading_time).toBe('2026-04-01T10:00:00.000Z');
      expect(boxEntry.reading_time).toBe('2026-04-02T10:00:00.000Z');
    });

    it('report, box report and GTIN detail per side', async () => {
      const pick = lineQuantities();
      const exit = (await call(demo.editor, 'GET', `/morders/${main.orderId}/report/?side=exit`)).json();
      expect(exit.results.map(pick)).toEqual([
        [gtinOf(0), 3, 2],
        [gtinOf(1), 1, 1],
      ]);
      const entry = (await call(demo.editor, 'GET', `/morders/${main.orderId}/report/?side=entry`)).json();
      expect(entry.results.map(pick)).toEqual([
        [gtinOf(0), 3, 2],
        [gtinOf(1), 1, 0],
      ]);
      expect(entry.results[1]).toMatchObject({ origin_real_quantity: 1, destination_real_quantity: 0, percent: 0 });
      const filtered = (
        await call(demo.editor, 'GET', `/morders/${main.orderId}/report/?item_type__gtin__contains=${gtinOf(1)}`)
      ).json();
      expect(filtered.count).toBe(1);
      const boxLines = (
        await call(demo.editor, 'GET', `/morders/${main.orderId}/boxes/${main.boxIds[1]}/report/?side=entry`)
      ).json();
      expect(boxLines.results.map(pick)).toEqual([[gtinOf(0), 1, 0]]);
      const detail = (await call(demo.viewer, 'GET', `/morders/${main.orderId}/types/${idOf(1)}/?side=entry`)).json();
      expect(detail).toMatchObject({
        order: { id: main.orderId, real_item_count: 2 },
        item_type: { gtin: gtinOf(1) },
        line: { theorical_quantity: 1, real_quantity: 0, origin_real_quantity: 1 },
      });
    });

    it('boxes: both URLs, by barcode, descending, filtered', async () => {
      const v1 = (await call(demo.viewer, 'GET', `/v1/morders/${main.orderId}/boxes/?order_by=box__codebar&side=entry`)).json();
      expect(v1.count).toBe(2);
      expect(v1.results.map((b: { barcode: string; status: number }) => [b.barcode, b.status])).toEqual([
        ['MOV-EP-MAIN-A', 1],
        ['MOV-EP-MAIN-B', 0],
      ]);
      const plain = (await call(demo.viewer, 'GET', `/morders/${main.orderId}/boxes/?order_by=-box__codebar`)).json();
      expect(plain.results.map((b: { barcode: string; status: number }) => [b.barcode, b.status])).toEqual([
        ['MOV-EP-MAIN-B', 0],
        ['MOV-EP-MAIN-A', 2],
      ]);
      expect(
        (await call(demo.viewer, 'GET', `/morders/${main.orderId}/boxes/?box__codebar__contains=MAIN-B`))
          .json()
          .results.map((b: { id: number }) => b.id),
      ).toEqual([main.boxIds[1]]);
      // status and reading time orderings follow the side shown
      const ids = async (q: string) =>
        (await call(demo.viewer, 'GET', `/morders/${main.orderId}/boxes/?${q}`)).json().results.map((b: { id: number }) => b.id);
      const [boxA, boxB] = main.boxIds as [number, number];
      expect(await ids('side=exit&order_by=-status')).toEqual([boxA, boxB]);
      expect(await ids('side=entry&order_by=status')).toEqual([boxB, boxA]);
      expect(await ids('side=entry&order_by=reading_time')).toEqual([boxA, boxB]);
    });

    it('CSV: GTIN mode one row per box content; EPC mode one row per EPC and side; items CSV', async () => {
      const gtinCsv = (await call(demo.editor, 'GET', `/morders/${main.orderId}/csv/?report_mode=0`)).body.trim().split(/\r?\n/);
      expect(gtinCsv).toHaveLength(1 + 3);
      const epcCsv = await call(demo.editor, 'GET', `/morders/${main.orderId}/csv/?report_mode=1`);
      expect(epcCsv.headers['content-disposition']).toBe(`attachment; filename="movimiento-${main.orderId}-epcs.csv"`);
      const rows = epcCsv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(rows[0]).toBe('Id pedido;Código de pedido;Caja;Lado;EPC;GTIN;Descripción');
      expect(rows.slice(1).filter((r) => r.includes(';"Origen";'))).toHaveLength(3);
      expect(rows.slice(1).filter((r) => r.includes(';"Destino";'))).toHaveLength(2);
      for (const epc of mainEpcs.a) expect(epcCsv.body).toContain(epc);
      const itemsCsv = (await call(demo.editor, 'GET', `/morders/${main.orderId}/items-csv/?side=entry`)).body
        .trim()
        .split(/\r?\n/);
      expect(itemsCsv[0]?.replace(/^\uFEFF/, '')).toBe(
        'GTIN;Descripción;Modelo;Color;Referencia;Esperadas;Leídas (origen);Leídas (destino);Porcentaje',
      );
      expect(itemsCsv).toHaveLength(1 + 2);
    });

    it('verifications of a movement box: origin and destination lists, report, items, validity', async () => {
      const [boxA] = main.boxIds as [number];
      const origin = (await call(demo.viewer, 'GET', `/rboxes/${boxA}/verifications/?side=origin`)).json();
      const legacy = (await call(demo.viewer, 'GET', `/rboxes/${boxA}/verifications/?readingset_ptr__reading__type=1`)).json();
      const destination = (await call(demo.viewer, 'GET', `/rboxes/${boxA}/verifications/`)).json();
      expect(origin).toMatchObject({
        count: 1,
        results: [{ side: 'origin', real_item_count: 3, readers: [{ serial_number: 'POR-MAD-EXP' }] }],
      });
      expect(legacy.results.map((v: { id: number }) => v.id)).toEqual([origin.results[0].id]);
      expect(destination).toMatchObject({
        count: 1,
        results: [{ side: 'destination', real_item_count: 2, readers: [{ serial_number: 'POR-T01-ENT' }] }],
      });
      const vId = destination.results[0].id as number;
      const report = (await call(demo.viewer, 'GET', `/verifications/${vId}/report/`)).json();
      expect(report.results.map(lineQuantities('destination_real_quantity'))).toEqual([
        [gtinOf(0), 2, 2, 2],
        [gtinOf(1), 1, 0, 0],
      ]);
      const itemsPage = (await call(demo.viewer, 'GET', `/verifications/${vId}/items/`)).json();
      expect(itemsPage.results.map((i: { epc: string }) => i.epc).sort()).toEqual(mainEpcs.a.slice(0, 2).sort());
      // foreign, bad id
      expect((await call(demo.printer, 'GET', `/rboxes/${storeToStore.boxIds[0]}/verifications/`)).statusCode).toBe(404);
      expect((await call(demo.editor, 'GET', `/rboxes/${foreign.boxIds[0]}/verifications/?side=origin`)).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', '/rboxes/x/verifications/')).statusCode).toBe(400);

      // validity: role 5 refused; role 4 turns the entry read off: the destination has nothing verified
      expect((await call(demo.viewer, 'PUT', `/verifications/${vId}/`, { id: vId, valid: false })).statusCode).toBe(403);
      expect((await call(demo.printer, 'PUT', `/verifications/${vId}/`, { id: vId })).statusCode).toBe(400);
      const off = await call(demo.printer, 'PUT', `/verifications/${vId}/`, { id: vId, valid: false });
      expect(off.statusCode, off.body).toBe(200);
      expect((await call(demo.admin, 'GET', `/morders/${main.orderId}/?side=entry`)).json()).toMatchObject({
        destination_status: 0,
        destination_num_verified_boxes: 0,
        destination_real_item_count: 0,
        origin_num_verified_boxes: 1,
        can_cancel: true,
        can_delete: false,
      });
      const on = await call(demo.editor, 'PUT', `/verifications/${vId}/`, { id: vId, valid: true });
      expect(on.json().valid).toBe(true);
      expect((await call(demo.admin, 'GET', `/morders/${main.orderId}/?side=entry`)).json()).toMatchObject({
        destination_status: 1,
        destination_num_verified_boxes: 1,
        can_cancel: false,
      });
    });
  });

  describe('POST /morders/', () => {
    it('roles 1 to 3 create; the answer and the lists show it', async () => {
      for (const [auth, code] of [
        [demo.admin, 'MOV-EP-NEW-1'],
        [demo.brand, 'MOV-EP-NEW-2'],
        [demo.editor, 'MOV-EP-NEW-3'],
      ] as const) {
        const r = await call(auth, 'POST', '/morders/', {
          order_code: code,
          origin_id: mad,
          destination_id: tbcn,
          origin_status: 0,
          destination_status: 0,
          container: 'CONT-7',
          estimated_exit_date: '2026-06-01T08:00:00Z',
          estimated_arrival_date: '2026-06-03T08:00:00Z',
        });
        expect(r.statusCode, r.body).toBe(201);
        expect(r.json()).toMatchObject({
          order_code: code,
          origin: mad,
          destination: tbcn,
          container: 'CONT-7',
          estimated_exit_date: '2026-06-01T08:00:00.000Z',
          estimated_arrival_date: '2026-06-03T08:00:00.000Z',
          num_boxes: 0,
        });
        const exits = (await call(demo.printer, 'GET', `/locations/${mad}/v1/exits/?order_code__icontains=${code}`)).json();
        expect(exits.results.map((o: { id: number }) => o.id)).toEqual([r.json().id]);
        const entries = (
          await call(demo.editor, 'GET', `/v1/morders/?destination__id=${tbcn}&order_code__icontains=${code}`)
        ).json();
        expect(entries.results.map((o: { id: number }) => o.id)).toEqual([r.json().id]);
      }
    });

    it.each([
      ['no order code', { origin_id: 'MAD', destination_id: 'STORE' }, 'order_code'],
      ['no destination', { order_code: 'MOV-EP-BAD', origin_id: 'MAD' }, 'destination_id'],
      ['no origin', { order_code: 'MOV-EP-BAD', destination_id: 'STORE' }, 'origin_id'],
      ['origin = destination', { order_code: 'MOV-EP-BAD', origin_id: 'MAD', destination_id: 'MAD' }, 'destination_id'],
      [
        'origin_status 2',
        { order_code: 'MOV-EP-BAD', origin_id: 'MAD', destination_id: 'STORE', origin_status: 2 },
        'origin_status',
      ],
      [
        'a bad arrival date',
        { order_code: 'MOV-EP-BAD', origin_id: 'MAD', destination_id: 'STORE', estimated_arrival_date: '31/12/2026' },
        'estimated_arrival_date',
      ],
      ['a bad destination id', { order_code: 'MOV-EP-BAD', origin_id: 'MAD', destination_id: -4 }, 'destination_id'],
    ])('400 with %s, nothing written', async (_name, body, field) => {
      const resolve = (v: unknown) => (v === 'MAD' ? mad : v === 'STORE' ? store : v);
      const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, resolve(v)]));
      const r = await call(demo.admin, 'POST', '/morders/', payload);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().errors).toHaveProperty(field);
      expect(await demo.t.database.db.select().from(orders).where(eq(orders.orderCode, 'MOV-EP-BAD'))).toHaveLength(0);
    });

    it('403 roles 4-5; 404 a foreign origin; 400 a foreign destination; nothing written', async () => {
      const body = { order_code: 'MOV-EP-REFUSED', origin_id: mad, destination_id: store };
      for (const auth of [demo.printer, demo.viewer]) expect((await call(auth, 'POST', '/morders/', body)).statusCode).toBe(403);
      expect((await call(demo.editor, 'POST', '/morders/', { ...body, origin_id: bcn })).statusCode).toBe(404);
      const foreignDestination = await call(demo.editor, 'POST', '/morders/', { ...body, destination_id: val });
      expect(foreignDestination.statusCode).toBe(400);
      expect(foreignDestination.json().errors.destination_id).toEqual(['Location not found.']);
      expect(await demo.t.database.db.select().from(orders).where(eq(orders.orderCode, 'MOV-EP-REFUSED'))).toHaveLength(0);
    });
  });

  describe('lists (11 per page), filters, ordering and stats', () => {
    /** 12 movements CD-MAD → T-BCN-01 created Feb 1..12; #3 and #5 left (exact), #5 arrived (exact). */
    const created: { id: number; code: string; creation: string }[] = [];
    const exitAt: Record<string, string> = { 'MOV-PG-03': '2026-03-03T12:00:00Z', 'MOV-PG-05': '2026-03-05T12:00:00Z' };
    const arrivalAt = '2026-03-07T18:00:00Z';

    beforeAll(async () => {
      for (let i = 1; i <= 12; i += 1) {
        const code = `MOV-PG-${String(i).padStart(2, '0')}`;
        const r = await call(demo.admin, 'POST', '/morders/', {
          order_code: code,
          origin_id: mad,
          destination_id: tbcn,
          creation_date: `2026-02-${String(i).padStart(2, '0')}T10:00:00Z`,
          estimated_exit_date: '2026-02-20T10:00:00Z',
          estimated_arrival_date: '2026-02-25T10:00:00Z',
        });
        expect(r.statusCode, r.body).toBe(201);
        created.push({ id: r.json().id, code, creation: r.json().creation_date });
      }
      for (const [code, at] of Object.entries(exitAt)) {
        const order = created.find((o) => o.code === code) as { id: number };
        await addReceptionWithBoxes(demo.t, demo.admin, order.id, code, [
          { codebar: `${code}-A`, contents: [{ gtin: gtinOf(3), quantity: 2 }] },
        ]);
        const epcs = newEpcs(gtinOf(3), 2);
        expect((await postSet(demo.t, { ...exitMad, codebar: `${code}-A`, epcs, at })).json().claimed_by).toBe('verification');
        if (code === 'MOV-PG-05') {
          const arrived = await postSet(demo.t, { ...entryTbcn, codebar: `${code}-A`, epcs, at: arrivalAt });
          expect(arrived.json().claimed_by).toBe('verification');
        }
      }
    });

    const get = async (url: string, auth = demo.admin) => {
      const r = await call(auth, 'GET', url);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    /** Only this block's orders: MOV-PG unless the query filters on the order code itself. */
    const mine = (q: string) => (q.includes('order_code__icontains') ? q : `order_code__icontains=MOV-PG&${q}`);
    const exits = (q: string, auth = demo.admin) => get(`/locations/${mad}/v1/exits/?${mine(q)}`, auth);
    const entries = (q: string, auth = demo.admin) => get(`/v1/morders/?destination__id=${tbcn}&${mine(q)}`, auth);

    it('exits: 11 per page, newest first, next page, ordering', async () => {
      const first = await exits('');
      expect(first.count).toBe(12);
      expect(first.results).toHaveLength(11);
      expect(codes(first)[0]).toBe('MOV-PG-12');
      expect(first.next).toContain('limit=11');
      expect(codes(await exits('offset=11'))).toEqual(['MOV-PG-01']);
      expect(codes(await exits('order_by=order_code')).slice(0, 2)).toEqual(['MOV-PG-01', 'MOV-PG-02']);
      expect(codes(await exits('order_by=-exit_date&exit_date__isnull=false'))).toEqual(['MOV-PG-05', 'MOV-PG-03']);
      // the row of an order that left, seen from the exit
      const left = (await exits('order_code__icontains=MOV-PG-03')).results[0];
      expect(left).toMatchObject({ origin_status: 3, num_verified_boxes: 1, real_item_count: 2, late: false, can_cancel: true });
    });

    it('exits filters: id, exit date range, origin status', async () => {
      const target = created[4] as { id: number; code: string };
      expect(codes(await exits(`id__icontains=${target.id}`))).toContain(target.code);
      expect(codes(await exits('exit_date__gte=2026-03-04T00:00:00Z'))).toEqual(['MOV-PG-05']);
      expect(codes(await exits('exit_date__lte=2026-03-04T00:00:00Z'))).toEqual(['MOV-PG-03']);
      expect((await exits('exit_date__gte=2026-03-01&exit_date__lte=2026-03-31')).count).toBe(2);
      for (const [status, n] of [
        ['0', 10],
        ['1', 0],
        ['2', 0],
        ['3', 2],
        ['4', 0],
      ] as const) {
        expect((await exits(`origin_status=${status}`)).count, `origin_status=${status}`).toBe(n);
      }
    });

    it('entries: 11 per page by -id, filters on arrival and destination status, icons per row', async () => {
      const first = await entries('order_by=-id');
      expect(first.count).toBe(12);
      expect(first.results).toHaveLength(11);
      expect(first.results.map((o: { id: number }) => o.id)).toEqual(
        created
          .map((o) => o.id)
          .reverse()
          .slice(0, 11),
      );
      expect((await entries('order_by=-id&offset=11')).results.map((o: { id: number }) => o.id)).toEqual([created[0]?.id]);
      expect(codes(await entries('arrival_date__gte=2026-03-07T00:00:00Z'))).toEqual(['MOV-PG-05']);
      expect((await entries('arrival_date__lte=2026-03-07T00:00:00Z')).count).toBe(0);
      expect((await entries('destination_status=3')).count).toBe(1);
      expect((await entries('destination_status=0')).count).toBe(11);
      const rows = (await entries('order_code__icontains=MOV-PG-0&order_by=order_code&limit=5')).results;
      const icons = rows.map((o: { order_code: string; can_cancel: boolean; can_delete: boolean; real_item_count: number }) => [
        o.order_code,
        o.can_cancel,
        o.can_delete,
        o.real_item_count,
      ]);
      expect(icons).toEqual([
        ['MOV-PG-01', false, true, 0],
        ['MOV-PG-02', false, true, 0],
        ['MOV-PG-03', true, false, 0], // left, not arrived: cancel
        ['MOV-PG-04', false, true, 0],
        ['MOV-PG-05', false, false, 2], // arrived: neither
      ]);
      expect((await entries('order_code__icontains=MOV-PG-03')).results[0].late).toBe(true); // arrival estimate passed
    });

    it('morderscaware: from or to the location', async () => {
      const atTbcn = await get(`/locations/${tbcn}/morderscaware/?limit=100`, demo.editor);
      const ids = atTbcn.results.map((o: { id: number }) => o.id);
      expect(ids).toEqual(expect.arrayContaining([...created.map((o) => o.id), storeToStore.orderId]));
      expect(ids).not.toContain(main.orderId);
      const atStore = await get(`/locations/${store}/morderscaware/?order_by=-creation_date`, demo.viewer);
      const storeIds = atStore.results.map((o: { id: number }) => o.id);
      expect(storeIds).toEqual(expect.arrayContaining([main.orderId, storeToStore.orderId]));
      expect(storeIds).not.toContain(foreign.orderId);
      expect((await get(`/locations/${store}/morderscaware/?order_code__icontains=MOV-EP-S2S`, demo.viewer)).count).toBe(1);
      expect((await call(demo.viewer, 'GET', `/locations/${tbcn}/morderscaware/`)).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/locations/${store}/morderscaware/?limit=0`)).statusCode).toBe(400);
      expect((await call(demo.viewer, 'GET', `/locations/${store}/morderscaware/?destination_status=x`)).statusCode).toBe(400);
    });

    it.each([
      ['exits', () => `/locations/${mad}/v1/exits/?origin_status=abc`, 'origin_status'],
      ['exits', () => `/locations/${mad}/v1/exits/?exit_date__lte=never`, 'exit_date__lte'],
      ['exits', () => `/locations/${mad}/v1/exits/?limit=1001`, 'limit'],
      ['entries', () => '/v1/morders/', 'destination__id'],
      ['entries', () => '/v1/morders/?destination__id=abc', 'destination__id'],
      ['entries', () => `/v1/morders/?destination__id=${tbcn}&arrival_date__gte=nope`, 'arrival_date__gte'],
      ['entries', () => `/v1/morders/?destination__id=${tbcn}&destination_status=x`, 'destination_status'],
      ['entries', () => `/v1/morders/?destination__id=${tbcn}&offset=-1`, 'offset'],
    ])('%s: 400 names the field (%s)', async (_list, url, field) => {
      const r = await call(demo.admin, 'GET', url());
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json())).toContain(field);
    });

    it('lists of a location the user does not see are 404', async () => {
      expect((await call(demo.viewer, 'GET', `/locations/${mad}/v1/exits/`)).statusCode).toBe(404);
      expect((await call(demo.printer, 'GET', `/v1/morders/?destination__id=${tbcn}`)).statusCode).toBe(404);
      expect((await call(demo.editor, 'GET', `/locations/${bcn}/v1/exits/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', '/locations/999999/v1/exits/')).statusCode).toBe(404);
      // and in scope for the others
      expect((await exits('', demo.printer)).count).toBe(12);
      expect((await entries('', demo.editor)).count).toBe(12);
    });

    it('exit stats (movstats) and entry stats (moventrystats = entrystats) of a range', async () => {
      const range = 'date_start=2026-02-01T00:00:00Z&date_end=2026-02-21T00:00:00Z';
      const hours = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;
      const r2 = (n: number) => Math.round(n * 100) / 100;
      const creation = (code: string) => (created.find((o) => o.code === code) as { creation: string }).creation;
      const h3 = hours(creation('MOV-PG-03'), exitAt['MOV-PG-03'] as string);
      const h5 = hours(creation('MOV-PG-05'), exitAt['MOV-PG-05'] as string);
      expect(await get(`/locations/${mad}/movstats/?${range}`, demo.printer)).toEqual({
        orders: 12,
        origin_pending_orders: 10,
        origin_daily_orders: 0.6,
        pending_orders: 10,
        daily_orders: 0.6,
        average_shipping_time: r2((h3 + h5) / 2),
        max_shipping_time: r2(Math.max(h3, h5)),
        from: '2026-02-01T00:00:00.000Z',
        to: '2026-02-21T00:00:00.000Z',
      });
      const reception = r2(hours(exitAt['MOV-PG-05'] as string, arrivalAt));
      const entryStats = await get(`/locations/${tbcn}/moventrystats/?${range}`, demo.editor);
      expect(entryStats).toEqual({
        orders: 12,
        destination_pending_orders: 11,
        destination_daily_orders: 0.6,
        average_reception_time: reception,
        max_reception_time: reception,
        from: '2026-02-01T00:00:00.000Z',
        to: '2026-02-21T00:00:00.000Z',
      });
      expect(await get(`/locations/${tbcn}/entrystats/?${range}`, demo.editor)).toEqual(entryStats);
      // the origin's entry stats and the destination's exit stats do not count these
      expect((await get(`/locations/${mad}/moventrystats/?${range}`)).orders).toBe(0);
      expect((await get(`/locations/${tbcn}/movstats/?${range}`)).orders).toBe(0);
      for (const url of [`/locations/${tbcn}/movstats/`, `/locations/${tbcn}/moventrystats/`, `/locations/${tbcn}/entrystats/`]) {
        expect((await call(demo.printer, 'GET', url)).statusCode, url).toBe(404);
        for (const q of ['date_start=x', 'date_end=2026-02-30T99:00:00', 'date_start=2026-03-01&date_end=2026-02-01']) {
          const bad = await call(demo.admin, 'GET', `${url}?${q}`);
          expect(bad.statusCode, `${url}?${q}`).toBe(400);
        }
      }
    });
  });

  describe('page sizes of the order pages: boxes 40, lines 100', () => {
    let big: { orderId: number; boxIds: number[] };
    beforeAll(async () => {
      big = await movementMadToStore('MOV-BIG', fortyOneBoxes('MOV-BIG', gtinOf));
    });

    it('boxes 40 per page on both URLs; report 100 per page; CSVs whole', async () => {
      for (const url of [`/morders/${big.orderId}/boxes/`, `/v1/morders/${big.orderId}/boxes/`]) {
        const r = (await call(demo.viewer, 'GET', `${url}?order_by=box__codebar`)).json();
        expect(r.count).toBe(41);
        expect(r.results).toHaveLength(40);
        expect((await call(demo.viewer, 'GET', `${url}?order_by=box__codebar&offset=40`)).json().results[0].barcode).toBe(
          'MOV-BIG-40',
        );
      }
      const report = (await call(demo.viewer, 'GET', `/morders/${big.orderId}/report/?side=entry`)).json();
      expect(report.count).toBe(123);
      expect(report.results).toHaveLength(100);
      expect(report.next).toContain('limit=100');
      expect((await call(demo.viewer, 'GET', `/morders/${big.orderId}/csv/`)).body.trim().split(/\r?\n/)).toHaveLength(1 + 123);
      expect((await call(demo.viewer, 'GET', `/morders/${big.orderId}/items-csv/`)).body.trim().split(/\r?\n/)).toHaveLength(
        1 + 123,
      );
    });
  });

  describe('PUT /morders/{id}/: sync and cancel', () => {
    let cancelable: { orderId: number; boxIds: number[] };
    beforeAll(async () => {
      cancelable = await movementMadToStore('MOV-EP-CAN', [
        { codebar: 'MOV-EP-CAN-A', contents: [{ gtin: gtinOf(5), quantity: 1 }] },
        { codebar: 'MOV-EP-CAN-B', contents: [{ gtin: gtinOf(5), quantity: 1 }] },
      ]);
    });

    it('cancel before the origin verified: 409 with the spec message; a sync sent with it is not written', async () => {
      const r = await call(demo.admin, 'PUT', `/morders/${cancelable.orderId}/`, { sync: true, destination_status: 4 });
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('movements.cancel_conflict');
      expect(r.json().message).toBe('The order could not be canceled; check whether it has been verified already.');
      expect(await orderRow(cancelable.orderId)).toMatchObject({ sync: false, destinationStatus: 0 });
    });

    it.each([
      ['sync not a boolean', { sync: 'yes' }, 'sync'],
      ['destination status out of range', { destination_status: 5 }, 'destination_status'],
      ['destination status not a number', { destination_status: 'x' }, 'destination_status'],
    ])('400: %s', async (_name, body, field) => {
      const r = await call(demo.admin, 'PUT', `/morders/${cancelable.orderId}/`, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().errors).toHaveProperty(field);
    });

    it('403 role 5; 404 foreign, unknown, another type; 400 bad id; nothing changes', async () => {
      expect((await call(demo.viewer, 'PUT', `/morders/${cancelable.orderId}/`, { sync: true })).statusCode).toBe(403);
      expect((await call(demo.editor, 'PUT', `/morders/${foreign.orderId}/`, { sync: true })).statusCode).toBe(404);
      expect((await call(demo.printer, 'PUT', `/morders/${storeToStore.orderId}/`, { sync: true })).statusCode).toBe(404);
      expect((await call(demo.admin, 'PUT', '/morders/999999/', { sync: true })).statusCode).toBe(404);
      expect((await call(demo.admin, 'PUT', '/morders/x/', { sync: true })).statusCode).toBe(400);
      const online = (await demo.t.database.db.select().from(orders).where(eq(orders.orderCode, 'MOV-EP-ONL')))[0] as {
        id: number;
      };
      expect((await call(demo.admin, 'PUT', `/morders/${online.id}/`, { sync: true })).statusCode).toBe(404);
      for (const id of [cancelable.orderId, foreign.orderId, storeToStore.orderId, online.id]) {
        expect((await orderRow(id))?.sync).toBe(false);
      }
    });

    it('sync: role 4 sets it, the whole order sent back keeps the rest', async () => {
      const on = await call(demo.printer, 'PUT', `/morders/${cancelable.orderId}/`, { sync: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ id: cancelable.orderId, sync: true, destination_status: 0 });
      const whole = await call(demo.editor, 'PUT', `/morders/${cancelable.orderId}/`, {
        ...(on.json() as MovementOrder),
        sync: false,
      });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(await orderRow(cancelable.orderId)).toMatchObject({ sync: false, destinationStatus: 0, orderCode: 'MOV-EP-CAN' });
    });

    it('cancel once the origin verified (one box is enough): destination 4, icons off, lists follow; again 409', async () => {
      const out = await postSet(demo.t, { ...exitMad, codebar: 'MOV-EP-CAN-A', epcs: newEpcs(gtinOf(5), 1) });
      expect(out.json().claimed_by).toBe('verification');
      const row = (
        await call(demo.viewer, 'GET', `/v1/morders/?destination__id=${store}&order_code__icontains=MOV-EP-CAN`)
      ).json();
      expect(row.results[0]).toMatchObject({ can_cancel: true, can_delete: false });
      expect((await call(demo.viewer, 'PUT', `/morders/${cancelable.orderId}/`, { destination_status: 4 })).statusCode).toBe(403);
      const ok = await call(demo.printer, 'PUT', `/morders/${cancelable.orderId}/`, { destination_status: 4 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ destination_status: 4, origin_status: 1, can_cancel: false, can_delete: false });
      const canceled = (await call(demo.viewer, 'GET', `/v1/morders/?destination__id=${store}&destination_status=4`)).json();
      expect(canceled.results.map((o: { id: number }) => o.id)).toContain(cancelable.orderId);
      const again = await call(demo.admin, 'PUT', `/morders/${cancelable.orderId}/`, { destination_status: 4 });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('movements.cancel_conflict');
      // sync alone still works on a canceled entry
      expect((await call(demo.admin, 'PUT', `/morders/${cancelable.orderId}/`, { sync: true })).json()).toMatchObject({
        sync: true,
        destination_status: 4,
      });
    });

    it('cancel is 409 once the destination verified (the main movement)', async () => {
      const r = await call(demo.admin, 'PUT', `/morders/${main.orderId}/`, { destination_status: 4 });
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('movements.cancel_conflict');
      expect((await orderRow(main.orderId))?.destinationStatus).toBe(1);
    });
  });

  describe('cancel and delete racing a read: one of the two wins, never both', () => {
    /**
     * Cancel and delete decide under the order lock, and the engine reads the box and its order
     * again under that lock: a canceled entry never takes a verification afterwards, a deleted
     * movement's read is a free set (not a 500), and a verified movement is never deleted. (On
     * PostgreSQL, before the fix, reads racing a delete failed with 500 and entries were
     * "canceled" and verified at once.)
     */
    const claimOf = async (setId: string) =>
      (await demo.t.database.db.select().from(readingSets).where(eq(readingSets.id, setId)))[0]?.claimedBy ?? null;
    const verificationsOf = async (setId: string) =>
      demo.t.database.db.select().from(verifications).where(eq(verifications.readingSetId, setId));

    it('PUT destination_status 4 against the entry read', async () => {
      for (let i = 0; i < 8; i += 1) {
        const code = `MOV-RACE-C${i}`;
        const { orderId } = await movementMadToStore(code, [
          { codebar: `${code}-A`, contents: [{ gtin: gtinOf(7), quantity: 1 }] },
        ]);
        const epcs = newEpcs(gtinOf(7), 1);
        expect((await postSet(demo.t, { ...exitMad, codebar: `${code}-A`, epcs })).json().claimed_by).toBe('verification');
        const cancel = () => call(demo.printer, 'PUT', `/morders/${orderId}/`, { destination_status: 4 });
        const read = () => postSet(demo.t, { ...entryStore, codebar: `${code}-A`, epcs, at: '2026-04-02T10:00:00Z' });
        const [canceled, arrived] =
          i % 2 ? await Promise.all([cancel(), read()]) : (await Promise.all([read(), cancel()])).reverse();
        expect(arrived?.statusCode, arrived?.body).toBe(201);
        const setId = arrived?.json().id as string;
        const order = (await call(demo.admin, 'GET', `/morders/${orderId}/?side=entry`)).json();
        if (canceled?.statusCode === 200) {
          expect(await claimOf(setId), `${code}: canceled, yet its entry was verified`).toBeNull();
          expect(await verificationsOf(setId)).toHaveLength(0);
          expect(order).toMatchObject({ destination_status: 4, destination_num_verified_boxes: 0 });
        } else {
          expect(canceled?.statusCode, canceled?.body).toBe(409);
          expect(canceled?.json().code).toBe('movements.cancel_conflict');
          expect(await claimOf(setId)).toBe('verification');
          expect(order).toMatchObject({ destination_status: 3, destination_num_verified_boxes: 1 });
        }
      }
    });

    it('DELETE /v1/morders/{id}/ against the exit read', async () => {
      for (let i = 0; i < 8; i += 1) {
        const code = `MOV-RACE-D${i}`;
        const { orderId, boxIds } = await movementMadToStore(code, [
          { codebar: `${code}-A`, contents: [{ gtin: gtinOf(7), quantity: 1 }] },
        ]);
        const remove = () => call(demo.printer, 'DELETE', `/v1/morders/${orderId}/`);
        const read = () => postSet(demo.t, { ...exitMad, codebar: `${code}-A`, epcs: newEpcs(gtinOf(7), 1) });
        const [deleted, left] = i % 2 ? await Promise.all([remove(), read()]) : (await Promise.all([read(), remove()])).reverse();
        expect(left?.statusCode, left?.body).toBe(201);
        const setId = left?.json().id as string;
        if (deleted?.statusCode === 204) {
          expect(await claimOf(setId), `${code}: deleted, yet its exit was verified`).toBeNull();
          expect(await orderRow(orderId)).toBeUndefined();
          expect(
            await demo.t.database.db
              .select()
              .from(boxes)
              .where(eq(boxes.id, boxIds[0] as number)),
          ).toHaveLength(0);
        } else {
          expect(deleted?.statusCode, deleted?.body).toBe(409);
          expect(deleted?.json().message).toBe(DELETE_CONFLICT);
          expect(await claimOf(setId)).toBe('verification');
          expect(await verificationsOf(setId)).toHaveLength(1);
          expect((await call(demo.admin, 'GET', `/morders/${orderId}/`)).json()).toMatchObject({
            origin_status: 3,
            num_boxes: 1,
          });
        }
      }
    });
  });

  describe('DELETE /morders/{id}/ and /v1/morders/{id}/', () => {
    it('409 with the spec message once any box is verified, on either side; the order stays whole', async () => {
      for (const url of [`/morders/${main.orderId}/`, `/v1/morders/${main.orderId}/`]) {
        const r = await call(demo.admin, 'DELETE', url);
        expect(r.statusCode).toBe(409);
        expect(r.json().message).toBe(DELETE_CONFLICT);
      }
      const canceled = (await demo.t.database.db.select().from(orders).where(eq(orders.orderCode, 'MOV-EP-CAN')))[0] as {
        id: number;
      };
      expect((await call(demo.printer, 'DELETE', `/v1/morders/${canceled.id}/`)).json().message).toBe(DELETE_CONFLICT);
      expect(await demo.t.database.db.select().from(boxes).where(eq(boxes.orderId, main.orderId))).toHaveLength(2);
      expect((await call(demo.admin, 'GET', `/morders/${main.orderId}/`)).json().num_boxes).toBe(2);
    });

    it('403 role 5, 404 foreign / unknown / online, 400 bad id; nothing deleted', async () => {
      expect((await call(demo.viewer, 'DELETE', `/v1/morders/${storeToStore.orderId}/`)).statusCode).toBe(403);
      expect((await call(demo.editor, 'DELETE', `/v1/morders/${foreign.orderId}/`)).statusCode).toBe(404);
      expect((await call(demo.printer, 'DELETE', `/morders/${storeToStore.orderId}/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'DELETE', '/v1/morders/999999/')).statusCode).toBe(404);
      expect((await call(demo.admin, 'DELETE', '/v1/morders/x/')).statusCode).toBe(400);
      const online = (await demo.t.database.db.select().from(orders).where(eq(orders.orderCode, 'MOV-EP-ONL')))[0] as {
        id: number;
      };
      expect((await call(demo.admin, 'DELETE', `/v1/morders/${online.id}/`)).statusCode).toBe(404);
      for (const id of [storeToStore.orderId, foreign.orderId, online.id]) expect(await orderRow(id)).toBeDefined();
    });

    it('roles 3 and 4 delete an order with nothing verified, with its boxes; then 404', async () => {
      expect((await call(demo.printer, 'DELETE', `/v1/morders/${foreign.orderId}/`)).statusCode).toBe(204);
      expect(await orderRow(foreign.orderId)).toBeUndefined();
      expect(await demo.t.database.db.select().from(boxes).where(eq(boxes.orderId, foreign.orderId))).toHaveLength(0);
      expect((await call(demo.editor, 'DELETE', `/morders/${storeToStore.orderId}/`)).statusCode).toBe(204);
      expect((await call(demo.viewer, 'GET', `/morders/${storeToStore.orderId}/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'DELETE', `/morders/${storeToStore.orderId}/`)).statusCode).toBe(404);
    });
  });

  // Last: a movement of its own, so the counts above never meet it.
  describe('the order CSV streams by keyset with formula cells escaped', () => {
    it('one box a chunk gives the same rows in the same order; the list names the origin', async () => {
      const { orderId } = await movementMadToStore('MOV-EP-CSV', [
        { codebar: 'MOV-EP-CSV-A', contents: [{ gtin: gtinOf(0), quantity: 2 }] },
        { codebar: '=MOV-EP-CSV-B', contents: [{ gtin: gtinOf(0), quantity: 1 }] },
      ]);
      const csv = await call(demo.admin, 'GET', `/morders/${orderId}/csv/`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain("'=MOV-EP-CSV-B");
      expect(csv.body.trim().split('\n')).toHaveLength(1 + 2);
      const chunks: string[][] = [];
      for await (const chunk of orderCsvChunks(demo.t.database.db, orderId, 1)) chunks.push(chunk.map((r) => r.codebar));
      expect(chunks).toEqual([['=MOV-EP-CSV-B'], ['MOV-EP-CSV-A']]);
      expect((await call(demo.viewer, 'GET', `/morders/${orderId}/items-csv/`)).body.split('\n')[0]).toContain(
        'Leídas (destino)',
      );
      const listed = (await call(demo.admin, 'GET', `/locations/${mad}/v1/exits/?order_code__icontains=ep-csv`)).json();
      expect(listed.results[0]).toMatchObject({
        id: orderId,
        num_boxes: 2,
        item_count: 3,
        origin_description: 'Centro de distribución Madrid',
      });
    });
  });
});
