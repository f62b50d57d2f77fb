import {
  type Box,
  type ItemLine,
  MOVEMENT_CANCEL_CONFLICT,
  type MovementEntryStats,
  type MovementOrder,
  type movementOrderCreateBodySchema,
  OrderStatus,
} from '@rfid/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { conflict, fieldError, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import * as ordersRepo from '../orders/orders.repository.js';
import { ORDER_DELETE_CONFLICT, toBoxDto, toItemLineDto } from '../orders/orders.service.js';
import { lockOrder } from '../verification/verification.repository.js';
import { outboundCsvChunks } from './outbound.csv.js';
import * as repo from './outbound.repository.js';
import { hours, isLate, iso, perDay, secondsBetween, statsRange } from './outbound.shared.js';

export type MovementSide = 'exit' | 'entry';

/** Movement order DTO; `side` picks what the unprefixed counts mean (exit: origin, entry: destination). */
export const toMovementDto = (o: repo.OutboundOrder, side: MovementSide, now = new Date()): MovementOrder => {
  const originVerified = o.originVerifiedBoxes;
  const destinationVerified = o.destinationVerifiedBoxes;
  return {
    id: o.id,
    type: o.type,
    order_code: o.orderCode,
    order_name: o.orderCode,
    origin_status: o.originStatus,
    destination_status: o.destinationStatus,
    closed: o.closed,
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
  };
};

/**
 * Cancel of a movement entry (spec section 2, movement-entry dashboard): the origin has verified
 * boxes and the destination none, and the destination side is not canceled already.
 */
export const canCancelEntry = (o: {
  originVerifiedBoxes: number;
  destinationVerifiedBoxes: number;
  destinationStatus: number;
}): boolean => o.originVerifiedBoxes > 0 && o.destinationVerifiedBoxes === 0 && o.destinationStatus !== OrderStatus.Canceled;

/** A movement box as seen from one side: the unprefixed fields are that side's. */
export const toMovementBoxDto = (b: ordersRepo.BoxRow, side: MovementSide, now = new Date()): Box => {
  const dto = toBoxDto(b, now);
  if (side === 'entry') return dto;
  return {
    ...dto,
    status: dto.origin_status,
    reading_time: dto.origin_reading_time,
    waiting_time: secondsBetween(b.orderCreationDate, b.originReadingTime, now),
    real_item_count: dto.origin_real_item_count,
    matched_item_count: dto.origin_matched_item_count,
    verification_count: dto.origin_verification_count,
    percent:
      dto.theorical_item_count <= 0
        ? 0
        : Math.min(100, Math.floor((dto.origin_real_item_count / dto.theorical_item_count) * 100)),
  };
};

const sideOf = (side: MovementSide) => (side === 'exit' ? 'origin' : 'destination');

