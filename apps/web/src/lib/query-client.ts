import {
  keepPreviousData,
  QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest, type RequestOptions } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
  },
});

/** The query options of one record's endpoint: not retried, as its 404 (another company's, or gone) is final. */
export const recordQueryOptions = <T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => read(signal), retry: false });

/**
 * The query options of a search as one types: the previous answer stays while the next one loads;
 * `enabled` false waits (for enough text), `staleTime` keeps answers for a while.
 */
export const searchQueryOptions = <T>(
  queryKey: QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean; staleTime?: number } = {},
) => queryOptions({ queryKey, queryFn: ({ signal }) => read(signal), placeholderData: keepPreviousData, ...options });

/** Tables refresh every 20 s on desktop (spec section 9). */
export const TABLE_REFRESH_MS = 20_000;

/** The query options of a record shown over a table: as `recordQueryOptions`, refreshed with the table. */
export const liveRecordQueryOptions = <T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => read(signal), refetchInterval: TABLE_REFRESH_MS, retry: false });

/**
 * A dashboard's figures: GET /locations/{id}/{path} with the query (30 s timeout), refreshed with the tables
 * except on phones, and only once a location is chosen.
 */
export const useDashboardStats = <T>(
  queryKey: QueryKey,
  locationId: number,
  path: string,
  query: RequestOptions['query'],
  isPhone: boolean,
) =>
  useQuery({
    ...dashboardStatsOptions<T>(queryKey, locationId, path, query),
    refetchInterval: isPhone ? false : TABLE_REFRESH_MS,
  });

/** The query of a dashboard's figures (`useDashboardStats`), for a route's loader to start it beside the page's code. */
export const dashboardStatsOptions = <T>(queryKey: QueryKey, locationId: number, path: string, query: RequestOptions['query']) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest<T>(`/locations/${locationId}/${path}`, { query, timeoutMs: 30_000, signal }),
    enabled: locationId > 0,
  });

/** The query key of one page of a paged table (components/paged-table.tsx): the list's key, then the window. */
export const pageQueryKey = (queryKey: QueryKey, limit: number, offset: number): QueryKey => [...queryKey, { limit, offset }];

/** A write whose every answer, success or error, reloads the queries under `queryKey`. */
export const useSettledMutation = <V, R>(mutationFn: (variables: V) => Promise<R>, queryKey: QueryKey) => {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey }) });
};

/** A write whose success reloads the queries under `queryKey` (an error leaves them as they are). */
export const useSavingMutation = <V, R>(mutationFn: (variables: V) => Promise<R>, queryKey: QueryKey) => {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey }) });
};
