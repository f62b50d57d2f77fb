import type { Page, PurchaseOrder } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** Provider page tables: 11 per page (spec section 9). */
export const PROVIDER_ORDERS_PAGE_SIZE = LIST_PAGE_SIZE;

export type ProviderOrdersParams = { providerId: string | number; pending: boolean; limit: number; offset: number };

/** GET /providers/{id}/porders/?pending=: pending orders (status 0) or resolved ones (the rest), newest first. */
export const getProviderOrders = ({ providerId, pending, limit, offset }: ProviderOrdersParams, signal?: AbortSignal) =>
  apiRequest<Page<PurchaseOrder>>(`/providers/${providerId}/porders/`, {
    query: { pending, limit, offset, order_by: '-creation_date' },
    signal,
  });
