import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { changeInventoryState } from './change-inventory-state.js';
import { fakeInventoryRepo, inventoryRow } from './inventory-fixtures.js';

const now = new Date('2026-11-30T12:00:00Z');

describe("change an inventory's state (use case)", () => {
  it('validates as the user, now, and answers the inventory read again after the change', async () => {
    let state = 0;
    const { repo, called } = fakeInventoryRepo({
      inventory: async () => inventoryRow({ state }),
      changeState: async (input) => {
        state = input.state;
      },
    });
    const answer = await changeInventoryState(repo, { user: testUser({ id: 4 }), id: 5, body: { state: 2 }, now });
    expect(called('changeState')).toEqual([[{ id: 5, companyId: 1, state: 2, userId: 4, at: now }]]);
    expect(answer).toMatchObject({ id: 5, state: 2, valid: true });
  });

  it('refuses an inventory the user does not see (404), changing nothing', async () => {
    const { repo, called } = fakeInventoryRepo();
    await expect(changeInventoryState(repo, { user: testUser(), id: 6, body: { state: 3 }, now })).rejects.toMatchObject({
      status: 404,
    });
    expect(called('changeState')).toEqual([]);
  });
});
