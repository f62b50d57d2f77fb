import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Area } from './types';

/** GET /areas/{id}/ */
export const getArea = (id: number, signal?: AbortSignal) => apiRequest<Area>(`/areas/${id}/`, { silent: true, signal });

export const areaQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.area(id), queryFn: ({ signal }) => getArea(id, signal) });

export const useArea = (id: number) => useQuery({ ...areaQueryOptions(id), enabled: id > 0 });
