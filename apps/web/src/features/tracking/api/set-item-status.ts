import type { ItemStatusAnswer, ItemStatusBody } from '@rfid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

/** POST /items/status/ {epcs, status, reference}: the items' new status (roles 1 to 4). */
export const setItemStatus = (body: ItemStatusBody) =>
  apiRequest<ItemStatusAnswer>('/items/status/', { method: 'POST', body, silent: true });

/** The tracker's item and its status history are read again once the status changed. */
export const useSetItemStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setItemStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingKeys.all }),
  });
};
