import { describe, expect, it } from 'vitest';
import { fakeReplenishment, storeUser } from './fake-replenishment.js';
import { recordPick } from './record-pick.js';

describe('recordPick', () => {
  it('stores a pick (one unit unless told) or a skip by the user', async () => {
    const { repo, picks } = fakeReplenishment();
    const picked = await recordPick(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', status: 'picked' } });
    expect(picked).toEqual({
      pick: { id: 1, gtin: '08437012100008', status: 'picked', quantity: 1, at: '2026-11-10T10:00:00.000Z' },
      isCreated: true,
    });
    await recordPick(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', status: 'picked', quantity: 3 } });
    await recordPick(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', status: 'skipped' } });
    expect(picks.map((p) => [p.status, p.quantity])).toEqual([
      ['picked', 1],
      ['picked', 3],
      ['skipped', 0],
    ]);
  });

  it("stores a pick with the app's id once: a resend answers the first; the id on another pick is a conflict", async () => {
    const { repo, picks } = fakeReplenishment();
    const id = '6F1C1F5E-8D2B-4C57-9A43-0D3F0B0F7A11';
    const body = { id, gtin: '08437012100008', status: 'picked' as const, quantity: 2 };
    const first = await recordPick(repo, storeUser, { locationId: 1, body });
    const again = await recordPick(repo, storeUser, { locationId: 1, body: { ...body, id: id.toLowerCase() } });
    expect(first.isCreated).toBe(true);
    expect(again).toEqual({ pick: first.pick, isCreated: false });
    expect(picks).toHaveLength(1);
    await expect(recordPick(repo, storeUser, { locationId: 1, body: { ...body, status: 'skipped' } })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(recordPick(repo, { ...storeUser, id: 8 }, { locationId: 1, body })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(picks).toHaveLength(1);
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
