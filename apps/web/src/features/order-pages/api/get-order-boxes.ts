import type { Box, Page } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { OrderKind } from '../../orders';
import { orderPagesKeys } from '../keys';
import { orderEndpoint } from './order-endpoint';

/** Order boxes: 40 per page (spec section 9). */
export const ORDER_BOXES_PAGE_SIZE = 40;

/** A box of any kind, seen from the order's side; online boxes also carry the online reading (above 100 → 0). */
export type OrderBox = Box & { online_percent?: number };

/** Movement boxes are listed under /v1/morders/ (spec section 7); purchase and online under their orders. */
const boxesPath = (kind: OrderKind, orderId: string): string =>
  kind === 'exit' || kind === 'entry' ? `/v1/morders/${orderId}/boxes/` : `${orderEndpoint(kind, orderId).base}/boxes/`;

/**
 * GET /porders/{id}/boxes/, /orders/{id}/boxes/ or /v1/morders/{id}/boxes/?side=, ordered by
 * barcode with the barcode filter (box__codebar__contains); 30 s timeout (spec section 9).
 */
export const getOrderBoxes = (kind: OrderKind, orderId: string, barcode: string, { limit, offset, signal }: PageParams) =>
  apiRequest<Page<OrderBox>>(boxesPath(kind, orderId), {
    query: { ...orderEndpoint(kind, orderId).side, order_by: 'box__codebar', box__codebar__contains: barcode, limit, offset },
    timeoutMs: 30_000,
    signal,
  });

/** The order's boxes with the barcode filter as a paged table reads them. */
export const orderBoxesPages = (kind: OrderKind, orderId: string, barcode: string): PagedQuery<OrderBox> => ({
  queryKey: orderPagesKeys.boxes(kind, orderId, barcode),
  fetchPage: (page) => getOrderBoxes(kind, orderId, barcode, page),
  pageSize: ORDER_BOXES_PAGE_SIZE,
});
