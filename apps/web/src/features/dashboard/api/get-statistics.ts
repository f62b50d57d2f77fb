import type { LocationStatistics } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from '../keys';

/** Statistics reload every 20 s (spec section 2, Dashboard). */
export const STATISTICS_REFRESH_MS = 20_000;

/** Whose dashboard: a location (center or store), or a whole company (the picker's Company tab). */
export type DashboardScope = { kind: 'location' | 'company'; id: number };

export const scopePath = ({ kind, id }: DashboardScope): string => (kind === 'company' ? `/companies/${id}` : `/locations/${id}`);

/** GET /locations/{id}/statistics/ or /companies/{id}/statistics/: the boxes and the donuts (last 30 days). */
export const statisticsQueryOptions = (scope: DashboardScope) =>
  queryOptions({
    queryKey: dashboardKeys.statistics(scope),
    queryFn: ({ signal }) => apiRequest<LocationStatistics>(`${scopePath(scope)}/statistics/`, { timeoutMs: 30_000, signal }),
    refetchInterval: STATISTICS_REFRESH_MS,
    enabled: scope.id > 0,
  });

export const useStatistics = (scope: DashboardScope) => useQuery(statisticsQueryOptions(scope));
