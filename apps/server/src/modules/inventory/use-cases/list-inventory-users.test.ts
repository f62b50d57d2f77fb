import { InventoryState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeInventoryRepo, inventoryRow } from './inventory-fixtures.js';
import { listInventoryUsers } from './list-inventory-users.js';

const ana = { id: 1, firstName: 'Ana', lastName: 'Alta', email: 'ana@demo.local' };
const bea = { id: 2, firstName: 'Bea', lastName: 'Baja', email: 'bea@demo.local' };
const closedAt = new Date('2026-11-30T11:00:00Z');

describe("list an inventory's people (use case)", () => {
  it('answers who opened it and who canceled it, with the dates', async () => {
    const row = inventoryRow({ state: InventoryState.Canceled, closedBy: 2, closedAt });
    const { repo, called } = fakeInventoryRepo({ inventory: async () => row, people: async () => [bea, ana] });
    expect(await listInventoryUsers(repo, { user: testUser(), id: 5 })).toEqual([
      {
        id: 1,
        first_name: 'Ana',
        last_name: 'Alta',
        email: 'ana@demo.local',
        action: 'opened',
        date: '2026-11-30T09:00:00.000Z',
      },
      {
        id: 2,
        first_name: 'Bea',
        last_name: 'Baja',
        email: 'bea@demo.local',
        action: 'canceled',
        date: '2026-11-30T11:00:00.000Z',
      },
    ]);
    expect(called('people')).toEqual([[row]]);
  });

  it('answers only the opener while the inventory is open, and 404 for one the user does not see', async () => {
    const { repo } = fakeInventoryRepo({ people: async () => [ana, bea] });
    expect((await listInventoryUsers(repo, { user: testUser(), id: 5 })).map((u) => u.action)).toEqual(['opened']);
    await expect(listInventoryUsers(repo, { user: testUser(), id: 6 })).rejects.toMatchObject({ status: 404 });
  });
});
