import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PrinterSimulator, startPrinterSimulator } from '../../../../../tools/printer-simulator/src/printer-simulator.js';
import * as printTest from '../../test/printing-fixtures.js';
import { openPrintJobWorld, type PrintJobWorld } from './print-job-fixtures.js';

/**
 * Printing on a Zebra ZT411 RFID as strict as the real one (tools/printer-simulator): silent to ~HS when out of paper,
 * ~HQES answered, encodes verified with ~RV (VOID printed over a tag it cannot encode), the buffer kept until ~JA.
 */
printTest.shortenPrintTimeouts();
// ~HS unanswered this long: ~HQES is asked (the label timeout stays 4 s).
process.env.PRINT_STATUS_SILENCE_MS = '300';
const LABEL_TIMEOUT_MS = 4_000;

type Tag = {
  label_number: number;
  item: { epc: string; serial_number: string };
  printed_at: string | null;
  voided_at: string | null;
  void_reason: string | null;
};
type Order = printTest.PrintOrderView & {
  voided_labels: number;
  error_detail: { code: string; faults?: string[]; seconds?: number } | null;
};

describe('printing on Zebra RFID printers: verified encodes, faults as the printer reports them, ~JA on error', () => {
  let w: PrintJobWorld;
  let first: PrinterSimulator;
  let second: PrinterSimulator;
  let firstId: number;
  let secondId: number;

  const addPrinter = (description: string, port: number, dpi?: number) =>
    printTest.addSimulatedPrinter(w.call, { description, port, areaId: w.areaId, ...(dpi ? { dpi } : {}) });
  const newOrder = (gtin: string, quantity: number) =>
    printTest.newPrintOrder<Order>(w.call, { formatId: w.formatId, name: 'Zebra', rows: [[gtin, quantity]] });
  const steps = () => printTest.printJobSteps<Tag>(w.call);
  const print = (body: Record<string, unknown>) => steps().print(body);
  const orderOf = async (id: number) =>
    (await w.call('GET', `/api/printer/print_orders/${id}/`, 'printer@demo.local')).json() as Order;
  const labelsOf = (id: number) => steps().labelsOf(id);
  const settled = (id: number) => steps().settled(id);
  /** Waits (with a deadline) until the simulator has taken what the server sent. */
  const until = (isDone: () => boolean) =>
    printTest.waitFor(
      async () => isDone(),
      (done) => done,
      5_000,
    );
  const healthy = { printMs: 10, paperOutAfter: null, paperOut: false, headOpen: false, silent: false, failFormats: [] };

  beforeAll(async () => {
    w = await openPrintJobWorld({ offset: 30, count: 4 });
    first = await startPrinterSimulator({ printMs: 10 });
    second = await startPrinterSimulator({ printMs: 10 });
    firstId = await addPrinter('ZT411 uno', first.port);
    secondId = await addPrinter('ZT411 dos', second.port);
  });
  beforeEach(() => {
    first.setMode(healthy);
    second.setMode(healthy);
  });
  afterAll(async () => {
    await w?.t.close();
    await first?.close();
    await second?.close();
  });

  it('paper out: ERROR with the reason "paper out" from ~HQES within the label timeout, the buffer canceled (~JA)', async () => {
    first.reset();
    first.setMode({ paperOutAfter: 2 });
    const order = await newOrder(w.gtins[0] as string, 5);
    const startedAt = Date.now();
    await print({ print_order: order.id, printer: firstId });
    const failed = await settled(order.id);
    expect(Date.now() - startedAt).toBeLessThan(LABEL_TIMEOUT_MS);
    expect(failed).toMatchObject({ state: 'ERROR', progress: 2, error: 'The printer reports: paper out.' });
    expect((await orderOf(order.id)).error_detail).toEqual({ code: 'fault', faults: ['paper_out'] });
    // ~HS went unanswered (as a real ZT411 out of paper), ~HQES told why, ~JA emptied the buffer.
    expect(first.commands).toContain('~HQES');
    await until(() => first.commands.at(-1) === '~JA');
    expect(first.pending()).toBe(0);
    expect(first.canceled()).toBe(1);
    // Paper back: nothing left to print by itself.
    first.setMode({ paperOutAfter: null });
    expect(first.pending()).toBe(0);
    expect(first.labels).toHaveLength(2);
    // The label that was in the buffer is void (it may not be sent again), never shown as printed.
    const labels = await labelsOf(order.id);
    expect(labels[2]).toMatchObject({ printed_at: null, void_reason: 'unconfirmed' });
    expect(labels.filter((l) => l.printed_at).map((l) => l.label_number)).toEqual([1, 2]);
  });

  it('head open and silent: the printer does not answer, likely fault the last one it reported', async () => {
    first.reset();
    first.setMode({ headOpen: true });
    const order = await newOrder(w.gtins[1] as string, 2);
    await print({ print_order: order.id, printer: firstId });
    expect(await settled(order.id)).toMatchObject({ state: 'ERROR', error: 'The printer reports: head open.' });
    // Now hung: neither ~HS nor ~HQES answered until the label timeout.
    first.setMode({ headOpen: false, silent: true });
    await print({ print_order: order.id, printer: firstId });
    const silent = await settled(order.id);
    expect(silent.error).toBe('The printer does not answer (4 s); likely fault: head open.');
    expect((await orderOf(order.id)).error_detail).toEqual({ code: 'silent', faults: ['head_open'], seconds: 4 });
    await until(() => first.commands.at(-1) === '~JA');
  });

  it('a failed encode: the label is void (encode_failed), its EPC not printed and never reused; the job goes on', async () => {
    first.reset();
    const before = first.received();
    first.setMode({ failFormats: [before + 2] });
    const order = await newOrder(w.gtins[2] as string, 4);
    await print({ print_order: order.id, printer: firstId });
    const done = await settled(order.id);
    // Every label is done: 3 printed, 1 void. The order counts printed labels only.
    expect(done).toMatchObject({ state: 'PRINTED', progress: 3, error: null });
    const detail = await orderOf(order.id);
    expect(detail).toMatchObject({ progress: 3, voided_labels: 1, total_quantity: 4 });
    const labels = await labelsOf(order.id);
    const failed = labels[1] as Tag;
    expect(failed).toMatchObject({ label_number: 2, printed_at: null, void_reason: 'encode_failed' });
    expect(failed.voided_at).not.toBeNull();
    // The printer printed VOID over it (3 tries, ^RS default) and encoded every other EPC once.
    expect(first.voids.map((l) => l.epc)).toEqual([failed.item.epc, failed.item.epc, failed.item.epc]);
    expect(first.encoded).toEqual([1, 3, 4].map((n) => labels[n - 1]?.item.epc));
    expect(first.encoded).not.toContain(failed.item.epc);
    // Never sent again: the label cannot be printed, not even asked for by range.
    const again = await print({ print_order: order.id, printer: firstId, from: 2, to: 2 });
    expect(again.statusCode).toBe(400);
    expect(first.received() - before).toBe(4);
    // Not in the print log (printed labels only).
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const log = await w.call(
      'GET',
      `/api/printer/print_log/?printed_at__gte=${from}&printed_at__lte=${to}`,
      'printer@demo.local',
    );
    expect(log.body).not.toContain(failed.item.epc);
    // A new order of the same GTIN never gets the void EPC again.
    const next = await newOrder(w.gtins[2] as string, 3);
    expect((await labelsOf(next.id)).map((l) => l.item.epc)).not.toContain(failed.item.epc);
  });

  it('after an error, a retry and the rest on another printer: no EPC encoded twice across both printers', async () => {
    first.reset();
    second.reset();
    first.setMode({ paperOutAfter: 3, failFormats: [first.received() + 2] });
    const order = await newOrder(w.gtins[3] as string, 10);
    await print({ print_order: order.id, printer: firstId });
    expect(await settled(order.id)).toMatchObject({ state: 'ERROR', error: 'The printer reports: paper out.' });
    // Retried on the same printer, still out of paper: fails again, sends one more label that is voided.
    await print({ print_order: order.id, printer: firstId });
    expect(await settled(order.id)).toMatchObject({ state: 'ERROR' });
    // The rest on the second printer.
    await print({ print_order: order.id, printer: secondId });
    const done = await settled(order.id);
    expect(done.state).toBe('PRINTED');
    // Paper back in the first one: its buffer was canceled each time, nothing prints there by itself.
    first.setMode({ paperOutAfter: null });
    expect(first.pending()).toBe(0);
    const everyEncode = [...first.encoded, ...second.encoded];
    expect(new Set(everyEncode).size).toBe(everyEncode.length);
    const labels = await labelsOf(order.id);
    const printed = labels.filter((l) => l.printed_at).map((l) => l.item.epc);
    expect([...everyEncode].sort()).toEqual([...printed].sort());
    // Every label is printed or void, never both; the void ones are not among the encoded.
    for (const label of labels) expect((label.printed_at === null) !== (label.voided_at === null)).toBe(true);
    const voided = labels.filter((l) => l.voided_at);
    expect(voided.map((l) => l.void_reason)).toContain('encode_failed');
    expect(voided.map((l) => l.void_reason)).toContain('unconfirmed');
    for (const label of voided) expect(everyEncode).not.toContain(label.item.epc);
    expect(await orderOf(order.id)).toMatchObject({ progress: printed.length, voided_labels: voided.length });
  });

  it('scales the label to the printer resolution and writes the EPC with ^RFW,H,,,A', async () => {
    const sim = await startPrinterSimulator({ printMs: 5 });
    try {
      const printerId = await addPrinter('ZT411 300 dpi', sim.port, 300);
      const order = await newOrder(w.gtins[0] as string, 1);
      await print({ print_order: order.id, printer: printerId });
      expect(await settled(order.id)).toMatchObject({ state: 'PRINTED', progress: 1 });
      const zpl = sim.labels[0]?.zpl ?? '';
      expect(zpl).toContain('^PW609');
      expect(zpl).toContain('^RFW,H,,,A^FD');
      expect(sim.commands[0]).toBe('~RVE');
    } finally {
      await sim.close();
    }
  });
});
