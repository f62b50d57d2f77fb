import { PRINT_ORDERS_MAX_ORDERS } from '@rfid/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals } from '../../test/admin-fixtures.js';
import { type ExpectedPrintTest, expectCdMadPrintOrder, openExpectedPrintTest } from '../../test/expected-print-fixtures.js';
import { shortenPrintTimeouts, waitFor } from '../../test/printing-fixtures.js';
import { ordersPrintName } from './expected-labels.service.js';

shortenPrintTimeouts();

type Order = { id: number; name: string; state: string; total_quantity: number; progress: number; location: { id: number }[] };

const URL = '/api/printer/print_orders/create_by_orders/';

/** The dashboard's ticked orders: POST /printer/print_orders/create_by_orders/ {orders, tag_company_format}. */
describe('one print order of the expected labels of several purchase orders', () => {
  let fx: ExpectedPrintTest;
  let formatId: number;
  let first: { orderId: number };
  let second: { orderId: number };
  let bcn: { orderId: number };
  let gtinA: string;
  let gtinB: string;
  let gtinC: string;

  beforeAll(async () => {
    fx = await openExpectedPrintTest({ description: 'Simulador varios pedidos', mac: '00:07:4D:55:00:02' });
    formatId = (
      (await fx.call('GET', '/api/printer/tag_company_format/', 'admin@demo.local')).json().results as { id: number }[]
    )[0]?.id as number;
    [gtinA, gtinB, gtinC] = fx.ids.gtins.slice(3, 6).map((g) => g.gtin) as [string, string, string];
    first = await fx.newOrder('PO-MULTI-1', 'CD-MAD', [
      {
        codebar: 'MULTI-1-A',
        contents: [
          { gtin: gtinA, quantity: 3 },
          { gtin: gtinB, quantity: 1 },
        ],
      },
    ]);
    second = await fx.newOrder('PO-MULTI-2', 'CD-MAD', [
      { codebar: 'MULTI-2-A', contents: [{ gtin: gtinA, quantity: 2 }] },
      { codebar: 'MULTI-2-B', contents: [{ gtin: gtinC, quantity: 4 }] },
    ]);
    bcn = await fx.newOrder('PO-MULTI-BCN', 'CD-BCN', [{ codebar: 'MULTI-BCN-1', contents: [{ gtin: gtinA, quantity: 1 }] }]);
  });
  afterAll(async () => {
    await fx.simulator.close();
    await fx.t.close();
  });

  it("makes one print order of both orders' expected labels, summed per GTIN and named after the codes, then prints it", async () => {
    const r = await fx.call('POST', URL, 'printer@demo.local', {
      orders: [second.orderId, first.orderId, first.orderId],
      tag_company_format: formatId,
    });
    const created = await expectCdMadPrintOrder(fx, r, {
      status: 201,
      name: 'PO-MULTI-1, PO-MULTI-2',
      state: 'PENDING',
      total: 10,
      contents: [
        [gtinA, 5],
        [gtinB, 1],
        [gtinC, 4],
      ],
    });
    const print = await fx.call('POST', '/api/printer/print/', 'printer@demo.local', {
      print_order: created,
      printer: fx.printerId,
    });
    expect(print.statusCode).toBeLessThan(300);
    const done = await waitFor(
      async () => (await fx.call('GET', `/api/printer/print_orders/${created}/`, 'printer@demo.local')).json() as Order,
      (o) => o.state !== 'WORKING',
    );
    expect(done).toMatchObject({ state: 'PRINTED', progress: 10 });
    const tags = (await fx.call('GET', `/api/printer/print_orders/${created}/items/?limit=100`, 'printer@demo.local')).json()
      .results as { item: { epc: string } }[];
    expect(tags).toHaveLength(10);
    expect(fx.simulator.labels.slice(-10).map((l) => l.epc)).toEqual(tags.map((tag) => tag.item.epc));
  });

  it('answers in Spanish or English: an empty list, too many orders, a bad id and a missing format are 400', async () => {
    const before = await fx.orderCount();
    const empty = await fx.call('POST', URL, 'admin@demo.local', { orders: [], tag_company_format: formatId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.orders).toEqual(['Select at least one order.']);
    const many = Array.from({ length: PRINT_ORDERS_MAX_ORDERS + 1 }, (_, i) => i + 1);
    const tooMany = await fx.call('POST', URL, 'admin@demo.local', { orders: many, tag_company_format: formatId });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.orders).toEqual([`At most ${PRINT_ORDERS_MAX_ORDERS} orders in one print order.`]);
    const bad = await fx.call('POST', URL, 'admin@demo.local', { orders: ['x'], tag_company_format: formatId });
    expect(bad.statusCode).toBe(400);
    const noFormat = await fx.call('POST', URL, 'admin@demo.local', { orders: [first.orderId] });
    expect(noFormat.statusCode).toBe(400);
    expect(noFormat.json().errors.tag_company_format).toEqual(['Please select a tag format']);
    const spanish = await fx.t.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: await fx.t.login('admin@demo.local'), 'accept-language': 'es' },
      payload: { orders: [], tag_company_format: formatId },
    });
    expect(spanish.json().errors.orders).toEqual(['Seleccione al menos un pedido.']);
    expect(await fx.orderCount()).toBe(before);
  });

  it('an unknown order id, or an unknown format, is a 404 naming it; an order without expected items a 409', async () => {
    const before = await fx.orderCount();
    const unknown = await fx.call('POST', URL, 'admin@demo.local', {
      orders: [first.orderId, 999999],
      tag_company_format: formatId,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Orders not found: 999999.');
    const format = await fx.call('POST', URL, 'admin@demo.local', { orders: [first.orderId], tag_company_format: 999999 });
    expect(format.statusCode).toBe(404);
    const emptyOrder = await fx.newOrder('PO-MULTI-EMPTY', 'CD-MAD', []);
    const nothing = await fx.call('POST', URL, 'admin@demo.local', {
      orders: [emptyOrder.orderId],
      tag_company_format: formatId,
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('There are no expected items to print.');
    expect(await fx.orderCount()).toBe(before);
  });

  it("refuses role 5, an order of a location the user does not see, and another company's user; writes nothing", async () => {
    const before = await fx.orderCount();
    const body = (orders: number[]) => ({ orders, tag_company_format: formatId });
    // The editor sees CD-MAD, T-MAD-01 and T-BCN-01, not CD-BCN.
    await expectRefusals(fx.call, [
      [403, 'POST', URL, 'viewer@demo.local', body([first.orderId])],
      [404, 'POST', URL, 'editor@demo.local', body([first.orderId, bcn.orderId])],
      [403, 'POST', URL, fx.foreign.email, body([first.orderId])],
    ]);
    expect(await fx.orderCount()).toBe(before);
  });

  it('names the print order after the codes, cut at 120 characters', () => {
    expect(ordersPrintName(['A', 'B'])).toBe('A, B');
    const long = ordersPrintName(Array.from({ length: 30 }, (_, i) => `PO-2026-${i}`));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
