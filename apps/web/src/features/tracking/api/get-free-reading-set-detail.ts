import type { FreeReadingSetDetail } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

/** GET /free_reading_set/{id}/detail/: the set and its report per GTIN. */
export const getFreeReadingSetDetail = (id: string) =>
  apiRequest<FreeReadingSetDetail>(`/free_reading_set/${id}/detail/`, { silent: true });

export const freeReadingSetDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: trackingKeys.freeReadingSet(id),
    queryFn: () => getFreeReadingSetDetail(id),
    retry: false,
  });

export const useFreeReadingSetDetail = (id: string) => useQuery(freeReadingSetDetailQueryOptions(id));
