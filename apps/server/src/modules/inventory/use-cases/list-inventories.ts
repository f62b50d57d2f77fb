import type { Inventory, InventoryListQuery } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toInventoryDto } from '../inventory-dto.js';
import type { InventoryRepository } from '../inventory-store.repository.js';

export type ListInventoriesInput = { user: AuthUser; locationId: number; query: InventoryListQuery; page: PageParams };

/** GET /locations/{id}/inventories/: a page of the location's inventories; date-only filters are its days. */
export const listInventories = async (
  repo: Pick<InventoryRepository, 'location' | 'listInventories' | 'partialTypesOf'>,
  { user, locationId, query, page }: ListInventoriesInput,
): Promise<{ count: number; results: Inventory[] }> => {
  const { timeZone } = await repo.location(user, locationId);
  const { count, rows } = await repo.listInventories({ locationId, query, page, timeZone });
  const types = await repo.partialTypesOf(rows.filter((r) => r.isPartial).map((r) => r.id));
  return { count, results: rows.map((r) => toInventoryDto(r, types.get(r.id) ?? [])) };
};
