import type { MovementOrder, OnlineOrder, PurchaseOrder } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { liveRecordQueryOptions } from '../../../lib/query-client';
import { ordersKeys } from '../keys';
import type { OrderKind } from '../order-paths';

export type AnyOrder =
  | { kind: 'purchase'; order: PurchaseOrder }
  | { kind: 'online'; order: OnlineOrder }
  | { kind: 'exit' | 'entry'; order: MovementOrder };

/**
 * The order of any kind, as the header of its pages shows it:
 * GET /v1/porders/{id}/, /orders/{id}/ or /morders/{id}/?side=exit|entry (the side decides what
 * the unprefixed counts of a movement mean: the origin's or the destination's).
 */
export const getAnyOrder = async (kind: OrderKind, id: string | number, signal?: AbortSignal): Promise<AnyOrder> => {
  switch (kind) {
    case 'purchase':
      return { kind, order: await apiRequest<PurchaseOrder>(`/v1/porders/${id}/`, { signal }) };
    case 'online':
      return { kind, order: await apiRequest<OnlineOrder>(`/orders/${id}/`) };
    case 'exit':
    case 'entry':
      return { kind, order: await apiRequest<MovementOrder>(`/morders/${id}/`, { query: { side: kind } }) };
  }
};

export const anyOrderQueryOptions = (kind: OrderKind, id: string | number) =>
  liveRecordQueryOptions(ordersKeys.header(kind, id), (signal) => getAnyOrder(kind, id, signal));

export const useAnyOrder = (kind: OrderKind, id: string | number) => useQuery(anyOrderQueryOptions(kind, id));
