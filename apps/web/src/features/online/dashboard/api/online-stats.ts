import type { ExitStats } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../../lib/query-client';
import { onlineKeys } from '../../keys';

export type StatsRange = { date_start: string; date_end: string };

/** GET /locations/{id}/onlinestats/?date_start&date_end: the five figures of the online dashboard (30 s timeout). */
export const onlineStatsQueryOptions = (locationId: number, range: StatsRange, isPhone: boolean) =>
  queryOptions({
    queryKey: onlineKeys.stats(locationId, range),
    queryFn: ({ signal }) =>
      apiRequest<ExitStats>(`/locations/${locationId}/onlinestats/`, { query: range, timeoutMs: 30_000, signal }),
    refetchInterval: isPhone ? false : TABLE_REFRESH_MS,
    enabled: locationId > 0,
  });

export const useOnlineStats = (locationId: number, range: StatsRange, isPhone: boolean) =>
  useQuery(onlineStatsQueryOptions(locationId, range, isPhone));
