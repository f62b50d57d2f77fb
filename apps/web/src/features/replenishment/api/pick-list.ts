import { REPLENISHMENT_PAGE_SIZE, type ReplenishmentLine } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { replenishmentKeys } from '../keys';

export type PickListFilters = { gtin: string };

/** GET /locations/{id}/replenishment/: the store's pick list, 20 a page, most sold first (as a PagedTable reads it). */
export const pickListPages = (locationId: number, filters: PickListFilters): PagedQuery<ReplenishmentLine> => ({
  queryKey: replenishmentKeys.list(locationId, filters),
  fetchPage: (page) => getPage<ReplenishmentLine>(`/locations/${locationId}/replenishment/`, page, { query: filters }),
  pageSize: REPLENISHMENT_PAGE_SIZE,
  rowKey: (row) => row.gtin,
});
