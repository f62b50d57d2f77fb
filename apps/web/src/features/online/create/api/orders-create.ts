import type { OnlineOrderCreateBody } from '@rfid/contract';
import { nowServerDateTime } from '../../../order-wizard';

export type NewOnlineOrder = { order_code: string; locationId: number };

/**
 * The order of POST /orders/ (spec section 3: order_code, origin_id the stored location id, origin_status 0). The order wizard sends it with the boxes in one call (POST /orders-with-boxes/).
 */
export const onlineOrderBody = (order: NewOnlineOrder): OnlineOrderCreateBody => ({
  order_code: order.order_code,
  creation_date: nowServerDateTime(),
  origin_id: order.locationId,
  origin_status: 0,
});
