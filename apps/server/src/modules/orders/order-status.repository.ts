import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { boxes, orders, verifications } from '../../db/schema/index.js';
import { emitOrderStatusChanged } from '../webhooks/emit-changes.js';
import { orderSideStatus } from './order-rules.js';

/** Orders core: the order lock and the side statuses computed from the boxes. */

type Side = 'origin' | 'destination';

/** Locks the order row so concurrent changes of its boxes recompute its status one at a time. */
export const lockOrder = async (db: DbOrTx, orderId: number): Promise<void> => {
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
};

/**
 * An order side's status from its boxes' statuses alone (order-rules.ts); with `withDate`,
 * also its arrival (destination) or exit (origin) date = end of its first valid verification on
 * that side. Called after a verification, a valid toggle, and a box added to or removed from the order.
 */
export const recomputeOrderSide = async (
  db: DbOrTx,
  { orderId, side, withDate }: { orderId: number; side: Side; withDate: boolean },
): Promise<void> => {
  const statusColumn = side === 'destination' ? boxes.destinationStatus : boxes.originStatus;
  const boxStatuses = await db.select({ status: statusColumn }).from(boxes).where(eq(boxes.orderId, orderId));
  const [order] = await db
    .select({
      originStatus: orders.originStatus,
      destinationStatus: orders.destinationStatus,
      companyId: orders.companyId,
      orderCode: orders.orderCode,
      type: orders.type,
      originLocationId: orders.originLocationId,
      destinationLocationId: orders.destinationLocationId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const current = side === 'destination' ? order.destinationStatus : order.originStatus;
  const next = orderSideStatus(
    boxStatuses.map((b) => b.status),
    current,
  );
  if (next !== current) {
    // Issue 27: an `order.status_changed` webhook, in the transaction of the change.
    await emitOrderStatusChanged(db, {
      id: orderId,
      companyId: order.companyId,
      orderCode: order.orderCode,
      type: order.type,
      locationId: side === 'destination' ? order.destinationLocationId : order.originLocationId,
      side,
      from: current,
      to: next,
    });
  }
  if (!withDate) {
    await db
      .update(orders)
      .set(side === 'destination' ? { destinationStatus: next } : { originStatus: next })
      .where(eq(orders.id, orderId));
    return;
  }
  const [first] = await db
    .select({ at: sql<Date | null>`min(${verifications.endTime})`.mapWith((v) => (v === null ? null : new Date(v))) })
    .from(verifications)
    .where(and(eq(verifications.orderId, orderId), eq(verifications.side, side), eq(verifications.valid, true)));
  const firstAt = first?.at ?? null;
  await db
    .update(orders)
    .set(side === 'destination' ? { destinationStatus: next, arrivalDate: firstAt } : { originStatus: next, exitDate: firstAt })
    .where(eq(orders.id, orderId));
};

/** The sides' statuses after the order's set of boxes changed (dates untouched), under the order lock. */
export const recomputeOrderSides = async (tx: DbOrTx, orderId: number, sides: readonly Side[]): Promise<void> => {
  await lockOrder(tx, orderId);
  for (const side of sides) await recomputeOrderSide(tx, { orderId, side, withDate: false });
};
