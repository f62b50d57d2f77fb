import type { MovementOrder } from '@rfid/contract';
import type { PageParams } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';

/** Filters of the list of every movement from or to the location. */
export type AwareFilters = { id__icontains: string; order_code__icontains: string };

/** GET /locations/{id}/morderscaware/?order_by=-creation_date: movements from or to the location. */
export const getAwareMovements = (locationId: number, filters: AwareFilters, page: PageParams) =>
  getPage<MovementOrder>(`/locations/${locationId}/morderscaware/`, page, { query: { ...filters, order_by: '-creation_date' } });
