import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeErpRepo, inventoryHead } from './erp-fixtures.js';
import { getInventoryDifferences } from './get-inventory-differences.js';

const lines = [
  { inventory_id: 40, item_type: 7, gtin: '08400000000017', description: 'Camiseta', expected: 5, read: 3 },
  { inventory_id: 40, item_type: 8, gtin: '08400000000024', description: 'Pantalón', expected: 2, read: 2 },
  { inventory_id: 41, item_type: 7, gtin: '08400000000017', description: 'Camiseta', expected: 1, read: 0 },
];

describe('get inventory differences (use case)', () => {
  it('per GTIN: expected, counted, counted − expected, approved once validated', async () => {
    const { repo } = fakeErpRepo({ heads: [inventoryHead()], lines });
    const answer = await getInventoryDifferences(repo, testUser(), { id: 40, onlyDifferences: false });
    expect(answer).toMatchObject({ id: 40, validated_at: '2026-05-01T09:00:00.000Z', location: { code: 'T-MAD-01' } });
    expect(answer.rows).toEqual([
      { gtin: '08400000000017', item_type: 7, description: 'Camiseta', expected: 5, counted: 3, difference: -2, approved: true },
      { gtin: '08400000000024', item_type: 8, description: 'Pantalón', expected: 2, counted: 2, difference: 0, approved: true },
    ]);
    const only = await getInventoryDifferences(repo, testUser(), { id: 40, onlyDifferences: true });
    expect(only.rows.map((r) => r.gtin)).toEqual(['08400000000017']);
  });

  it('a pending inventory’s differences are not approved and it has no validation time', async () => {
    const { repo } = fakeErpRepo({ heads: [inventoryHead({ state: 0, closed_at: null, closed_us: null })], lines });
    const answer = await getInventoryDifferences(repo, testUser(), { id: 40, onlyDifferences: false });
    expect(answer.validated_at).toBeNull();
    expect(answer.rows.every((r) => !r.approved)).toBe(true);
  });

  it('an inventory of a location the user does not see, or of another company, is 404', async () => {
    const { repo } = fakeErpRepo({ heads: [inventoryHead()], lines });
    await expectStatus(
      getInventoryDifferences(repo, testUser({ role: 3, locationIds: [3] }), { id: 40, onlyDifferences: false }),
      404,
    );
    await expectStatus(getInventoryDifferences(repo, testUser({ companyId: 2 }), { id: 40, onlyDifferences: false }), 404);
  });
});
