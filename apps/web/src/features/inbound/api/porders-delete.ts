import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

/** DELETE /porders/{id}/: 409 once a box is verified. Silent: the dashboard shows the spec's own messages. */
export const deletePurchaseOrder = (id: number) => apiRequest<void>(`/porders/${id}/`, { method: 'DELETE', silent: true });

export const useDeletePurchaseOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePurchaseOrder,
    // The list reloads afterwards, whatever the answer (spec section 8).
    onSettled: () => client.invalidateQueries({ queryKey: inboundKeys.orders }),
  });
};
