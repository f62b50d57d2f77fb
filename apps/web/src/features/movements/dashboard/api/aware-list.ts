import type { MovementOrder } from '@rfid/contract';
import type { PagedQuery } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';
import { movementsKeys } from '../../keys';
import { MOVEMENTS_PAGE_SIZE } from './exits-list';

/** Filters of the list of every movement from or to the location. */
export type AwareFilters = { id__icontains: string; order_code__icontains: string };

/**
 * The movements from or to the location as a paged table reads them: GET
 * /locations/{id}/morderscaware/?order_by=-creation_date.
 */
export const awareMovementsPages = (locationId: number, filters: AwareFilters): PagedQuery<MovementOrder> => ({
  queryKey: movementsKeys.aware(locationId, filters),
  fetchPage: (page) =>
    getPage<MovementOrder>(`/locations/${locationId}/morderscaware/`, page, {
      query: { ...filters, order_by: '-creation_date' },
    }),
  pageSize: MOVEMENTS_PAGE_SIZE,
});
