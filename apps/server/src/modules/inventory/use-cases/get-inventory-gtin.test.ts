import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getInventoryGtin } from './get-inventory-gtin.js';
import { fakeInventoryRepo, summaryRow } from './inventory-fixtures.js';

describe('get a GTIN of an inventory (use case)', () => {
  it("answers the inventory, the GTIN's line and its product card", async () => {
    const { repo, called } = fakeInventoryRepo({ summary: async () => ({ count: 1, rows: [summaryRow()] }) });
    const answer = await getInventoryGtin(repo, { user: testUser(), id: 5, itemTypeId: 17 });
    expect(called('summary')).toEqual([
      [{ inventoryId: 5, kind: 'all', query: {}, page: { limit: 1, offset: 0 }, itemTypeId: 17 }],
    ]);
    expect(answer.inventory).toMatchObject({ id: 5 });
    expect(answer.line).toMatchObject({ item_type: 17, theorical_quantity: 4, quantity: 5, missing: 1, excess: 2 });
    expect(answer.item_type).toMatchObject({ id: 17, gtin: '08437000000013', description: 'Camisa' });
  });

  it('answers zero figures for a GTIN the inventory does not hold', async () => {
    const { repo } = fakeInventoryRepo();
    const { line } = await getInventoryGtin(repo, { user: testUser(), id: 5, itemTypeId: 17 });
    expect(line).toMatchObject({
      item_type: 17,
      gtin: '08437000000013',
      theorical_quantity: 0,
      quantity: 0,
      matched: 0,
      missing: 0,
      excess: 0,
      description: 'Camisa',
      reference: 'REF-1',
      size_primary: 'M',
    });
  });

  it("refuses a GTIN not the company's and an inventory the user does not see (404)", async () => {
    const { repo, called } = fakeInventoryRepo();
    await expect(getInventoryGtin(repo, { user: testUser(), id: 5, itemTypeId: 99 })).rejects.toMatchObject({ status: 404 });
    await expect(getInventoryGtin(repo, { user: testUser(), id: 6, itemTypeId: 17 })).rejects.toMatchObject({ status: 404 });
    expect(called('summary')).toEqual([]);
  });
});
