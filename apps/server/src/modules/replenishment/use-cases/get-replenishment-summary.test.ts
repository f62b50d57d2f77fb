import { describe, expect, it } from 'vitest';
import { fakeReplenishment, lineRow, storeUser } from './fake-replenishment.js';
import { getReplenishmentSummary } from './get-replenishment-summary.js';

describe('getReplenishmentSummary', () => {
  it("answers the repository's NOSBOS and pick list size for the store's day", async () => {
    const { repo, calls } = fakeReplenishment([lineRow(), lineRow({ gtin: '2', on_floor: 1 })]);
    const summary = await getReplenishmentSummary(repo, storeUser, { locationId: 1, now: new Date('2026-11-10T10:00:00Z') });
    expect(summary).toEqual({ nosbos: 1, lines: 2, units: 0 });
    expect(calls[0]).toEqual({ locationId: 1, companyId: 1, dayStart: new Date('2026-11-09T23:00:00Z') });
    await expect(getReplenishmentSummary(repo, storeUser, { locationId: 3 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
