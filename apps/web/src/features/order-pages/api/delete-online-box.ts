import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { anyOrderQueryKey } from '../../orders';
import { orderPagesKey } from './order-endpoint';

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
        client.invalidateQueries({ queryKey: orderPagesKey('online', orderId) }),
        client.invalidateQueries({ queryKey: anyOrderQueryKey('online', orderId) }),
      ]);
    },
  });
};
