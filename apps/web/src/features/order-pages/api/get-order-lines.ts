import type { Page } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { OrderKind } from '../../orders';
import { orderPagesKeys } from '../keys';
import { type OrderLine, orderEndpoint } from './order-endpoint';

/** Order detail: 100 item lines per page, ordered by GTIN (spec section 9). */
export const ORDER_LINES_PAGE_SIZE = 100;

/**
 * GET /porders/{id}/report/, /orders/{id}/report/ or /morders/{id}/report/?side=: per GTIN,
 * expected against real on the order's side (online lines add `online_percent`).
 */
export const getOrderLines = (kind: OrderKind, orderId: string, { limit, offset, signal }: PageParams) => {
  const { base, side } = orderEndpoint(kind, orderId);
  return apiRequest<Page<OrderLine>>(`${base}/report/`, {
    query: { ...side, order_by: 'gtin', limit, offset },
    timeoutMs: 30_000,
    signal,
  });
};

/** The order's item lines as a paged table reads them (one line a GTIN). */
export const orderLinesPages = (kind: OrderKind, orderId: string): PagedQuery<OrderLine> => ({
  queryKey: orderPagesKeys.lines(kind, orderId),
  fetchPage: (page) => getOrderLines(kind, orderId, page),
  pageSize: ORDER_LINES_PAGE_SIZE,
  rowKey: (line) => line.gtin,
});
