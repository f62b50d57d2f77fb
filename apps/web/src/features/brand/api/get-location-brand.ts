import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandKeys } from '../keys';

/** GET /locations/{id}/: the brand of the current location, the brand the page starts with. */
export const locationBrandQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: brandKeys.location(locationId),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ brand: number | null }>(`/locations/${locationId}/`, { silent: true, signal })).brand,
    enabled: locationId > 0,
    staleTime: 60_000,
  });

export const useLocationBrand = (locationId: number) => useQuery(locationBrandQueryOptions(locationId));
