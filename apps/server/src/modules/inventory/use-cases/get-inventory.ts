import type { Inventory } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory, withTypes } from './inventory-scope.js';

/** GET /inventorys/{id}/: an inventory of a location the user sees (else 404), with its GTINs when partial. */
export const getInventory = async (
  repo: Pick<InventoryRepository, 'inventory' | 'partialTypesOf'>,
  { user, id }: { user: AuthUser; id: number },
): Promise<Inventory> => withTypes(repo, await requireInventory(repo, user, id));
