import type { InboundStats } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../lib/query-client';
import { inboundKeys } from '../keys';

/** GET /locations/{id}/porders/statistics/?from&to: the six figures of the inbound dashboard. */
export const inboundStatsQueryOptions = (locationId: number, range: { from?: string; to?: string }, isPhone: boolean) =>
  queryOptions({
    queryKey: inboundKeys.stats(locationId, range),
    queryFn: ({ signal }) =>
      apiRequest<InboundStats>(`/locations/${locationId}/porders/statistics/`, { query: range, timeoutMs: 30_000, signal }),
    refetchInterval: isPhone ? false : TABLE_REFRESH_MS,
    enabled: locationId > 0,
  });

export const useInboundStats = (locationId: number, range: { from?: string; to?: string }, isPhone: boolean) =>
  useQuery(inboundStatsQueryOptions(locationId, range, isPhone));

/** "hours,seconds" → the first part (spec section 3). */
export const firstPart = (value: string | null | undefined): string => (value ?? '').split(',')[0]?.trim() ?? '';
