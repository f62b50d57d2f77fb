import { describe, expect, it } from 'vitest';
import { listStockEvolution } from './list-stock-evolution.js';
import { fakeStatsRepo, statsUser as user } from './stats-fixtures.js';

const page = { limit: 20, offset: 40 };

describe('list stock evolution (use case)', () => {
  it('asks for location totals newest first by default, and answers the rows in the contract’s names', async () => {
    const { repo, called } = fakeStatsRepo({
      listStockEvolution: async () => ({
        count: 41,
        rows: [
          {
            day: '2026-11-28',
            location: 2,
            locationDescription: 'T-MAD-01',
            area: null,
            areaDescription: null,
            quantity: 95,
            theoreticalQuantity: 100,
          },
        ],
      }),
    });
    expect(await listStockEvolution({ repo }, { user, query: {}, page })).toEqual({
      count: 41,
      results: [
        {
          day: '2026-11-28',
          location: 2,
          location_description: 'T-MAD-01',
          area: null,
          area_description: null,
          quantity: 95,
          theoretical_quantity: 100,
        },
      ],
    });
    expect(called('location')).toEqual([]);
    expect(called('listStockEvolution')).toEqual([
      [
        {
          user,
          location: undefined,
          area: undefined,
          areaIsNull: true,
          dayGte: undefined,
          dayLte: undefined,
          ascending: false,
          page,
        },
      ],
    ]);
  });

  it('passes a visible location, area rows (area__isnull=False), the days and order_by=day', async () => {
    const { repo, called } = fakeStatsRepo();
    await listStockEvolution(
      { repo },
      {
        user,
        query: { location: 2, area__isnull: 'False', day__gte: '2026-11-01', day__lte: '2026-11-10', order_by: 'day' },
        page,
      },
    );
    expect(called('location')).toEqual([[user, 2]]);
    expect(called('listStockEvolution')[0]).toEqual([
      {
        user,
        location: 2,
        area: undefined,
        areaIsNull: false,
        dayGte: '2026-11-01',
        dayLte: '2026-11-10',
        ascending: true,
        page,
      },
    ]);
  });

  it('refuses a location the user does not see (404) without listing', async () => {
    const { repo, called } = fakeStatsRepo();
    await expect(listStockEvolution({ repo }, { user, query: { location: 9 }, page })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      text: { key: 'location.not_found' },
    });
    expect(called('listStockEvolution')).toEqual([]);
  });
});
