import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { listLocationMovements } from './list-location-movements.js';
import { fakeMovementsRepo, movementRow } from './movement-fixtures.js';

const user = testUser();
const page = { limit: 11, offset: 0 };
// The origin verified 2 boxes (8 items read), the destination 1 box (3 items read).
const halfway = movementRow({
  originVerifiedBoxes: 2,
  originRealItemCount: 8,
  destinationVerifiedBoxes: 1,
  destinationRealItemCount: 3,
});

describe("list a location's movements (use case)", () => {
  it("exits: the location's movements as origin, filtered on the origin's status, in the location's zone, with the origin's counts", async () => {
    const { repo, called } = fakeMovementsRepo({ movement: halfway });
    const query = { report_type: 'pending' as const };
    const answer = await listLocationMovements(repo, { user, locationId: 2, direction: 'exits', query, page });
    expect(called('listMovements')).toEqual([
      [{ scope: { companyId: 1, locationId: 2, at: 'origin' }, query, page, side: 'origin', timeZone: 'Europe/Madrid' }],
    ]);
    expect(answer.count).toBe(1);
    expect(answer.results[0]).toMatchObject({ id: 5, real_item_count: 8, num_verified_boxes: 2 });
  });

  it("entries and both ways: the destination's side and counts", async () => {
    const { repo, called } = fakeMovementsRepo({ movement: halfway });
    const entries = await listLocationMovements(repo, { user, locationId: 3, direction: 'entries', query: {}, page });
    const either = await listLocationMovements(repo, { user, locationId: 3, direction: 'either', query: {}, page });
    expect(called('listMovements').map(([input]) => input)).toEqual([
      expect.objectContaining({
        scope: { companyId: 1, locationId: 3, at: 'destination' },
        side: 'destination',
        timeZone: 'Atlantic/Canary',
      }),
      expect.objectContaining({
        scope: { companyId: 1, locationId: 3, at: 'either' },
        side: 'destination',
        timeZone: 'Atlantic/Canary',
      }),
    ]);
    for (const answer of [entries, either]) {
      expect(answer.results[0]).toMatchObject({ real_item_count: 3, num_verified_boxes: 1 });
    }
  });

  it('answers 404 for a location the user does not see, listing nothing', async () => {
    const { repo, called } = fakeMovementsRepo();
    await expect(listLocationMovements(repo, { user, locationId: 9, direction: 'exits', query: {}, page })).rejects.toMatchObject(
      { status: 404 },
    );
    expect(called('listMovements')).toEqual([]);
  });
});
