import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeInventoryRepo } from './inventory-fixtures.js';
import { openInventory } from './open-inventory.js';

const user = testUser({ id: 4 });
const now = new Date('2026-11-30T09:00:00Z');

describe('open an inventory (use case)', () => {
  it('opens a partial inventory of the area with its GTINs, by the user, now, and answers it', async () => {
    const { repo, called } = fakeInventoryRepo();
    const answer = await openInventory(repo, { user, locationId: 2, body: { location_area: 3, item_types: [17] }, now });
    expect(called('openInventory')).toEqual([
      [{ companyId: 1, locationId: 2, areaId: 3, deviceId: null, createdBy: 4, startTime: now, itemTypeIds: [17] }],
    ]);
    expect(answer).toMatchObject({ id: 5, location_area: 3 });
  });

  it('refuses an area of another location (400 on location_area) and a GTIN not the company’s (400 on item_types)', async () => {
    const { repo, called } = fakeInventoryRepo();
    await expect(
      openInventory(repo, { user, locationId: 2, body: { location_area: 8, item_types: [] }, now }),
    ).rejects.toMatchObject({ errors: { location_area: ['inventory.select_area'] } });
    await expect(
      openInventory(repo, { user, locationId: 2, body: { location_area: 3, item_types: [17, 99] }, now }),
    ).rejects.toMatchObject({ errors: { item_types: ['catalog.unknown_gtin'] } });
    expect(called('openInventory')).toEqual([]);
  });

  it('refuses while the area has an open inventory (409) and a location the user does not see (404)', async () => {
    const { repo } = fakeInventoryRepo({ openInventory: async () => ({ busy: true }) });
    await expect(
      openInventory(repo, { user, locationId: 2, body: { location_area: 3, item_types: [] }, now }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      openInventory(repo, { user, locationId: 9, body: { location_area: 3, item_types: [] }, now }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
