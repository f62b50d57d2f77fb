import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PrinterSimulator, startPrinterSimulator } from '../../../../../tools/printer-simulator/src/printer-simulator.js';
import { rowsOf } from '../../db/rows.js';
import { users } from '../../db/schema/index.js';
import { addForeignCompany, locationIdByCode } from '../../test/admin-fixtures.js';
import * as printTest from '../../test/printing-fixtures.js';
import { DEMO_EMAIL } from '../orders/inbound-fixtures.js';
import { openPrintJobWorld, type PrintJobWorld } from './print-job-fixtures.js';
import { createPrintJobsRepository } from './print-jobs.repository.js';

/**
 * Issue 25, item 7: an order's voided labels are listed (GET …/voided/) and get replacements with new EPCs (POST
 * …/replacements/), once per voided label, that the order's next print prints. Labels are voided for real: the printer
 * simulator fails chosen encodes (encode_failed) or runs out of paper with a label on it (unconfirmed).
 */
printTest.shortenPrintTimeouts();
process.env.PRINT_STATUS_SILENCE_MS = '300';

type Tag = printTest.VoidableLabelView;
type Order = printTest.PrintOrderView & { voided_labels: number; replaced_labels: number };
type LabelRef = { id: number; label_number: number; epc: string };
type Answer = { order: Order; created: number; replacements: { replaced: LabelRef; replacement: LabelRef }[] };
type Voided = {
  id: number;
  label_number: number;
  gtin: string;
  serial_number: string;
  epc: string;
  reason: string;
  voided_at: string;
  printer: { id: number; description: string } | null;
  replacement: (LabelRef & { printed_at: string | null; voided_at: string | null }) | null;
};

const OPERATOR = DEMO_EMAIL.printer;
const FOREIGN_ADMIN = 'voided-foreign-admin@other.local';

