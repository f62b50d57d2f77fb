import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { liveRecordQueryOptions } from '../../../lib/query-client';
import type { OrderKind } from '../../orders';
import { orderPagesKeys } from '../keys';
import type { OrderBox } from './get-order-boxes';
import { orderEndpoint } from './order-endpoint';

/**
 * One box, seen from the order's side: GET /rboxes/{id}/ (purchase), /orders/{id}/boxes/{boxId}/
 * (online, with the online reading) or /morders/{id}/boxes/{boxId}/?side=.
 */
export const getOrderBox = (kind: OrderKind, orderId: string, boxId: string, signal?: AbortSignal) => {
  if (kind === 'purchase') return apiRequest<OrderBox>(`/rboxes/${boxId}/`, { silent: true, signal });
  const { base, side } = orderEndpoint(kind, orderId);
  return apiRequest<OrderBox>(`${base}/boxes/${boxId}/`, { query: side, silent: true });
};

export const orderBoxQueryOptions = (kind: OrderKind, orderId: string, boxId: string) =>
  liveRecordQueryOptions(orderPagesKeys.box(kind, orderId, boxId), (signal) => getOrderBox(kind, orderId, boxId, signal));

export const useOrderBox = (kind: OrderKind, orderId: string, boxId: string) =>
  useQuery(orderBoxQueryOptions(kind, orderId, boxId));
