import type { MovementEntryStats } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../../lib/query-client';
import { movementsKeys } from '../../keys';
import type { StatsRange } from './exit-stats';

/** GET /locations/{id}/entrystats/?date_start&date_end: the entry dashboard's five figures (30 s timeout). */
export const entryStatsQueryOptions = (locationId: number, range: StatsRange, isPhone: boolean) =>
  queryOptions({
    queryKey: movementsKeys.entryStats(locationId, range),
    queryFn: ({ signal }) =>
      apiRequest<MovementEntryStats>(`/locations/${locationId}/entrystats/`, { query: range, timeoutMs: 30_000, signal }),
    refetchInterval: isPhone ? false : TABLE_REFRESH_MS,
    enabled: locationId > 0,
  });

export const useEntryStats = (locationId: number, range: StatsRange, isPhone: boolean) =>
  useQuery(entryStatsQueryOptions(locationId, range, isPhone));
