import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ItemTypeReader } from './order-pages/item-type.routes.js';
import type { ItemsFileReader } from './order-pages/items-file.routes.js';
import type {
  BoxPagesReader,
  BoxQuery,
  OrderBoxesReader,
  OrderLinesReader,
  OrderReader,
  PageSide,
} from './order-pages/page-kind.js';
import * as repo from './orders.repository.js';

/** An order type's view of the shared order pages: how it finds its orders and maps rows to its DTOs. */
export type OrderPagesView<Order, OrderDto, BoxDto, LineDto> = {
  requireOrder(user: AuthUser, id: number): Promise<Order>;
  /** The side whose counts and orderings a page of this order shows. */
  sideOf(order: Order, side?: PageSide): repo.OrderSide;
  toOrder(order: Order, side: PageSide | undefined, now: Date): OrderDto;
  toBox(box: repo.BoxRow, side: repo.OrderSide, now: Date): BoxDto;
  toLine(line: repo.ItemLineRow, index: number, side: repo.OrderSide): LineDto;
};

/** Every reader of the order pages' pieces (order-pages/*.routes.ts) but the list, and the box of an order. */
export type OrderPagesReads<Order, OrderDto, BoxDto, LineDto> = OrderReader<OrderDto> &
  OrderLinesReader<LineDto> &
  OrderBoxesReader<BoxDto> &
  BoxPagesReader<BoxDto, LineDto> &
  ItemTypeReader<OrderDto, LineDto> &
  ItemsFileReader<LineDto> & {
    requireBox(user: AuthUser, id: number, boxId: number): Promise<{ order: Order; box: repo.BoxRow }>;
  };

/** The order pages' reads over the orders core, for one order type. */
export const createOrderPagesService = <Order, OrderDto, BoxDto, LineDto>(
  db: Db,
  view: OrderPagesView<Order, OrderDto, BoxDto, LineDto>,
): OrderPagesReads<Order, OrderDto, BoxDto, LineDto> => {
  const { requireOrder, sideOf, toOrder, toBox, toLine } = view;
  const lineRows = async (order: Order, side: PageSide | undefined, query: Parameters<typeof repo.itemLines>[1]) => {
    const { count, rows } = await repo.itemLines(db, query);
    const lineSide = sideOf(order, side);
    return { count, results: rows.map((r, i) => toLine(r, query.page.offset + i, lineSide)) };
  };
  const requireBox = async (user: AuthUser, id: number, boxId: number) => {
    const order = await requireOrder(user, id);
    const box = await repo.getBox(db, user, boxId);
    if (!box || box.orderId !== id) throw notFound('orders.box_not_found');
    return { order, box };
  };
  return {
    requireBox,

    async get(user: AuthUser, id: number, side?: PageSide) {
      return toOrder(await requireOrder(user, id), side, new Date());
    },

    async lines(user: AuthUser, id: number, side: PageSide | undefined, gtinContains: string | undefined, page: PageParams) {
      return lineRows(await requireOrder(user, id), side, { orderId: id, gtinContains, page });
    },

    async boxes(user: AuthUser, id: number, side: PageSide | undefined, query: BoxQuery, page: PageParams) {
      const boxSide = sideOf(await requireOrder(user, id), side);
      const { count, rows } = await repo.listOrderBoxes(db, { orderId: id, ...query, page, side: boxSide });
      const now = new Date();
      return { count, results: rows.map((r) => toBox(r, boxSide, now)) };
    },

    async box(user: AuthUser, id: number, boxId: number, side?: PageSide) {
      const { order, box } = await requireBox(user, id, boxId);
      return toBox(box, sideOf(order, side), new Date());
    },

    async boxLines(
      user: AuthUser,
      id: number,
      boxId: number,
      side: PageSide | undefined,
      gtinContains: string | undefined,
      page: PageParams,
    ) {
      const { order } = await requireBox(user, id, boxId);
      return lineRows(order, side, { orderId: id, boxId, gtinContains, page });
    },

    async itemType(user: AuthUser, id: number, itemTypeId: number, side?: PageSide) {
      const order = await requireOrder(user, id);
      const itemType = await repo.getItemType(db, user.companyId, itemTypeId);
      if (!itemType) throw notFound('catalog.gtin_not_found');
      const { rows } = await repo.itemLines(db, { orderId: id, itemTypeId, page: { limit: 1, offset: 0 } });
      const line = rows[0];
      if (!line) throw notFound('orders.gtin_not_in_order');
      return { order: toOrder(order, side, new Date()), itemType, line: toLine(line, 0, sideOf(order, side)) };
    },

    async itemsCsv(user: AuthUser, id: number, side?: PageSide) {
      const order = await requireOrder(user, id);
      const lineSide = sideOf(order, side);
      const rows = await repo.allItemLines(db, id);
      return { order: { id }, lines: rows.map((r, i) => toLine(r, i, lineSide)) };
    },
  };
};

/** The order of `type` (any type when not given) the user may see, or 404: what the order pages load first. */
export const orderLoader =
  (db: Db, type?: repo.OrderType) =>
  async (user: AuthUser, id: number): Promise<repo.OrderWithAggregates> => {
    const row = await repo.getOrder(db, user, id, type);
    if (!row) throw notFound('orders.order_not_found');
    return row;
  };

export const ORDER_DELETE_CONFLICT = 'orders.delete_conflict';
export const BOX_DELETE_CONFLICT = 'orders.box_delete_conflict';

/** Deletes an order with no verified box (409 ORDER_DELETE_CONFLICT), under the order lock. */
export const deleteUnverifiedOrder = (db: Db, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    await repo.lockOrder(tx, id);
    if (await repo.orderHasVerifiedBox(tx, id)) throw conflict(ORDER_DELETE_CONFLICT);
    await repo.deleteOrder(tx, id);
  });

/**
 * Deletes a box without any verification (409 BOX_DELETE_CONFLICT) and recomputes its order's
 * sides. Checked under the order lock the engine takes too: a read verified since would be lost with the box.
 */
export const deleteUnverifiedBox = (db: Db, user: AuthUser, { orderId, boxId }: { orderId: number; boxId: number }) =>
  db.transaction(async (tx) => {
    await repo.lockOrder(tx, orderId);
    const box = await repo.getBox(tx, user, boxId);
    if (!box || box.orderId !== orderId) throw notFound('orders.box_not_found');
    if (box.destinationVerificationCount > 0 || box.originVerificationCount > 0) throw conflict(BOX_DELETE_CONFLICT);
    await repo.deleteBox(tx, boxId);
    await repo.recomputeOrderSides(tx, orderId, ['destination', 'origin']);
  });
