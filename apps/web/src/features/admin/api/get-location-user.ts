import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { LocationUser } from './types';

/** GET /locationusers/{id}/ */
export const getLocationUser = (id: number, signal?: AbortSignal) =>
  apiRequest<LocationUser>(`/locationusers/${id}/`, { silent: true, signal });

export const locationUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getLocationUser(id, signal) });

export const useLocationUser = (id: number) => useQuery({ ...locationUserQueryOptions(id), enabled: id > 0 });
