import type { MinimumStock } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stockKeys } from '../keys';

/** PUT /minstock/{id}/ {area, minimum_stock}: a minimum stock's value (and area). */
export const updateMinimumStock = ({ id, area, minimum_stock }: { id: number; area: number; minimum_stock: number }) =>
  apiRequest<MinimumStock>(`/minstock/${id}/`, { method: 'PUT', body: { area, minimum_stock }, silent: true });

export const useUpdateMinimumStock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMinimumStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
};
