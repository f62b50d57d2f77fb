import { PRINT_ORDER_MAX_LABELS } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { addToPrinting } from './add-to-printing.js';
import { createPrinting } from './create-printing.js';
import { fakePrintingStore, gtins, printUser, refusal } from './print-fixtures.js';

describe('createPrinting', () => {
  it("makes an empty order of the printer, at the printer's location, named after it and the time", async () => {
    const store = fakePrintingStore();
    const answer = await createPrinting(store.deps, printUser, { printer_id: 7, datetime: '2026-11-30T09:15:00Z' });
    expect(answer).toEqual({ id: 1, printer_id: 7, datetime: '2026-11-30T09:15:00.000Z' });
    expect(store.orders.get(1)).toMatchObject({ name: 'Zebra 2026-11-30 09:15', source: 'upload', location: [{ id: 10 }] });
    expect((await refusal(createPrinting(store.deps, printUser, { printer_id: 8 }))).key).toBe('admin.printer_not_found');
  });
});

describe('addToPrinting', () => {
  it("reserves the printing's labels and prints them on its printer in one go", async () => {
    const store = fakePrintingStore();
    await createPrinting(store.deps, printUser, { printer_id: 7 });
    const order = await addToPrinting(store.deps, printUser, {
      printing_id: 1,
      item_types: [
        { item_type_id: 12, quantity: 2 },
        { item_type_id: 11, quantity: 1 },
      ],
    });
    expect(order).toMatchObject({ state: 'WORKING', total_quantity: 3 });
    expect(store.tags.map((t) => [t.labelNumber, t.gtin])).toEqual([
      [1, gtins.b],
      [2, gtins.b],
      [3, gtins.a],
    ]);
    expect(store.jobs).toEqual([{ orderId: 1, printerId: 7, from: 1, to: 3 }]);
    expect(store.wakes.count).toBeGreaterThan(0);
    // A printing takes its labels once.
    const again = await refusal(
      addToPrinting(store.deps, printUser, { printing_id: 1, item_types: [{ item_type_id: 11, quantity: 1 }] }),
    );
    expect(again).toMatchObject({ status: 409, key: 'print.has_labels' });
  });

  it('refuses an unknown item type, too many labels, or a printing without a printer, reserving nothing', async () => {
    const store = fakePrintingStore();
    await createPrinting(store.deps, printUser, { printer_id: 7 });
    const add = (itemTypes: { item_type_id: number; quantity: number }[]) =>
      refusal(addToPrinting(store.deps, printUser, { printing_id: 1, item_types: itemTypes }));
    expect(await add([{ item_type_id: 13, quantity: 1 }])).toMatchObject({ status: 404, key: 'catalog.gtin_not_found' });
    expect((await add([{ item_type_id: 11, quantity: PRINT_ORDER_MAX_LABELS + 1 }])).fields).toEqual(['item_types']);
    await store.repo.insertOrder({ companyId: 1, name: 'No printer', tagCompanyFormatId: 3 });
    const noPrinter = await refusal(
      addToPrinting(store.deps, printUser, { printing_id: 2, item_types: [{ item_type_id: 11, quantity: 1 }] }),
    );
    expect(noPrinter.key).toBe('print.no_printer');
    expect(store.tags).toEqual([]);
  });

  it('undoes the reservation when the printer refuses the job', async () => {
    const store = fakePrintingStore({ startJob: async () => false });
    await createPrinting(store.deps, printUser, { printer_id: 7 });
    const refused = await refusal(
      addToPrinting(store.deps, printUser, { printing_id: 1, item_types: [{ item_type_id: 11, quantity: 2 }] }),
    );
    expect(refused.key).toBe('print.finishing_job');
    expect(store.tags).toEqual([]);
    expect(store.orders.get(1)?.total_quantity).toBe(0);
  });
});
