import type { ProviderReturn } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

/** GET /provider_returns/{id}/: one return (code, order, counts, window); 404 outside the user's locations. */
export const getProviderReturn = (id: string | number, signal?: AbortSignal) =>
  apiRequest<ProviderReturn>(`/provider_returns/${id}/`, { signal });

export const providerReturnQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: inboundKeys.providerReturn(id),
    queryFn: ({ signal }) => getProviderReturn(id, signal),
    retry: false,
  });

export const useProviderReturn = (id: string | number) => useQuery(providerReturnQueryOptions(id));
