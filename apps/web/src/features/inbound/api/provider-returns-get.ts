import type { ProviderReturn } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /provider_returns/{id}/: one return (code, order, counts, window); 404 outside the user's locations. */
export const getProviderReturn = (id: string | number) => apiRequest<ProviderReturn>(`/provider_returns/${id}/`);

export const providerReturnQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: ['inbound', 'provider-returns', 'one', String(id)] as const,
    queryFn: () => getProviderReturn(id),
    retry: false,
  });

export const useProviderReturn = (id: string | number) => useQuery(providerReturnQueryOptions(id));
