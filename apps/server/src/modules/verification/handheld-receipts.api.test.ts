import { randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readingSets } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { addForeignCompany, type ForeignCompany } from '../../test/admin-fixtures.js';
import { demoWorld } from '../../test/demo-world.js';
import { createDemoPurchaseOrder } from '../orders/inbound-fixtures.js';

/**
 * POST /api/locations/{id}/handheld_receipts/ (issue 32): a box received with the handheld app is a reading set of the
 * store's receiving reader (T-MAD-01's back-room portal POR-T01-ENT, working mode Movement) with the box's barcode, so
 * the box is verified as that reader's own set would verify it; stored once whatever the resends. A barcode that names
 * no box waiting at the store is refused.
 */
describe('handheld app box receipts', () => {
  const demo = demoWorld();
  let foreign: ForeignCompany;
  let store: number;
  let serial = 5000;
  const epcs = (gtin: string, n: number) =>
    Array.from({ length: n }, () => {
      serial += 1;
      return encodeSgtin96({ gtin, serial: String(serial), companyPrefixLength: 7 });
    });
  const body = (id: string, codebar: string, list: string[] = []) => ({
    id,
    codebar,
    start_time: '2026-11-30T10:00:00Z',
    end_time: '2026-11-30T10:00:05Z',
    epcs: list,
  });
  const receive = (location: number, auth: string, payload: unknown, language = 'en') =>
    demo.t.app.inject({
      method: 'POST',
      url: `/api/locations/${location}/handheld_receipts/`,
      payload: payload as Record<string, unknown>,
      headers: { authorization: auth, 'accept-language': language },
    });
  const get = (url: string) => demo.t.app.inject({ url, headers: { authorization: demo.admin } });
  /** An order of one box of 2 units of the first GTIN and 1 of the second, bound for T-MAD-01. */
  const orderOfOneBox = async (code: string) => {
    const [g0, g1] = demo.ids.gtins.map((x) => x.gtin) as [string, string];
    const { orderId, boxIds } = await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
      location: 'T-MAD-01',
      code,
      boxes: [
        {
          codebar: `${code}-A`,
          contents: [
            { gtin: g0, quantity: 2 },
            { gtin: g1, quantity: 1 },
          ],
        },
      ],
    });
    return { orderId, boxId: boxIds[0] as number, codebar: `${code}-A`, epcs: [...epcs(g0, 2), ...epcs(g1, 1)] };
  };
  /** What a box's receipt leaves: the order's figures, the box's status, the verification's readers and report. */
  const outcome = async (orderId: number, boxId: number) => {
    const order = (await get(`/api/porders/${orderId}/`)).json();
    const box = (await get(`/api/porders/${orderId}/boxes/`)).json().results[0];
    const verifications = (await get(`/api/rboxes/${boxId}/verifications/`)).json();
    const verification = verifications.results[0];
    const report = (await get(`/api/verifications/${verification.id}/report/`)).json();
    return {
      order: {
        destination_status: order.destination_status,
        num_verified_boxes: order.num_verified_boxes,
        real_item_count: order.real_item_count,
        item_count: order.item_count,
      },
      box: { status: box.status, real_item_count: box.real_item_count },
      verifications: verifications.count,
      verification: { real_item_count: verification.real_item_count, readers: verification.readers },
      report: report.results.map((line: Record<string, unknown>) => ({ ...line, id: undefined })),
    };
  };

  beforeAll(async () => {
    foreign = await addForeignCompany(demo.t.database.db);
    store = demo.locationId('T-MAD-01');
  });

  it("verifies the box as the store's receiving reader's own set does, once: a resend answers 200 and changes nothing", async () => {
    const byHand = await orderOfOneBox('HHR-1');
    const byReader = await orderOfOneBox('HHR-2');
    const id = randomUUID();
    const first = await receive(store, demo.editor, body(id, byHand.codebar, byHand.epcs));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      id,
      location: store,
      working_mode: 3,
      codebar: byHand.codebar,
      epc_count: 3,
      claimed_by: 'verification',
      created: true,
    });
    const reader = await demo.t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: body(randomUUID(), byReader.codebar, byReader.epcs),
      headers: { authorization: `Device ${demoDeviceKey('POR-T01-ENT')}` },
    });
    expect(reader.statusCode, reader.body).toBe(201);
    const received = await outcome(byHand.orderId, byHand.boxId);
    expect(received).toMatchObject({
      order: { destination_status: 3, num_verified_boxes: 1, real_item_count: 3, item_count: 3 },
      verifications: 1,
      verification: { real_item_count: 3, readers: [expect.objectContaining({ serial_number: 'POR-T01-ENT' })] },
    });
    expect(received).toEqual(await outcome(byReader.orderId, byReader.boxId));

    const again = await receive(store, demo.editor, body(id.toUpperCase(), byHand.codebar, byHand.epcs));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id, created: false });
    expect(await demo.t.database.db.select({ id: readingSets.id }).from(readingSets).where(eq(readingSets.id, id))).toHaveLength(
      1,
    );
    expect(await outcome(byHand.orderId, byHand.boxId)).toEqual(received);
  });

  it('refuses a role that may not receive (403), a store out of scope or of another company (404), a bad barcode (400)', async () => {
    const box = await orderOfOneBox('HHR-3');
    for (const [status, location, auth] of [
      [403, store, demo.printer],
      [403, store, demo.viewer],
      [404, demo.locationId('CD-BCN'), demo.editor],
      [404, foreign.locationId, demo.editor],
      [404, foreign.locationId, demo.admin],
    ] as const) {
      expect((await receive(location, auth, body(randomUUID(), box.codebar, box.epcs))).statusCode, `${location}`).toBe(status);
    }
    for (const codebar of ['', '   ', 'a\u0000b', 'X'.repeat(129)]) {
      const bad = await receive(store, demo.editor, body(randomUUID(), codebar, box.epcs));
      expect(bad.statusCode, JSON.stringify(codebar)).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['codebar']);
    }
    const badEpc = await receive(store, demo.editor, body(randomUUID(), box.codebar, ['not-hex']));
    expect(badEpc.json().errors).toEqual({ 'epcs.0': ['An EPC is 4 to 128 hexadecimal digits.'] });
    expect((await get(`/api/rboxes/${box.boxId}/verifications/`)).json().count).toBe(0);
  });

  it('refuses a barcode that names no box waiting at the store (409) and stores nothing', async () => {
    const [g0] = demo.ids.gtins.map((x) => x.gtin) as [string];
    // A box bound for the center CD-MAD, not for this store.
    await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
      location: 'CD-MAD',
      code: 'HHR-4',
      boxes: [{ codebar: 'HHR-4-A', contents: [{ gtin: g0, quantity: 1 }] }],
    });
    for (const codebar of ['NO-SUCH-BOX', 'HHR-4-A']) {
      const id = randomUUID();
      const refused = await receive(store, demo.editor, body(id, codebar, epcs(g0, 1)));
      expect(refused.statusCode, codebar).toBe(409);
      expect(refused.json().message).toBe(
        'No box waiting at this store has this barcode (unknown, of another store, or of a closed or canceled order).',
      );
      expect(
        await demo.t.database.db.select({ id: readingSets.id }).from(readingSets).where(eq(readingSets.id, id)),
      ).toHaveLength(0);
    }
  });

  it('refuses a store with no receiving reader (409), in English and Spanish', async () => {
    const barcelona = demo.locationId('T-BCN-01');
    const en = await receive(barcelona, demo.editor, body(randomUUID(), 'ANY-BOX'));
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      'This store has no receiving reader (working mode Entry or Movement): add one in Devices to receive boxes.',
    );
    const es = await receive(barcelona, demo.editor, body(randomUUID(), 'ANY-BOX'), 'es');
    expect(es.statusCode).toBe(409);
    expect(es.json().message).toBe(
      'Esta tienda no tiene lector de recepción (modo Entrada o Movimiento): añada uno en Dispositivos para recibir cajas.',
    );
  });
});
