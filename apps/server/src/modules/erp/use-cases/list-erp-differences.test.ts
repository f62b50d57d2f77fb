import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeErpRepo } from './erp-fixtures.js';
import { listErpDifferences } from './list-erp-differences.js';

const row = {
  location_id: 2,
  code: 'T-MAD-01',
  location_description: 'Tienda Madrid',
  gtin: '04006381333931',
  item_type: 7,
  description: 'Camiseta',
  erp_quantity: 5,
  rfid_quantity: 3,
  imported_at: new Date('2026-05-04T07:00:00Z'),
  total: 1,
};

describe('list ERP differences (use case)', () => {
  it('answers RFID − ERP per store and GTIN, passing the filters on', async () => {
    const { repo, differenceCalls } = fakeErpRepo({ differences: [row] });
    const answer = await listErpDifferences(
      repo,
      testUser(),
      { location: 2, gtin: '400', only_differences: 'true', order_by: '-difference' },
      {
        limit: 25,
        offset: 0,
      },
    );
    expect(answer).toEqual({
      count: 1,
      results: [
        {
          location: { id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' },
          gtin: '04006381333931',
          item_type: 7,
          description: 'Camiseta',
          erp_quantity: 5,
          rfid_quantity: 3,
          difference: -2,
          erp_imported_at: '2026-05-04T07:00:00.000Z',
        },
      ],
    });
    expect(differenceCalls).toEqual([
      { filters: { locationId: 2, gtin: '400', onlyDifferences: true, orderBy: '-difference' }, paged: true },
    ]);
  });

  it('every row for the CSV (no page)', async () => {
    const { repo, differenceCalls } = fakeErpRepo({ differences: [row] });
    await listErpDifferences(repo, testUser(), {}, null);
    expect(differenceCalls).toEqual([{ filters: { onlyDifferences: false }, paged: false }]);
  });

  it('a location the user does not see is 404, and nothing is read', async () => {
    const { repo, differenceCalls } = fakeErpRepo({ differences: [row] });
    await expectStatus(listErpDifferences(repo, testUser({ role: 3, locationIds: [3] }), { location: 2 }, null), 404);
    await expectStatus(listErpDifferences(repo, testUser({ companyId: 2 }), { location: 2 }, null), 404);
    expect(differenceCalls).toEqual([]);
  });
});
