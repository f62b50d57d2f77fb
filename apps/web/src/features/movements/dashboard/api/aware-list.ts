import type { MovementOrder, Page } from '@rfid/contract';
import type { PageParams } from '../../../../components/paged-table';
import { apiRequest } from '../../../../lib/api-client';

/** Filters of the list of every movement from or to the location. */
export type AwareFilters = { id__icontains: string; order_code__icontains: string };

/** GET /locations/{id}/morderscaware/?order_by=-creation_date: movements from or to the location. */
export const getAwareMovements = (locationId: number, filters: AwareFilters, page: PageParams) =>
  apiRequest<Page<MovementOrder>>(`/locations/${locationId}/morderscaware/`, {
    query: { ...filters, order_by: '-creation_date', limit: page.limit, offset: page.offset },
    signal: page.signal,
  });
