import { describe, expect, it } from 'vitest';
import { getBrandEntries } from './get-brand-entries.js';
import { brandNotFound, clock, fakeStatsRepo, tenDays as query, statsUser as user } from './stats-fixtures.js';

describe('get brand entries (use case)', () => {
  it("answers the entry donut of the brand's locations, their orders (canceled included) and how many locations", async () => {
    const { repo, called } = fakeStatsRepo({
      orderStatusCounts: async () => ({ entry: { 0: 1, 2: 2, 3: 5, 4: 1 }, exit: { 3: 50 }, online: { 2: 60 } }),
    });
    expect(await getBrandEntries({ repo, now: clock }, { user, brandId: 5, query })).toEqual({
      correctly_received: 5,
      incorrectly_received: 2,
      waiting: 1,
      orders: 9, // 1 + 2 + 5 + 1
      locations: 2,
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-10T22:59:59.999Z',
    });
    expect(called('brandLocationIds')).toEqual([[user, 5]]);
    expect(called('scopeTimeZone')).toEqual([[{ companyId: 1, locationIds: [2, 3] }]]);
    expect(called('orderStatusCounts')).toEqual([
      [{ locationIds: [2, 3], from: new Date('2026-10-31T23:00:00Z'), to: new Date('2026-11-10T22:59:59.999Z') }],
    ]);
  });

  it("refuses a brand that is not of the user's company (404 brand.not_found), counting nothing", async () => {
    const { repo, calls, called } = fakeStatsRepo();
    await expect(getBrandEntries({ repo, now: clock }, { user, brandId: 7, query })).rejects.toMatchObject(brandNotFound);
    expect(called('brandOf')).toEqual([[1, 7]]);
    expect(calls.map((c) => c.method)).toEqual(['brandOf']);
  });
});
