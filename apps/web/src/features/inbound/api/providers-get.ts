import type { Provider } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

/** GET /providers/{id}/: the provider's name (404 when none of the user's locations received from it). */
export const getProvider = (id: string | number, signal?: AbortSignal) => apiRequest<Provider>(`/providers/${id}/`, { signal });

export const providerQueryOptions = (id: string | number) =>
  queryOptions({ queryKey: inboundKeys.provider(id), queryFn: ({ signal }) => getProvider(id, signal), retry: false });

export const useProvider = (id: string | number) => useQuery(providerQueryOptions(id));
