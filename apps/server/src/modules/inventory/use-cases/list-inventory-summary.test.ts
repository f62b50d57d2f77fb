import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeInventoryRepo, summaryRow } from './inventory-fixtures.js';
import { listInventorySummary } from './list-inventory-summary.js';

const page = { limit: 25, offset: 0 };

describe("list an inventory's figures per GTIN (use case)", () => {
  it('reads the kind asked with the filters, and answers missing and excess of each GTIN', async () => {
    const { repo, called } = fakeInventoryRepo({ summary: async () => ({ count: 1, rows: [summaryRow()] }) });
    const query = { item_type__gtin__icontains: '8437' };
    const answer = await listInventorySummary(repo, { user: testUser(), id: 5, kind: 'remaining', query, page });
    expect(called('summary')).toEqual([[{ inventoryId: 5, kind: 'remaining', query, page }]]);
    expect(answer).toEqual({
      count: 1,
      results: [
        expect.objectContaining({ item_type: 17, theorical_quantity: 4, quantity: 5, matched: 3, missing: 1, excess: 2 }),
      ],
    });
  });

  it('refuses an inventory the user does not see (404), reading nothing', async () => {
    const { repo, called } = fakeInventoryRepo();
    await expect(listInventorySummary(repo, { user: testUser(), id: 6, kind: 'all', query: {}, page })).rejects.toMatchObject({
      status: 404,
    });
    expect(called('summary')).toEqual([]);
  });
});
