import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrintLabelView, sgtin96Hex } from '../../test/printing-fixtures.js';
import { createPurchaseOrder, type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';
import { type ForeignPrintingWorld, openForeignPrintingWorld } from './print-job-fixtures.js';

type Nicelabel = {
  id: number;
  status: number;
  order: { id: number; order_code: string };
  print_order: { id: number; name: string; total_quantity: number; state: string };
  labels: string;
};
type Tag = PrintLabelView;

/** NiceLabel orders: GET /porders/{id}/nicelabel/, GET /nicelabelorder/, PUT /nicelabelorder/{id}/ {status}. */
describe('NiceLabel orders: a purchase order handed to a NiceLabel integration', () => {
  let w: ForeignPrintingWorld;
  let ids: InboundIds;
  let madOrder: number;
  let bcnOrder: number;
  let gtinA: string;

  const newOrder = async (code: string, location: string, quantity: number) =>
    (
      await createPurchaseOrder(w.t, await w.t.login('admin@demo.local'), {
        locationId: ids.locations[location] as number,
        providerId: ids.providerId,
        code,
        boxes: quantity ? [{ codebar: `${code}-1`, contents: [{ gtin: gtinA, quantity }] }] : [],
      })
    ).orderId;
  const nicelabelOf = (orderId: number, who = 'printer@demo.local') => w.call('GET', `/api/porders/${orderId}/nicelabel/`, who);
  const update = (id: number, body: unknown, who = 'printer@demo.local') =>
    w.call('PUT', `/api/nicelabelorder/${id}/`, who, body);

  beforeAll(async () => {
    w = await openForeignPrintingWorld();
    ids = await loadInboundIds(w.t.database.db);
    gtinA = ids.gtins[2]?.gtin as string;
    madOrder = await newOrder('PO-NL-MAD', 'CD-MAD', 3);
    bcnOrder = await newOrder('PO-NL-BCN', 'CD-BCN', 2);
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('the first call opens it with the expected labels reserved; the next calls answer the same one', async () => {
    const first = await nicelabelOf(madOrder);
    expect(first.statusCode).toBe(200);
    const opened = first.json() as Nicelabel;
    expect(opened).toMatchObject({
      status: 0,
      order: { id: madOrder, order_code: 'PO-NL-MAD' },
      print_order: { name: 'PO-NL-MAD', total_quantity: 3, state: 'PENDING' },
    });
    expect(opened.labels).toBe(`/api/printer/print_orders/${opened.print_order.id}/items/`);
    const tags = (await w.call('GET', `${opened.labels}?limit=100`, 'printer@demo.local')).json().results as Tag[];
    expect(tags).toHaveLength(3);
    for (const tag of tags) expect(tag.item.epc).toBe(sgtin96Hex(tag.gtin, Number(tag.item.serial_number)));
    // Twice, and at the same time: still one open order, one print order.
    const [again, meanwhile] = await Promise.all([nicelabelOf(madOrder), nicelabelOf(madOrder, 'admin@demo.local')]);
    expect(again.json().id).toBe(opened.id);
    expect(meanwhile.json().id).toBe(opened.id);
    const listed = (await w.call('GET', `/api/nicelabelorder/?order=${madOrder}`, 'printer@demo.local')).json();
    expect(listed.count).toBe(1);
    const printOrders = (await w.call('GET', '/api/printer/print_orders/?name__icontains=PO-NL-MAD', 'admin@demo.local')).json();
    expect(printOrders.count).toBe(1);
  });

  it('moves forward only; completed counts every label as printed and a new call opens a new one', async () => {
    const opened = (await nicelabelOf(madOrder)).json() as Nicelabel;
    expect((await update(opened.id, { status: 1 })).json()).toMatchObject({ status: 1 });
    expect((await update(opened.id, { status: 1 })).statusCode).toBe(200); // the same status again is harmless
    const back = await update(opened.id, { status: 0 });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A NiceLabel order only moves forward: 0 pending, 1 in progress, 2 completed.');
    const pending = (await w.call('GET', '/api/nicelabelorder/?status=1', 'printer@demo.local')).json();
    expect(pending.results.map((n: Nicelabel) => n.id)).toContain(opened.id);
    const done = (await update(opened.id, { status: 2 })).json() as Nicelabel;
    expect(done).toMatchObject({ status: 2, print_order: { state: 'PRINTED' } });
    const order = (await w.call('GET', `/api/printer/print_orders/${opened.print_order.id}/`, 'printer@demo.local')).json();
    expect(order).toMatchObject({ state: 'PRINTED', progress: 3, from_label: 4 });
    const tags = (await w.call('GET', `${opened.labels}?limit=100`, 'printer@demo.local')).json().results as Tag[];
    expect(tags.every((tag) => tag.printed_at !== null)).toBe(true);
    const reopened = (await nicelabelOf(madOrder)).json() as Nicelabel;
    expect(reopened.id).not.toBe(opened.id);
    expect(reopened.status).toBe(0);
  });

  it('refuses a bad status, an order without expected items, and unknown ids', async () => {
    const opened = (await nicelabelOf(madOrder)).json() as Nicelabel;
    for (const status of [3, -1, 'x']) {
      const bad = await update(opened.id, { status });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('The status is 0 (pending), 1 (in progress) or 2 (completed).');
    }
    const empty = await newOrder('PO-NL-EMPTY', 'CD-MAD', 0);
    const none = await nicelabelOf(empty);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('There are no expected items to print.');
    expect((await nicelabelOf(999_999)).statusCode).toBe(404);
    expect((await update(999_999, { status: 1 })).statusCode).toBe(404);
  });

  it('roles: a visualizer neither opens, lists nor moves one (403)', async () => {
    const opened = (await nicelabelOf(madOrder)).json() as Nicelabel;
    expect((await nicelabelOf(madOrder, 'viewer@demo.local')).statusCode).toBe(403);
    expect((await update(opened.id, { status: 1 }, 'viewer@demo.local')).statusCode).toBe(403);
    // The printer menu is roles 1 to 4: the visualizer does not list them either.
    expect((await w.call('GET', '/api/nicelabelorder/', 'viewer@demo.local')).statusCode).toBe(403);
  });

  it('an order of a location the user does not see, or of another company, is not found', async () => {
    // The editor sees CD-MAD, T-MAD-01 and T-BCN-01, not CD-BCN.
    const hidden = await nicelabelOf(bcnOrder, 'editor@demo.local');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Order not found.');
    const bcn = (await nicelabelOf(bcnOrder, 'admin@demo.local')).json() as Nicelabel;
    expect((await update(bcn.id, { status: 1 }, 'editor@demo.local')).statusCode).toBe(404);
    expect(
      (await w.call('GET', '/api/nicelabelorder/', 'editor@demo.local')).json().results.map((n: Nicelabel) => n.id),
    ).not.toContain(bcn.id);
    // An administrator of another company: nothing of this one.
    await w.t.database.db.execute(sql`update users set role = 1 where email = ${w.foreign.email}`);
    const other = await w.call('GET', '/api/nicelabelorder/', w.foreign.email);
    expect(other.statusCode).toBe(200);
    expect(other.json().count).toBe(0);
    expect((await nicelabelOf(madOrder, w.foreign.email)).statusCode).toBe(404);
    expect((await update(bcn.id, { status: 1 }, w.foreign.email)).statusCode).toBe(404);
  });
});
