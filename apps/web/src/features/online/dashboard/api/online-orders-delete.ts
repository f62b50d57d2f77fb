import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { onlineKeys } from '../../keys';

/** DELETE /orders/{id}/: 409 once a box is verified. Silent: the dashboard shows the spec's own messages. */
export const deleteOnlineOrder = (id: number) => apiRequest<void>(`/orders/${id}/`, { method: 'DELETE', silent: true });

export const useDeleteOnlineOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOnlineOrder,
    // The list reloads afterwards, whatever the answer (spec section 8).
    onSettled: () => client.invalidateQueries({ queryKey: onlineKeys.orders }),
  });
};
