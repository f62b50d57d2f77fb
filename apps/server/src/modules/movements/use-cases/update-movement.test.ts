import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeMovementsRepo, movementRow } from './movement-fixtures.js';
import { updateMovement } from './update-movement.js';

const user = testUser();
/** Left the origin (2 boxes verified there), not received yet: its entry may be canceled. */
const shipped = movementRow({ originVerifiedBoxes: 2 });

describe('update a movement (use case)', () => {
  it('cancels the entry under the order lock when the origin verified boxes and the destination none', async () => {
    const { repo, calls, state } = fakeMovementsRepo({ movement: shipped });
    const answer = await updateMovement(repo, { user, id: 5, body: { destination_status: 4 } });
    expect(calls.filter((c) => c.method.startsWith('tx.')).map((c) => c.method)).toEqual([
      'tx.lockOrder',
      'tx.movement',
      'tx.cancelEntry',
    ]);
    expect(state.movement?.destinationStatus).toBe(4);
    expect(answer).toMatchObject({ id: 5, destination_status: 4, can_cancel: false });
  });

  it('refuses the cancel (409) when the destination verified a box, and keeps the sync given with it unwritten', async () => {
    const { repo, called, state } = fakeMovementsRepo({
      movement: movementRow({ originVerifiedBoxes: 2, destinationVerifiedBoxes: 1 }),
    });
    await expect(updateMovement(repo, { user, id: 5, body: { destination_status: 4, sync: true } })).rejects.toMatchObject({
      status: 409,
      text: { key: 'movements.cancel_conflict' },
    });
    expect(called('tx.cancelEntry')).toEqual([]);
    expect(called('tx.setSync')).toEqual([]);
    expect(state.movement).toMatchObject({ destinationStatus: 0, sync: false });
  });

  it('refuses the cancel (409) of an entry canceled already, and of a movement the origin has not verified', async () => {
    for (const movement of [movementRow({ originVerifiedBoxes: 2, destinationStatus: 4 }), movementRow()]) {
      const { repo, called } = fakeMovementsRepo({ movement });
      await expect(updateMovement(repo, { user, id: 5, body: { destination_status: 4 } })).rejects.toMatchObject({ status: 409 });
      expect(called('tx.cancelEntry')).toEqual([]);
    }
  });

  it('sets sync alone, and acts on no other destination status; answers the entry side', async () => {
    const { repo, called, state } = fakeMovementsRepo({
      movement: movementRow({ destinationVerifiedBoxes: 1, destinationRealItemCount: 4 }),
    });
    const answer = await updateMovement(repo, { user, id: 5, body: { sync: true, destination_status: 2 } });
    expect(called('tx.setSync')).toEqual([[5, true]]);
    expect(called('tx.cancelEntry')).toEqual([]);
    expect(state.movement).toMatchObject({ sync: true, destinationStatus: 0 });
    expect(answer).toMatchObject({ sync: true, real_item_count: 4, num_verified_boxes: 1 });
  });

  it('answers 404 for a movement the user does not see, opening no transaction', async () => {
    const { repo, called } = fakeMovementsRepo();
    await expect(updateMovement(repo, { user, id: 6, body: { sync: true } })).rejects.toMatchObject({ status: 404 });
    expect(called('transaction')).toEqual([]);
  });
});
