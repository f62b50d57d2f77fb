import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getContentBox } from './get-content-box.js';
import { fakeStockRepo } from './stock-fixtures.js';

const sighting = {
  setId: '77',
  boxId: 5,
  orderId: 9,
  pallet: '',
  codebar: 'B-1',
  quantity: 3,
  areaId: 3,
  areaDescription: 'Muelle',
  locationId: 2,
  locationDescription: 'CD Madrid',
  date: new Date('2026-11-01T10:00:00Z'),
};

describe("get a box's contents (use case)", () => {
  it('answers the GTINs of the last reading set of the barcode', async () => {
    const { repo, called } = fakeStockRepo({
      lastSighting: async () => sighting,
      setContents: async () => [
        { itemTypeId: 17, gtin: '08437000000013', description: 'Camisa', size: 'M', colour: 'Azul', quantity: 3 },
      ],
    });
    expect(await getContentBox(repo, { user: testUser(), codebar: 'B-1' })).toEqual({
      codebar: 'B-1',
      id: 5,
      quantity: 3,
      date: '2026-11-01T10:00:00.000Z',
      area: { id: 3, description: 'Muelle', location_description: 'CD Madrid' },
      results: [{ item_type: 17, gtin: '08437000000013', description: 'Camisa', size: 'M', colour: 'Azul', quantity: 3 }],
    });
    expect(called('setContents')).toEqual([['77']]);
  });

  it('answers 404 when the box was last read in a location the user does not see', async () => {
    const { repo, called } = fakeStockRepo({ lastSighting: async () => sighting });
    await expect(getContentBox(repo, { user: testUser({ locationIds: [4] }), codebar: 'B-1' })).rejects.toMatchObject({
      status: 404,
    });
    expect(called('setContents')).toEqual([]);
  });
});
