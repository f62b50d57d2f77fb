import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getInventoryCsv } from './get-inventory-csv.js';
import { fakeInventoryRepo } from './inventory-fixtures.js';

const BOM = '\uFEFF';

describe('download the inventory file (use case)', () => {
  it('answers the newest finished file with one UTF-8 BOM, whether it was stored with one or not', async () => {
    for (const content of ['EPC;GTIN\n', `${BOM}EPC;GTIN\n`]) {
      const { repo, called } = fakeInventoryRepo({ latestFinishedCsv: async () => ({ fileName: 'Inv.csv', content }) });
      expect(await getInventoryCsv(repo, { user: testUser(), id: 5 })).toEqual({
        fileName: 'Inv.csv',
        content: `${BOM}EPC;GTIN\n`,
      });
      expect(called('latestFinishedCsv')).toEqual([[{ inventoryId: 5, companyId: 1 }]]);
    }
  });

  it('names a file stored without a name after the inventory', async () => {
    const { repo } = fakeInventoryRepo({ latestFinishedCsv: async () => ({ fileName: '', content: 'x' }) });
    expect((await getInventoryCsv(repo, { user: testUser(), id: 5 })).fileName).toBe('Inventory-5.csv');
  });

  it('is 404 before a file was made, and for an inventory the user does not see', async () => {
    const { repo } = fakeInventoryRepo();
    await expect(getInventoryCsv(repo, { user: testUser(), id: 5 })).rejects.toMatchObject({
      status: 404,
      text: { key: 'jobs.file_not_ready' },
    });
    await expect(getInventoryCsv(repo, { user: testUser(), id: 6 })).rejects.toMatchObject({ status: 404 });
  });
});
