import { PrintOrderState } from '@rfid/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type PrinterSimulator,
  parseLabel,
  startPrinterSimulator,
} from '../../../../../tools/printer-simulator/src/printer-simulator.js';
import { rowsOf } from '../../db/rows.js';
import * as printTest from '../../test/printing-fixtures.js';
import { createPrintSpooler, type PrintSpooler } from '../../workers/print-spooler.js';
import { type PrinterTransport, tcpTransport } from '../../workers/print-transport.js';
import { openPrintJobWorld, type PrintJobWorld } from './print-job-fixtures.js';

/**
 * Print jobs with several server processes on one database: each "process" here is a print spooler with its own owner
 * id on the test database (the app's own spooler is off, so these are the only ones running jobs). The app only
 * answers HTTP: it queues jobs in the database, and whichever spooler holds the printer's lease prints them.
 */
printTest.shortenPrintTimeouts();
process.env.PRINT_SPOOLER = 'off';

/** Long enough that a busy test machine never loses a live process's lease, short enough to wait for a dead one's. */
const LEASE_MS = 1_500;

type Order = printTest.PrintOrderView;
type Tag = { label_number: number; item: { epc: string }; printed_at: string | null };
/** A label a spooler sent to a printer. */
type Sent = { owner: string; epc: string | null };

