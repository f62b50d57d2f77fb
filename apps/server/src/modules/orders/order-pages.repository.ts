import type { Db, DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { InputOf } from './inbound.repository.js';
import * as rows from './orders.repository.js';

/** The deletes of an order or a box, all inside one transaction under the order's lock. */
export type OrderPagesWrites = {
  /** Locks the order (one lock order: an order before its boxes; the engine takes it too). */
  lockOrder: (orderId: number) => Promise<void>;
  orderHasVerifiedBox: (orderId: number) => Promise<boolean>;
  deleteOrder: (orderId: number) => Promise<void>;
  box: (user: AuthUser, boxId: number) => Promise<rows.BoxRow | undefined>;
  deleteBox: (boxId: number) => Promise<void>;
  /** The order's side statuses from its boxes. */
  recomputeSides: (orderId: number) => Promise<void>;
};

/**
 * What the order pages' use cases (use-cases/order-pages.ts) read and delete: an order the user sees (of a type), its
 * item lines, its boxes, a box, an item type of the company.
 */
export type OrderPagesRepository = {
  /** The order (of `type`, any type when not given) the user may see, or undefined. */
  order: (user: AuthUser, id: number, type?: rows.OrderType) => Promise<rows.OrderWithAggregates | undefined>;
  itemLines: (input: InputOf<typeof rows.itemLines>) => ReturnType<typeof rows.itemLines>;
  allItemLines: (orderId: number) => ReturnType<typeof rows.allItemLines>;
  orderBoxes: (input: InputOf<typeof rows.listOrderBoxes>) => ReturnType<typeof rows.listOrderBoxes>;
  box: (user: AuthUser, boxId: number) => Promise<rows.BoxRow | undefined>;
  itemType: (companyId: number, itemTypeId: number) => ReturnType<typeof rows.getItemType>;
  /** Runs `work` in one transaction: when it throws, nothing it wrote is kept. */
  transaction: <T>(work: (writes: OrderPagesWrites) => Promise<T>) => Promise<T>;
};

const writesOf = (tx: DbOrTx): OrderPagesWrites => ({
  lockOrder: (orderId) => rows.lockOrder(tx, orderId),
  orderHasVerifiedBox: (orderId) => rows.orderHasVerifiedBox(tx, orderId),
  deleteOrder: (orderId) => rows.deleteOrder(tx, orderId),
  box: (user, boxId) => rows.getBox(tx, user, boxId),
  deleteBox: (boxId) => rows.deleteBox(tx, boxId),
  recomputeSides: (orderId) => rows.recomputeOrderSides(tx, orderId, ['destination', 'origin']),
});

export const createOrderPagesRepository = (db: Db): OrderPagesRepository => ({
  order: (user, id, type) => rows.getOrder(db, user, id, type),
  itemLines: (input) => rows.itemLines(db, input),
  allItemLines: (orderId) => rows.allItemLines(db, orderId),
  orderBoxes: (input) => rows.listOrderBoxes(db, input),
  box: (user, boxId) => rows.getBox(db, user, boxId),
  itemType: (companyId, itemTypeId) => rows.getItemType(db, companyId, itemTypeId),
  transaction: (work) => db.transaction((tx) => work(writesOf(tx))),
});
