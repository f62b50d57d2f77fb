import { type MovementOrder, OrderStatus } from '@rfid/contract';
import { isLate, iso, orderHeadDto, secondsBetween } from '../orders/order-dto.js';
import type { MovementRow } from './movements.repository.js';

/** Which side a movement page shows (`?side=exit|entry`): the origin's counts (exit) or the destination's (entry). */
export type MovementSide = 'exit' | 'entry';

/**
 * Cancel of a movement entry (spec section 2, movement-entry dashboard): the origin has verified
 * boxes and the destination none, and the destination side is not canceled already.
 */
export const canCancelEntry = (o: {
  originVerifiedBoxes: number;
  destinationVerifiedBoxes: number;
  destinationStatus: number;
}): boolean => o.originVerifiedBoxes > 0 && o.destinationVerifiedBoxes === 0 && o.destinationStatus !== OrderStatus.Canceled;

/** Movement order DTO; `side` picks what the unprefixed counts mean (exit: origin, entry: destination). */
export const toMovementDto = (o: MovementRow, side: MovementSide, now = new Date()): MovementOrder => {
  const originVerified = o.originVerifiedBoxes;
  const destinationVerified = o.destinationVerifiedBoxes;
  // Object.assign, not a spread: see orderHeadDto.
  return Object.assign(orderHeadDto(o), {
    order_name: o.orderCode,
    sync: o.sync,
    container: o.container,
    waiting_time: secondsBetween(o.creationDate, o.exitDate, now),
    destination_waiting_time: secondsBetween(o.creationDate, o.arrivalDate, now),
    late:
      side === 'exit'
        ? isLate(o.estimatedExitDate ?? o.estimatedArrivalDate, o.exitDate, now)
        : isLate(o.estimatedArrivalDate, o.arrivalDate, now),
    item_count: o.itemCount,
    real_item_count: side === 'exit' ? o.originRealItemCount : o.destinationRealItemCount,
    origin_real_item_count: o.originRealItemCount,
    destination_real_item_count: o.destinationRealItemCount,
    num_boxes: o.numBoxes,
    num_verified_boxes: side === 'exit' ? originVerified : destinationVerified,
    origin_num_verified_boxes: originVerified,
    destination_num_verified_boxes: destinationVerified,
    creation_date: o.creationDate.toISOString(),
    estimated_arrival_date: iso(o.estimatedArrivalDate),
    arrival_date: iso(o.arrivalDate),
    estimated_exit_date: iso(o.estimatedExitDate),
    exit_date: iso(o.exitDate),
    origin: o.originLocationId,
    origin_description: o.originDescription,
    destination: o.destinationLocationId,
    destination_description: o.destinationDescription,
    can_cancel: canCancelEntry(o),
    can_delete: originVerified === 0 && destinationVerified === 0,
  });
};
