import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { MovementRow, MovementsRepository } from '../movements.repository.js';

/** The movement the user may see, or 404: what every operation on one movement loads first. */
export const requireMovement = async (
  repo: Pick<MovementsRepository, 'movement'>,
  user: AuthUser,
  id: number,
): Promise<MovementRow> => {
  return foundOr(repo.movement(user, id), 'orders.order_not_found');
};
