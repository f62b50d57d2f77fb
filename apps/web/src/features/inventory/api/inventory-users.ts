import type { InventoryUser } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../keys';

/** GET /inventorys/{id}/users/: who opened the inventory and who validated or canceled it. */
export const inventoryUsersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.users(id),
    queryFn: ({ signal }) => apiRequest<InventoryUser[]>(`/inventorys/${id}/users/`, { silent: true, signal }),
    retry: false,
  });

export const useInventoryUsers = (id: string) => useQuery(inventoryUsersQueryOptions(id));
