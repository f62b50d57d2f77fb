import {
  type ExitStats,
  type MovementEntryStats,
  type MovementOrder,
  type movementEntryListQuerySchema,
  type movementExitListQuerySchema,
  type movementOrderCreateBodySchema,
  OrderStatus,
} from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict, fieldError } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import { isLate, iso, movementOrderValues, orderHeadDto, secondsBetween, toBoxDto, toItemLineDto } from '../orders/order-dto.js';
import { createOrderPagesService, deleteUnverifiedOrder, orderLoader } from '../orders/order-pages.service.js';
import * as ordersRepo from '../orders/orders.repository.js';
import { toEntryStats, toExitStats } from '../stats/figures.js';
import { entryFigures, exitFigures } from '../stats/figures.repository.js';
import { statsRange } from './outbound.shared.js';

export type MovementSide = 'exit' | 'entry';

/** Movement order DTO; `side` picks what the unprefixed counts mean (exit: origin, entry: destination). */
export const toMovementDto = (o: ordersRepo.OrderWithAggregates, side: MovementSide, now = new Date()): MovementOrder => {
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

/**
 * Cancel of a movement entry (spec section 2, movement-entry dashboard): the origin has verified
 * boxes and the destination none, and the destination side is not canceled already.
 */
export const canCancelEntry = (o: {
  originVerifiedBoxes: number;
  destinationVerifiedBoxes: number;
  destinationStatus: number;
}): boolean => o.originVerifiedBoxes > 0 && o.destinationVerifiedBoxes === 0 && o.destinationStatus !== OrderStatus.Canceled;

const sideOf = (side: MovementSide | undefined) => ((side ?? 'exit') === 'exit' ? 'origin' : 'destination');

/** The queries of the movement lists (exits; entries and both ways), as the contract's schemas give them. */
type MovementExitListQuery = z.output<typeof movementExitListQuerySchema>;
type MovementEntryListQuery = z.output<typeof movementEntryListQuerySchema>;

export const createMovementsService = (db: Db) => {
  const requireMovement = orderLoader(db, 'movement');

  const pages = createOrderPagesService(db, {
    requireOrder: requireMovement,
    sideOf: (_order, side) => sideOf(side),
    toOrder: (order, side, now) => toMovementDto(order, side ?? 'exit', now),
    toBox: (box, side, now) => toBoxDto(box, now, side),
    toLine: toItemLineDto,
  });

  /** A page of movements; date-only filters are days of `timeZone` (the listed location's). */
  const list = async (
    scope: ordersRepo.OrderListScope,
    query: ordersRepo.OrderListQuery,
    page: PageParams,
    side: MovementSide,
    timeZone: string,
  ) => {
    const { count, rows } = await ordersRepo.listOrders(db, {
      type: 'movement',
      scope,
      query,
      page,
      side: sideOf(side),
      timeZone,
    });
    const now = new Date();
    return { count, results: rows.map((r) => toMovementDto(r, side, now)) };
  };

  return {
    ...pages,
    requireMovement,

    async create(user: AuthUser, input: z.output<typeof movementOrderCreateBodySchema>) {
      await requireLocation(db, user, input.origin_id);
      try {
        await requireLocation(db, user, input.destination_id);
      } catch {
        throw fieldError('destination_id', 'location.not_found');
      }
      if (input.origin_id === input.destination_id) throw fieldError('destination_id', 'movements.destination_same');
      const id = await ordersRepo.insertOrder(db, movementOrderValues(user.companyId, input));
      return toMovementDto(await requireMovement(user, id), 'exit');
    },

    /** GET /locations/{id}/v1/exits/: movements leaving the location. */
    async list(user: AuthUser, locationId: number, query: MovementExitListQuery, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      return list({ companyId: user.companyId, locationId, at: 'origin' }, query, page, 'exit', timeZone);
    },

    /** GET /v1/morders/?destination__id={id}: movements arriving at the location. */
    async listEntries(user: AuthUser, locationId: number, query: MovementEntryListQuery, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      return list({ companyId: user.companyId, locationId, at: 'destination' }, query, page, 'entry', timeZone);
    },

    /** GET /locations/{id}/morderscaware/: movements from or to the location (entry reading). */
    async listAware(user: AuthUser, locationId: number, query: MovementEntryListQuery, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      return list({ companyId: user.companyId, locationId, at: 'either' }, query, page, 'entry', timeZone);
    },

    /**
     * PUT /morders/{id}/: `sync`, and `destination_status` 4 = cancel the entry. Cancel only when
     * the origin verified boxes and the destination none (409 MOVEMENT_CANCEL_CONFLICT otherwise).
     */
    async update(user: AuthUser, id: number, body: { sync?: boolean; destination_status?: number }) {
      await requireMovement(user, id);
      await db.transaction(async (tx) => {
        await ordersRepo.lockOrder(tx, id);
        if (body.destination_status === OrderStatus.Canceled) {
          const fresh = await ordersRepo.getOrder(tx, user, id, 'movement');
          if (!fresh || !canCancelEntry(fresh)) throw conflict('movements.cancel_conflict');
          await ordersRepo.setDestinationStatus(tx, id, OrderStatus.Canceled);
        }
        if (body.sync !== undefined) await ordersRepo.updateOrderSync(tx, id, body.sync);
      });
      return toMovementDto(await requireMovement(user, id), 'entry');
    },

    /** DELETE /v1/morders/{id}/: only with no verified box on either side (409 otherwise). */
    async remove(user: AuthUser, id: number) {
      await requireMovement(user, id);
      await deleteUnverifiedOrder(db, id);
    },

    async csv(user: AuthUser, id: number, reportMode: '0' | '1') {
      const order = await requireMovement(user, id);
      return reportMode === '1'
        ? { order, mode: 'epc' as const, rows: await ordersRepo.orderEpcRows(db, id) }
        : { order, mode: 'gtin' as const, chunks: ordersRepo.orderCsvChunks(db, id) };
    },

    /** Exit statistics of movements leaving the location (exit dashboard). */
    async exitStats(user: AuthUser, locationId: number, query: { date_start?: string; date_end?: string }): Promise<ExitStats> {
      const { timeZone } = await requireLocation(db, user, locationId);
      const range = statsRange(query, undefined, timeZone);
      return toExitStats(await exitFigures(db, { types: ['movement'], locationIds: [locationId], ...range }), range);
    },

    /** Entry statistics of movements arriving at the location (entry dashboard). */
    async entryStats(
      user: AuthUser,
      locationId: number,
      query: { date_start?: string; date_end?: string },
    ): Promise<MovementEntryStats> {
      const { timeZone } = await requireLocation(db, user, locationId);
      const range = statsRange(query, undefined, timeZone);
      return toEntryStats(await entryFigures(db, { locationIds: [locationId], ...range }), range);
    },
  };
};
