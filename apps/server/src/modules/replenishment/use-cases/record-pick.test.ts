import { describe, expect, it } from 'vitest';
import { fakeReplenishment, storeUser } from './fake-replenishment.js';
import { recordPick } from './record-pick.js';

describe('recordPick', () => {
  it('stores a pick (one unit unless told) or a skip by the user', async () => {
    const { repo, picks } = fakeReplenishment();
    const picked = await recordPick(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', status: 'picked' } });
    expect(picked).toEqual({ id: 1, gtin: '08437012100008', status: 'picked', quantity: 1, at: '2026-11-10T10:00:00.000Z' });
    await recordPick(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', status: 'picked', quantity: 3 } });
    await recordPick(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', status: 'skipped' } });
    expect(picks.map((p) => [p.status, p.quantity])).toEqual([
      ['picked', 1],
      ['picked', 3],
      ['skipped', 0],
    ]);
  });

  it('refuses a GTIN the store holds none of (400 on gtin) and a location the user does not see', async () => {
    const { repo, picks } = fakeReplenishment();
    await expect(
      recordPick(repo, storeUser, { locationId: 1, body: { gtin: '12345678', status: 'picked' } }),
    ).rejects.toMatchObject({
      errors: { gtin: ['replenishment.gtin_not_in_store'] },
    });
    await expect(
      recordPick(repo, storeUser, { locationId: 2, body: { gtin: '08437012100008', status: 'skipped' } }),
    ).rejects.toThrow();
    expect(picks).toEqual([]);
  });
});
