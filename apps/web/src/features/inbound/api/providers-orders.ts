import type { Page, PurchaseOrder } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

/** Provider page tables: 11 per page (spec section 9). */
export const PROVIDER_ORDERS_PAGE_SIZE = 11;

export type ProviderOrdersParams = { providerId: string | number; pending: boolean; limit: number; offset: number };

/** GET /providers/{id}/porders/?pending=: pending orders (status 0) or resolved ones (the rest), newest first. */
export const getProviderOrders = ({ providerId, pending, limit, offset }: ProviderOrdersParams, signal?: AbortSignal) =>
  apiRequest<Page<PurchaseOrder>>(`/providers/${providerId}/porders/`, {
    query: { pending, limit, offset, order_by: '-creation_date' },
    signal,
  });

export const providerOrdersQueryOptions = (params: ProviderOrdersParams) =>
  queryOptions({
    queryKey: [...inboundKeys.providerOrders(params.providerId, params.pending), params],
    queryFn: ({ signal }) => getProviderOrders(params, signal),
  });
