import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeCatalogRepo } from './catalog-fixtures.js';
import { getItemType } from './get-item-type.js';
import { getItemTypeByGtin } from './get-item-type-by-gtin.js';
import { listItemTypes } from './list-item-types.js';

const user = testUser();

describe('read the catalog (use cases: list, one GTIN by id, one by its code)', () => {
  it("answers a page of the company's GTINs with the query and page asked", async () => {
    const { repo, called } = fakeCatalogRepo();
    const query = { gtin__icontains: '8437', order_by: '-description' };
    const answer = await listItemTypes(repo, { user, query, page: { limit: 10, offset: 0 } });
    expect(called('list')).toEqual([[1, query, { limit: 10, offset: 0 }]]);
    expect(answer.count).toBe(1);
    expect(answer.results[0]).toMatchObject({
      id: 17,
      gtin: '08437000000013',
      description: 'Camisa',
      price: '19.90',
      size_primary: 'M',
      sizes: [{ country: 'ES', value: 'M' }],
      brand_id: null,
      minimum_stock: null,
    });
  });

  it("answers a GTIN by id, and 404 for one not the company's", async () => {
    const { repo } = fakeCatalogRepo();
    expect(await getItemType(repo, { user, id: 17 })).toMatchObject({ id: 17 });
    await expect(getItemType(repo, { user: testUser({ companyId: 2 }), id: 17 })).rejects.toMatchObject({ status: 404 });
  });

  it('finds a GTIN by its GTIN-13 code as the GTIN-14 stored; an unknown code is 404', async () => {
    const { repo, called } = fakeCatalogRepo();
    expect(await getItemTypeByGtin(repo, { user, params: { gtin: '8437000000013' } })).toMatchObject({ id: 17 });
    expect(called('byGtin')).toEqual([[1, '08437000000013']]);
    await expect(getItemTypeByGtin(repo, { user, params: { gtin: '8437000000020' } })).rejects.toMatchObject({ status: 404 });
  });
});
