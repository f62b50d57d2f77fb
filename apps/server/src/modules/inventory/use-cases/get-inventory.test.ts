import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getInventory } from './get-inventory.js';
import { fakeInventoryRepo, inventoryRow } from './inventory-fixtures.js';

describe('get an inventory (use case)', () => {
  it('answers the inventory with its figures, and its GTINs when partial', async () => {
    const { repo, called } = fakeInventoryRepo({
      inventory: async () => inventoryRow({ isPartial: true, state: 2, closedAt: new Date('2026-11-30T11:00:00Z') }),
      partialTypesOf: async () => new Map([[5, [{ id: 17, gtin: '08437000000013', description: 'Camisa' }]]]),
    });
    const answer = await getInventory(repo, { user: testUser(), id: 5 });
    expect(called('inventory')).toEqual([[{ id: 5, companyId: 1 }]]);
    expect(answer).toMatchObject({
      id: 5,
      valid: true,
      canceled: false,
      start_time: '2026-11-30T09:00:00.000Z',
      closed_at: '2026-11-30T11:00:00.000Z',
      theorical_stock: 10,
      items: 8,
      matched_items: 7,
      location: 2,
      location_area: 3,
      device: null,
      item_types: [{ id: 17, gtin: '08437000000013', description: 'Camisa' }],
    });
  });

  it("refuses another company's inventory and one of a location the user is not assigned to (404)", async () => {
    const { repo } = fakeInventoryRepo();
    await expect(getInventory(repo, { user: testUser(), id: 6 })).rejects.toMatchObject({ status: 404 });
    const elsewhere = testUser({ role: 4, locationIds: [7] });
    await expect(getInventory(repo, { user: elsewhere, id: 5 })).rejects.toMatchObject({ status: 404 });
    await expect(getInventory(repo, { user: testUser({ locationIds: [2] }), id: 5 })).resolves.toMatchObject({ id: 5 });
  });
});
