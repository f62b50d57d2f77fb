import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type PrinterSimulator, startPrinterSimulator } from '../../../../tools/printer-simulator/src/printer-simulator.js';
import { createPurchaseOrder, type InboundIds, loadInboundIds } from '../modules/orders/inbound-fixtures.js';
import { addForeignCompany, type ForeignCompany } from './admin-fixtures.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { printingCaller } from './printing-fixtures.js';

type Content = { gtin: string; quantity: number };

/** What the tests of printing purchase orders' expected labels share: the demo app, a simulated printer of CD-MAD. */
export type ExpectedPrintTest = {
  t: TestApp;
  call: ReturnType<typeof printingCaller>;
  simulator: PrinterSimulator;
  ids: InboundIds;
  foreign: ForeignCompany;
  printerId: number;
  /** How many print orders there are (one row asked). */
  orderCount: () => Promise<number>;
  /** A print order's contents as [GTIN, quantity] pairs, sorted. */
  contentsOf: (printOrderId: number) => Promise<[string, number][]>;
  /** A purchase order to a demo location, with its boxes and their expected contents. */
  newOrder: (
    code: string,
    location: string,
    boxes: { codebar: string; contents: Content[] }[],
  ) => ReturnType<typeof createPurchaseOrder>;
};

export const openExpectedPrintTest = async (printer: { description: string; mac: string }): Promise<ExpectedPrintTest> => {
  const t = await buildTestApp();
  const call = printingCaller(t);
  const simulator = await startPrinterSimulator({ printMs: 5 });
  const ids = await loadInboundIds(t.database.db);
  const foreign = await addForeignCompany(t.database.db);
  const r = await call('POST', '/api/printer/printers/', 'admin@demo.local', {
    ...printer,
    location_area: ids.areaOf['CD-MAD'],
    ip_address: '127.0.0.1',
    port: simulator.port,
  });
  expect(r.statusCode).toBe(201);
  return {
    t,
    call,
    simulator,
    ids,
    foreign,
    printerId: r.json().id,
    orderCount: async () => (await call('GET', '/api/printer/print_orders/?limit=1', 'admin@demo.local')).json().count,
    contentsOf: async (printOrderId) => {
      const r = await call('GET', `/api/printer/print_orders/${printOrderId}/print_contents/`, 'printer@demo.local');
      return (r.json().results as Content[]).map((c): [string, number] => [c.gtin, c.quantity]).sort();
    },
    newOrder: async (code, location, boxes) =>
      createPurchaseOrder(t, await t.login('admin@demo.local'), {
        locationId: ids.locations[location] as number,
        providerId: ids.providerId,
        code,
        boxes,
      }),
  };
};

/**
 * The answer that made a print order of CD-MAD's expected labels: its `status`, the order's name, state and total,
 * CD-MAD as its only location and its `contents` per GTIN. Answers the print order's id.
 */
export const expectCdMadPrintOrder = async (
  fx: ExpectedPrintTest,
  response: LightMyRequestResponse,
  expected: { status: number; name: string; state: string; total: number; contents: [string, number][] },
): Promise<number> => {
  expect(response.statusCode).toBe(expected.status);
  const order = response.json() as { id: number; location: { id: number }[] };
  expect(order).toMatchObject({ name: expected.name, state: expected.state, total_quantity: expected.total });
  expect(order.location.map((l) => l.id)).toEqual([fx.ids.locations['CD-MAD']]);
  expect(await fx.contentsOf(order.id)).toEqual(expected.contents.sort());
  return order.id;
};
