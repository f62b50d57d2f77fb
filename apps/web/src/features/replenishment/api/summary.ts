import type { ReplenishmentSummary } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { replenishmentKeys } from '../keys';

/** GET /locations/{id}/replenishment/summary/: NOSBOS and the pick list's size (the dashboard's card). */
export const replenishmentSummaryOptions = (locationId: number) =>
  queryOptions({
    queryKey: replenishmentKeys.summary(locationId),
    queryFn: ({ signal }) =>
      apiRequest<ReplenishmentSummary>(`/locations/${locationId}/replenishment/summary/`, { silent: true, signal }),
  });

export const useReplenishmentSummary = (locationId: number) => useQuery(replenishmentSummaryOptions(locationId));
