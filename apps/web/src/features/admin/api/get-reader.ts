import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Reader } from './types';

/** GET /readers/{id}/ */
export const getReader = (id: number) => apiRequest<Reader>(`/readers/${id}/`, { silent: true });

export const readerQueryOptions = (id: number) => queryOptions({ queryKey: adminKeys.reader(id), queryFn: () => getReader(id) });

export const useReader = (id: number) => useQuery({ ...readerQueryOptions(id), enabled: id > 0 });
