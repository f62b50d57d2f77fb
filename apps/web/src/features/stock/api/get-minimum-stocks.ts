import type { MinimumStock } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stockKeys } from '../keys';

/** GET /types/{id}/minstock/?location=: the GTIN's minimum stocks in the location's areas. */
export const getMinimumStocks = (itemTypeId: number, locationId: number, signal?: AbortSignal) =>
  apiRequest<MinimumStock[]>(`/types/${itemTypeId}/minstock/`, { query: { location: locationId }, signal });

export const minimumStocksQueryOptions = (itemTypeId: number, locationId: number) =>
  queryOptions({
    queryKey: stockKeys.minimumStocks(itemTypeId, locationId),
    queryFn: ({ signal }) => getMinimumStocks(itemTypeId, locationId, signal),
    enabled: itemTypeId > 0 && locationId > 0,
  });

export const useMinimumStocks = (itemTypeId: number, locationId: number) =>
  useQuery(minimumStocksQueryOptions(itemTypeId, locationId));
