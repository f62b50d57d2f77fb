import type { ProviderReturn } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordQueryOptions } from '../../../lib/query-client';
import { inboundKeys } from '../keys';

/** GET /provider_returns/{id}/: one return (code, order, counts, window); 404 outside the user's locations. */
export const getProviderReturn = (id: string | number, signal?: AbortSignal) =>
  apiRequest<ProviderReturn>(`/provider_returns/${id}/`, { signal });

export const providerReturnQueryOptions = (id: string | number) =>
  recordQueryOptions(inboundKeys.providerReturn(id), (signal) => getProviderReturn(id, signal));

export const useProviderReturn = (id: string | number) => useQuery(providerReturnQueryOptions(id));
