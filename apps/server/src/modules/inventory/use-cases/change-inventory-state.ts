import type { Inventory, inventoryUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { RequestInput } from '../../use-case-input.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory, withTypes } from './inventory-scope.js';

export type ChangeInventoryStateInput = RequestInput<'id', { body: z.output<typeof inventoryUpdateBodySchema>; now: Date }>;

/**
 * PUT /inventorys/{id}/ {state}: 2 validates a pending inventory (its items move), 3 cancels a pending or computing one
 * (nothing moves); 409 with the reason otherwise (inventory.engine.ts, under the inventory's row lock, so a set
 * arriving meanwhile waits and a double click validates once). Answers the inventory as it is then.
 */
export const changeInventoryState = async (
  repo: Pick<InventoryRepository, 'inventory' | 'changeState' | 'partialTypesOf'>,
  { user, id, body, now }: ChangeInventoryStateInput,
): Promise<Inventory> => {
  await requireInventory(repo, user, id);
  await repo.changeState({ id, companyId: user.companyId, state: body.state, userId: user.id, at: now });
  return withTypes(repo, await requireInventory(repo, user, id));
};
