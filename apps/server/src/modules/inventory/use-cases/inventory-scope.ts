import type { Inventory } from '@rfid/contract';
import { visibleOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InventoryRow } from '../inventory.repository.js';
import { toInventoryDto } from '../inventory-dto.js';
import type { InventoryRepository } from '../inventory-store.repository.js';

/** The inventory when the user sees its location (another company's, or a location not the user's: 404). */
export const requireInventory = async (
  repo: Pick<InventoryRepository, 'inventory'>,
  user: AuthUser,
  id: number,
): Promise<InventoryRow> => {
  return visibleOr(user, repo.inventory({ id, companyId: user.companyId }), 'inventory.not_found');
};

/** The inventory as the API answers it, with its GTINs when partial. */
export const withTypes = async (repo: Pick<InventoryRepository, 'partialTypesOf'>, row: InventoryRow): Promise<Inventory> => {
  const types = row.isPartial ? await repo.partialTypesOf([row.id]) : new Map();
  return toInventoryDto(row, types.get(row.id) ?? []);
};
