import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getFileProgress } from './get-file-progress.js';
import { fakeInventoryRepo } from './inventory-fixtures.js';

const job = { id: 'task-1', refId: 5, kind: 'inventory-csv', progress: 40, fileName: 'Inventory-5.csv', error: null };

describe("get an inventory file's progress (use case)", () => {
  it("answers the company's task's progress", async () => {
    const { repo, called } = fakeInventoryRepo({ exportJob: async () => job });
    const answer = await getFileProgress(repo, { user: testUser(), taskId: 'task-1' });
    expect(called('exportJob')).toEqual([[{ id: 'task-1', companyId: 1 }]]);
    expect(answer).toEqual({ task_id: 'task-1', progress: 40, file_name: 'Inventory-5.csv', error: null });
  });

  it("refuses an unknown task, another kind of file's, and one of an inventory the user does not see (404)", async () => {
    for (const found of [undefined, { ...job, kind: 'stock-csv' }, { ...job, refId: null }, { ...job, refId: 6 }]) {
      const { repo } = fakeInventoryRepo({ exportJob: async () => found });
      await expect(getFileProgress(repo, { user: testUser(), taskId: 'task-1' })).rejects.toMatchObject({ status: 404 });
    }
  });
});
