import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { setMinimumStock } from './set-minimum-stock.js';
import { area3, fakeStockRepo } from './stock-fixtures.js';

const user = testUser();

describe('set a minimum stock (use case)', () => {
  it('writes the minimum of the GTIN in the area, tells the live stream and answers the record', async () => {
    const { repo, called } = fakeStockRepo();
    const answer = await setMinimumStock(repo, { user, body: { area: 3, item_type: 17, minimum_stock: 5 } });
    expect(answer).toMatchObject({ created: true, record: { id: 40, area: 3, item_type: 17, minimum_stock: 5 } });
    expect(called('upsertMinimumStock')).toEqual([[{ companyId: 1, areaId: 3, itemTypeId: 17, minimumStock: 5 }]]);
    expect(called('alarmsChanged')).toEqual([[area3]]);
  });

  it("refuses a GTIN that is not the company's (404), writing nothing", async () => {
    const { repo, called } = fakeStockRepo();
    await expect(setMinimumStock(repo, { user, body: { area: 3, item_type: 99, minimum_stock: 5 } })).rejects.toMatchObject({
      status: 404,
    });
    expect(called('upsertMinimumStock')).toEqual([]);
  });
});
