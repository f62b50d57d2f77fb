import { PrintOrderState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { fakePrintingStore, gtins, printUser, refusal } from './print-fixtures.js';
import { printLabels } from './print-labels.js';
import { printUpload } from './print-upload.js';
import { startPrint } from './start-print.js';

/** A store with order 1 of five labels (the first two printed: from label 3). */
const withOrder = async () => {
  const store = fakePrintingStore();
  await store.deps.inTransaction(async (repo) => {
    const id = await repo.insertOrder({ companyId: 1, name: 'A', tagCompanyFormatId: 3 });
    await repo.insertTags(
      [1, 2, 3, 4, 5].map((n) => ({
        companyId: 1,
        printOrderId: id,
        contentId: 1,
        labelNumber: n,
        gtin: gtins.a,
        serial: n,
        epc: `E${n}`,
      })),
    );
    await repo.addToTotal(id, 5);
  });
  const row = store.orders.get(1);
  if (row) store.orders.set(1, { ...row, from_label: 3, progress: 2 });
  return store;
};

describe('startPrint', () => {
  it('queues every label left on the printer, the order WORKING, and wakes the spooler', async () => {
    const store = await withOrder();
    const order = await startPrint(store.deps, printUser, { orderId: 1, printerId: 7 });
    expect(store.jobs).toEqual([{ orderId: 1, printerId: 7, from: 3, to: 5 }]);
    expect(order).toMatchObject({ id: 1, state: PrintOrderState.Working, printer: { id: 7 } });
    expect(store.wakes.count).toBe(1);
  });

  it('checks a range against the order as the print dialog does', async () => {
    const store = await withOrder();
    expect(await refusal(startPrint(store.deps, printUser, { orderId: 1, printerId: 7, from: 2, to: 9 }))).toMatchObject({
      status: 400,
      fields: ['from', 'to'],
    });
    await printLabels(store.deps, printUser, { print_order: 1, printer: 7, from: 4, to: 5 });
    expect(store.jobs).toEqual([{ orderId: 1, printerId: 7, from: 4, to: 5 }]);
  });

  it('refuses an order printing already, without labels, or whose labels were all sent', async () => {
    const store = await withOrder();
    await startPrint(store.deps, printUser, { orderId: 1, printerId: 7 });
    expect(await refusal(startPrint(store.deps, printUser, { orderId: 1, printerId: 7 }))).toMatchObject({
      status: 409,
      key: 'print.printing_already',
    });
    const empty = fakePrintingStore();
    await empty.repo.insertOrder({ companyId: 1, name: 'B', tagCompanyFormatId: 3 });
    expect((await refusal(startPrint(empty.deps, printUser, { orderId: 1, printerId: 7 }))).key).toBe('print.no_labels');
    const sent = await withOrder();
    expect(
      (
        await refusal(
          startPrint({ ...sent.deps, repo: { ...sent.repo, sendableLabels: async () => 0 } }, printUser, {
            orderId: 1,
            printerId: 7,
          }),
        )
      ).key,
    ).toBe('print.all_printed');
    expect((await refusal(startPrint(sent.deps, printUser, { orderId: 1, printerId: 8 }))).key).toBe('admin.printer_not_found');
    expect(sent.wakes.count).toBe(0);
  });
});

describe('printUpload', () => {
  it("prints the uploaded file's order; a code that is no order id is a 400 on code, an unknown one a 404", async () => {
    const store = await withOrder();
    expect(await refusal(printUpload(store.deps, printUser, { code: 'abc', printer_id: 7 }))).toMatchObject({
      status: 400,
      fields: ['code'],
    });
    expect((await refusal(printUpload(store.deps, printUser, { code: '99', printer_id: 7 }))).key).toBe('print.file_not_found');
    expect(await printUpload(store.deps, printUser, { code: '1', printer_id: 7 })).toMatchObject({ state: 'WORKING' });
  });
});
