import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeCatalogRepo } from './catalog-fixtures.js';
import { createItemType } from './create-item-type.js';

const user = testUser();
const body = { gtin: '8437000000020', description: 'Pantalón', price: 29.9 };

describe('add a GTIN to the catalog (use case)', () => {
  it('stores it as GTIN-14 with its price in cents, the size as the Spanish size, and links the tags read before', async () => {
    const { repo, called } = fakeCatalogRepo();
    const created = await createItemType(repo, { user, body: { ...body, size_primary: 'L', session: 'S27', brand_id: 4 } });
    expect(called('insertLinked')).toEqual([
      [
        {
          companyId: 1,
          brandId: 4,
          gtin: '08437000000020',
          description: 'Pantalón',
          price: '29.90',
          prices: [],
          season: 'S27',
          model: '',
          colour: '',
          sizePrimary: 'L',
          sizes: [{ country: 'ES', value: 'L' }],
          reference: '',
          section: '',
          externalImage: '',
        },
      ],
    ]);
    expect(created).toMatchObject({ id: 18, gtin: '08437000000020', price: '29.90', season: 'S27' });
  });

  it('refuses a wrong check digit and a brand of another company (400), storing nothing', async () => {
    const { repo, called } = fakeCatalogRepo();
    await expect(createItemType(repo, { user, body: { ...body, gtin: '8437000000021' } })).rejects.toMatchObject({
      errors: { gtin: ['catalog.invalid_check_digit'] },
    });
    await expect(createItemType(repo, { user, body: { ...body, brand_id: 5 } })).rejects.toMatchObject({
      errors: { brand_id: ['brand.not_found'] },
    });
    expect(called('insertLinked')).toEqual([]);
  });

  it('refuses a GTIN the company has (409 on gtin)', async () => {
    const { repo } = fakeCatalogRepo();
    await expect(createItemType(repo, { user, body: { ...body, gtin: '8437000000013' } })).rejects.toMatchObject({
      status: 409,
      errors: { gtin: ['catalog.gtin_taken'] },
    });
  });
});
