import type { ProviderStats } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { liveRecordQueryOptions } from '../../../lib/query-client';
import { inboundKeys } from '../keys';

/** GET /providers/{id}/statistics/: average reception time (hours), order count and delay percent. */
export const getProviderStatistics = (id: string | number, signal?: AbortSignal) =>
  apiRequest<ProviderStats>(`/providers/${id}/statistics/`, { signal });

export const providerStatisticsQueryOptions = (id: string | number) =>
  liveRecordQueryOptions(inboundKeys.providerStatistics(id), (signal) => getProviderStatistics(id, signal));

export const useProviderStatistics = (id: string | number) => useQuery(providerStatisticsQueryOptions(id));
