import type { ItemType } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { liveRecordQueryOptions } from '../../../lib/query-client';
import type { AnyOrder, OrderKind } from '../../orders';
import { orderPagesKeys } from '../keys';
import { type OrderLine, orderEndpoint } from './order-endpoint';

/** The GTIN-in-an-order answer: the order (as its kind's header reads it), the GTIN's attributes and its line. */
export type OrderGtin = { order: AnyOrder; item_type: ItemType; line: OrderLine };

/**
 * GET /porders/{id}/types/{itemType}/, /orders/{id}/types/{itemType}/ or
 * /morders/{id}/types/{itemType}/?side=; the page reloads it every 20 s (spec section 2).
 */
export const getOrderGtin = async (
  kind: OrderKind,
  orderId: string,
  itemType: string,
  signal?: AbortSignal,
): Promise<OrderGtin> => {
  const { base, side } = orderEndpoint(kind, orderId);
  const answer = await apiRequest<{ order: AnyOrder['order']; item_type: ItemType; line: OrderLine }>(
    `${base}/types/${itemType}/`,
    { query: side, silent: true, signal },
  );
  // The server answers the order of the kind asked for; the union is rebuilt around it.
  return { ...answer, order: { kind, order: answer.order } as AnyOrder };
};

export const orderGtinQueryOptions = (kind: OrderKind, orderId: string, itemType: string) =>
  liveRecordQueryOptions(orderPagesKeys.gtin(kind, orderId, itemType), (signal) => getOrderGtin(kind, orderId, itemType, signal));

export const useOrderGtin = (kind: OrderKind, orderId: string, itemType: string) =>
  useQuery(orderGtinQueryOptions(kind, orderId, itemType));
