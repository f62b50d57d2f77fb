import type { Area, Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../keys';

/** GET /locations/{id}/areas/: the areas of the current location (for the area filter and a new inventory). */
export const locationAreasQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: inventoryKeys.areas(locationId),
    queryFn: ({ signal }) =>
      apiRequest<Page<Area>>(`/locations/${locationId}/areas/`, { query: { limit: 100, offset: 0 }, signal }),
    enabled: locationId > 0,
    staleTime: 60_000,
  });

export const useLocationAreas = (locationId: number) => useQuery(locationAreasQueryOptions(locationId));
