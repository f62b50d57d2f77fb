import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { deleteMovement } from './delete-movement.js';
import { fakeMovementsRepo, movementRow } from './movement-fixtures.js';

const user = testUser();

describe('delete a movement (use case)', () => {
  it('deletes a movement with no verified box, checked under the order lock', async () => {
    const { repo, calls, state } = fakeMovementsRepo();
    await deleteMovement(repo, { user, id: 5 });
    expect(calls.filter((c) => c.method.startsWith('tx.')).map((c) => c.method)).toEqual([
      'tx.lockOrder',
      'tx.hasVerifiedBox',
      'tx.deleteOrder',
    ]);
    expect(state.movement).toBeUndefined();
  });

  it('refuses (409 orders.delete_conflict) a movement verified on either side, deleting nothing', async () => {
    for (const movement of [movementRow({ originVerifiedBoxes: 1 }), movementRow({ destinationVerifiedBoxes: 1 })]) {
      const { repo, called, state } = fakeMovementsRepo({ movement });
      await expect(deleteMovement(repo, { user, id: 5 })).rejects.toMatchObject({
        status: 409,
        text: { key: 'orders.delete_conflict' },
      });
      expect(called('tx.deleteOrder')).toEqual([]);
      expect(state.movement).toBeDefined();
    }
  });

  it('answers 404 for a movement the user does not see', async () => {
    const { repo, called } = fakeMovementsRepo();
    await expect(deleteMovement(repo, { user, id: 6 })).rejects.toMatchObject({ status: 404 });
    expect(called('transaction')).toEqual([]);
  });
});
