import { conflict } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { ORDER_DELETE_CONFLICT } from '../../orders/use-cases/order-pages.js';
import type { MovementsRepository } from '../movements.repository.js';
import { requireMovement } from './require-movement.js';

/**
 * DELETE /morders/{id}/: a movement with no verified box on either side and no valid verification, checked under
 * the order's lock (409 orders.delete_conflict otherwise, nothing deleted).
 */
export const deleteMovement = async (
  repo: Pick<MovementsRepository, 'movement' | 'transaction'>,
  { user, id }: { user: AuthUser; id: number },
): Promise<void> => {
  await requireMovement(repo, user, id);
  await repo.transaction(async (tx) => {
    await tx.lockOrder(id);
    if (await tx.hasVerifiedBox(id)) throw conflict(ORDER_DELETE_CONFLICT);
    await tx.deleteOrder(id);
  });
};
