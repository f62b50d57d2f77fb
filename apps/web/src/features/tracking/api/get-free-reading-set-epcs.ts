import type { Page, ReadingSetEpc } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ReadingSetEpcsParams = { id: string; limit: number; offset: number };

/** GET /free_reading_set/{id}/epcs/: the distinct EPCs of the set with their GTIN, paged. */
export const getFreeReadingSetEpcs = ({ id, limit, offset }: ReadingSetEpcsParams) =>
  apiRequest<Page<ReadingSetEpc>>(`/free_reading_set/${id}/epcs/`, { query: { limit, offset } });

export const freeReadingSetEpcsQueryKey = (id: string) => ['tracking', 'free-reading-set-epcs', id] as const;

export const freeReadingSetEpcsQueryOptions = (params: ReadingSetEpcsParams) =>
  queryOptions({
    queryKey: [...freeReadingSetEpcsQueryKey(params.id), params],
    queryFn: () => getFreeReadingSetEpcs(params),
  });
