import { decodeEpc } from '@rfid/epc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PrinterSimulator, startPrinterSimulator } from '../../../../../tools/printer-simulator/src/printer-simulator.js';
import { rowsOf } from '../../db/rows.js';
import { freePort } from '../../test/ports.js';
import * as printTest from '../../test/printing-fixtures.js';
import { openPrintJobWorld, type PrintJobWorld } from './print-job-fixtures.js';

printTest.shortenPrintTimeouts();

type Order = printTest.PrintOrderView;
type Tag = printTest.PrintLabelView;

describe('print jobs against the printer simulator: labels, progress, cancel, faults, one job per printer', () => {
  let w: PrintJobWorld;
  let simulator: PrinterSimulator;
  let printerId: number;

  const addPrinter = (description: string, port: number) =>
    printTest.addSimulatedPrinter(w.call, { description, port, areaId: w.areaId });
  const newOrder = (rows: [string, number][], name = 'Job') =>
    printTest.newPrintOrder<Order>(w.call, { formatId: w.formatId, name, rows });
  const steps = () => printTest.printJobSteps<Tag>(w.call);
  const print = (body: Record<string, unknown>) => steps().print(body);
  const progressOf = (id: number) => steps().progressOf(id);
  const labelsOf = (id: number) => steps().labelsOf(id);
  const settled = (id: number) => steps().settled(id);

  beforeAll(async () => {
    w = await openPrintJobWorld({ offset: 20, count: 4 });
    simulator = await startPrinterSimulator({ printMs: 10 });
    printerId = await addPrinter('Simulador de pruebas', simulator.port);
  });
  beforeEach(() => simulator.setMode({ printMs: 10, paperOutAfter: null, silent: false, refuse: false, paused: false }));
  afterAll(async () => {
    await w?.t.close();
    await simulator?.close();
  });

  it('prints every label: the printer gets each ZPL label with its ^RFW EPC and fields, progress rises to PRINTED', async () => {
    simulator.reset();
    simulator.setMode({ printMs: 150 });
    const [a, b] = w.gtins as [string, string];
    const order = await newOrder([
      [a, 3],
      [b, 2],
    ]);
    const started = await print({ print_order: order.id, printer: printerId });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ state: 'WORKING', printer: { id: printerId } });
    // Live progress: seen part way, then done.
    const midway = await printTest.waitFor(
      () => progressOf(order.id),
      (p) => p.progress >= 1 && p.progress < 5,
    );
    expect(midway).toMatchObject({ state: 'WORKING', job_total: 5 });
    expect(midway.job_done).toBeGreaterThanOrEqual(1);
    const done = await settled(order.id);
    expect(done).toMatchObject({ state: 'PRINTED', progress: 5, from_label: 6, total_quantity: 5, job_done: 0, error: null });
    const labels = await labelsOf(order.id);
    expect(simulator.labels.map((l) => l.epc)).toEqual(labels.map((l) => l.item.epc));
    expect(labels.map((l) => l.item.epc)).toEqual(labels.map((l) => printTest.sgtin96Hex(l.gtin, Number(l.item.serial_number))));
    expect(labels.every((l) => l.printed_at !== null)).toBe(true);
    // Each label shows its own text, barcode (GS1-128 of GTIN and serial) and EPC.
    const first = simulator.labels[0];
    const firstTag = labels[0] as Tag;
    expect(first?.zpl.startsWith('^XA')).toBe(true);
    expect(first?.zpl.trim().endsWith('^XZ')).toBe(true);
    expect(first?.fields).toContain(`(01)${firstTag.gtin}(21)${firstTag.item.serial_number}`);
    expect(first?.fields).toContain(`EPC ${firstTag.item.epc}`);
    expect(first?.fields.some((f) => f.endsWith('€'))).toBe(true);
    expect(first?.zpl).not.toContain('{{');
    // Each printed label commissioned its tag (EPCIS 2.0, issue 17): ADD, commissioning, active, at the printer's area.
    const admin = await w.t.login('admin@demo.local');
    const epcis = await w.t.app.inject({
      url: '/epcis/events?EQ_bizStep=commissioning&perPage=100',
      headers: { authorization: admin },
    });
    const commissioned = epcis.json().epcisBody.queryResults.resultsBody.eventList as Record<string, unknown>[];
    expect(commissioned.every((e) => e.action === 'ADD' && e.disposition === 'active')).toBe(true);
    expect(commissioned.flatMap((e) => e.epcList as string[]).sort()).toEqual(
      labels.map((l) => decodeEpc(l.item.epc).pureIdentityUri).sort(),
    );
  });

  it('prints a range: only labels from..to, from_label moves on, PARTIAL; a range below from_label is refused', async () => {
    simulator.reset();
    const order = await newOrder([[w.gtins[2] as string, 6]]);
    expect((await print({ print_order: order.id, printer: printerId, from: 2, to: 4 })).statusCode).toBe(202);
    const done = await settled(order.id);
    expect(done).toMatchObject({ state: 'PARTIAL', progress: 3, from_label: 5 });
    const labels = await labelsOf(order.id);
    expect(labels.filter((l) => l.printed_at).map((l) => l.label_number)).toEqual([2, 3, 4]);
    expect(simulator.labels.map((l) => l.epc)).toEqual(labels.slice(1, 4).map((l) => l.item.epc));
    expect((await print({ print_order: order.id, printer: printerId, from: 4, to: 6 })).json().errors).toEqual({
      from: ['Min 5'],
    });
    // "All" prints what is left: labels 5 and 6.
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    expect(await settled(order.id)).toMatchObject({ state: 'PARTIAL', progress: 5, from_label: 7 });
    expect(simulator.labels).toHaveLength(5);
  });

  it('cancels mid-job: the job stops between labels, what was printed is recorded, the order can print again', async () => {
    simulator.reset();
    simulator.setMode({ printMs: 60 });
    const order = await newOrder([[w.gtins[3] as string, 40]]);
    await print({ print_order: order.id, printer: printerId });
    await printTest.waitFor(
      () => progressOf(order.id),
      (p) => p.progress >= 3,
    );
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(409);
    const canceled = await w.call('PUT', `/api/printer/print_orders/${order.id}/`, 'printer@demo.local', { canceled: true });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ state: 'PARTIAL', canceled: true });
    // The label on the printer when the cancel came is finished and recorded; nothing after it. The job has ended once
    // it gave the printer's lease back.
    const leases = async () =>
      rowsOf<{ n: number }>(
        await w.t.database.db.execute(sql`select count(*)::int as n from printer_leases where print_order_id = ${order.id}`),
      )[0]?.n;
    await printTest.waitFor(leases, (n) => n === 0, 5_000);
    const after = await progressOf(order.id);
    expect(after.state).toBe('PARTIAL');
    expect(after.canceled).toBe(true);
    expect(after.progress).toBeLessThan(40);
    expect(simulator.labels).toHaveLength(after.progress);
    expect(after.from_label).toBe(after.progress + 1);
    const printed = (await labelsOf(order.id)).filter((l) => l.printed_at);
    expect(printed.map((l) => l.item.epc)).toEqual(simulator.labels.map((l) => l.epc));
    // Printing again goes on from the next label.
    simulator.setMode({ printMs: 5 });
    expect((await print({ print_order: order.id, printer: printerId })).json()).toMatchObject({
      state: 'WORKING',
      canceled: false,
    });
    expect(await settled(order.id)).toMatchObject({ state: 'PRINTED', progress: 40 });
    expect(new Set(simulator.labels.map((l) => l.epc)).size).toBe(40);
  });

  it('a late cancel, while the last label prints, says what happened: every label printed → PRINTED, nothing left', async () => {
    simulator.reset();
    simulator.setMode({ printMs: 400 });
    const order = await newOrder([[w.gtins[2] as string, 3]], 'Late cancel');
    await print({ print_order: order.id, printer: printerId });
    // The last label is on the printer (sent, not yet confirmed) when the cancel comes.
    const lastSent = async () =>
      rowsOf<{ n: number }>(
        await w.t.database.db.execute(
          sql`select count(*)::int as n from print_tags where print_order_id = ${order.id} and label_number = 3 and sending_at is not null`,
        ),
      )[0]?.n;
    await printTest.waitFor(lastSent, (n) => n === 1, 5_000);
    const canceled = await w.call('PUT', `/api/printer/print_orders/${order.id}/`, 'printer@demo.local', { canceled: true });
    // The cancel answers once the label on the printer has ended: all three printed.
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ state: 'PRINTED', progress: 3, canceled: true });
    expect(await progressOf(order.id)).toMatchObject({ state: 'PRINTED', progress: 3, canceled: true });
    expect(simulator.labels).toHaveLength(3);
    // Nothing is left to print: printing again is refused.
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(409);
  });

  it('an unreachable printer ends the job in ERROR with the reason; printing may be tried again', async () => {
    const deadPort = await freePort();
    const deadPrinter = await addPrinter('Impresora apagada', deadPort);
    const order = await newOrder([[w.gtins[0] as string, 2]]);
    await print({ print_order: order.id, printer: deadPrinter });
    const failed = await settled(order.id);
    expect(failed).toMatchObject({ state: 'ERROR', progress: 0 });
    // One text for every way a connection fails: it never tells a closed port from a filtered one.
    expect(failed.error).toBe(`The printer at 127.0.0.1:${deadPort} could not be reached.`);
    const listed = (await w.call('GET', `/api/printer/print_orders/?id=${order.id}`, 'printer@demo.local')).json().results[0];
    expect(listed).toMatchObject({ state: 'ERROR', error: failed.error });
    // The reason is stored with the order, so another process (or a restart) still tells it.
    // Stored as a code with its values (the web says it in the user's language), answered in English too.
    const stored = await w.t.database.db.execute(sql`select error from print_orders where id = ${order.id}`);
    const detail = JSON.parse((stored as unknown as { rows: { error: string }[] }).rows[0]?.error ?? '{}');
    expect(detail).toEqual({ code: 'unreachable', where: `127.0.0.1:${deadPort}` });
    expect(listed.error_detail).toEqual(detail);
    simulator.reset();
    expect((await print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    expect(await settled(order.id)).toMatchObject({ state: 'PRINTED', progress: 2, error: null });
  });

  it('a printer out of paper stops the job in ERROR after the labels it printed; a silent one times out', async () => {
    simulator.reset();
    simulator.setMode({ paperOutAfter: 3 });
    const order = await newOrder([[w.gtins[1] as string, 6]]);
    await print({ print_order: order.id, printer: printerId });
    const failed = await settled(order.id);
    expect(failed).toMatchObject({ state: 'ERROR', progress: 3, from_label: 4, error: 'The printer reports: paper out.' });
    simulator.setMode({ paperOutAfter: null, silent: true });
    const startedAt = Date.now();
    await print({ print_order: order.id, printer: printerId });
    const timedOut = await settled(order.id);
    expect(timedOut.state).toBe('ERROR');
    // Silent to ~HS and ~HQES: the last fault this printer reported is the likely one.
    expect(timedOut.error).toBe('The printer does not answer (4 s); likely fault: paper out.');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3_900);
    // Label 4 was in the printer's buffer when the paper ran out: canceled there (~JA) and voided, never sent again;
    // the retry sent label 5 (voided too, never confirmed). No EPC reached the printer twice.
    const epcs = simulator.labels.map((l) => l.epc);
    expect(new Set(epcs).size).toBe(epcs.length);
    const labels = await labelsOf(order.id);
    expect(epcs).toEqual([1, 2, 3, 5].map((n) => labels[n - 1]?.item.epc));
    expect(labels.filter((l) => l.printed_at).map((l) => l.label_number)).toEqual([1, 2, 3]);
  });

  it('a printer that drops the connection ends the job in ERROR', async () => {
    simulator.setMode({ refuse: true });
    const order = await newOrder([[w.gtins[1] as string, 1]]);
    await print({ print_order: order.id, printer: printerId });
    const failed = await settled(order.id);
    expect(failed.state).toBe('ERROR');
    expect(failed.error).toMatch(/closed the connection|failed/);
  });

  it('runs one job at a time per printer: a second order waits and its labels follow the first', async () => {
    simulator.reset();
    simulator.setMode({ printMs: 15 });
    const first = await newOrder([[w.gtins[2] as string, 5]], 'Primero');
    const second = await newOrder([[w.gtins[3] as string, 5]], 'Segundo');
    await print({ print_order: first.id, printer: printerId });
    await print({ print_order: second.id, printer: printerId });
    expect((await progressOf(second.id)).state).toBe('WORKING');
    await settled(first.id);
    await settled(second.id);
    const firstEpcs = (await labelsOf(first.id)).map((l) => l.item.epc);
    const secondEpcs = (await labelsOf(second.id)).map((l) => l.item.epc);
    expect(simulator.labels.map((l) => l.epc)).toEqual([...firstEpcs, ...secondEpcs]);
    expect(new Set(simulator.labels.map((l) => l.connection)).size).toBe(2);
  });

  it('prints an uploaded file (PUT /fileupload/, POST /printcsv/) and a printing (/printings/, /tprintings/)', async () => {
    simulator.reset();
    const form = printTest.multipartForm([
      { name: 'file', filename: 'subida.csv', content: `${w.gtins[0]};2\n${w.gtins[1]};1\n` },
    ]);
    const uploaded = await w.t.app.inject({
      method: 'PUT',
      url: '/api/fileupload/',
      payload: form.payload,
      headers: { ...form.headers, authorization: await w.t.login('printer@demo.local') },
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ filecode: expect.any(String), total_quantity: 3 });
    const printed = await w.call('POST', '/api/printcsv/', 'printer@demo.local', {
      code: uploaded.json().filecode,
      printer_id: printerId,
    });
    expect(printed.statusCode).toBe(202);
    expect(await settled(printed.json().id)).toMatchObject({ state: 'PRINTED', progress: 3 });
    expect(
      (await w.call('POST', '/api/printcsv/', 'printer@demo.local', { code: 'nope', printer_id: printerId })).statusCode,
    ).toBe(400);
    expect(
      (await w.call('POST', '/api/printcsv/', 'printer@demo.local', { code: '999999', printer_id: printerId })).statusCode,
    ).toBe(404);
    expect((await w.call('POST', '/api/printcsv/', 'printer@demo.local', {})).json().errors).toEqual({
      code: ['Please select file'],
      printer_id: ['Please select a printer'],
    });

    const printing = await w.call('POST', '/api/printings/', 'printer@demo.local', {
      printer_id: printerId,
      datetime: '2026-05-01 10:00:00',
    });
    expect(printing.statusCode).toBe(201);
    const typeId = (await w.call('GET', `/api/types/?gtin=${w.gtins[3]}`, 'admin@demo.local')).json().results[0].id;
    const labels = await w.call('POST', '/api/tprintings/', 'printer@demo.local', {
      printing_id: printing.json().id,
      item_types: [{ item_type_id: typeId, quantity: 2 }],
    });
    expect(labels.statusCode).toBe(202);
    expect(await settled(printing.json().id)).toMatchObject({ state: 'PRINTED', progress: 2 });
    expect(simulator.labels).toHaveLength(5);
    const again = await w.call('POST', '/api/tprintings/', 'printer@demo.local', {
      printing_id: printing.json().id,
      item_types: [{ item_type_id: typeId, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect((await w.call('POST', '/api/printings/', 'viewer@demo.local', { printer_id: printerId })).statusCode).toBe(403);
  });
});
