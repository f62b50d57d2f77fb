import type { ProviderStats } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../lib/query-client';
import { inboundKeys } from '../keys';

/** GET /providers/{id}/statistics/: average reception time (hours), order count and delay percent. */
export const getProviderStatistics = (id: string | number, signal?: AbortSignal) =>
  apiRequest<ProviderStats>(`/providers/${id}/statistics/`, { signal });

export const providerStatisticsQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: inboundKeys.providerStatistics(id),
    queryFn: ({ signal }) => getProviderStatistics(id, signal),
    refetchInterval: TABLE_REFRESH_MS,
    retry: false,
  });

export const useProviderStatistics = (id: string | number) => useQuery(providerStatisticsQueryOptions(id));
