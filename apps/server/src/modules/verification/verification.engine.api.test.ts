import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxes, items, orders, verificationLines, verifications } from '../../db/schema/index.js';
import { demoWorld } from '../../test/demo-world.js';
import { type BoxSpec, createDemoPurchaseOrder, readSet } from '../orders/inbound-fixtures.js';

describe('verification engine (modes 0 and 3)', () => {
  const demo = demoWorld();
  let g: string[];
  beforeAll(async () => {
    g = demo.ids.gtins.map((x) => x.gtin);
  });

  const db = () => demo.t.database.db;
  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const boxRow = async (id: number) => (await db().select().from(boxes).where(eq(boxes.id, id)))[0];
  const get = (url: string, auth = demo.admin) => demo.t.app.inject({ url, headers: { authorization: auth } });
  /** A purchase order of the admin's to `location`, with its boxes and their expected contents. */
  const adminOrder = (location: string, code: string, boxSpecs: BoxSpec[]) =>
    createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, { location, code, boxes: boxSpecs });

  it('an exact match makes the box 2 and, with every box verified, the order 3; items are STOCKED in the area', async () => {
    const { orderId, boxIds } = await adminOrder('CD-MAD', 'ENG-EXACT', [
      {
        codebar: 'ENG-EXACT-1',
        contents: [
          { gtin: g[0] as string, quantity: 2 },
          { gtin: g[1] as string, quantity: 1 },
        ],
      },
    ]);
    const at = new Date('2026-02-01T10:00:00Z');
    const { claim, itemIds } = await readSet(db(), demo.ids, {
      codebar: 'ENG-EXACT-1',
      gtins: [g[0] as string, g[0] as string, g[1] as string],
      at,
    });
    expect(claim).toBe('verification');
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(2);
    const order = await orderRow(orderId);
    expect(order?.destinationStatus).toBe(3);
    expect(order?.arrivalDate?.toISOString()).toBe(at.toISOString());
    const moved = await db()
      .select()
      .from(items)
      .where(eq(items.id, itemIds[0] as number));
    expect(moved[0]).toMatchObject({ state: 0, areaId: demo.ids.areaOf['CD-MAD'], locationId: demo.ids.locations['CD-MAD'] });
    const [v] = await db()
      .select()
      .from(verifications)
      .where(eq(verifications.boxId, boxIds[0] as number));
    const lines = await db()
      .select()
      .from(verificationLines)
      .where(eq(verificationLines.verificationId, v?.id as number));
    expect(lines.map((l) => [l.gtin, l.expected, l.real]).sort()).toEqual([
      [g[0], 2, 2],
      [g[1], 1, 1],
    ]);
    const list = (await get(`/api/locations/${demo.ids.locations['CD-MAD']}/v1/porders/?order_code__icontains=ENG-EXACT`)).json();
    expect(list.results[0]).toMatchObject({
      destination_status: 3,
      item_count: 3,
      real_item_count: 3,
      num_boxes: 1,
      num_verified_boxes: 1,
    });
  });

  it('one tag missing makes the box 1 and the order 2; a second box unread keeps the order at 1 first', async () => {
    const { orderId, boxIds } = await adminOrder('CD-MAD', 'ENG-MISS', [
      { codebar: 'ENG-MISS-1', contents: [{ gtin: g[2] as string, quantity: 3 }] },
      { codebar: 'ENG-MISS-2', contents: [{ gtin: g[3] as string, quantity: 1 }] },
    ]);
    await readSet(db(), demo.ids, { codebar: 'ENG-MISS-1', gtins: [g[2] as string, g[2] as string] });
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(1);
    expect((await orderRow(orderId))?.destinationStatus).toBe(1);
    await readSet(db(), demo.ids, { codebar: 'ENG-MISS-2', gtins: [g[3] as string] });
    expect((await boxRow(boxIds[1] as number))?.destinationStatus).toBe(2);
    expect((await orderRow(orderId))?.destinationStatus).toBe(2);
    const report = (await get(`/api/porders/${orderId}/report/`)).json();
    expect(report.results.find((l: { gtin: string }) => l.gtin === g[2])).toMatchObject({
      theorical_quantity: 3,
      real_quantity: 2,
      percent: 66,
    });
  });

  it("does not verify a box of another location's order here: the set stays free", async () => {
    const { orderId, boxIds } = await adminOrder('CD-BCN', 'ENG-BCN', [
      { codebar: 'ENG-BCN-1', contents: [{ gtin: g[0] as string, quantity: 1 }] },
    ]);
    const { claim } = await readSet(db(), demo.ids, { codebar: 'ENG-BCN-1', gtins: [g[0] as string] });
    expect(claim).toBeNull();
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(0);
    expect((await orderRow(orderId))?.destinationStatus).toBe(0);
    expect(await db().select().from(verifications).where(eq(verifications.orderId, orderId))).toHaveLength(0);
  });

  it('a set without a known box, or in another working mode, is not claimed', async () => {
    expect((await readSet(db(), demo.ids, { codebar: 'NO-SUCH-BOX', gtins: [g[0] as string] })).claim).toBeNull();
    expect((await readSet(db(), demo.ids, { codebar: null, gtins: [g[0] as string] })).claim).toBeNull();
    // Mode 2 (Handheld) verifies no box: its sets belong to the area's inventory (inventory.engine.ts).
    expect((await readSet(db(), demo.ids, { codebar: 'ENG-EXACT-1', gtins: [g[0] as string], workingMode: 2 })).claim).not.toBe(
      'verification',
    );
  });

  it('a box read twice keeps both verifications; the latest valid counts; invalidating recomputes box and order', async () => {
    const { orderId, boxIds } = await adminOrder('CD-MAD', 'ENG-TWICE', [
      { codebar: 'ENG-TWICE-1', contents: [{ gtin: g[4] as string, quantity: 2 }] },
    ]);
    const first = new Date('2026-03-01T08:00:00Z');
    const second = new Date('2026-03-01T09:00:00Z');
    await readSet(db(), demo.ids, { codebar: 'ENG-TWICE-1', gtins: [g[4] as string], at: first });
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(1);
    await readSet(db(), demo.ids, { codebar: 'ENG-TWICE-1', gtins: [g[4] as string, g[4] as string], at: second });
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(2);
    expect((await orderRow(orderId))?.destinationStatus).toBe(3);

    const list = (await get(`/api/rboxes/${boxIds[0]}/verifications/`)).json();
    expect(list.count).toBe(2);
    expect(list.results[0].end_time).toBe(second.toISOString());
    const latestId = list.results[0].id as number;

    const off = await demo.t.call('PUT', `/api/verifications/${latestId}/`, demo.admin, { id: latestId, valid: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().valid).toBe(false);
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(1);
    expect((await orderRow(orderId))?.destinationStatus).toBe(2);
    expect((await orderRow(orderId))?.arrivalDate?.toISOString()).toBe(first.toISOString());

    const olderId = list.results[1].id as number;
    await demo.t.call('PUT', `/api/verifications/${olderId}/`, demo.admin, { valid: false });
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(0);
    expect((await orderRow(orderId))?.destinationStatus).toBe(0);

    await demo.t.call('PUT', `/api/verifications/${latestId}/`, demo.admin, { valid: true });
    expect((await boxRow(boxIds[0] as number))?.destinationStatus).toBe(2);
    expect((await orderRow(orderId))?.destinationStatus).toBe(3);
  });

  it('adding an unread box to a verified order takes it back to 1; removing it gives 3 again', async () => {
    const { orderId, receptionId } = await adminOrder('CD-MAD', 'ENG-ADD', [
      { codebar: 'ENG-ADD-1', contents: [{ gtin: g[6] as string, quantity: 1 }] },
    ]);
    await readSet(db(), demo.ids, { codebar: 'ENG-ADD-1', gtins: [g[6] as string] });
    expect((await orderRow(orderId))?.destinationStatus).toBe(3);
    const added = await demo.t.call('POST', '/api/boxes/', demo.admin, {
      codebar: 'ENG-ADD-2',
      reception_id: receptionId,
      contents: [{ gtin: g[6], quantity: 1 }],
    });
    expect(added.statusCode).toBe(201);
    expect((await orderRow(orderId))?.destinationStatus).toBe(1);
    const removed = await demo.t.call('DELETE', `/api/boxes/${added.json().id}/`, demo.admin);
    expect(removed.statusCode).toBe(204);
    expect((await orderRow(orderId))?.destinationStatus).toBe(3);
    expect((await orderRow(orderId))?.arrivalDate).not.toBeNull();
  });

  it('mode 3 (movement entry) verifies boxes arriving here as well', async () => {
    const { orderId } = await adminOrder('CD-MAD', 'ENG-MODE3', [
      { codebar: 'ENG-MODE3-1', contents: [{ gtin: g[5] as string, quantity: 1 }] },
    ]);
    const { claim } = await readSet(db(), demo.ids, { codebar: 'ENG-MODE3-1', gtins: [g[5] as string], workingMode: 3 });
    expect(claim).toBe('verification');
    expect((await orderRow(orderId))?.destinationStatus).toBe(3);
  });
});
