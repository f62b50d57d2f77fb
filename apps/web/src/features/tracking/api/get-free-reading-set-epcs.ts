import type { Page, ReadingSetEpc } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

export type ReadingSetEpcsParams = { id: string; limit: number; offset: number };

/** GET /free_reading_set/{id}/epcs/: the distinct EPCs of the set with their GTIN, paged. */
export const getFreeReadingSetEpcs = ({ id, limit, offset }: ReadingSetEpcsParams, signal?: AbortSignal) =>
  apiRequest<Page<ReadingSetEpc>>(`/free_reading_set/${id}/epcs/`, { query: { limit, offset }, signal });

export const freeReadingSetEpcsQueryOptions = (params: ReadingSetEpcsParams) =>
  queryOptions({
    queryKey: [...trackingKeys.freeReadingSetEpcs(params.id), params],
    queryFn: ({ signal }) => getFreeReadingSetEpcs(params, signal),
  });
