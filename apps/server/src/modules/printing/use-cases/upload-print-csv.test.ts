import { describe, expect, it } from 'vitest';
import { addCsvPrintOrder } from './add-csv-print-order.js';
import { fakePrintingStore, gtins, printUser, refusal } from './print-fixtures.js';
import { uploadPrintCsv } from './upload-print-csv.js';

const csv = `gtin,quantity\n${gtins.a},2\n${gtins.b},1\n`;

describe('uploadPrintCsv', () => {
  it("makes a pending order of the file in the company's first format, named after the file; its code is its id", async () => {
    const store = fakePrintingStore();
    const answer = await uploadPrintCsv(store.deps, printUser, { fileName: 'spring.CSV', text: csv });
    expect(answer).toEqual({ filecode: '1', print_order: 1, total_quantity: 3 });
    expect(store.orders.get(1)).toMatchObject({ name: 'spring', source: 'upload', state: 'PENDING' });
  });

  it('refuses a company without formats, a file without rows, and GTINs not the company’s (on file)', async () => {
    const none = fakePrintingStore({ defaultCompanyFormatId: async () => undefined });
    expect(await refusal(uploadPrintCsv(none.deps, printUser, { fileName: 'a.csv', text: csv }))).toMatchObject({
      status: 409,
      key: 'print.no_tag_format',
    });
    const store = fakePrintingStore();
    expect(await refusal(uploadPrintCsv(store.deps, printUser, { fileName: 'a.csv', text: 'gtin,quantity\n' }))).toMatchObject({
      status: 400,
      fields: ['file'],
    });
    const stranger = `gtin,quantity\n08437012999992,1\n${gtins.a},1\n`;
    expect(
      await refusal(addCsvPrintOrder(store.deps, printUser, { fileName: 'a.csv', text: stranger, tagCompanyFormatId: 3 })),
    ).toMatchObject({ status: 400, key: 'print.missing_gtin', fields: ['file'] });
    expect(store.orders.size).toBe(0);
  });
});
