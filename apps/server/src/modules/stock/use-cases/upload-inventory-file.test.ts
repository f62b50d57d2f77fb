import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { area3, fakeStockRepo } from './stock-fixtures.js';
import { uploadInventoryFile } from './upload-inventory-file.js';

const now = new Date('2026-11-30T09:00:00Z');
const user = testUser();

describe('upload an inventory file (use case)', () => {
  it("writes every GTIN's counted quantity of the area at once and answers the totals", async () => {
    const { repo, called } = fakeStockRepo();
    const text = 'gtin;quantity\n08437000000013;4\n';
    expect(await uploadInventoryFile(repo, { user, areaId: 3, text, now })).toEqual({ area: 3, rows: 1, gtins: 1, quantity: 4 });
    expect(called('saveCountedStock')).toEqual([[area3, { userId: 1, lines: [{ itemTypeId: 17, quantity: 4 }], at: now }]]);
  });

  it('refuses the whole file when a GTIN is not in the catalog (400 on file), writing nothing', async () => {
    const { repo, called } = fakeStockRepo();
    const text = 'gtin;quantity\n08437000000013;4\n08437000000020;1\n';
    await expect(uploadInventoryFile(repo, { user, areaId: 3, text, now })).rejects.toMatchObject({ status: 400 });
    expect(called('saveCountedStock')).toEqual([]);
  });

  it('refuses an area the user does not see (404) before reading the file', async () => {
    const { repo, calls } = fakeStockRepo();
    await expect(uploadInventoryFile(repo, { user, areaId: 9, text: 'x', now })).rejects.toMatchObject({ status: 404 });
    expect(calls.map((c) => c.method)).toEqual(['area']);
  });
});
