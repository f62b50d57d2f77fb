import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { LocationUser } from './types';

/** GET /locationusers/{id}/ */
export const getLocationUser = (id: number) => apiRequest<LocationUser>(`/locationusers/${id}/`, { silent: true });

export const locationUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => getLocationUser(id) });

export const useLocationUser = (id: number) => useQuery({ ...locationUserQueryOptions(id), enabled: id > 0 });
