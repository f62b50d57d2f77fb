import {
  type ExitStats,
  type OnlineBox,
  type OnlineItemLine,
  type OnlineOrder,
  type OrderContentRow,
  type onlineOrderCreateBodySchema,
  type onlineOrderListQuerySchema,
  onlinePercent,
} from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import { statsRange } from '../movements/outbound.shared.js';
import {
  isLate,
  iso,
  onlineOrderValues,
  orderHeadDto,
  secondsBetween,
  toBoxDto,
  toItemLineDto,
  toReceptionDto,
} from '../orders/order-dto.js';
import { createOrderPagesRepository } from '../orders/order-pages.repository.js';
import * as ordersRepo from '../orders/orders.repository.js';
import { deleteUnverifiedBox, deleteUnverifiedOrder, orderLoader, orderPagesReads } from '../orders/use-cases/order-pages.js';
import { toExitStats } from '../stats/figures.js';
import { exitFigures } from '../stats/figures.repository.js';
import * as repo from './online.repository.js';

/** Online order DTO: the origin side (the shipping location). */
export const toOnlineDto = (o: ordersRepo.OrderWithAggregates, now = new Date()): OnlineOrder =>
  // Object.assign, not a spread: see orderHeadDto.
  Object.assign(orderHeadDto(o), {
    waiting_time: secondsBetween(o.creationDate, o.exitDate, now),
    late: isLate(o.estimatedExitDate ?? o.estimatedArrivalDate, o.exitDate, now),
    item_count: o.itemCount,
    real_item_count: o.originRealItemCount,
    num_boxes: o.numBoxes,
    num_verified_boxes: o.originVerifiedBoxes,
    creation_date: o.creationDate.toISOString(),
    estimated_arrival_date: iso(o.estimatedArrivalDate),
    estimated_exit_date: iso(o.estimatedExitDate),
    exit_date: iso(o.exitDate),
    origin: o.originLocationId,
    origin_description: o.originDescription,
    order_name: o.orderCode,
  });

export const toOnlineBoxDto = (b: ordersRepo.BoxRow, now = new Date()): OnlineBox => {
  const dto = toBoxDto(b, now, 'origin');
  return { ...dto, online_percent: onlinePercent(dto.real_item_count, dto.theorical_item_count) };
};

const toOnlineLine = (l: ordersRepo.ItemLineRow, index: number): OnlineItemLine => {
  const dto = toItemLineDto(l, index, 'origin');
  return { ...dto, online_percent: onlinePercent(dto.real_quantity, dto.theorical_quantity) };
};

export const createOnlineService = (db: Db) => {
  const orderPages = createOrderPagesRepository(db);
  const requireOnline = orderLoader(orderPages, 'online');

  const pages = orderPagesReads(orderPages, {
    requireOrder: requireOnline,
    sideOf: () => 'origin',
    toOrder: (order, _side, now) => toOnlineDto(order, now),
    toBox: (box, _side, now) => toOnlineBoxDto(box, now),
    toLine: (line, index) => toOnlineLine(line, index),
  });

  return {
    ...pages,

    async create(user: AuthUser, input: z.output<typeof onlineOrderCreateBodySchema>) {
      await requireLocation(db, user, input.origin_id);
      const id = await ordersRepo.insertOrder(db, onlineOrderValues(user.companyId, input));
      return toOnlineDto(await requireOnline(user, id));
    },

    async list(user: AuthUser, locationId: number, query: z.output<typeof onlineOrderListQuerySchema>, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      const scope = { companyId: user.companyId, locationId, at: 'origin' } as const;
      const { count, rows } = await ordersRepo.listOrders(db, { type: 'online', scope, query, page, side: 'origin', timeZone });
      const now = new Date();
      return { count, results: rows.map((r) => toOnlineDto(r, now)) };
    },

    /** Only with no verified box (409 ORDER_DELETE_CONFLICT). */
    async remove(user: AuthUser, id: number) {
      await requireOnline(user, id);
      await deleteUnverifiedOrder(orderPages, id);
    },

    async contents(user: AuthUser, id: number, page: PageParams): Promise<{ count: number; results: OrderContentRow[] }> {
      await requireOnline(user, id);
      const { count, rows } = await repo.orderContents(db, id, page);
      return { count, results: rows };
    },

    /** Online box delete: only a box without any verification (409 BOX_DELETE_CONFLICT). */
    async removeBox(user: AuthUser, id: number, boxId: number) {
      await pages.requireBox(user, id, boxId);
      await deleteUnverifiedBox(orderPages, { user, orderId: id, boxId });
    },

    async receptions(user: AuthUser, id: number, page: PageParams) {
      await requireOnline(user, id);
      const { count, rows } = await ordersRepo.listReceptions(db, user, { order_id: String(id) }, page);
      return { count, results: rows.map(toReceptionDto) };
    },

    async csv(user: AuthUser, id: number) {
      const order = await requireOnline(user, id);
      return { order, chunks: ordersRepo.orderCsvChunks(db, id) };
    },

    async stats(user: AuthUser, locationId: number, query: { date_start?: string; date_end?: string }): Promise<ExitStats> {
      const { timeZone } = await requireLocation(db, user, locationId);
      const range = statsRange(query, undefined, timeZone);
      return toExitStats(await exitFigures(db, { types: ['online'], locationIds: [locationId], ...range }), range);
    },
  };
};
