import { describe, expect, it } from 'vitest';
import { fakeReplenishment, lineRow, storeUser } from './fake-replenishment.js';
import { listReplenishment } from './list-replenishment.js';

describe('listReplenishment', () => {
  it("answers each line with the rule's quantities, the store's day and the recent sales' start", async () => {
    const { repo, calls } = fakeReplenishment([
      lineRow({ target: 3, on_floor: 1, in_stockroom: 1, picked: 1, picked_at: new Date('2026-11-10T09:00:00Z') }),
    ]);
    const now = new Date('2026-11-10T10:00:00Z');
    const page = await listReplenishment(repo, storeUser, {
      locationId: 1,
      query: { gtin: '84' },
      page: { limit: 20, offset: 0 },
      now,
    });
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      missing: 2,
      to_pick: 1,
      size: 'M',
      image: '',
      picked: 1,
      picked_at: '2026-11-10T09:00:00.000Z',
    });
    expect(calls[0]).toMatchObject({
      locationId: 1,
      companyId: 1,
      gtin: '84',
      dayStart: new Date('2026-11-09T23:00:00Z'), // midnight in Madrid
      salesSince: new Date('2026-11-03T10:00:00Z'),
    });
  });

  it('answers an empty page when nothing is missing, and refuses a location the user does not see', async () => {
    const { repo } = fakeReplenishment([]);
    expect(await listReplenishment(repo, storeUser, { locationId: 1, query: {}, page: { limit: 20, offset: 0 } })).toEqual({
      count: 0,
      results: [],
    });
    await expect(
      listReplenishment(repo, storeUser, { locationId: 2, query: {}, page: { limit: 20, offset: 0 } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
