import type { Area, Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stockKeys } from '../keys';

/** GET /locations/{id}/areas/: the areas of a location for the area selects (all of them, a location has few). */
export const getLocationAreas = (locationId: number, signal?: AbortSignal) =>
  apiRequest<Page<Area>>(`/locations/${locationId}/areas/`, { query: { limit: 1000, order_by: 'description' }, signal });

export const locationAreasQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: stockKeys.areas(locationId),
    queryFn: ({ signal }) => getLocationAreas(locationId, signal),
    select: (page) => page.results,
    staleTime: 60_000,
    enabled: locationId > 0,
  });

export const useLocationAreas = (locationId: number) => useQuery(locationAreasQueryOptions(locationId));
