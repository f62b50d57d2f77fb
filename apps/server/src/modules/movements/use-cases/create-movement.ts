import type { MovementOrder, movementOrderCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { movementOrderValues } from '../../orders/order-dto.js';
import { toMovementDto } from '../movement-dto.js';
import type { MovementsRepository } from '../movements.repository.js';
import { requireMovement } from './require-movement.js';

export type CreateMovementInput = { user: AuthUser; body: z.output<typeof movementOrderCreateBodySchema> };

/**
 * POST /morders/: a movement from a location the user sees (404 otherwise) to another one they see (400 on
 * destination_id when not, or when it is the origin); answered as its exit side.
 */
export const createMovement = async (
  repo: Pick<MovementsRepository, 'location' | 'insertOrder' | 'movement'>,
  { user, body }: CreateMovementInput,
): Promise<MovementOrder> => {
  await repo.location(user, body.origin_id);
  try {
    await repo.location(user, body.destination_id);
  } catch {
    throw fieldError('destination_id', 'location.not_found');
  }
  if (body.origin_id === body.destination_id) throw fieldError('destination_id', 'movements.destination_same');
  const id = await repo.insertOrder(movementOrderValues(user.companyId, body));
  return toMovementDto(await requireMovement(repo, user, id), 'exit');
};
