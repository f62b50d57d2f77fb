import { type MovementOrder, type movementOrderUpdateBodySchema, OrderStatus } from '@rfid/contract';
import type { z } from 'zod';
import { conflict } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { canCancelEntry, toMovementDto } from '../movement-dto.js';
import type { MovementsRepository } from '../movements.repository.js';
import { requireMovement } from './require-movement.js';

export type UpdateMovementInput = { user: AuthUser; id: number; body: z.output<typeof movementOrderUpdateBodySchema> };

/**
 * PUT /morders/{id}/: `sync`, and `destination_status` 4 = cancel the entry, in one transaction under the order's lock.
 * Cancel only when the origin verified boxes and the destination none, read again under the lock (409
 * movements.cancel_conflict otherwise, nothing written). Answered as its entry side.
 */
export const updateMovement = async (
  repo: Pick<MovementsRepository, 'movement' | 'transaction'>,
  { user, id, body }: UpdateMovementInput,
): Promise<MovementOrder> => {
  await requireMovement(repo, user, id);
  await repo.transaction(async (tx) => {
    await tx.lockOrder(id);
    if (body.destination_status === OrderStatus.Canceled) {
      const fresh = await tx.movement(user, id);
      if (!fresh || !canCancelEntry(fresh)) throw conflict('movements.cancel_conflict');
      await tx.cancelEntry(id);
    }
    if (body.sync !== undefined) await tx.setSync(id, body.sync);
  });
  return toMovementDto(await requireMovement(repo, user, id), 'entry');
};
