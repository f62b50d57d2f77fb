import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeInventoryRepo, inventoryRow } from './inventory-fixtures.js';
import { startInventoryCsv } from './start-inventory-csv.js';

describe('start the inventory file (use case)', () => {
  it("queues the inventory's file in the language asked, by the user, and answers its task id", async () => {
    const { repo, called } = fakeInventoryRepo();
    const answer = await startInventoryCsv(repo, { user: testUser({ id: 4 }), id: 5, language: 'es' });
    expect(answer).toEqual({ task_id: 'task-1' });
    expect(called('startCsv')).toEqual([[{ companyId: 1, userId: 4, inventory: inventoryRow(), language: 'es' }]]);
  });

  it('refuses an inventory the user does not see (404), queueing nothing', async () => {
    const { repo, called } = fakeInventoryRepo();
    await expect(startInventoryCsv(repo, { user: testUser(), id: 6, language: 'en' })).rejects.toMatchObject({ status: 404 });
    expect(called('startCsv')).toEqual([]);
  });
});
