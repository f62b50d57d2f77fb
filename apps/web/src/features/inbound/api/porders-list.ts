import type { PurchaseOrder, ReportType } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import type { DestinationHistoryQuery } from '../../orders';
import { inboundKeys } from '../keys';

/** Inbound dashboard history: 11 per page (spec section 9). */
export const DASHBOARD_PAGE_SIZE = LIST_PAGE_SIZE;

/** The history filters of the spec: state, id, order code, arrival range, provider name and report type. */
export type OrderFilters = DestinationHistoryQuery & { origin__name__icontains: string; report_type: ReportType | '' };

export const EMPTY_ORDER_FILTERS: OrderFilters = {
  destination_status: '',
  id__icontains: '',
  order_code__icontains: '',
  origin__name__icontains: '',
  arrival_date__gte: '',
  arrival_date__lte: '',
  report_type: '',
};

/**
 * The location's purchase orders as a paged table reads them: GET /locations/{id}/v1/porders/?order_by=-creation_date
 * with the filters.
 */
export const purchaseOrdersPages = (locationId: number, filters: OrderFilters): PagedQuery<PurchaseOrder> => ({
  queryKey: inboundKeys.list(locationId, filters),
  fetchPage: (page) =>
    getPage<PurchaseOrder>(`/locations/${locationId}/v1/porders/`, page, { query: { ...filters, order_by: '-creation_date' } }),
  pageSize: DASHBOARD_PAGE_SIZE,
});
