import type { FreeReadingSetDetail } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

/** GET /free_reading_set/{id}/detail/: the set and its report per GTIN. */
export const getFreeReadingSetDetail = (id: string, signal?: AbortSignal) =>
  apiRequest<FreeReadingSetDetail>(`/free_reading_set/${id}/detail/`, { silent: true, signal });

export const freeReadingSetDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: trackingKeys.freeReadingSet(id),
    queryFn: ({ signal }) => getFreeReadingSetDetail(id, signal),
    retry: false,
  });

export const useFreeReadingSetDetail = (id: string) => useQuery(freeReadingSetDetailQueryOptions(id));
