import type { MovementOrder } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PageParams } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';
import type { OriginHistoryQuery } from '../../../orders';

/** Movement lists: 11 per page (spec section 9). */
export const MOVEMENTS_PAGE_SIZE = LIST_PAGE_SIZE;

/** Exit dashboard filters: state (origin_status, 0 to 4), id, order code and exit date range. */
export type ExitFilters = OriginHistoryQuery;

/** GET /locations/{id}/v1/exits/: movements leaving the location, newest first. */
export const getExits = (locationId: number, filters: ExitFilters, page: PageParams) =>
  getPage<MovementOrder>(`/locations/${locationId}/v1/exits/`, page, { query: { ...filters, order_by: '-creation_date' } });
