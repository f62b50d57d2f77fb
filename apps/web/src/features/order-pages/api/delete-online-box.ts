import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ordersKeys } from '../../orders';
import { orderPagesKeys } from '../keys';

/**
 * DELETE /orders/{id}/boxes/{boxId}/ (roles 1 to 3): 409 once the box has been verified.
 * Silent: the boxes page shows its own green and red messages.
 */
export const deleteOnlineBox = ({ orderId, boxId }: { orderId: string; boxId: number }) =>
  apiRequest<void>(`/orders/${orderId}/boxes/${boxId}/`, { method: 'DELETE', silent: true });

export const useDeleteOnlineBox = (orderId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (boxId: number) => deleteOnlineBox({ orderId, boxId }),
    // The list and the header (box and item counts) reload whatever the answer.
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: orderPagesKeys.order('online', orderId) }),
        client.invalidateQueries({ queryKey: ordersKeys.header('online', orderId) }),
      ]);
    },
  });
};
