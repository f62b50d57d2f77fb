import type { OnlineOrder } from '@rfid/contract';
import type { PageParams } from '../../../../components/paged-table';
import { getPage } from '../../../../lib/api-client';

/** Online dashboard: 11 orders per page (spec section 9). */
export const ONLINE_PAGE_SIZE = 11;

/** The dashboard's filters: state, id, order code, exit date range and report type (spec section 2). */
export type OnlineOrderFilters = {
  origin_status: string;
  id__icontains: string;
  order_code__icontains: string;
  exit_date__gte: string;
  exit_date__lte: string;
  report_type: string;
};

/** GET /locations/{id}/v1/orders/?order_by=-creation_date with the filters and paging. */
export const getOnlineOrders = (locationId: number, filters: OnlineOrderFilters, page: PageParams) =>
  getPage<OnlineOrder>(`/locations/${locationId}/v1/orders/`, page, { query: { ...filters, order_by: '-creation_date' } });
