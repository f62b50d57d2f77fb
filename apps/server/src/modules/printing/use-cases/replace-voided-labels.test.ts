import { type PrintLabelRef, PrintOrderState } from '@rfid/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { sgtin96Hex } from '../../../test/printing-fixtures.js';
import type { PrintOrderRow } from '../printing.repository.js';
import type { LockedPrintOrder, VoidedLabelsRepository } from '../voided-labels.repository.js';
import { listVoidedLabels } from './list-voided-labels.js';
import { orderRow as fixtureOrderRow } from './print-fixtures.js';
import { replaceVoidedLabels } from './replace-voided-labels.js';

/**
 * The replacement use case on fake repositories: an order and its labels in memory, the GTIN counters and the EPCs
 * readers saw, a transaction that puts everything back when the work throws. The SQL is the API test's
 * (printing.voided.api.test.ts).
 */

type FakeTag = {
  id: number;
  orderId: number;
  contentId: number;
  labelNumber: number;
  gtin: string;
  serial: number;
  epc: string;
  printed: boolean;
  voided: boolean;
  replacesTagId: number | null;
};
type FakeOrder = {
  id: number;
  companyId: number;
  state: PrintOrderState;
  total: number;
  progress: number;
  voided: number;
  replaced: number;
  fromLabel: number;
  holdsPrinter: boolean;
  visibleTo: number[];
};

const GTIN_A = '08437012100008';
const GTIN_B = '08437012100015';
const user = (id: number): AuthUser => ({
  id,
  companyId: 1,
  role: 4,
  editor: true,
  email: `u${id}@x`,
  locationIds: [1],
  assignedLocationIds: [1],
  tokenHash: '',
});
const OPERATOR = user(1);
const STRANGER = user(2);

