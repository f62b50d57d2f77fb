import type { MinimumStock } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stockKeys } from '../keys';

export type MinimumStockValues = { area: number; item_type: number; minimum_stock: number };

/** POST /minstock/: sets the minimum stock of a GTIN in an area (201 new, 200 replaced). */
export const createMinimumStock = (body: MinimumStockValues) =>
  apiRequest<MinimumStock>('/minstock/', { method: 'POST', body, silent: true });

export const useCreateMinimumStock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMinimumStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
};
