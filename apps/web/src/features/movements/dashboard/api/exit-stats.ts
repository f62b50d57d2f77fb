import type { ExitStats } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../../lib/query-client';
import { movementsKeys } from '../../keys';

export type StatsRange = { date_start: string; date_end: string };

/** GET /locations/{id}/movstats/?date_start&date_end: the exit dashboard's five figures (30 s timeout). */
export const exitStatsQueryOptions = (locationId: number, range: StatsRange, isPhone: boolean) =>
  queryOptions({
    queryKey: movementsKeys.exitStats(locationId, range),
    queryFn: ({ signal }) =>
      apiRequest<ExitStats>(`/locations/${locationId}/movstats/`, { query: range, timeoutMs: 30_000, signal }),
    refetchInterval: isPhone ? false : TABLE_REFRESH_MS,
    enabled: locationId > 0,
  });

export const useExitStats = (locationId: number, range: StatsRange, isPhone: boolean) =>
  useQuery(exitStatsQueryOptions(locationId, range, isPhone));
