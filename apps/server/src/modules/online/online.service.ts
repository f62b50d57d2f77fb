import {
  type ExitStats,
  type OnlineBox,
  type OnlineItemLine,
  type OnlineOrder,
  type OrderContentRow,
  type onlineOrderCreateBodySchema,
  onlinePercent,
} from '@rfid/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { boxContents, boxes, itemTypes, orders } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import { outboundCsvChunks } from '../movements/outbound.csv.js';
import * as repo from '../movements/outbound.repository.js';
import { hours, isLate, iso, perDay, secondsBetween, statsRange } from '../movements/outbound.shared.js';
import * as ordersRepo from '../orders/orders.repository.js';
import { BOX_DELETE_CONFLICT, ORDER_DELETE_CONFLICT, toBoxDto, toItemLineDto } from '../orders/orders.service.js';
import { lockOrder, recomputeOrderSide } from '../verification/verification.repository.js';

/** Online order DTO: the origin side (the shipping location). */
export const toOnlineDto = (o: repo.OutboundOrder, now = new Date()): OnlineOrder => ({
  id: o.id,
  type: o.type,
  order_code: o.orderCode,
  origin_status: o.originStatus,
  destination_status: o.destinationStatus,
  closed: o.closed,
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
  const dto = toBoxDto(b, now); // online boxes: the origin side is unprefixed already
  return { ...dto, online_percent: onlinePercent(dto.real_item_count, dto.theorical_item_count) };
};

const toOnlineLine = (l: ordersRepo.ItemLineRow, index: number): OnlineItemLine => {
  const dto = toItemLineDto(l, index, 'origin');
  return { ...dto, online_percent: onlinePercent(dto.real_quantity, dto.theorical_quantity) };
};

export const createOnlineService = (db: Db) => {
  const requireOnline = async (user: AuthUser, id: number) => {
    const row = await ordersRepo.getOrder(db, user, id, 'online');
    if (!row) throw notFound('Order not found.');
    const [withOrigin] = await repo.withOriginDescriptions(db, [row]);
    return withOrigin as repo.OutboundOrder;
  };

  const requireOnlineBox = async (user: AuthUser, id: number, boxId: number) => {
    await requireOnline(user, id);
    const box = await ordersRepo.getBox(db, user, boxId);
    if (!box || box.orderId !== id) throw notFound('Box not found.');
    return box;
  };

  return {
    async create(user: AuthUser, input: z.output<typeof onlineOrderCreateBodySchema>) {
      await requireLocation(db, user, input.origin_id);
      const id = await ordersRepo.insertOrder(db, {
        companyId: user.companyId,
        type: 'online',
        orderCode: input.order_code,
        originLocationId: input.origin_id,
        originStatus: 0,
        creationDate: input.creation_date ?? new Date(),
        estimatedArrivalDate: input.estimated_arrival_date ?? null,
        estimatedExitDate: input.estimated_exit_date ?? null,
      });
      return toOnlineDto(await requireOnline(user, id));
    },

    async list(user: AuthUser, locationId: number, query: Record<string, unknown>, page: PageParams) {
      await requireLocation(db, user, locationId);
      const where = and(eq(orders.companyId, user.companyId), eq(orders.originLocationId, locationId)) as SQL;
      const { count, rows } = await repo.listOutboundOrders(db, { type: 'online', where, query, page, side: 'origin' });
      const now = new Date();
      return { count, results: rows.map((r) => toOnlineDto(r, now)) };
    },

    async get(user: AuthUser, id: number) {
      return toOnlineDto(await requireOnline(user, id));
    },

    /** Only with no verified box (409 ORDER_DELETE_CONFLICT). */
    async remove(user: AuthUser, id: number) {
      await requireOnline(user, id);
      await db.transaction(async (tx) => {
        await lockOrder(tx, id);
        if (await ordersRepo.orderHasVerifiedBox(tx, id)) throw conflict(ORDER_DELETE_CONFLICT);
        await ordersRepo.deleteOrder(tx, id);
      });
    },

    async contents(user: AuthUser, id: number, page: PageParams): Promise<{ count: number; results: OrderContentRow[] }> {
      await requireOnline(user, id);
      const where = eq(boxes.orderId, id);
      const [total] = await db
        .select({ n: count() })
        .from(boxContents)
        .innerJoin(boxes, eq(boxes.id, boxContents.boxId))
        .where(where);
      const rows = await db
        .select({
          id: boxContents.id,
          box_id: boxContents.boxId,
          codebar: boxes.codebar,
          gtin: itemTypes.gtin,
          item_type: boxContents.itemTypeId,
          description: itemTypes.description,
          quantity: boxContents.quantity,
        })
        .from(boxContents)
        .innerJoin(boxes, eq(boxes.id, boxContents.boxId))
        .innerJoin(itemTypes, eq(itemTypes.id, boxContents.itemTypeId))
        .where(where)
        .orderBy(asc(boxes.codebar), asc(itemTypes.gtin), asc(boxContents.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, results: rows };
    },

    async lines(user: AuthUser, id: number, gtinContains: string | undefined, page: PageParams) {
      await requireOnline(user, id);
      const { count, rows } = await ordersRepo.itemLines(db, { orderId: id, gtinContains, page });
      return { count, results: rows.map((r, i) => toOnlineLine(r, page.offset + i)) };
    },

    async boxes(user: AuthUser, id: number, query: { codebarContains?: string; orderBy?: string }, page: PageParams) {
      await requireOnline(user, id);
      const { count, rows } = await ordersRepo.listOrderBoxes(db, { orderId: id, ...query, page, side: 'origin' });
      const now = new Date();
      return { count, results: rows.map((r) => toOnlineBoxDto(r, now)) };
    },

    async box(user: AuthUser, id: number, boxId: number) {
      return toOnlineBoxDto(await requireOnlineBox(user, id, boxId));
    },

    async boxLines(user: AuthUser, id: number, boxId: number, gtinContains: string | undefined, page: PageParams) {
      await requireOnlineBox(user, id, boxId);
      const { count, rows } = await ordersRepo.itemLines(db, { orderId: id, boxId, gtinContains, page });
      return { count, results: rows.map((r, i) => toOnlineLine(r, page.offset + i)) };
    },

    /** Online box delete: only a box without any verification (409 BOX_DELETE_CONFLICT). */
    async removeBox(user: AuthUser, id: number, boxId: number) {
      await requireOnlineBox(user, id, boxId);
      await db.transaction(async (tx) => {
        // Checked under the order lock the engine takes too: a read verified since would be lost with the box.
        await lockOrder(tx, id);
        const box = await ordersRepo.getBox(tx, user, boxId);
        if (!box || box.orderId !== id) throw notFound('Box not found.');
        if (box.originVerificationCount > 0 || box.destinationVerificationCount > 0) throw conflict(BOX_DELETE_CONFLICT);
        await ordersRepo.deleteBox(tx, boxId);
        await recomputeOrderSide(tx, { orderId: id, side: 'origin', withDate: false });
      });
    },

    async receptions(user: AuthUser, id: number, page: PageParams) {
      await requireOnline(user, id);
      const { count, rows } = await ordersRepo.listReceptions(db, user, { order_id: String(id) }, page);
      return {
        count,
        results: rows.map((r) => ({
          id: r.id,
          order_id: r.orderId,
          reception_code: r.receptionCode,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    async itemType(user: AuthUser, id: number, itemTypeId: number) {
      const order = await requireOnline(user, id);
      const itemType = await ordersRepo.getItemType(db, user.companyId, itemTypeId);
      if (!itemType) throw notFound('GTIN not found.');
      const { rows } = await ordersRepo.itemLines(db, { orderId: id, itemTypeId, page: { limit: 1, offset: 0 } });
      const line = rows[0];
      if (!line) throw notFound('GTIN not found in this order.');
      return { order: toOnlineDto(order), itemType, line: toOnlineLine(line, 0) };
    },

    async csv(user: AuthUser, id: number) {
      const order = await requireOnline(user, id);
      return { order, chunks: outboundCsvChunks(db, id) };
    },

    async itemsCsv(user: AuthUser, id: number) {
      const order = await requireOnline(user, id);
      const { rows } = await ordersRepo.itemLines(db, { orderId: id, page: { limit: 1_000_000, offset: 0 } });
      return { order, lines: rows.map((r, i) => toOnlineLine(r, i)) };
    },

    async stats(user: AuthUser, locationId: number, query: { date_start?: string; date_end?: string }): Promise<ExitStats> {
      const { timeZone } = await requireLocation(db, user, locationId);
      const { from, to, days } = statsRange(query, undefined, timeZone);
      const s = await repo.exitStats(db, { type: 'online', locationId, from, to });
      return {
        orders: s.orders,
        origin_pending_orders: s.pending,
        origin_daily_orders: perDay(s.orders, days),
        pending_orders: s.pending,
        daily_orders: perDay(s.orders, days),
        average_shipping_time: hours(s.avgShipping),
        max_shipping_time: hours(s.maxShipping),
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },
  };
};
