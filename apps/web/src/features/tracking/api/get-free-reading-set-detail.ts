import type { FreeReadingSetDetail } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /free_reading_set/{id}/detail/: the set and its report per GTIN. */
export const getFreeReadingSetDetail = (id: string) =>
  apiRequest<FreeReadingSetDetail>(`/free_reading_set/${id}/detail/`, { silent: true });

export const freeReadingSetDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['tracking', 'free-reading-set', id],
    queryFn: () => getFreeReadingSetDetail(id),
    retry: false,
  });

export const useFreeReadingSetDetail = (id: string) => useQuery(freeReadingSetDetailQueryOptions(id));
