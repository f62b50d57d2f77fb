import type { Inventory, InventoryCreateBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../keys';

/** POST /locations/{id}/inventories/: opens an inventory of an area (total, or partial with GTINs). Roles 1 to 3. */
export const createInventory = (locationId: number, body: InventoryCreateBody) =>
  apiRequest<Inventory>(`/locations/${locationId}/inventories/`, { method: 'POST', body, silent: true });

export const useCreateInventory = (locationId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryCreateBody) => createInventory(locationId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
};
