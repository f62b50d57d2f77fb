import type { FreeReadingSet, Page } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

export type FreeReadingSetsParams = { locationId: number; limit: number; offset: number };

/** GET /locations/{id}/free_reading_sets/: the location's reading sets that nothing claimed, newest first. */
export const getFreeReadingSets = ({ locationId, limit, offset }: FreeReadingSetsParams, signal?: AbortSignal) =>
  apiRequest<Page<FreeReadingSet>>(`/locations/${locationId}/free_reading_sets/`, { query: { limit, offset }, signal });

export const freeReadingSetsQueryOptions = (params: FreeReadingSetsParams) =>
  queryOptions({
    queryKey: [...trackingKeys.freeReadingSets(params.locationId), params],
    queryFn: ({ signal }) => getFreeReadingSets(params, signal),
  });
