import { conflict, foundOr, notFound } from '../../../http/errors.js';
import { gtinFilter } from '../../../http/route-schemas.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ItemTypeReader } from '../order-pages/item-type.routes.js';
import type { ItemsFileReader } from '../order-pages/items-file.routes.js';
import type {
  BoxLinesInput,
  BoxPagesReader,
  OrderBoxesInput,
  OrderBoxesReader,
  OrderLinesInput,
  OrderLinesReader,
  OrderReader,
  PageSide,
} from '../order-pages/page-kind.js';
import type { OrderPagesRepository } from '../order-pages.repository.js';
import type { BoxRow, ItemLineRow, OrderSide, OrderType, OrderWithAggregates } from '../orders.repository.js';

/** An order type's view of the shared order pages: how it finds its orders and maps rows to its DTOs. */
export type OrderPagesView<Order, OrderDto, BoxDto, LineDto> = {
  requireOrder(user: AuthUser, id: number): Promise<Order>;
  /** The side whose counts and orderings a page of this order shows. */
  sideOf(order: Order, side?: PageSide): OrderSide;
  toOrder(order: Order, side: PageSide | undefined, now: Date): OrderDto;
  toBox(box: BoxRow, side: OrderSide, now: Date): BoxDto;
  toLine(line: ItemLineRow, index: number, side: OrderSide): LineDto;
};

/** Every reader of the order pages' pieces (order-pages/*.routes.ts) but the list, and the box of an order. */
export type OrderPagesReads<Order, OrderDto, BoxDto, LineDto> = OrderReader<OrderDto> &
  OrderLinesReader<LineDto> &
  OrderBoxesReader<BoxDto> &
  BoxPagesReader<BoxDto, LineDto> &
  ItemTypeReader<OrderDto, LineDto> &
  ItemsFileReader<LineDto> & {
    requireBox(user: AuthUser, id: number, boxId: number): Promise<{ order: Order; box: BoxRow }>;
  };

type Reads = Pick<OrderPagesRepository, 'itemLines' | 'allItemLines' | 'orderBoxes' | 'box' | 'itemType'>;

/** The order pages' reads over the orders core, for one order type (its view): each a use case of the pages. */
export const orderPagesReads = <Order, OrderDto, BoxDto, LineDto>(
  repo: Reads,
  view: OrderPagesView<Order, OrderDto, BoxDto, LineDto>,
): OrderPagesReads<Order, OrderDto, BoxDto, LineDto> => {
  const { requireOrder, sideOf, toOrder, toBox, toLine } = view;
  const lineRows = async (order: Order, side: PageSide | undefined, query: Parameters<Reads['itemLines']>[0]) => {
    const { count, rows } = await repo.itemLines(query);
    const lineSide = sideOf(order, side);
    return { count, results: rows.map((r, i) => toLine(r, query.page.offset + i, lineSide)) };
  };
  const requireBox = async (user: AuthUser, id: number, boxId: number) => {
    const order = await requireOrder(user, id);
    const box = await repo.box(user, boxId);
    if (!box || box.orderId !== id) throw notFound('orders.box_not_found');
    return { order, box };
  };
  return {
    requireBox,

    async get(user: AuthUser, id: number, side?: PageSide) {
      return toOrder(await requireOrder(user, id), side, new Date());
    },

    async lines({ user, id, side, query, page }: OrderLinesInput) {
      return lineRows(await requireOrder(user, id), side, { orderId: id, gtinContains: gtinFilter(query), page });
    },

    async boxes({ user, id, side, query, page }: OrderBoxesInput) {
      const boxSide = sideOf(await requireOrder(user, id), side);
      const { count, rows } = await repo.orderBoxes({
        orderId: id,
        codebarContains: query.box__codebar__contains ?? query.codebar,
        orderBy: query.order_by,
        page,
        side: boxSide,
      });
      const now = new Date();
      return { count, results: rows.map((r) => toBox(r, boxSide, now)) };
    },

    async box(user: AuthUser, id: number, boxId: number, side?: PageSide) {
      const { order, box } = await requireBox(user, id, boxId);
      return toBox(box, sideOf(order, side), new Date());
    },

    async boxLines({ user, id, boxId, side, query, page }: BoxLinesInput) {
      const { order } = await requireBox(user, id, boxId);
      return lineRows(order, side, { orderId: id, boxId, gtinContains: gtinFilter(query), page });
    },

    async itemType(user: AuthUser, id: number, itemTypeId: number, side?: PageSide) {
      const order = await requireOrder(user, id);
      const itemType = await foundOr(repo.itemType(user.companyId, itemTypeId), 'catalog.gtin_not_found');
      const { rows } = await repo.itemLines({ orderId: id, itemTypeId, page: { limit: 1, offset: 0 } });
      const line = rows[0];
      if (!line) throw notFound('orders.gtin_not_in_order');
      return { order: toOrder(order, side, new Date()), itemType, line: toLine(line, 0, sideOf(order, side)) };
    },

    async itemsCsv(user: AuthUser, id: number, side?: PageSide) {
      const order = await requireOrder(user, id);
      const lineSide = sideOf(order, side);
      const rows = await repo.allItemLines(id);
      return { order: { id }, lines: rows.map((r, i) => toLine(r, i, lineSide)) };
    },
  };
};

/** The order of `type` (any type when not given) the user may see, or 404: what the order pages load first. */
export const orderLoader =
  (repo: Pick<OrderPagesRepository, 'order'>, type?: OrderType) =>
  async (user: AuthUser, id: number): Promise<OrderWithAggregates> => {
    return foundOr(repo.order(user, id, type), 'orders.order_not_found');
  };

export const ORDER_DELETE_CONFLICT = 'orders.delete_conflict';
export const BOX_DELETE_CONFLICT = 'orders.box_delete_conflict';

/** Deletes an order with no verified box (409 ORDER_DELETE_CONFLICT), under the order lock. */
export const deleteUnverifiedOrder = (repo: Pick<OrderPagesRepository, 'transaction'>, id: number): Promise<void> =>
  repo.transaction(async (tx) => {
    await tx.lockOrder(id);
    if (await tx.orderHasVerifiedBox(id)) throw conflict(ORDER_DELETE_CONFLICT);
    await tx.deleteOrder(id);
  });

/**
 * Deletes a box without any verification (409 BOX_DELETE_CONFLICT) and recomputes its order's
 * sides. Checked under the order lock the engine takes too: a read verified since would be lost with the box.
 */
export const deleteUnverifiedBox = (
  repo: Pick<OrderPagesRepository, 'transaction'>,
  { user, orderId, boxId }: { user: AuthUser; orderId: number; boxId: number },
): Promise<void> =>
  repo.transaction(async (tx) => {
    await tx.lockOrder(orderId);
    const box = await tx.box(user, boxId);
    if (!box || box.orderId !== orderId) throw notFound('orders.box_not_found');
    if (box.destinationVerificationCount > 0 || box.originVerificationCount > 0) throw conflict(BOX_DELETE_CONFLICT);
    await tx.deleteBox(boxId);
    await tx.recomputeSides(orderId);
  });
