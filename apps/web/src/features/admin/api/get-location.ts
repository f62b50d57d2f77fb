import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminLocation } from './types';

/** GET /locations/{id}/ */
export const getLocation = (id: number) => apiRequest<AdminLocation>(`/locations/${id}/`, { silent: true });

export const locationQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.location(id), queryFn: () => getLocation(id), enabled: id > 0 });

export const useLocation = (id: number) => useQuery(locationQueryOptions(id));
