import type { PurchaseOrderCreateBody } from '@rfid/contract';
import { nowServerDateTime, toServerDateTime } from '../../order-wizard';

export type NewPurchaseOrder = { order_code: string; estimated_arrival_date: string; providerId: number; locationId: number };

/**
 * The order of POST /porders/ (spec section 3: creation_date, estimated_arrival_date, order_code,
 * destination_status 0, destination_id the current location, origin_id the provider). The order wizard sends it with the boxes in one call (POST /orders-with-boxes/).
 */
export const purchaseOrderBody = (order: NewPurchaseOrder): PurchaseOrderCreateBody => ({
  order_code: order.order_code,
  creation_date: nowServerDateTime(),
  estimated_arrival_date: toServerDateTime(order.estimated_arrival_date),
  destination_status: 0,
  destination_id: order.locationId,
  origin_id: order.providerId,
});
