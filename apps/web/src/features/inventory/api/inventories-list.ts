import { INVENTORY_LIST_PAGE_SIZE, type Inventory, type InventoryListQuery } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { inventoryKeys } from '../keys';

/** Inventory lists: 11 per page (spec section 9). */
export const INVENTORY_PAGE_SIZE = INVENTORY_LIST_PAGE_SIZE;

/** The dashboard's filters of spec section 7: area, state, type (total or partial) and id. */
export type InventoryFilters = Required<
  Pick<InventoryListQuery, 'state' | 'location_area' | 'inventorypartial__isnull' | 'id__icontains'>
>;

export const EMPTY_INVENTORY_FILTERS: InventoryFilters = {
  state: '',
  location_area: '',
  inventorypartial__isnull: '',
  id__icontains: '',
};

/** GET /locations/{id}/inventories/ (20 s timeout; offset, limit, state, id__icontains, location_area, inventorypartial__isnull, order_by -id). */
export const getInventories = (locationId: number, filters: InventoryFilters, page: PageParams) =>
  getPage<Inventory>(`/locations/${locationId}/inventories/`, page, {
    query: { ...filters, order_by: '-id' },
    timeoutMs: 20_000,
  });

/** The location's inventories as a paged table reads them. */
export const inventoriesPages = (locationId: number, filters: InventoryFilters): PagedQuery<Inventory> => ({
  queryKey: inventoryKeys.list(locationId, filters),
  fetchPage: (page) => getInventories(locationId, filters, page),
  pageSize: INVENTORY_PAGE_SIZE,
});
