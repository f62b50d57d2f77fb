import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getGlobalStock } from './get-global-stock.js';
import { fakeStockRepo } from './stock-fixtures.js';

const user = testUser();
const page = { limit: 11, offset: 0 };
const query = { omit: true, gtin: '8437-0000' };

describe('get the global stock (use case)', () => {
  it('reads one area with its minimums when area1 is given, the GTIN filter as digits', async () => {
    const { repo, called } = fakeStockRepo();
    await getGlobalStock(repo, { user, query: { ...query, area1: 3 }, page });
    expect(called('stockPerGtin')).toEqual([
      [
        {
          companyId: 1,
          areas: { kind: 'area', areaId: 3 },
          minimumOfArea: 3,
          omitZero: true,
          filters: { gtin: '84370000', itemtype: undefined, description: undefined },
          orderBy: undefined,
          page,
        },
      ],
    ]);
  });

  it('reads a location, or every location the user sees, without minimums', async () => {
    const { repo, called } = fakeStockRepo();
    await getGlobalStock(repo, { user, query: { ...query, location: 2 }, page });
    await getGlobalStock(repo, { user, query, page });
    expect(called('stockPerGtin').map(([input]) => input)).toMatchObject([
      { areas: { kind: 'location', locationId: 2 }, minimumOfArea: null },
      { areas: { kind: 'visible', user }, minimumOfArea: null },
    ]);
  });

  it('refuses an area of another location than the one given (404)', async () => {
    const { repo, called } = fakeStockRepo();
    await expect(getGlobalStock(repo, { user, query: { ...query, area1: 3, location: 5 }, page })).rejects.toMatchObject({
      status: 404,
    });
    expect(called('stockPerGtin')).toEqual([]);
  });
});
