import type { Provider } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /providers/{id}/: the provider's name (404 when none of the user's locations received from it). */
export const getProvider = (id: string | number) => apiRequest<Provider>(`/providers/${id}/`);

export const providerQueryKey = (id: string | number) => ['inbound', 'providers', String(id)] as const;

export const providerQueryOptions = (id: string | number) =>
  queryOptions({ queryKey: providerQueryKey(id), queryFn: () => getProvider(id), retry: false });

export const useProvider = (id: string | number) => useQuery(providerQueryOptions(id));
