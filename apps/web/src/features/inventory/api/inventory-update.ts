import type { Inventory, InventoryUpdateBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../keys';

/** PUT /inventorys/{id}/ {state}: 2 validates a pending inventory, 3 cancels a pending or computing one. Roles 1 to 3. */
export const updateInventoryState = (id: string, state: InventoryUpdateBody['state']) =>
  apiRequest<Inventory>(`/inventorys/${id}/`, { method: 'PUT', body: { state } });

/** After success every inventory query reloads (the page reloads, spec section 4). */
export const useUpdateInventoryState = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (state: InventoryUpdateBody['state']) => updateInventoryState(id, state),
    onSuccess: () => client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
};