describe('voided labels and their replacements (GET …/voided/, POST …/replacements/)', () => {
  let w: PrintJobWorld;
  let printer: PrinterSimulator;
  let printerId: number;
  let cdBcn: number;

  const steps = () => printTest.printJobSteps<Tag>(w.call);
  const orderOf = async (id: number, who = OPERATOR) =>
    (await w.call('GET', `/api/printer/print_orders/${id}/`, who)).json() as Order;
  const voidedOf = async (id: number, who = OPERATOR) => w.call('GET', `/api/printer/print_orders/${id}/voided/`, who);
  const replace = (id: number, body: unknown = {}, who = OPERATOR) =>
    w.call('POST', `/api/printer/print_orders/${id}/replacements/`, who, body);
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await w.t.database.db.execute(query));
  /** What the labels themselves say of an order: printed, voided, replacements and all of them. */
  const truthOf = async (id: number) => {
    const [row] = await rows<Record<string, number | string>>(sql`select
      count(*) filter (where printed_at is not null) as printed, count(*) filter (where voided_at is not null) as voided,
      count(replaces_tag_id) as replaced, count(*) as total
      from print_tags where print_order_id = ${id}`);
    return {
      printed: Number(row?.printed),
      voided: Number(row?.voided),
      replaced: Number(row?.replaced),
      total: Number(row?.total),
    };
  };
  const countersOf = async (gtin: string) =>
    Number(
      (await rows<{ n: number | string }>(sql`select next_serial as n from epc_serial_counters where gtin = ${gtin}`))[0]?.n,
    );
  /**
   * An order of `quantity` labels of `gtin` printed on the simulator with the encodes of labels `failing` (1-based)
   * failing: those are voided (encode_failed), the rest printed; the order PRINTED.
   */
  const orderWithFailedEncodes = async (
    gtin: string,
    quantity: number,
    failing: number[],
    extra: Record<string, unknown> = {},
  ): Promise<Order> => {
    const r = await w.call('POST', '/api/printer/print_orders/', OPERATOR, {
      tag_company_format: w.formatId,
      name: 'Anuladas',
      items: [{ gtin, quantity }],
      ...extra,
    });
    expect(r.statusCode).toBe(201);
    const order = r.json() as Order;
    const before = printer.received();
    printer.setMode({ failFormats: failing.map((n) => before + n) });
    expect((await steps().print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    expect(await steps().settled(order.id)).toMatchObject({ state: 'PRINTED' });
    printer.setMode({ failFormats: [] });
    return orderOf(order.id);
  };

  beforeAll(async () => {
    w = await openPrintJobWorld({ offset: 40, count: 6 });
    printer = await startPrinterSimulator({ printMs: 10 });
    printerId = await printTest.addSimulatedPrinter(w.call, {
      description: 'ZT411 anuladas',
      port: printer.port,
      areaId: w.areaId,
    });
    cdBcn = await locationIdByCode(w.t.database.db, 'CD-BCN');
    const foreign = await addForeignCompany(w.t.database.db);
    await w.t.database.db.insert(users).values({
      companyId: foreign.companyId,
      email: FOREIGN_ADMIN,
      role: 1,
      editor: true,
      passwordHash: await hash('demo1234'),
    });
  });
  beforeEach(() => {
    printer.setMode({ printMs: 10, paperOutAfter: null, paperOut: false, failFormats: [] });
  });
  afterAll(async () => {
    await w?.t.close();
    await printer?.close();
  });

  it('an encode failed: listed with its reason and printer; its replacement (a new EPC) prints once and the order is PRINTED', async () => {
    const gtin = w.gtins[0] as string;
    const order = await orderWithFailedEncodes(gtin, 4, [2]);
    expect(order).toMatchObject({ progress: 3, voided_labels: 1, replaced_labels: 0, total_quantity: 4 });
    const labels = await steps().labelsOf(order.id);
    const voidedTag = labels[1] as Tag;

    const listed = await voidedOf(order.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().count).toBe(1);
    const [voided] = listed.json().results as Voided[];
    expect(voided).toMatchObject({
      id: voidedTag.id,
      label_number: 2,
      gtin,
      serial_number: voidedTag.item.serial_number,
      epc: voidedTag.item.epc,
      reason: 'encode_failed',
      printer: { id: printerId, description: 'ZT411 anuladas' },
      replacement: null,
    });
    expect(Date.parse(voided?.voided_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const nextSerial = await countersOf(gtin);
    const made = await replace(order.id);
    expect(made.statusCode).toBe(201);
    const answer = made.json() as Answer;
    expect(answer.created).toBe(1);
    // The GTIN's next serial, written out by hand: never the voided EPC.
    const newEpc = printTest.sgtin96Hex(gtin, nextSerial);
    expect(answer.replacements).toEqual([
      {
        replaced: { id: voidedTag.id, label_number: 2, epc: voidedTag.item.epc },
        replacement: { id: expect.any(Number), label_number: 5, epc: newEpc },
      },
    ]);
    expect(newEpc).not.toBe(voidedTag.item.epc);
    // The total grows by the replacement; the voided label stays voided; printing "all" starts at the replacement.
    expect(answer.order).toMatchObject({
      state: 'PARTIAL',
      total_quantity: 5,
      progress: 3,
      voided_labels: 1,
      replaced_labels: 1,
      from_label: 5,
    });
    expect(await truthOf(order.id)).toEqual({ printed: 3, voided: 1, replaced: 1, total: 5 });
    const withReplacement = await steps().labelsOf(order.id);
    expect(withReplacement[4]).toMatchObject({
      label_number: 5,
      gtin,
      replaces_label: 2,
      printed_at: null,
      item: { epc: newEpc },
    });
    expect(withReplacement[0]?.replaces_label).toBeNull();

    // The existing print w.call (every label not printed yet) prints exactly the replacement.
    printer.reset();
    expect((await steps().print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    expect(await steps().settled(order.id)).toMatchObject({ state: 'PRINTED', progress: 4 });
    expect(printer.encoded).toEqual([newEpc]);
    expect(await orderOf(order.id)).toMatchObject({ total_quantity: 5, progress: 4, voided_labels: 1, replaced_labels: 1 });
    expect(await truthOf(order.id)).toEqual({ printed: 4, voided: 1, replaced: 1, total: 5 });
    const after = (await voidedOf(order.id)).json().results as Voided[];
    expect(after[0]?.replacement).toMatchObject({ label_number: 5, epc: newEpc, voided_at: null });
    expect(after[0]?.replacement?.printed_at).not.toBeNull();
    // Its contents row: as many printed as asked for.
    const contents = (await w.call('GET', `/api/printer/print_orders/${order.id}/print_contents/`, OPERATOR)).json().results;
    expect(contents).toMatchObject([{ gtin, quantity: 4, printed: 4 }]);
  });

  it('unconfirmed (paper out with a label on the printer): the ERROR order gets its replacement, printed once the paper is back', async () => {
    const gtin = w.gtins[1] as string;
    const created = await printTest.newPrintOrder<Order>(w.call, { formatId: w.formatId, name: 'Sin papel', rows: [[gtin, 3]] });
    printer.reset();
    printer.setMode({ paperOutAfter: 2 });
    await steps().print({ print_order: created.id, printer: printerId });
    expect(await steps().settled(created.id)).toMatchObject({ state: 'ERROR', progress: 2 });
    const [voided] = (await voidedOf(created.id)).json().results as Voided[];
    expect(voided).toMatchObject({ label_number: 3, reason: 'unconfirmed' });

    const answer = (await replace(created.id)).json() as Answer;
    // The last job's error stays on the order until it prints again.
    expect(answer.order).toMatchObject({ state: 'ERROR', total_quantity: 4, from_label: 4, replaced_labels: 1 });
    printer.setMode({ paperOutAfter: null });
    printer.reset();
    await steps().print({ print_order: created.id, printer: printerId });
    expect(await steps().settled(created.id)).toMatchObject({ state: 'PRINTED', progress: 3 });
    expect(printer.encoded).toEqual([answer.replacements[0]?.replacement.epc]);
    expect(printer.encoded).not.toContain(voided?.epc);
  });

  it('twice: the second call makes none (200) and answers the same replacements; no serial is reserved', async () => {
    const gtin = w.gtins[2] as string;
    const order = await orderWithFailedEncodes(gtin, 3, [1, 3]);
    const first = await replace(order.id);
    expect(first.statusCode).toBe(201);
    const serial = await countersOf(gtin);
    const second = await replace(order.id);
    expect(second.statusCode).toBe(200);
    expect(second.json().created).toBe(0);
    expect(second.json().replacements).toEqual(first.json().replacements);
    expect(await countersOf(gtin)).toBe(serial);
    expect(await truthOf(order.id)).toEqual({ printed: 1, voided: 2, replaced: 2, total: 5 });
    expect(await orderOf(order.id)).toMatchObject({ total_quantity: 5, voided_labels: 2, replaced_labels: 2 });
  });

  it('only the labels named; a label that is not a voided one of the order is a 400 on labels, and nothing changes', async () => {
    const gtin = w.gtins[3] as string;
    const order = await orderWithFailedEncodes(gtin, 3, [1, 2]);
    const labels = await steps().labelsOf(order.id);
    const [one, two, printed] = labels as [Tag, Tag, Tag];
    const serial = await countersOf(gtin);
    const other = await orderWithFailedEncodes(w.gtins[4] as string, 1, [1]);
    const foreignLabel = (await steps().labelsOf(other.id))[0] as Tag;

    for (const [body, field] of [
      [{ labels: [printed.id] }, 'labels'],
      [{ labels: [one.id, foreignLabel.id] }, 'labels'],
      [{ labels: [] }, 'labels'],
      [{ labels: ['x'] }, 'labels.0'],
      [{ labels: [0] }, 'labels.0'],
      [{ labels: 'all' }, 'labels'],
    ] as const) {
      const refused = await replace(order.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    // The list's own input: the order's id and the page.
    for (const url of [`/api/printer/print_orders/abc/voided/`, `/api/printer/print_orders/${order.id}/voided/?limit=-1`]) {
      expect((await w.call('GET', url, OPERATOR)).statusCode, url).toBe(400);
    }
    expect((await w.call('POST', '/api/printer/print_orders/0/replacements/', OPERATOR, {})).statusCode).toBe(400);
    expect((await w.call('GET', '/api/printer/print_orders/999999/voided/', OPERATOR)).statusCode).toBe(404);
    expect((await replace(999_999)).statusCode).toBe(404);
    const named = await replace(order.id, { labels: [printed.id] });
    expect(named.json().errors.labels).toEqual([`Not voided labels of this order: ${printed.id}.`]);
    expect(await truthOf(order.id)).toEqual({ printed: 1, voided: 2, replaced: 0, total: 3 });
    expect(await countersOf(gtin)).toBe(serial);

    const answer = (await replace(order.id, { labels: [two.id] })).json() as Answer;
    expect(answer.created).toBe(1);
    expect(answer.replacements.map((r) => [r.replaced.label_number, r.replacement.label_number])).toEqual([[2, 4]]);
    const rest = (await replace(order.id)).json() as Answer;
    expect(rest.created).toBe(1);
    expect(rest.replacements.map((r) => [r.replaced.label_number, r.replacement.label_number])).toEqual([
      [1, 5],
      [2, 4],
    ]);
  });

  it('no voided label: 409; while the order prints: 409 to make one, the same answer when there is nothing to make', async () => {
    const gtin = w.gtins[5] as string;
    const plain = await printTest.newPrintOrder<Order>(w.call, { formatId: w.formatId, name: 'Sin anuladas', rows: [[gtin, 1]] });
    const none = await replace(plain.id);
    expect([none.statusCode, none.json().code]).toEqual([409, 'print.no_voided_labels']);
    expect((await voidedOf(plain.id)).json()).toMatchObject({ count: 0, results: [] });

    // Labels 1–2 printed first (label 1's encode fails), then 3–6 on a slow printer: the order prints.
    const order = await printTest.newPrintOrder<Order>(w.call, { formatId: w.formatId, name: 'Imprimiendo', rows: [[gtin, 6]] });
    printer.setMode({ failFormats: [printer.received() + 1] });
    await steps().print({ print_order: order.id, printer: printerId, from: 1, to: 2 });
    expect(await steps().settled(order.id)).toMatchObject({ state: 'PARTIAL', progress: 1 });
    printer.setMode({ failFormats: [], printMs: 1_500 });
    await steps().print({ print_order: order.id, printer: printerId, from: 3, to: 6 });
    const serial = await countersOf(gtin);
    const refused = await replace(order.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'print.printing_already']);
    expect(await truthOf(order.id)).toMatchObject({ voided: 1, replaced: 0, total: 6 });
    expect(await countersOf(gtin)).toBe(serial);
    await w.call('PUT', `/api/printer/print_orders/${order.id}/`, OPERATOR, { canceled: true });
    await steps().settled(order.id);

    // Made once it stopped; while its replacement prints, asking again answers it (nothing to make, nothing refused).
    const made = await replace(order.id);
    expect(made.statusCode).toBe(201);
    await steps().print({ print_order: order.id, printer: printerId });
    expect((await orderOf(order.id)).state).toBe('WORKING');
    const again = await replace(order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().replacements).toEqual(made.json().replacements);
    await w.call('PUT', `/api/printer/print_orders/${order.id}/`, OPERATOR, { canceled: true });
    await steps().settled(order.id);
  });

  it('refuses the visualizer (role 5), a user of other locations and another company, changing nothing', async () => {
    // An order for CD-BCN only: the operator (CD-MAD and CD-BCN) sees it, the editor (CD-MAD, T-MAD-01, T-BCN-01) does not.
    const order = await orderWithFailedEncodes(w.gtins[0] as string, 2, [1], { locations: [cdBcn] });
    const before = await truthOf(order.id);
    for (const [who, status] of [
      ['viewer@demo.local', 403],
      ['editor@demo.local', 404],
      [FOREIGN_ADMIN, 404],
    ] as const) {
      expect((await voidedOf(order.id, who)).statusCode, who).toBe(status);
      expect((await replace(order.id, {}, who)).statusCode, who).toBe(status);
    }
    expect(await truthOf(order.id)).toEqual(before);
    expect((await replace(order.id, {}, 'admin@demo.local')).statusCode).toBe(201);
  });

  it("a voided label's late confirmation after it was replaced does not count it as printed (its replacement took its place)", async () => {
    // Label 2 on the printer when the paper ran out: voided unconfirmed (it may have printed).
    const order = await printTest.newPrintOrder<Order>(w.call, {
      formatId: w.formatId,
      name: 'Tardía',
      rows: [[w.gtins[2] as string, 2]],
    });
    printer.reset();
    printer.setMode({ paperOutAfter: 1 });
    await steps().print({ print_order: order.id, printer: printerId });
    expect(await steps().settled(order.id)).toMatchObject({ state: 'ERROR', progress: 1 });
    const voidedTag = (await steps().labelsOf(order.id))[1] as Tag;
    expect(voidedTag.void_reason).toBe('unconfirmed');
    expect((await replace(order.id)).statusCode).toBe(201);
    const before = await truthOf(order.id);
    // As the print service records a label the printer confirmed (a stalled process whose printer answered late).
    const [job] = await rows<{ job_seq: number }>(sql`select job_seq from print_orders where id = ${order.id}`);
    const recorded = await createPrintJobsRepository(w.t.database.db).labelPrinted({
      orderId: order.id,
      jobSeq: job?.job_seq ?? 0,
      tagId: voidedTag.id,
      labelNumber: voidedTag.label_number,
      printerId,
    });
    expect(recorded).toBeUndefined();
    expect(await truthOf(order.id)).toEqual(before);
    expect(await orderOf(order.id)).toMatchObject({ progress: 1, voided_labels: 1, replaced_labels: 1, total_quantity: 3 });
  });

  it('two calls at once make one replacement per voided label (the other answers them)', async () => {
    const gtin = w.gtins[1] as string;
    for (let round = 0; round < 3; round += 1) {
      const order = await orderWithFailedEncodes(gtin, 4, [1, 2, 4]);
      const serial = await countersOf(gtin);
      const [a, b] = await Promise.all([replace(order.id), replace(order.id)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().created + b.json().created).toBe(3);
      expect(a.json().replacements).toEqual(b.json().replacements);
      expect(await truthOf(order.id)).toEqual({ printed: 1, voided: 3, replaced: 3, total: 7 });
      expect(await orderOf(order.id)).toMatchObject({ total_quantity: 7, replaced_labels: 3, from_label: 5 });
      // Three serials reserved, once.
      expect(await countersOf(gtin)).toBe(serial + 3);
    }
  });
});
