import type { Page, ProviderReturn } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** Return lists: 11 per page (spec section 9). */
export const PROVIDER_RETURNS_PAGE_SIZE = LIST_PAGE_SIZE;

export type ProviderReturnFilters = { code__icontains?: string; end_time__gte?: string; end_time__lte?: string };
export type ProviderReturnsParams = ProviderReturnFilters & { locationId: number; limit: number; offset: number };

/** GET /locations/{id}/provider_returns/: the location's provider returns (goods sent back to a provider), newest first. */
export const getProviderReturns = ({ locationId, ...query }: ProviderReturnsParams, signal?: AbortSignal) =>
  apiRequest<Page<ProviderReturn>>(`/locations/${locationId}/provider_returns/`, {
    query: { ...query, order_by: '-end_time' },
    signal,
  });
