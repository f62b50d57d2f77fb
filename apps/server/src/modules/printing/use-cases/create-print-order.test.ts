import { PRINT_ORDER_MAX_LABELS } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { addPrintOrder } from './add-print-order.js';
import { createPrintOrder, type NewOrder } from './create-print-order.js';
import { fakePrintingStore, gtins, printUser, refusal } from './print-fixtures.js';

const order = (over: Partial<NewOrder> = {}): NewOrder => ({
  tagCompanyFormatId: 3,
  items: [{ gtin: gtins.a, quantity: 2 }],
  name: 'Spring',
  locations: [],
  brand: null,
  source: 'manual',
  fieldOf: (index) => `items.${index}.gtin`,
  ...over,
});

describe('createPrintOrder', () => {
  it('sums the same GTIN, numbers the labels on in row order and reserves an EPC for each', async () => {
    const store = fakePrintingStore();
    const id = await createPrintOrder(store.deps, printUser, {
      ...order(),
      items: [
        { gtin: gtins.b, quantity: 1 },
        { gtin: gtins.a, quantity: 2 },
        { gtin: gtins.b.slice(1), quantity: 1 },
      ],
      locations: [10, 10],
    });
    expect(store.orders.get(id)).toMatchObject({ total_quantity: 4, location: [{ id: 10 }] });
    expect(store.contents.map((c) => [c.gtin, c.quantity, c.itemTypeId])).toEqual([
      [gtins.b, 2, 12],
      [gtins.a, 2, 11],
    ]);
    expect(store.tags.map((t) => [t.labelNumber, t.gtin, t.serial])).toEqual([
      [1, gtins.b, 1],
      [2, gtins.b, 2],
      [3, gtins.a, 1],
      [4, gtins.a, 2],
    ]);
    expect(new Set(store.tags.map((t) => t.epc)).size).toBe(4);
  });

  it('names every row whose GTIN is not the company’s under its field, and writes nothing', async () => {
    const store = fakePrintingStore();
    const refused = await refusal(
      createPrintOrder(store.deps, printUser, {
        ...order(),
        items: [
          { gtin: gtins.a, quantity: 1 },
          { gtin: '08437012999992', quantity: 1 },
        ],
      }),
    );
    expect(refused).toEqual({ status: 400, key: 'print.missing_gtin', fields: ['items.1.gtin'] });
    expect(store.orders.size).toBe(0);
  });

  it('refuses more labels than an order holds, an unseen location, an unknown brand or format', async () => {
    const store = fakePrintingStore();
    const tooMany = [{ gtin: gtins.a, quantity: PRINT_ORDER_MAX_LABELS + 1 }];
    const create = (over: Partial<NewOrder>) => refusal(createPrintOrder(store.deps, printUser, order(over)));
    expect((await create({ items: tooMany })).fields).toEqual(['items']);
    expect(await create({ locations: [10, 99] })).toMatchObject({ status: 404, key: 'location.not_found' });
    expect(await create({ brand: 6 })).toMatchObject({ status: 404, key: 'brand.not_found' });
    expect(await create({ tagCompanyFormatId: 4 })).toMatchObject({ status: 404, key: 'print.tag_format_not_found' });
    expect(store.orders.size).toBe(0);
  });
});

describe('addPrintOrder', () => {
  it('answers the new order, manual unless the body names its source', async () => {
    const store = fakePrintingStore();
    const created = await addPrintOrder(store.deps, printUser, {
      tag_company_format: 3,
      items: [{ gtin: gtins.a, quantity: 3 }],
      brand: 5,
    });
    expect(created).toMatchObject({ id: 1, total_quantity: 3, source: 'manual', state: 'PENDING' });
  });
});
