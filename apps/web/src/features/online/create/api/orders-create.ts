import type { OnlineOrder, OnlineOrderCreateBody } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { nowServerDateTime } from '../../../order-wizard';

export type NewOnlineOrder = { order_code: string; locationId: number };

/**
 * POST /orders/ (spec section 3: order_code, origin_id the stored location id, origin_status 0);
 * answers the order. The wizard then creates its reception and refreshes the lists.
 */
export const createOnlineOrder = (order: NewOnlineOrder): Promise<OnlineOrder> => {
  const body: OnlineOrderCreateBody = {
    order_code: order.order_code,
    creation_date: nowServerDateTime(),
    origin_id: order.locationId,
    origin_status: 0,
  };
  return apiRequest<OnlineOrder>('/orders/', { method: 'POST', body });
};

export const useCreateOnlineOrder = () => useMutation({ mutationFn: createOnlineOrder });
