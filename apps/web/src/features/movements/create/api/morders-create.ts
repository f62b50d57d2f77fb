import type { MovementOrderCreateBody } from '@rfid/contract';
import { nowServerDateTime, toServerDateTime } from '../../../order-wizard';

export type NewMovementOrder = { order_code: string; estimated_arrival_date: string; originId: number; destinationId: number };

/**
 * The order of POST /morders/ (spec section 3: like the purchase order, with destination_id chosen, origin_id
 * the current location and origin_status 0). The order wizard sends it with the boxes in one call (POST /orders-with-boxes/).
 */
export const movementOrderBody = (order: NewMovementOrder): MovementOrderCreateBody => ({
  order_code: order.order_code,
  creation_date: nowServerDateTime(),
  estimated_arrival_date: toServerDateTime(order.estimated_arrival_date),
  origin_id: order.originId,
  destination_id: order.destinationId,
  origin_status: 0,
  destination_status: 0,
});
