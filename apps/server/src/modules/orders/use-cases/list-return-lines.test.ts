import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { InboundRepository } from '../inbound.repository.js';
import { fakeInboundRepo } from './inbound-repo-fixtures.js';
import { listReturnLines } from './list-return-lines.js';

const returnAt = (locationId: number) => (async () => ({ locationId })) as unknown as InboundRepository['returnOf'];
const page = { limit: 50, offset: 0 };
const line = { gtin: '08437000000013', quantity: 2, description: 'Camisa', model: '', colour: '', section: '', sizes: [] };

describe("list a return's lines (use case)", () => {
  it('answers the lines per GTIN with their item type', async () => {
    const { repo } = fakeInboundRepo({
      returnOf: returnAt(2),
      returnLines: async () => ({ count: 1, rows: [{ ...line, itemTypeId: 13 }] }),
    });
    expect(await listReturnLines(repo, { user: testUser(), kind: 'sale', id: 4, page })).toEqual({
      count: 1,
      results: [{ ...line, item_type: 13 }],
    });
  });

  it('answers 404 for a return at a location the user does not see, reading no line', async () => {
    let read = false;
    const { repo } = fakeInboundRepo({
      returnOf: returnAt(3),
      returnLines: async () => {
        read = true;
        return { count: 0, rows: [] };
      },
    });
    await expect(
      listReturnLines(repo, { user: testUser({ locationIds: [2] }), kind: 'provider', id: 4, page }),
    ).rejects.toMatchObject({ status: 404 });
    expect(read).toBe(false);
  });
});
