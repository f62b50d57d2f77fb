import type { OnlineOrder } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';
import type { OriginHistoryQuery } from '../../../orders';
import { onlineKeys } from '../../keys';

/** Online dashboard: 11 orders per page (spec section 9). */
export const ONLINE_PAGE_SIZE = LIST_PAGE_SIZE;

/** The dashboard's filters: state, id, order code, exit date range and report type (spec section 2). */
export type OnlineOrderFilters = OriginHistoryQuery & { report_type: string };

/**
 * The location's online orders as a paged table reads them: GET /locations/{id}/v1/orders/?order_by=-creation_date
 * with the filters.
 */
export const onlineOrdersPages = (locationId: number, filters: OnlineOrderFilters): PagedQuery<OnlineOrder> => ({
  queryKey: onlineKeys.list(locationId, filters),
  fetchPage: (page) =>
    getPage<OnlineOrder>(`/locations/${locationId}/v1/orders/`, page, { query: { ...filters, order_by: '-creation_date' } }),
  pageSize: ONLINE_PAGE_SIZE,
});
