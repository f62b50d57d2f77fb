import type { OnlineOrder } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';
import type { OriginHistoryQuery } from '../../../orders';
import { onlineKeys } from '../../keys';

/** Online dashboard: 11 orders per page (spec section 9). */
export const ONLINE_PAGE_SIZE = LIST_PAGE_SIZE;

/** The dashboard's filters: state, id, order code, exit date range and report type (spec section 2). */
export type OnlineOrderFilters = OriginHistoryQuery & { report_type: string };

/** GET /locations/{id}/v1/orders/?order_by=-creation_date with the filters and paging. */
export const getOnlineOrders = (locationId: number, filters: OnlineOrderFilters, page: PageParams) =>
  getPage<OnlineOrder>(`/locations/${locationId}/v1/orders/`, page, { query: { ...filters, order_by: '-creation_date' } });

/** The location's online orders as a paged table reads them. */
export const onlineOrdersPages = (locationId: number, filters: OnlineOrderFilters): PagedQuery<OnlineOrder> => ({
  queryKey: onlineKeys.list(locationId, filters),
  fetchPage: (page) => getOnlineOrders(locationId, filters, page),
  pageSize: ONLINE_PAGE_SIZE,
});
