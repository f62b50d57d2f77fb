import { type QueryKey, queryOptions } from '@tanstack/react-query';

/**
 * The query options of a lookup that waits for a choice (`chosen`, null until made: the query stays off), then runs
 * `fetch` with it.
 */
export const chosenLookup = <T, K extends QueryKey>(
  queryKey: K,
  chosen: number | null,
  fetch: (chosen: number, signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey,
    // Never called while nothing is chosen (enabled is false then).
    queryFn: ({ signal }) => (chosen === null ? Promise.reject(new Error('Nothing chosen')) : fetch(chosen, signal)),
    enabled: chosen !== null,
  });
