import type { InventoryStats } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../lib/query-client';
import { inventoryKeys } from '../keys';

/** GET /locations/{id}/inventorystats/ (30 s timeout; date_start and date_end, default the last 30 days). */
export const inventoryStatsQueryOptions = (locationId: number, isPhone: boolean) =>
  queryOptions({
    queryKey: inventoryKeys.stats(locationId),
    queryFn: ({ signal }) =>
      apiRequest<InventoryStats>(`/locations/${locationId}/inventorystats/`, { timeoutMs: 30_000, signal }),
    refetchInterval: isPhone ? false : TABLE_REFRESH_MS,
    enabled: locationId > 0,
  });

export const useInventoryStats = (locationId: number, isPhone: boolean) =>
  useQuery(inventoryStatsQueryOptions(locationId, isPhone));
