import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { createContents } from './create-contents.js';
import { fakeInboundRepo } from './inbound-repo-fixtures.js';

const user = testUser();

describe("create boxes' contents (use case)", () => {
  it('writes every row in one transaction and answers them with their GTIN', async () => {
    const { repo, committed } = fakeInboundRepo();
    const rows = [
      { box_id: 30, gtin: '08437000000013', quantity: 2 },
      { box_id: 31, gtin: '8437000000013', quantity: 1 },
    ];
    expect(await createContents(repo, { user, rows })).toEqual([
      { id: 500, box_id: 30, item_type: 13, quantity: 2, gtin: '08437000000013' },
      { id: 501, box_id: 31, item_type: 13, quantity: 1, gtin: '8437000000013' },
    ]);
    expect(committed.contents).toHaveLength(2);
  });

  it('refuses a box the user does not see on its first row (400 n.box_id), writing nothing', async () => {
    const { repo, committed } = fakeInboundRepo();
    const rows = [
      { box_id: 30, gtin: '08437000000013', quantity: 2 },
      { box_id: 99, gtin: '08437000000013', quantity: 1 },
    ];
    await expect(createContents(repo, { user, rows })).rejects.toMatchObject({
      status: 400,
      errors: { '1.box_id': expect.anything() },
    });
    expect(committed.contents).toEqual([]);
  });
});
