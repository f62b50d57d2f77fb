import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeInventoryRepo, inventoryRow } from './inventory-fixtures.js';
import { listInventories } from './list-inventories.js';

const user = testUser();
const page = { limit: 11, offset: 0 };

describe('list the inventories of a location (use case)', () => {
  it("reads the page in the location's time zone and the GTINs of the partial ones only", async () => {
    const partial = inventoryRow({ id: 6, isPartial: true });
    const { repo, called } = fakeInventoryRepo({
      listInventories: async () => ({ count: 12, rows: [inventoryRow(), partial] }),
      partialTypesOf: async () => new Map([[6, [{ id: 17, gtin: '08437000000013', description: 'Camisa' }]]]),
    });
    const query = { state: '0', order_by: '-start_time' };
    const answer = await listInventories(repo, { user, locationId: 2, query, page });
    expect(called('listInventories')).toEqual([[{ locationId: 2, query, page, timeZone: 'Europe/Madrid' }]]);
    expect(called('partialTypesOf')).toEqual([[[6]]]);
    expect(answer.count).toBe(12);
    expect(answer.results.map((r) => [r.id, r.is_partial, r.item_types])).toEqual([
      [5, false, []],
      [6, true, [{ id: 17, gtin: '08437000000013', description: 'Camisa' }]],
    ]);
    expect(answer.results[0]).toMatchObject({ missing_items: 3, excess_items: 1, progress: 70, accuracy: 63.64 });
  });

  it('refuses a location the user does not see (404), reading nothing', async () => {
    const { repo, called } = fakeInventoryRepo();
    await expect(listInventories(repo, { user, locationId: 9, query: {}, page })).rejects.toMatchObject({ status: 404 });
    expect(called('listInventories')).toEqual([]);
  });
});
