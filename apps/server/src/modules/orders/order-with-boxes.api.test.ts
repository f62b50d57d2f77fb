import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxes, orders } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany } from '../../test/admin-fixtures.js';
import { type DemoApp, openDemoApp } from './inbound-fixtures.js';

describe('POST /api/orders-with-boxes/ (the order wizard)', () => {
  let demo: DemoApp;
  let foreign: ForeignCompany;
  let g: string[];
  let mad: number;
  let bcn: number;

  const post = (auth: string, payload: unknown, key?: string) =>
    demo.t.app.inject({
      method: 'POST',
      url: '/api/orders-with-boxes/',
      headers: { authorization: auth, 'accept-language': 'en', ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });
  const ordersWithCode = async (code: string) =>
    demo.t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, code));
  const boxWithCode = async (codebar: string) =>
    demo.t.database.db.select({ id: boxes.id }).from(boxes).where(eq(boxes.codebar, codebar));
  const purchase = (code: string, over: Record<string, unknown> = {}, boxList?: unknown[]) => ({
    kind: 'purchase',
    order: {
      order_code: code,
      destination_id: mad,
      origin_id: demo.ids.providerId,
      estimated_arrival_date: '2026-01-05 09:00:00',
      ...over,
    },
    boxes: boxList ?? [
      { codebar: `${code}-1`, contents: [{ gtin: g[0], quantity: 2 }] },
      {
        codebar: `${code}-2`,
        contents: [
          { gtin: g[1], quantity: 1 },
          { gtin: g[2], quantity: 3 },
        ],
      },
    ],
  });

  beforeAll(async () => {
    demo = await openDemoApp();
    g = demo.ids.gtins.map((x) => x.gtin);
    mad = demo.ids.locations['CD-MAD'] as number;
    bcn = demo.ids.locations['CD-BCN'] as number;
    foreign = await addForeignCompany(demo.t.database.db);
  });
  afterAll(async () => demo.t.close());

  it('creates the order, its reception and its boxes with their contents (201), seen by the order pages', async () => {
    const r = await post(demo.editor, purchase('WZ-1'), 'wizard-key-0001');
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({ kind: 'purchase', order_code: 'WZ-1', boxes: [{ codebar: 'WZ-1-1' }, { codebar: 'WZ-1-2' }] });
    const order = (await demo.t.call('GET', `/api/porders/${body.id}/`, demo.admin)).json();
    expect(order).toMatchObject({
      order_code: 'WZ-1',
      destination: mad,
      origin: demo.ids.providerId,
      num_boxes: 2,
      item_count: 6,
    });
    const reception = (await demo.t.call('GET', `/api/receptions/${body.reception_id}/`, demo.admin)).json();
    expect(reception).toMatchObject({ order_id: body.id, reception_code: 'WZ-1' });
  });

  it('the same Idempotency-Key again (a double click, a retry) answers the same order and creates none', async () => {
    const first = await post(demo.editor, purchase('WZ-2'), 'wizard-key-0002');
    const again = await post(demo.editor, purchase('WZ-2'), 'wizard-key-0002');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ordersWithCode('WZ-2')).toHaveLength(1);
    const twice = await Promise.all([
      post(demo.editor, purchase('WZ-3'), 'wizard-key-0003'),
      post(demo.editor, purchase('WZ-3'), 'wizard-key-0003'),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await ordersWithCode('WZ-3')).toHaveLength(1);
    const reused = await post(demo.editor, purchase('WZ-4'), 'wizard-key-0003');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This Idempotency-Key already created another order (WZ-3).');
  });

  it('creates online and movement orders too', async () => {
    const online = await post(demo.admin, {
      kind: 'online',
      order: { order_code: 'WZ-ON', origin_id: mad },
      boxes: [{ codebar: 'WZ-ON-1', contents: [{ gtin: g[0], quantity: 1 }] }],
    });
    expect(online.statusCode).toBe(201);
    expect((await demo.t.call('GET', `/api/orders/${online.json().id}/`, demo.admin)).json()).toMatchObject({
      origin: mad,
      num_boxes: 1,
    });
    const movement = await post(demo.admin, {
      kind: 'movement',
      order: { order_code: 'WZ-MO', origin_id: mad, destination_id: bcn },
      boxes: [{ codebar: 'WZ-MO-1', contents: [{ gtin: g[0], quantity: 1 }] }],
    });
    expect(movement.statusCode).toBe(201);
    expect(movement.json()).toMatchObject({ kind: 'movement', order_code: 'WZ-MO' });
  });

  it('refuses bad input with a 400 naming the problem, and writes nothing', async () => {
    const noBoxes = await post(demo.editor, purchase('WZ-5', {}, []));
    expect(noBoxes.statusCode).toBe(400);
    expect(noBoxes.json().errors).toEqual({ boxes: ['Add at least one box.'] });
    const unknownGtin = await post(
      demo.editor,
      purchase('WZ-5', {}, [{ codebar: 'WZ-5-1', contents: [{ gtin: '12345670', quantity: 1 }] }]),
    );
    expect(unknownGtin.statusCode).toBe(400);
    expect(unknownGtin.json().errors).toEqual({ 'boxes.0.contents.0.gtin': ['GTIN 12345670 does not exist.'] });
    const badKey = await post(demo.editor, purchase('WZ-5'), 'short');
    expect(badKey.statusCode).toBe(400);
    expect(JSON.stringify(badKey.json())).toContain('Idempotency-Key');
    expect(await ordersWithCode('WZ-5')).toEqual([]);
  });

  it('refuses roles 4 and 5 (403)', async () => {
    for (const auth of [demo.printer, demo.viewer]) expect((await post(auth, purchase('WZ-6'))).statusCode).toBe(403);
    expect(await ordersWithCode('WZ-6')).toEqual([]);
  });

  it("refuses a location outside the editor's scope and another company's location (400 on the field)", async () => {
    const outside = await post(demo.editor, purchase('WZ-7', { destination_id: bcn }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ 'order.destination_id': ['Location not found.'] });
    const otherCompany = await post(demo.admin, purchase('WZ-7', { destination_id: foreign.locationId }));
    expect(otherCompany.statusCode).toBe(400);
    expect(otherCompany.json().errors).toEqual({ 'order.destination_id': ['Location not found.'] });
    expect(await ordersWithCode('WZ-7')).toEqual([]);
  });

  it('a box whose barcode is taken halfway leaves nothing: no order, not the boxes before it (409 naming the box)', async () => {
    const r = await post(
      demo.editor,
      purchase('WZ-8', {}, [
        { codebar: 'WZ-8-1', contents: [{ gtin: g[0], quantity: 1 }] },
        { codebar: 'WZ-1-1', contents: [{ gtin: g[0], quantity: 1 }] },
      ]),
    );
    expect(r.statusCode).toBe(409);
    expect(r.json().errors).toEqual({ 'boxes.1.codebar': ['Barcode WZ-1-1 already exists.'] });
    expect(await ordersWithCode('WZ-8')).toEqual([]);
    expect(await boxWithCode('WZ-8-1')).toEqual([]);
  });
});
