import type { InventoryGtin } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toItemTypeDto } from '../../catalog/catalog-dto.js';
import { emptyLine, toSummaryDto } from '../inventory-dto.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { requireInventory, withTypes } from './inventory-scope.js';

/**
 * GET /inventorys/{id}/types/{itemType}/: a GTIN in an inventory: the inventory, its line (zero figures when the GTIN
 * is not in it) and the product card. A GTIN not the company's is 404.
 */
export const getInventoryGtin = async (
  repo: Pick<InventoryRepository, 'inventory' | 'itemType' | 'summary' | 'partialTypesOf'>,
  { user, id, itemTypeId }: { user: AuthUser; id: number; itemTypeId: number },
): Promise<InventoryGtin> => {
  const row = await requireInventory(repo, user, id);
  const type = await foundOr(repo.itemType(user.companyId, itemTypeId), 'catalog.gtin_not_found');
  const { rows } = await repo.summary({ inventoryId: id, kind: 'all', query: {}, page: { limit: 1, offset: 0 }, itemTypeId });
  const [line] = rows;
  return {
    inventory: await withTypes(repo, row),
    line: toSummaryDto(line ?? emptyLine(type)),
    item_type: toItemTypeDto(type),
  };
};