describe('print jobs across processes: one job per printer, resumed when a process dies, no EPC sent twice', () => {
  let w: PrintJobWorld;
  let simulator: PrinterSimulator;
  let gtin: string;
  let printerCount = 0;
  const sent: Sent[] = [];
  let spoolers: PrintSpooler[] = [];
  /** What the simulator does once it has printed a label (the crash test kills a process there). */
  let onPrinted: ((count: number) => void) | null = null;

  /** The TCP transport, recording what the spooler `owner` sends. */
  const recordingTransport = (owner: string): PrinterTransport => {
    const tcp = tcpTransport({ connectTimeoutMs: 2_000, labelTimeoutMs: 4_000, pollMs: 15 });
    return async (address) => {
      const connection = await tcp(address);
      return {
        async printLabel(zpl) {
          sent.push({ owner, epc: parseLabel(zpl).epc });
          return connection.printLabel(zpl);
        },
        cancelAll: () => connection.cancelAll(),
        close: () => connection.close(),
      };
    };
  };
  /** A "process": a spooler with its own owner id on the test database, started (its start-up recovery done). */
  const startProcess = async (owner: string, pollMs = 40) => {
    const spooler = createPrintSpooler({
      db: w.t.database.db,
      owner,
      transport: recordingTransport(owner),
      leaseMs: LEASE_MS,
      pollMs,
    });
    spoolers.push(spooler);
    await spooler.start();
    return spooler;
  };
  const sentBy = (owner: string) => sent.filter((s) => s.owner === owner).map((s) => s.epc);

  const addPrinter = async () => {
    printerCount += 1;
    return printTest.addSimulatedPrinter(w.call, {
      description: `Simulador ${printerCount}`,
      port: simulator.port,
      areaId: w.areaId,
    });
  };
  const newOrder = (quantity: number, name: string) =>
    printTest.newPrintOrder<Order>(w.call, { formatId: w.formatId, name, rows: [[gtin, quantity]] });
  const steps = () => printTest.printJobSteps<Tag>(w.call);
  const print = (body: Record<string, unknown>) => steps().print(body);
  const progressOf = (id: number) => steps().progressOf(id);
  const labelsOf = (id: number) => steps().labelsOf(id);
  const epcsOf = async (id: number) => (await labelsOf(id)).map((l) => l.item.epc);
  const settled = (id: number, timeoutMs = 15_000) => steps().settled(id, timeoutMs);
  const leaseOf = async (printerId: number) => {
    const [row] = rowsOf<{ owner: string; print_order_id: number; is_live: boolean }>(
      await w.t.database.db.execute(
        sql`select owner, print_order_id, lease_until > now() as is_live from printer_leases where printer_id = ${printerId}`,
      ),
    );
    return row;
  };
  const printedEpcs = () => simulator.labels.map((l) => l.epc);
  const expectNoEpcTwice = () => {
    expect(new Set(printedEpcs()).size).toBe(simulator.labels.length);
    const sentEpcs = sent.map((s) => s.epc);
    expect(new Set(sentEpcs).size).toBe(sentEpcs.length);
  };
  /**
   * Leaves an order as a process that died mid-job would: WORKING on the printer with labels 1..`printed` printed,
   * label `printed + 1` sent and never confirmed, and the printer's lease held by a dead owner whose lease ran out.
   */
  const leaveAsCrashed = async ({ orderId, printerId, printed }: { orderId: number; printerId: number; printed: number }) => {
    const db = w.t.database.db;
    await db.execute(sql`update print_tags set printed_at = now(), printer_id = ${printerId}
      where print_order_id = ${orderId} and label_number <= ${printed}`);
    await db.execute(sql`update print_tags set sending_at = now()
      where print_order_id = ${orderId} and label_number = ${printed + 1}`);
    await db.execute(sql`update print_orders set state = ${PrintOrderState.Working}, printer_id = ${printerId}, job_seq = job_seq + 1,
      job_from = 1, job_to = total_quantity, job_done = ${printed}, progress = ${printed}, from_label = ${printed + 1},
      queued_at = now() - interval '1 minute' where id = ${orderId}`);
    await db.execute(sql`insert into printer_leases (printer_id, print_order_id, owner, lease_until)
      values (${printerId}, ${orderId}, 'dead-host:4242:deadbeef', now() - interval '1 second')`);
  };

  beforeAll(async () => {
    w = await openPrintJobWorld({ offset: 30, count: 1 });
    simulator = await startPrinterSimulator({ printMs: 10 });
    simulator.onLabel(() => onPrinted?.(simulator.labels.length));
    gtin = w.gtins[0] as string;
  });
  beforeEach(() => {
    simulator.reset();
    sent.length = 0;
    onPrinted = null;
  });
  afterEach(async () => {
    for (const spooler of spoolers) await spooler.close();
    spoolers = [];
  });
  afterAll(async () => {
    await w?.t.close();
    await simulator?.close();
  });

  it('two processes never interleave two orders on one printer; a stopped process hands its job to the other', async () => {
    simulator.setMode({ printMs: 80 });
    const printerId = await addPrinter();
    const first = await newOrder(6, 'Primero');
    const second = await newOrder(4, 'Segundo');
    const a = await startProcess('host-a:1:aaaa');
    expect((await print({ print_order: first.id, printer: printerId })).statusCode).toBe(202);
    await printTest.waitFor(
      () => progressOf(first.id),
      (p) => p.progress >= 1,
    );
    expect(await leaseOf(printerId)).toMatchObject({ owner: 'host-a:1:aaaa', print_order_id: first.id, is_live: true });
    // A second process, and a second order on the same printer: it waits behind the first.
    await startProcess('host-b:2:bbbb');
    expect((await print({ print_order: second.id, printer: printerId })).json()).toMatchObject({ state: 'WORKING' });
    const midway = await printTest.waitFor(
      () => progressOf(first.id),
      (p) => p.progress >= 3,
    );
    expect(midway.state).toBe('WORKING');
    expect(await progressOf(second.id)).toMatchObject({ state: 'WORKING', progress: 0, job_done: 0, job_total: 4 });
    expect(sentBy('host-b:2:bbbb')).toEqual([]);
    // Process A stops: its label on the printer is finished and recorded, the order stays WORKING, B goes on with it.
    await a.close();
    expect(await settled(first.id)).toMatchObject({ state: 'PRINTED', progress: 6, from_label: 7 });
    expect(await settled(second.id)).toMatchObject({ state: 'PRINTED', progress: 4 });
    const firstEpcs = await epcsOf(first.id);
    const secondEpcs = await epcsOf(second.id);
    expect(printedEpcs()).toEqual([...firstEpcs, ...secondEpcs]);
    expectNoEpcTwice();
    const byA = sentBy('host-a:1:aaaa');
    expect(byA.length).toBeGreaterThanOrEqual(3);
    expect(sentBy('host-b:2:bbbb')).toEqual([...firstEpcs.slice(byA.length), ...secondEpcs]);
  });

  it('with both processes polling, the jobs of one printer run one after the other, oldest first', async () => {
    simulator.setMode({ printMs: 10 });
    const printerId = await addPrinter();
    await startProcess('host-a:3:aaaa');
    await startProcess('host-b:4:bbbb');
    const orders = [await newOrder(4, 'Uno'), await newOrder(3, 'Dos'), await newOrder(5, 'Tres')];
    for (const order of orders) expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    for (const order of orders) expect(await settled(order.id)).toMatchObject({ state: 'PRINTED' });
    const expected: string[] = [];
    for (const order of orders) expected.push(...(await epcsOf(order.id)));
    expect(printedEpcs()).toEqual(expected);
    expectNoEpcTwice();
  });

  it('a process that dies mid-label: another resumes the job once the lease runs out, the label in flight is voided', async () => {
    simulator.setMode({ printMs: 60 });
    const printerId = await addPrinter();
    const order = await newOrder(8, 'Caída');
    let a: PrintSpooler | undefined;
    // A dies the moment the printer prints label 3, before it hears the printer confirm it.
    onPrinted = (count) => {
      if (count === 3) a?.kill();
    };
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    // A takes the job in its start-up round; B starts once the printer is A's.
    a = await startProcess('host-a:5:aaaa');
    expect(await leaseOf(printerId)).toMatchObject({ owner: a.owner, print_order_id: order.id });
    await startProcess('host-b:6:bbbb');
    await simulator.waitForLabels(3);
    // Until the lease runs out the order is A's: WORKING, printing again is refused (not a second job).
    expect((await progressOf(order.id)).state).toBe('WORKING');
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(409);
    const done = await settled(order.id);
    // Labels 1, 2 and 4..8 printed and recorded; label 3 (printed, never confirmed) is voided and counts as done.
    expect(done).toMatchObject({ state: 'PRINTED', progress: 7, from_label: 9, error: null });
    const labels = await labelsOf(order.id);
    expect(labels.filter((l) => l.printed_at === null).map((l) => l.label_number)).toEqual([3]);
    const [tag] = rowsOf<{ voided: boolean; voided_labels: number }>(
      await w.t.database.db.execute(sql`select t.voided_at is not null as voided, po.voided_labels from print_tags t
        join print_orders po on po.id = t.print_order_id where t.print_order_id = ${order.id} and t.label_number = 3`),
    );
    expect(tag).toEqual({ voided: true, voided_labels: 1 });
    expect(printedEpcs()).toEqual(labels.map((l) => l.item.epc));
    expectNoEpcTwice();
    expect(sentBy('host-a:5:aaaa')).toEqual(labels.slice(0, 3).map((l) => l.item.epc));
    expect(sentBy('host-b:6:bbbb')).toEqual(labels.slice(3).map((l) => l.item.epc));
    // Pressing print again sends nothing again.
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(409);
    expect(simulator.labels).toHaveLength(8);
  });

  it('a job left by a dead owner (expired lease, label in flight) is resumed; cancel and print again never resend an EPC', async () => {
    simulator.setMode({ printMs: 100 });
    const printerId = await addPrinter();
    const order = await newOrder(10, 'Huérfana');
    await leaveAsCrashed({ orderId: order.id, printerId, printed: 2 });
    const b = await startProcess('host-b:7:bbbb');
    const resumed = await printTest.waitFor(
      () => progressOf(order.id),
      (p) => p.progress >= 4,
    );
    expect(resumed.state).toBe('WORKING');
    expect(await leaseOf(printerId)).toMatchObject({ owner: b.owner, is_live: true });
    // Canceled from "another process" (the HTTP app): the job stops between labels.
    const canceled = await w.call('PUT', `/api/printer/print_orders/${order.id}/`, 'printer@demo.local', { canceled: true });
    expect(canceled.json()).toMatchObject({ state: 'PARTIAL', canceled: true });
    await printTest.waitFor(
      () => leaseOf(printerId),
      (lease) => lease === undefined,
    );
    const stopped = await progressOf(order.id);
    expect(stopped.progress).toBeLessThan(10);
    expect(simulator.labels).toHaveLength(stopped.progress - 2);
    // Print again: what is left, never the printed labels nor label 3 (in flight when the dead process stopped).
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    expect(await settled(order.id)).toMatchObject({ state: 'PRINTED', progress: 9, from_label: 11 });
    const labels = await labelsOf(order.id);
    expect(printedEpcs()).toEqual(labels.slice(3).map((l) => l.item.epc));
    expectNoEpcTwice();
    expect(sentBy(b.owner)).toEqual(labels.slice(3).map((l) => l.item.epc));
    expect(labels.filter((l) => l.printed_at === null).map((l) => l.label_number)).toEqual([3]);
    expect((await print({ print_order: order.id, printer: printerId })).json().message).toBe(
      'Every label of this order is printed already.',
    );
  });

  it("start-up recovery in one process resumes only expired jobs, never another process's live job", async () => {
    simulator.setMode({ printMs: 50 });
    const livePrinter = await addPrinter();
    const deadPrinter = await addPrinter();
    const live = await newOrder(8, 'Viva');
    const orphan = await newOrder(3, 'Abandonada');
    expect((await print({ print_order: live.id, printer: livePrinter })).statusCode).toBe(202);
    // A takes the job in its own start-up round and looks again only once it is done: the orphan below stays C's.
    const a = await startProcess('host-a:8:aaaa', 60_000);
    await printTest.waitFor(
      () => progressOf(live.id),
      (p) => p.progress >= 2,
    );
    await leaveAsCrashed({ orderId: orphan.id, printerId: deadPrinter, printed: 0 });
    // Process C starts: its recovery round claims the dead owner's printer, not A's.
    const c = await startProcess('host-c:9:cccc');
    expect(await leaseOf(livePrinter)).toMatchObject({ owner: a.owner, print_order_id: live.id, is_live: true });
    expect((await progressOf(live.id)).state).toBe('WORKING');
    expect(await settled(orphan.id)).toMatchObject({ state: 'PRINTED', progress: 2 });
    expect(await settled(live.id)).toMatchObject({ state: 'PRINTED', progress: 8 });
    const liveEpcs = await epcsOf(live.id);
    const orphanEpcs = await epcsOf(orphan.id);
    expect(sentBy(a.owner)).toEqual(liveEpcs);
    expect(sentBy(c.owner)).toEqual(orphanEpcs.slice(1));
    expectNoEpcTwice();
  });
});
