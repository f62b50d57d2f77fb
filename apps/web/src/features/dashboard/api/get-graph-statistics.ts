import type { ChartGranularity, ChartModule, GraphStatistics } from '@rfid/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from '../keys';
import { type DashboardScope, STATISTICS_REFRESH_MS, scopePath } from './get-statistics';

export type GraphQuery = { module: ChartModule; granularity: ChartGranularity; start: string; end: string };

/**
 * GET /locations/{id}/graphstatistics/ (or the company's) with module, granularity, date_start and
 * date_end: the chart's x axis and series. Reloads with the statistics, every 20 s.
 */
export const graphStatisticsQueryOptions = (scope: DashboardScope, query: GraphQuery | null) =>
  queryOptions({
    queryKey: dashboardKeys.graph(scope, query),
    queryFn: ({ signal }) =>
      apiRequest<GraphStatistics>(`${scopePath(scope)}/graphstatistics/`, {
        query: {
          module: query?.module,
          granularity: query?.granularity,
          date_start: query?.start,
          date_end: query?.end,
        },
        timeoutMs: 30_000,
        signal,
      }),
    refetchInterval: STATISTICS_REFRESH_MS,
    placeholderData: keepPreviousData,
    enabled: scope.id > 0 && query !== null,
  });

export const useGraphStatistics = (scope: DashboardScope, query: GraphQuery | null) =>
  useQuery(graphStatisticsQueryOptions(scope, query));