const fakeWorld = () => {
  let orders: FakeOrder[] = [];
  let tags: FakeTag[] = [];
  let counters = new Map<string, number>();
  let seenByReaders = new Set<string>();
  let nextTagId = 1;
  const calls: string[] = [];

  const orderRow = (o: FakeOrder): PrintOrderRow =>
    fixtureOrderRow({
      id: o.id,
      company_id: o.companyId,
      name: 'fake',
      creation_date: new Date(0),
      state: o.state,
      total_quantity: o.total,
      from_label: o.fromLabel,
      progress: o.progress,
      voided_labels: o.voided,
      replaced_labels: o.replaced,
      tcf_id: 1,
      tag_type_reference: 'T',
      tag_format_description: 'F',
      contents_count: 1,
    });
  const visible = (who: AuthUser, id: number) => orders.find((o) => o.id === id && o.visibleTo.includes(who.id));
  const ref = (t: FakeTag): PrintLabelRef => ({ id: t.id, label_number: t.labelNumber, epc: t.epc });

  const repo: VoidedLabelsRepository = {
    async order(who, id) {
      const o = visible(who, id);
      return o && orderRow(o);
    },
    async listVoided(orderId, page) {
      const voided = tags.filter((t) => t.orderId === orderId && t.voided);
      const rows = voided.slice(page.offset, page.offset + page.limit).map((t) => {
        const r = tags.find((x) => x.replacesTagId === t.id);
        return {
          id: t.id,
          label_number: t.labelNumber,
          gtin: t.gtin,
          serial: t.serial,
          epc: t.epc,
          void_reason: 'encode_failed',
          voided_at: new Date(0),
          printer_id: null,
          printer_description: null,
          r_id: r?.id ?? null,
          r_label_number: r?.labelNumber ?? null,
          r_epc: r?.epc ?? null,
          r_printed_at: null,
          r_voided_at: null,
        };
      });
      return { count: voided.length, rows };
    },
    async lockOrder(who, id): Promise<LockedPrintOrder | undefined> {
      calls.push('lock');
      const o = visible(who, id);
      return (
        o && {
          id: o.id,
          companyId: o.companyId,
          state: o.state,
          totalQuantity: o.total,
          filterValue: 1,
          holdsPrinter: o.holdsPrinter,
        }
      );
    },
    async voidedLabels(orderId, ids) {
      return tags
        .filter((t) => t.orderId === orderId && t.voided && (ids === null || ids.includes(t.id)))
        .sort((x, y) => x.labelNumber - y.labelNumber)
        .map((t) => {
          const r = tags.find((x) => x.replacesTagId === t.id);
          return { ...ref(t), contentId: t.contentId, gtin: t.gtin, replacement: r ? ref(r) : null };
        });
    },
    async reserveSerials(_companyId, gtin, n) {
      calls.push(`reserve ${gtin} ${n}`);
      const first = counters.get(gtin) ?? 1;
      counters.set(gtin, first + n);
      return first;
    },
    async existingItemEpcs(_companyId, epcs) {
      return new Set(epcs.filter((e) => seenByReaders.has(e)));
    },
    async addReplacements(locked, rows) {
      const o = orders.find((x) => x.id === locked.id);
      if (!o) throw new Error('no order');
      if (rows.some((row) => tags.some((t) => t.replacesTagId === row.replacesTagId))) throw new Error('unique violation');
      const added = rows.map((row, index) => {
        const tag: FakeTag = {
          id: nextTagId++,
          orderId: o.id,
          contentId: row.contentId,
          labelNumber: locked.totalQuantity + index + 1,
          gtin: row.gtin,
          serial: row.serial,
          epc: row.epc,
          printed: false,
          voided: false,
          replacesTagId: row.replacesTagId,
        };
        tags.push(tag);
        return ref(tag);
      });
      o.total += rows.length;
      o.replaced += rows.length;
      const left = tags.filter((t) => t.orderId === o.id && t.labelNumber >= o.fromLabel && !t.printed && !t.voided);
      o.fromLabel = left.length ? Math.min(...left.map((t) => t.labelNumber)) : o.total + 1;
      if (o.state !== PrintOrderState.Error) {
        o.state =
          o.progress + o.voided >= o.total
            ? PrintOrderState.Printed
            : o.progress > 0
              ? PrintOrderState.Partial
              : PrintOrderState.Pending;
      }
      return added;
    },
  };

  const inTransaction = async <T>(work: (r: VoidedLabelsRepository) => Promise<T>): Promise<T> => {
    const saved = structuredClone({ orders, tags, counters: [...counters], seen: [...seenByReaders], nextTagId });
    try {
      return await work(repo);
    } catch (error) {
      orders = saved.orders;
      tags = saved.tags;
      counters = new Map(saved.counters);
      seenByReaders = new Set(saved.seen);
      nextTagId = saved.nextTagId;
      throw error;
    }
  };

  /** An order of `labels` ([GTIN, printed or voided]) on one content row per GTIN, serials 1… per GTIN. */
  const addOrder = (id: number, labels: [string, 'printed' | 'voided' | 'left'][], extra: Partial<FakeOrder> = {}) => {
    const contents = new Map<string, number>();
    labels.forEach(([gtin, how], index) => {
      if (!contents.has(gtin)) contents.set(gtin, contents.size + 1);
      const serial = counters.get(gtin) ?? 1;
      counters.set(gtin, serial + 1);
      tags.push({
        id: nextTagId++,
        orderId: id,
        contentId: contents.get(gtin) ?? 0,
        labelNumber: index + 1,
        gtin,
        serial,
        epc: sgtin96Hex(gtin, serial),
        printed: how === 'printed',
        voided: how === 'voided',
        replacesTagId: null,
      });
    });
    const printed = labels.filter(([, how]) => how === 'printed').length;
    const voided = labels.filter(([, how]) => how === 'voided').length;
    const left = labels.findIndex(([, how]) => how === 'left');
    orders.push({
      id,
      companyId: 1,
      state: printed + voided === labels.length ? PrintOrderState.Printed : PrintOrderState.Partial,
      total: labels.length,
      progress: printed,
      voided,
      replaced: 0,
      fromLabel: left >= 0 ? left + 1 : labels.length,
      holdsPrinter: false,
      visibleTo: [OPERATOR.id],
      ...extra,
    });
  };

  return {
    deps: { inTransaction, companyPrefixLength: 7 },
    repo,
    addOrder,
    calls,
    order: (id: number) => orders.find((o) => o.id === id),
    tagsOf: (id: number) => tags.filter((t) => t.orderId === id).sort((x, y) => x.labelNumber - y.labelNumber),
    seeByReader: (epc: string) => seenByReaders.add(epc),
    counter: (gtin: string) => counters.get(gtin),
  };
};

