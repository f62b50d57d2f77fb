import type { MovementOrder, MovementOrderCreateBody } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { nowServerDateTime, toServerDateTime } from '../../../order-wizard';

export type NewMovementOrder = { order_code: string; estimated_arrival_date: string; originId: number; destinationId: number };

/**
 * POST /morders/ (spec section 3: like the purchase order, with destination_id chosen, origin_id
 * the current location and origin_status 0). The wizard then creates its reception.
 */
export const createMovementOrder = (order: NewMovementOrder): Promise<MovementOrder> => {
  const body: MovementOrderCreateBody = {
    order_code: order.order_code,
    creation_date: nowServerDateTime(),
    estimated_arrival_date: toServerDateTime(order.estimated_arrival_date),
    origin_id: order.originId,
    destination_id: order.destinationId,
    origin_status: 0,
    destination_status: 0,
  };
  return apiRequest<MovementOrder>('/morders/', { method: 'POST', body });
};

export const useCreateMovementOrder = () => useMutation({ mutationFn: createMovementOrder });
