import type { Page } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { OrderKind } from '../../orders';
import { orderPagesKeys } from '../keys';
import { type OrderLine, orderEndpoint } from './order-endpoint';

/** Box detail: 8 item lines per page (spec section 9). */
export const BOX_LINES_PAGE_SIZE = 8;

/**
 * A box's item lines with the GTIN filter: GET /rboxes/{id}/report/ (purchase),
 * /orders/{id}/boxes/{boxId}/report/ (online) or /morders/{id}/boxes/{boxId}/report/?side=.
 */
export const getBoxLines = (
  kind: OrderKind,
  orderId: string,
  boxId: string,
  gtin: string,
  { limit, offset, signal }: PageParams,
) => {
  const { base, side } = orderEndpoint(kind, orderId);
  const path = kind === 'purchase' ? `/rboxes/${boxId}/report/` : `${base}/boxes/${boxId}/report/`;
  return apiRequest<Page<OrderLine>>(path, {
    query: { ...side, item_type__gtin__contains: gtin, order_by: 'gtin', limit, offset },
    timeoutMs: 30_000,
    signal,
  });
};

/** A box's item lines with the GTIN filter as a paged table reads them (one line a GTIN). */
export const boxLinesPages = (kind: OrderKind, orderId: string, boxId: string, gtin: string): PagedQuery<OrderLine> => ({
  queryKey: orderPagesKeys.boxLines(kind, orderId, boxId, gtin),
  fetchPage: (page) => getBoxLines(kind, orderId, boxId, gtin, page),
  pageSize: BOX_LINES_PAGE_SIZE,
  rowKey: (line) => line.gtin,
});
