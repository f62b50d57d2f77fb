import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Reader } from './types';

/** GET /readers/{id}/ */
export const getReader = (id: number, signal?: AbortSignal) => apiRequest<Reader>(`/readers/${id}/`, { silent: true, signal });

export const readerQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.reader(id), queryFn: ({ signal }) => getReader(id, signal) });

export const useReader = (id: number) => useQuery({ ...readerQueryOptions(id), enabled: id > 0 });
