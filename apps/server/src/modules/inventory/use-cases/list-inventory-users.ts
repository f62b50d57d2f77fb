import type { InventoryUser } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { toInventoryUsers } from '../inventory-dto.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory } from './inventory-scope.js';

/** GET /inventorys/{id}/users/: who opened the inventory and who validated or canceled it, with the dates. */
export const listInventoryUsers = async (
  repo: Pick<InventoryRepository, 'inventory' | 'people'>,
  { user, id }: { user: AuthUser; id: number },
): Promise<InventoryUser[]> => {
  const row = await requireInventory(repo, user, id);
  return toInventoryUsers(row, await repo.people(row));
};