export const createMovementsService = (db: Db) => {
  const requireMovement = async (user: AuthUser, id: number) => {
    const row = await ordersRepo.getOrder(db, user, id, 'movement');
    if (!row) throw notFound('Order not found.');
    const [withOrigin] = await repo.withOriginDescriptions(db, [row]);
    return withOrigin as repo.OutboundOrder;
  };

  const list = async (where: SQL, query: Record<string, unknown>, page: PageParams, side: MovementSide) => {
    const { count, rows } = await repo.listOutboundOrders(db, { type: 'movement', where, query, page, side: sideOf(side) });
    const now = new Date();
    return { count, results: rows.map((r) => toMovementDto(r, side, now)) };
  };

  return {
    requireMovement,

    async create(user: AuthUser, input: z.output<typeof movementOrderCreateBodySchema>) {
      await requireLocation(db, user, input.origin_id);
      try {
        await requireLocation(db, user, input.destination_id);
      } catch {
        throw fieldError('destination_id', 'Location not found.');
      }
      if (input.origin_id === input.destination_id)
        throw fieldError('destination_id', 'The destination must differ from the origin.');
      const id = await ordersRepo.insertOrder(db, {
        companyId: user.companyId,
        type: 'movement',
        orderCode: input.order_code,
        originLocationId: input.origin_id,
        destinationLocationId: input.destination_id,
        originStatus: 0,
        destinationStatus: 0,
        container: input.container ?? '',
        creationDate: input.creation_date ?? new Date(),
        estimatedArrivalDate: input.estimated_arrival_date ?? null,
        estimatedExitDate: input.estimated_exit_date ?? null,
      });
      return toMovementDto(await requireMovement(user, id), 'exit');
    },

    /** GET /locations/{id}/v1/exits/: movements leaving the location. */
    async listExits(user: AuthUser, locationId: number, query: Record<string, unknown>, page: PageParams) {
      await requireLocation(db, user, locationId);
      const where = and(eq(orders.companyId, user.companyId), eq(orders.originLocationId, locationId)) as SQL;
      return list(where, query, page, 'exit');
    },

    /** GET /v1/morders/?destination__id={id}: movements arriving at the location. */
    async listEntries(user: AuthUser, locationId: number, query: Record<string, unknown>, page: PageParams) {
      await requireLocation(db, user, locationId);
      const where = and(eq(orders.companyId, user.companyId), eq(orders.destinationLocationId, locationId)) as SQL;
      return list(where, query, page, 'entry');
    },

    /** GET /locations/{id}/morderscaware/: movements from or to the location (entry reading). */
    async listAware(user: AuthUser, locationId: number, query: Record<string, unknown>, page: PageParams) {
      await requireLocation(db, user, locationId);
      const where = and(
        eq(orders.companyId, user.companyId),
        or(eq(orders.destinationLocationId, locationId), eq(orders.originLocationId, locationId)),
      ) as SQL;
      return list(where, query, page, 'entry');
    },

    async get(user: AuthUser, id: number, side: MovementSide) {
      return toMovementDto(await requireMovement(user, id), side);
    },

    /**
     * PUT /morders/{id}/: `sync`, and `destination_status` 4 = cancel the entry. Cancel only when
     * the origin verified boxes and the destination none (409 MOVEMENT_CANCEL_CONFLICT otherwise).
     */
    async update(user: AuthUser, id: number, body: { sync?: boolean; destination_status?: number }) {
      await requireMovement(user, id);
      await db.transaction(async (tx) => {
        await lockOrder(tx, id);
        if (body.destination_status === OrderStatus.Canceled) {
          const fresh = await ordersRepo.getOrder(tx, user, id, 'movement');
          if (!fresh || !canCancelEntry(fresh)) throw conflict(MOVEMENT_CANCEL_CONFLICT);
          await repo.setDestinationStatus(tx, id, OrderStatus.Canceled);
        }
        if (body.sync !== undefined) await ordersRepo.updateOrderSync(tx, id, body.sync);
      });
      return toMovementDto(await requireMovement(user, id), 'entry');
    },

    /** DELETE /v1/morders/{id}/: only with no verified box on either side (409 otherwise). */
    async remove(user: AuthUser, id: number) {
      await requireMovement(user, id);
      await db.transaction(async (tx) => {
        await lockOrder(tx, id);
        if (await ordersRepo.orderHasVerifiedBox(tx, id)) throw conflict(ORDER_DELETE_CONFLICT);
        await ordersRepo.deleteOrder(tx, id);
      });
    },

    async lines(
      user: AuthUser,
      id: number,
      side: MovementSide,
      gtinContains: string | undefined,
      page: PageParams,
    ): Promise<{ count: number; results: ItemLine[] }> {
      await requireMovement(user, id);
      const { count, rows } = await ordersRepo.itemLines(db, { orderId: id, gtinContains, page });
      return { count, results: rows.map((r, i) => toItemLineDto(r, page.offset + i, sideOf(side))) };
    },

    async boxes(
      user: AuthUser,
      id: number,
      side: MovementSide,
      query: { codebarContains?: string; orderBy?: string },
      page: PageParams,
    ) {
      await requireMovement(user, id);
      const { count, rows } = await ordersRepo.listOrderBoxes(db, { orderId: id, ...query, page, side: sideOf(side) });
      const now = new Date();
      return { count, results: rows.map((r) => toMovementBoxDto(r, side, now)) };
    },

    async box(user: AuthUser, id: number, boxId: number, side: MovementSide) {
      await requireMovement(user, id);
      const box = await ordersRepo.getBox(db, user, boxId);
      if (!box || box.orderId !== id) throw notFound('Box not found.');
      return toMovementBoxDto(box, side);
    },

    async boxLines(
      user: AuthUser,
      id: number,
      boxId: number,
      side: MovementSide,
      gtinContains: string | undefined,
      page: PageParams,
    ) {
      await this.box(user, id, boxId, side);
      const { count, rows } = await ordersRepo.itemLines(db, { orderId: id, boxId, gtinContains, page });
      return { count, results: rows.map((r, i) => toItemLineDto(r, page.offset + i, sideOf(side))) };
    },

    async itemType(user: AuthUser, id: number, itemTypeId: number, side: MovementSide) {
      const order = await requireMovement(user, id);
      const itemType = await ordersRepo.getItemType(db, user.companyId, itemTypeId);
      if (!itemType) throw notFound('GTIN not found.');
      const { rows } = await ordersRepo.itemLines(db, { orderId: id, itemTypeId, page: { limit: 1, offset: 0 } });
      const line = rows[0];
      if (!line) throw notFound('GTIN not found in this order.');
      return { order: toMovementDto(order, side), itemType, line: toItemLineDto(line, 0, sideOf(side)) };
    },

    async csv(user: AuthUser, id: number, reportMode: '0' | '1') {
      const order = await requireMovement(user, id);
      return reportMode === '1'
        ? { order, mode: 'epc' as const, rows: await repo.outboundEpcRows(db, id) }
        : { order, mode: 'gtin' as const, chunks: outboundCsvChunks(db, id) };
    },

    async itemsCsv(user: AuthUser, id: number, side: MovementSide) {
      const order = await requireMovement(user, id);
      const { rows } = await ordersRepo.itemLines(db, { orderId: id, page: { limit: 1_000_000, offset: 0 } });
      return { order, lines: rows.map((r, i) => toItemLineDto(r, i, sideOf(side))) };
    },

    /** Exit statistics of movements leaving the location (exit dashboard). */
    async exitStats(user: AuthUser, locationId: number, query: { date_start?: string; date_end?: string }) {
      const { timeZone } = await requireLocation(db, user, locationId);
      const { from, to, days } = statsRange(query, undefined, timeZone);
      const s = await repo.exitStats(db, { type: 'movement', locationId, from, to });
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

    /** Entry statistics of movements arriving at the location (entry dashboard). */
    async entryStats(
      user: AuthUser,
      locationId: number,
      query: { date_start?: string; date_end?: string },
    ): Promise<MovementEntryStats> {
      const { timeZone } = await requireLocation(db, user, locationId);
      const { from, to, days } = statsRange(query, undefined, timeZone);
      const s = await repo.entryStats(db, { locationId, from, to });
      return {
        orders: s.orders,
        destination_pending_orders: s.pending,
        destination_daily_orders: perDay(s.orders, days),
        average_reception_time: hours(s.avgReception),
        max_reception_time: hours(s.maxReception),
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },
  };
};
