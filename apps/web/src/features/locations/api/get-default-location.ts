import type { Page } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { type CurrentLocation, readLocation, saveLocation } from '../../../lib/storage';
import { locationsKeys } from '../keys';

/** The first center by id is the default location; a user without centers gets its first location. */
export const getDefaultLocation = async (signal?: AbortSignal): Promise<CurrentLocation | null> => {
  const query = { limit: 1, offset: 0, order_by: 'id' };
  const centers = await apiRequest<Page<CurrentLocation>>('/centers/', { query, signal, silent: true });
  const first =
    centers.results[0] ?? (await apiRequest<Page<CurrentLocation>>('/locations/', { query, signal, silent: true })).results[0];
  return first ? { id: first.id, description: first.description } : null;
};

/**
 * The user's default location, saved as the header's choice when none is chosen yet (never over one picked while it
 * was on its way): the shell waits for it, so no page opens without a location (`null`: the user has none).
 */
export const defaultLocationQueryOptions = () =>
  queryOptions({
    queryKey: locationsKeys.default,
    queryFn: async ({ signal }) => {
      const location = await getDefaultLocation(signal);
      if (location && !readLocation()) saveLocation(location);
      return location;
    },
    staleTime: Number.POSITIVE_INFINITY,
    // A failing call is tried again (a 4xx is final): a first screen without a location is what this avoids.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
