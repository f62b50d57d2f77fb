import { INVENTORY_LIST_PAGE_SIZE, type Inventory, type InventoryListQuery, type Page } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';

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
  apiRequest<Page<Inventory>>(`/locations/${locationId}/inventories/`, {
    query: { ...filters, order_by: '-id', limit: page.limit, offset: page.offset },
    timeoutMs: 20_000,
    signal: page.signal,
  });
