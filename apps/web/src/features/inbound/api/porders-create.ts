import type { PurchaseOrder, PurchaseOrderCreateBody } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { nowServerDateTime, toServerDateTime } from '../../order-wizard';

export type NewPurchaseOrder = { order_code: string; estimated_arrival_date: string; providerId: number; locationId: number };

/**
 * POST /porders/ (spec section 3: creation_date, estimated_arrival_date, order_code,
 * destination_status 0, destination_id the current location, origin_id the provider). The wizard
 * then creates the order's reception and refreshes the lists.
 */
export const createPurchaseOrder = (order: NewPurchaseOrder): Promise<PurchaseOrder> => {
  const body: PurchaseOrderCreateBody = {
    order_code: order.order_code,
    creation_date: nowServerDateTime(),
    estimated_arrival_date: toServerDateTime(order.estimated_arrival_date),
    destination_status: 0,
    destination_id: order.locationId,
    origin_id: order.providerId,
  };
  return apiRequest<PurchaseOrder>('/porders/', { method: 'POST', body });
};

export const useCreatePurchaseOrder = () => useMutation({ mutationFn: createPurchaseOrder });
