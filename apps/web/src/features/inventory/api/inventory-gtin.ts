import type { InventoryGtin } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../keys';

/** GET /inventorys/{id}/types/{itemType}/: the inventory, the GTIN's line in it and its product card. */
export const inventoryGtinQueryOptions = (id: string, itemType: string) =>
  queryOptions({
    queryKey: inventoryKeys.gtin(id, itemType),
    queryFn: ({ signal }) =>
      apiRequest<InventoryGtin>(`/inventorys/${id}/types/${itemType}/`, { silent: true, timeoutMs: 30_000, signal }),
    retry: false,
  });

export const useInventoryGtin = (id: string, itemType: string) => useQuery(inventoryGtinQueryOptions(id, itemType));
