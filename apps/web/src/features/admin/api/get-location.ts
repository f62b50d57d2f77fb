import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminLocation } from './types';

/** GET /locations/{id}/ */
export const getLocation = (id: number, signal?: AbortSignal) =>
  apiRequest<AdminLocation>(`/locations/${id}/`, { silent: true, signal });

export const locationQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.location(id), queryFn: ({ signal }) => getLocation(id, signal), enabled: id > 0 });

export const useLocation = (id: number) => useQuery(locationQueryOptions(id));
