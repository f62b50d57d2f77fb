import type { InventoryDifferences } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toInventoryDifferences } from '../erp.dto.js';
import type { ErpRepository } from '../erp.repository.js';

/**
 * GET /api/inventorys/{id}/differences/ (every role that sees its location): per GTIN, expected, counted, difference,
 * approved (the inventory is validated). Another company's or location's inventory is 404.
 */
export const getInventoryDifferences = async (
  repo: Pick<ErpRepository, 'inventoryHead' | 'inventoryLines'>,
  user: AuthUser,
  { id, onlyDifferences }: { id: number; onlyDifferences: boolean },
): Promise<InventoryDifferences> => {
  const head = await foundOr(repo.inventoryHead(user, id), 'inventory.not_found');
  return toInventoryDifferences(head, await repo.inventoryLines([head.id]), { onlyDifferences });
};