const failure = async (promise: Promise<unknown>): Promise<AppError> => {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the call to fail');
};

describe('replaceVoidedLabels (fake repositories)', () => {
  let world: ReturnType<typeof fakeWorld>;
  beforeEach(() => {
    world = fakeWorld();
  });

  it('makes one replacement per voided label: a new EPC of its GTIN, numbered after the last label, the order PARTIAL', async () => {
    // Labels 1–4: A printed, A voided, B voided, B printed (serials A 1–2, B 1–2).
    world.addOrder(7, [
      [GTIN_A, 'printed'],
      [GTIN_A, 'voided'],
      [GTIN_B, 'voided'],
      [GTIN_B, 'printed'],
    ]);
    const answer = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });

    expect(answer.created).toBe(2);
    // The next serial of each GTIN (3), never the voided one's: the EPC written out by hand.
    expect(answer.replacements).toEqual([
      {
        replaced: { id: 2, label_number: 2, epc: sgtin96Hex(GTIN_A, 2) },
        replacement: { id: 5, label_number: 5, epc: sgtin96Hex(GTIN_A, 3) },
      },
      {
        replaced: { id: 3, label_number: 3, epc: sgtin96Hex(GTIN_B, 1) },
        replacement: { id: 6, label_number: 6, epc: sgtin96Hex(GTIN_B, 3) },
      },
    ]);
    expect(answer.order).toMatchObject({
      state: 'PARTIAL',
      total_quantity: 6,
      progress: 2,
      voided_labels: 2,
      replaced_labels: 2,
      from_label: 5,
    });
    const tags = world.tagsOf(7);
    expect(tags.map((t) => [t.labelNumber, t.contentId, t.replacesTagId])).toEqual([
      [1, 1, null],
      [2, 1, null],
      [3, 2, null],
      [4, 2, null],
      [5, 1, 2],
      [6, 2, 3],
    ]);
    // Serials taken in GTIN order (A before B), one each.
    expect(world.calls.filter((c) => c.startsWith('reserve'))).toEqual([`reserve ${GTIN_A} 1`, `reserve ${GTIN_B} 1`]);
  });

  it('twice: the second call makes none and answers the same replacements', async () => {
    world.addOrder(7, [
      [GTIN_A, 'printed'],
      [GTIN_A, 'voided'],
    ]);
    const first = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });
    const second = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });
    expect(second.created).toBe(0);
    expect(second.replacements).toEqual(first.replacements);
    expect(second.order).toMatchObject({ total_quantity: 3, replaced_labels: 1 });
    expect(world.tagsOf(7)).toHaveLength(3);
    // No serial reserved the second time.
    expect(world.counter(GTIN_A)).toBe(4);
  });

  it('only the labels named; a label that is not voided (or not of the order) is a 400 on labels and nothing changes', async () => {
    world.addOrder(7, [
      [GTIN_A, 'voided'],
      [GTIN_A, 'printed'],
      [GTIN_A, 'voided'],
    ]);
    const refused = await failure(replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: { labels: [1, 2, 99] } }));
    expect(refused.status).toBe(400);
    expect(refused.errors?.labels).toEqual([{ key: 'print.labels_not_voided', params: { ids: '2, 99' } }]);
    expect(world.tagsOf(7)).toHaveLength(3);
    expect(world.counter(GTIN_A)).toBe(4);

    const answer = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: { labels: [3, 3] } });
    expect(answer.created).toBe(1);
    expect(answer.replacements.map((r) => [r.replaced.label_number, r.replacement.label_number])).toEqual([[3, 4]]);
    // Label 1 is still without one; all of them now makes only its.
    const rest = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });
    expect(rest.created).toBe(1);
    expect(rest.replacements.map((r) => [r.replaced.label_number, r.replacement.label_number])).toEqual([
      [1, 5],
      [3, 4],
    ]);
  });

  it('skips a serial whose EPC a reader has already seen (the reservation of every label)', async () => {
    world.addOrder(7, [[GTIN_A, 'voided']]);
    world.seeByReader(sgtin96Hex(GTIN_A, 2));
    const answer = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });
    expect(answer.replacements[0]?.replacement.epc).toBe(sgtin96Hex(GTIN_A, 3));
  });

  it('every label voided: PENDING (nothing printed yet), the next label the replacement', async () => {
    world.addOrder(7, [
      [GTIN_A, 'voided'],
      [GTIN_A, 'voided'],
    ]);
    const answer = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });
    expect(answer.order).toMatchObject({ state: 'PENDING', total_quantity: 4, from_label: 3, progress: 0 });
  });

  it('an ERROR order stays ERROR (its last job failed), with the replacements to print', async () => {
    world.addOrder(
      7,
      [
        [GTIN_A, 'printed'],
        [GTIN_A, 'voided'],
        [GTIN_A, 'left'],
      ],
      { state: PrintOrderState.Error },
    );
    const answer = await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });
    expect(answer.order).toMatchObject({ state: 'ERROR', total_quantity: 4, from_label: 3 });
  });

  it('refused while printing or while a job still holds a printer (409), with nothing reserved', async () => {
    world.addOrder(7, [[GTIN_A, 'voided']], { state: PrintOrderState.Working });
    world.addOrder(8, [[GTIN_B, 'voided']], { holdsPrinter: true });
    const working = await failure(replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} }));
    expect([working.status, working.text.key]).toEqual([409, 'print.printing_already']);
    const holding = await failure(replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 8, body: {} }));
    expect([holding.status, holding.text.key]).toEqual([409, 'print.finishing_job']);
    expect(world.calls.filter((c) => c.startsWith('reserve'))).toEqual([]);
    expect(world.order(7)?.total).toBe(1);
  });

  it('no voided label: 409; an order the user does not see: 404 before anything is read', async () => {
    world.addOrder(7, [[GTIN_A, 'printed']]);
    const none = await failure(replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} }));
    expect([none.status, none.text.key]).toEqual([409, 'print.no_voided_labels']);
    world.addOrder(8, [[GTIN_A, 'voided']]);
    const hidden = await failure(replaceVoidedLabels(world.deps, STRANGER, { printOrderId: 8, body: {} }));
    expect([hidden.status, hidden.text.key]).toEqual([404, 'print.order_not_found']);
    expect(world.order(8)?.replaced).toBe(0);
  });
});

describe('listVoidedLabels (fake repositories)', () => {
  it('lists the voided labels with their replacement; 404 for an order the user does not see', async () => {
    const world = fakeWorld();
    world.addOrder(7, [
      [GTIN_A, 'printed'],
      [GTIN_A, 'voided'],
    ]);
    await replaceVoidedLabels(world.deps, OPERATOR, { printOrderId: 7, body: {} });
    const page = await listVoidedLabels(world.repo, OPERATOR, { printOrderId: 7, page: { limit: 10, offset: 0 } });
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      label_number: 2,
      serial_number: '2',
      epc: sgtin96Hex(GTIN_A, 2),
      reason: 'encode_failed',
      replacement: { label_number: 3, epc: sgtin96Hex(GTIN_A, 3), printed_at: null },
    });
    const hidden = await failure(listVoidedLabels(world.repo, STRANGER, { printOrderId: 7, page: { limit: 10, offset: 0 } }));
    expect(hidden.status).toBe(404);
  });
});
