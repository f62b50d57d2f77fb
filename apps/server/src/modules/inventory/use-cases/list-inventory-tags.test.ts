import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeInventoryRepo, tagRow } from './inventory-fixtures.js';
import { listInventoryTags } from './list-inventory-tags.js';

const page = { limit: 20, offset: 0 };

describe("list an inventory's EPCs (use case)", () => {
  it('answers the read EPCs as matched or excess, quantity 1', async () => {
    const rows = [tagRow(), tagRow({ id: 901, is_expected: false })];
    const { repo, called } = fakeInventoryRepo({ tags: async () => ({ count: 2, rows }) });
    const query = { epc__contains: '3034' };
    const answer = await listInventoryTags(repo, { user: testUser(), id: 5, kind: 'read', query, page });
    expect(called('tags')).toEqual([[{ inventoryId: 5, kind: 'read', query, page }]]);
    expect(answer.results.map((t) => [t.id, t.status, t.quantity, t.read_at])).toEqual([
      [900, 'matched', 1, '2026-11-30T09:05:00.000Z'],
      [901, 'excess', 1, '2026-11-30T09:05:00.000Z'],
    ]);
  });

  it('answers the lost EPCs as missing, quantity 0; 404 for an inventory the user does not see', async () => {
    const { repo } = fakeInventoryRepo({ tags: async () => ({ count: 1, rows: [tagRow({ read_at: null })] }) });
    const answer = await listInventoryTags(repo, { user: testUser(), id: 5, kind: 'lost', query: {}, page });
    expect(answer.results).toMatchObject([{ status: 'missing', quantity: 0, read_at: null }]);
    await expect(listInventoryTags(repo, { user: testUser(), id: 6, kind: 'lost', query: {}, page })).rejects.toMatchObject({
      status: 404,
    });
  });
});
