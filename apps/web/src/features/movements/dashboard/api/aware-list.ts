import type { MovementOrder } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';
import { movementsKeys } from '../../keys';
import { MOVEMENTS_PAGE_SIZE } from './exits-list';

/** Filters of the list of every movement from or to the location. */
export type AwareFilters = { id__icontains: string; order_code__icontains: string };

/** GET /locations/{id}/morderscaware/?order_by=-creation_date: movements from or to the location. */
export const getAwareMovements = (locationId: number, filters: AwareFilters, page: PageParams) =>
  getPage<MovementOrder>(`/locations/${locationId}/morderscaware/`, page, { query: { ...filters, order_by: '-creation_date' } });

/** The location's movements as a paged table reads them. */
export const awareMovementsPages = (locationId: number, filters: AwareFilters): PagedQuery<MovementOrder> => ({
  queryKey: movementsKeys.aware(locationId, filters),
  fetchPage: (page) => getAwareMovements(locationId, filters, page),
  pageSize: MOVEMENTS_PAGE_SIZE,
});
