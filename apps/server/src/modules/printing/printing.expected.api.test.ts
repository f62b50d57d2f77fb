import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExpectedPrintTest, expectCdMadPrintOrder, openExpectedPrintTest } from '../../test/expected-print-fixtures.js';
import { sgtin96Hex, shortenPrintTimeouts, waitFor } from '../../test/printing-fixtures.js';

shortenPrintTimeouts();

type Order = {
  id: number;
  name: string;
  state: string;
  total_quantity: number;
  progress: number;
  location: { id: number }[];
};
type Tag = { label_number: number; gtin: string; item: { epc: string; serial_number: string } };

/** The dashboard's "tick for printing": POST /porders/{id}/printing/ and /rboxes/{id}/printing/ {printer_id}. */
describe('printing the expected labels of a purchase order or a box', () => {
  let fx: ExpectedPrintTest;
  let order: { orderId: number; boxIds: number[] };
  let gtinA: string;
  let gtinB: string;

  const settled = (id: number) =>
    waitFor(
      async () => (await fx.call('GET', `/api/printer/print_orders/${id}/`, 'admin@demo.local')).json() as Order,
      (o) => o.state !== 'WORKING',
    );

  beforeAll(async () => {
    fx = await openExpectedPrintTest({ description: 'Simulador pedidos', mac: '00:07:4D:55:00:01' });
    [gtinA, gtinB] = fx.ids.gtins.slice(3, 5).map((g) => g.gtin) as [string, string];
    order = await fx.newOrder('PO-PRINT-1', 'CD-MAD', [
      {
        codebar: 'PRINT-BOX-1',
        contents: [
          { gtin: gtinA, quantity: 3 },
          { gtin: gtinB, quantity: 2 },
        ],
      },
      { codebar: 'PRINT-BOX-2', contents: [{ gtin: gtinA, quantity: 1 }] },
    ]);
  });
  afterAll(async () => {
    await fx.simulator.close();
    await fx.t.close();
  });

  it("prints every expected label of the order's boxes, summed per GTIN, each with its own SGTIN-96", async () => {
    const r = await fx.call('POST', `/api/porders/${order.orderId}/printing/`, 'printer@demo.local', {
      printer_id: fx.printerId,
    });
    const started = await expectCdMadPrintOrder(fx, r, {
      status: 202,
      name: 'PO-PRINT-1',
      state: 'WORKING',
      total: 6,
      contents: [
        [gtinA, 4],
        [gtinB, 2],
      ],
    });
    expect(await settled(started)).toMatchObject({ state: 'PRINTED', progress: 6 });
    const tags = (await fx.call('GET', `/api/printer/print_orders/${started}/items/?limit=100`, 'printer@demo.local')).json()
      .results as Tag[];
    expect(fx.simulator.labels.slice(-6).map((l) => l.epc)).toEqual(tags.map((tag) => tag.item.epc));
    for (const tag of tags) expect(tag.item.epc).toBe(sgtin96Hex(tag.gtin, Number(tag.item.serial_number)));
  });

  it('prints the expected labels of one box, named after the order and the box', async () => {
    const box = order.boxIds[1] as number;
    const r = await fx.call('POST', `/api/rboxes/${box}/printing/`, 'editor@demo.local', { printer_id: fx.printerId });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({ name: 'PO-PRINT-1 · PRINT-BOX-2', total_quantity: 1 });
    expect(await settled(r.json().id)).toMatchObject({ state: 'PRINTED', progress: 1 });
  });

  it('refuses a missing or bad printer with the spec message, and a printer of another company', async () => {
    const before = await fx.orderCount();
    const missing = await fx.call('POST', `/api/porders/${order.orderId}/printing/`, 'admin@demo.local', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Please select a printer');
    const bad = await fx.call('POST', `/api/rboxes/${order.boxIds[0]}/printing/`, 'admin@demo.local', { printer_id: 'x' });
    expect(bad.statusCode).toBe(400);
    const foreignPrinter = await fx.call('POST', `/api/porders/${order.orderId}/printing/`, 'admin@demo.local', {
      printer_id: fx.foreign.printerId,
    });
    expect(foreignPrinter.statusCode).toBe(404);
    expect(foreignPrinter.json().message).toBe('Printer not found.');
    expect(await fx.orderCount()).toBe(before);
  });

  it('refuses role 5 (403) and writes nothing', async () => {
    const before = await fx.orderCount();
    for (const url of [`/api/porders/${order.orderId}/printing/`, `/api/rboxes/${order.boxIds[0]}/printing/`]) {
      expect((await fx.call('POST', url, 'viewer@demo.local', { printer_id: fx.printerId })).statusCode).toBe(403);
    }
    expect(await fx.orderCount()).toBe(before);
  });

  it("an order or a box of a location the user does not see is not found; another company's too", async () => {
    const bcn = await fx.newOrder('PO-PRINT-BCN', 'CD-BCN', [
      { codebar: 'PRINT-BCN-1', contents: [{ gtin: gtinA, quantity: 2 }] },
    ]);
    const before = await fx.orderCount();
    // The editor sees CD-MAD, T-MAD-01 and T-BCN-01, not CD-BCN.
    const orderAnswer = await fx.call('POST', `/api/porders/${bcn.orderId}/printing/`, 'editor@demo.local', {
      printer_id: fx.printerId,
    });
    expect(orderAnswer.statusCode).toBe(404);
    expect(orderAnswer.json().message).toBe('Order not found.');
    const boxAnswer = await fx.call('POST', `/api/rboxes/${bcn.boxIds[0]}/printing/`, 'editor@demo.local', {
      printer_id: fx.printerId,
    });
    expect(boxAnswer.statusCode).toBe(404);
    expect(boxAnswer.json().message).toBe('Box not found.');
    const other = await fx.call('POST', `/api/porders/${order.orderId}/printing/`, fx.foreign.email, {
      printer_id: fx.foreign.printerId,
    });
    expect(other.statusCode).toBe(403);
    expect(await fx.orderCount()).toBe(before);
  });

  it('an order without expected items is a 409 and creates no print order', async () => {
    const empty = await fx.newOrder('PO-PRINT-EMPTY', 'CD-MAD', []);
    const before = await fx.orderCount();
    const r = await fx.call('POST', `/api/porders/${empty.orderId}/printing/`, 'admin@demo.local', { printer_id: fx.printerId });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('There are no expected items to print.');
    expect(await fx.orderCount()).toBe(before);
  });
});
