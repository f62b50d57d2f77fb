import { LabelVoidReason, PrintOrderState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import type { PrintingRepository } from '../printing.repository.js';
import { cancelPrintOrder } from './cancel-print-order.js';
import { getPrintProgress } from './get-print-progress.js';
import { listPrintTags } from './list-print-tags.js';
import { orderRow, printUser, refusal } from './print-fixtures.js';

const working = orderRow({
  state: PrintOrderState.Working,
  total_quantity: 10,
  job_from: 3,
  job_to: 7,
  job_done: 2,
  printer_id: 7,
});
const orderOf =
  (...rows: ReturnType<typeof orderRow>[]): PrintingRepository['order'] =>
  async (_user, id) =>
    rows.find((r) => r.id === id);

describe('getPrintProgress', () => {
  it("counts the job's labels while the order prints, none otherwise", async () => {
    const repo = { order: orderOf(working, orderRow({ id: 2, total_quantity: 4, job_from: 1, job_to: 4, job_done: 4 })) };
    expect(await getPrintProgress(repo, printUser, { orderId: 1 })).toMatchObject({
      state: 'WORKING',
      job_done: 2,
      job_total: 5,
    });
    expect(await getPrintProgress(repo, printUser, { orderId: 2 })).toMatchObject({
      state: 'PENDING',
      job_done: 0,
      job_total: 0,
    });
    expect(await refusal(getPrintProgress(repo, printUser, { orderId: 3 }))).toMatchObject({
      status: 404,
      key: 'print.order_not_found',
    });
  });
});

describe('listPrintTags', () => {
  it('never shows a voided label as printed, and names why it was voided', async () => {
    const at = new Date('2026-11-30T09:00:00Z');
    const label = { gtin: '08437012000018', serial: 1, epc: 'E1', replacesLabel: null };
    const rows = [
      { ...label, id: 1, labelNumber: 1, printedAt: at, voidedAt: null, voidReason: null },
      { ...label, id: 2, labelNumber: 2, printedAt: at, voidedAt: at, voidReason: null },
      { ...label, id: 3, labelNumber: 3, printedAt: null, voidedAt: at, voidReason: LabelVoidReason.EncodeFailed },
    ];
    const repo = { order: orderOf(working), tags: async () => ({ count: 3, rows }) };
    const { count, results } = await listPrintTags(repo, printUser, { orderId: 1, page: { limit: 10, offset: 0 } });
    expect(count).toBe(3);
    expect(results.map((r) => [r.printed_at, r.void_reason])).toEqual([
      [at.toISOString(), null],
      [null, LabelVoidReason.Unconfirmed],
      [null, LabelVoidReason.EncodeFailed],
    ]);
  });
});

describe('cancelPrintOrder', () => {
  it('waits while the job still holds its printer, then answers the order as it is', async () => {
    let holds = 2;
    const waits: number[] = [];
    const repo = {
      order: orderOf(working),
      cancel: async () => true,
      jobHoldsPrinter: async () => holds-- > 0,
    };
    const deps = { repo, settleMs: 60_000, pollMs: 50, delay: async (ms: number) => waits.push(ms) };
    expect(await cancelPrintOrder(deps, printUser, { orderId: 1 })).toMatchObject({ id: 1 });
    expect(waits).toEqual([50, 50]);
    const idle = { ...deps, repo: { ...repo, cancel: async () => false } };
    expect(await refusal(cancelPrintOrder(idle, printUser, { orderId: 1 }))).toMatchObject({
      status: 409,
      key: 'print.cancel_only_printing',
    });
  });
});
