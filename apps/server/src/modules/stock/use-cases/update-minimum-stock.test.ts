import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeStockRepo } from './stock-fixtures.js';
import { updateMinimumStock } from './update-minimum-stock.js';

const user = testUser();

describe('update a minimum stock (use case)', () => {
  it('changes the area and value and answers the record', async () => {
    const { repo, called } = fakeStockRepo();
    const answer = await updateMinimumStock(repo, { user, id: 40, body: { area: 3, minimum_stock: 8 } });
    expect(answer).toMatchObject({ id: 40, item_type: 17 });
    expect(called('updateMinimumStock')).toEqual([[{ id: 40, areaId: 3, minimumStock: 8 }]]);
    expect(called('alarmsChanged')).toHaveLength(1);
  });

  it("refuses another GTIN than the record's (400 on item_type)", async () => {
    const { repo, called } = fakeStockRepo();
    await expect(
      updateMinimumStock(repo, { user, id: 40, body: { area: 3, item_type: 18, minimum_stock: 8 } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(called('updateMinimumStock')).toEqual([]);
  });

  it('answers 409 when the area already has a minimum for the GTIN, telling no one', async () => {
    const { repo, called } = fakeStockRepo({ updateMinimumStock: async () => false });
    await expect(updateMinimumStock(repo, { user, id: 40, body: { area: 3, minimum_stock: 8 } })).rejects.toMatchObject({
      status: 409,
    });
    expect(called('alarmsChanged')).toEqual([]);
  });

  it('answers 404 for a record the user does not see', async () => {
    const { repo } = fakeStockRepo();
    await expect(updateMinimumStock(repo, { user, id: 41, body: { area: 3, minimum_stock: 8 } })).rejects.toMatchObject({
      status: 404,
    });
  });
});
