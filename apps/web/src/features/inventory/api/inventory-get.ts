import type { Inventory } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../lib/query-client';
import { inventoryKeys } from '../keys';

/** GET /inventorys/{id}/ (another location's inventory is 404); refreshed every 20 s while it is open. */
export const inventoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Inventory>(`/inventorys/${id}/`, { silent: true, signal }),
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.state <= 1 ? TABLE_REFRESH_MS : false),
  });

export const useInventory = (id: string) => useQuery(inventoryQueryOptions(id));
