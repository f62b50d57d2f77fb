import { describe, expect, it } from 'vitest';
import { fakeReplenishment, storeUser } from './fake-replenishment.js';
import { deleteFloorTarget, listFloorTargets, setFloorTarget } from './floor-targets.js';

describe('floor targets', () => {
  it('sets the default, upserts a GTIN or section override and takes one away', async () => {
    const { repo } = fakeReplenishment();
    expect(await listFloorTargets(repo, storeUser, 1)).toEqual({ default: 1, overrides: [] });
    expect((await setFloorTarget(repo, storeUser, { locationId: 1, body: { target: 2 } })).default).toBe(2);
    await setFloorTarget(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', target: 3 } });
    await setFloorTarget(repo, storeUser, { locationId: 1, body: { gtin: '08437012100008', target: 5 } });
    const after = await setFloorTarget(repo, storeUser, { locationId: 1, body: { section: 'Mujer', target: 4 } });
    expect(after.overrides.map((o) => [o.gtin, o.section, o.target])).toEqual([
      ['08437012100008', null, 5],
      [null, 'Mujer', 4],
    ]);
    await deleteFloorTarget(repo, storeUser, { locationId: 1, targetId: after.overrides[0]?.id ?? 0 });
    expect((await listFloorTargets(repo, storeUser, 1)).overrides).toHaveLength(1);
  });

  it("answers 404 for a target that is not the store's, and refuses a location the user does not see", async () => {
    const { repo } = fakeReplenishment();
    await expect(deleteFloorTarget(repo, storeUser, { locationId: 1, targetId: 99 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(setFloorTarget(repo, storeUser, { locationId: 2, body: { target: 2 } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
