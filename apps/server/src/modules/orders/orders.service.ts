import {
  type BoxContent,
  type boxContentCreateBodySchema,
  type boxCreateBodySchema,
  dayBucket,
  daysSpanned,
  type InboundStats,
  type ProviderStats,
  parseDateBound,
  type providerListQuerySchema,
  type providerOrdersQuerySchema,
  type purchaseOrderCreateBodySchema,
  type purchaseOrderListQuerySchema,
  type ReturnLine,
  type receptionListQuerySchema,
  type returnListQuerySchema,
  todayIn,
} from '@rfid/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { parseDateParam } from '../../http/dates.js';
import { conflict, fieldError, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import { msg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import { companyTimeZone, requireLocation } from '../locations/location-scope.js';
import { toInboundStats } from '../stats/figures.js';
import { inboundFigures } from '../stats/figures.repository.js';
import { hours } from '../stats/stats.rules.js';
import { pageSideOf, purchaseOrderValues, toBoxDto, toItemLineDto, toOrderDto, toReceptionDto } from './order-dto.js';
import { createOrderPagesService, deleteUnverifiedBox, deleteUnverifiedOrder, orderLoader } from './order-pages.service.js';
import * as repo from './orders.repository.js';

export const BARCODE_EXISTS = 'orders.barcode_exists';

const DAY_MS = 86_400_000;

/** The queries of the purchase order lists, as the contract's schemas give them. */
type PurchaseOrderListQuery = z.output<typeof purchaseOrderListQuerySchema>;
type ProviderOrdersQuery = z.output<typeof providerOrdersQuerySchema>;

/** Inbound: purchase orders (the /porders/ pages show any order the user sees), receptions, boxes, providers, returns. */
export const createOrdersService = (db: Db) => {
  /** The order (any type) the user may see, or 404. */
  const requireOrder = orderLoader(db);

  /** The box the user may see, or 404. */
  const requireBox = async (user: AuthUser, id: number) => {
    const box = await repo.getBox(db, user, id);
    if (!box) throw notFound('orders.box_not_found');
    return box;
  };

  const pages = createOrderPagesService(db, {
    requireOrder,
    sideOf: (order) => pageSideOf(order.type),
    toOrder: (order, _side, now) => toOrderDto(order, now),
    toBox: (box, side, now) => toBoxDto(box, now, side),
    toLine: toItemLineDto,
  });

  /** Resolves GTINs to the company's item types; an unknown one is a 400 on its row. */
  const resolveGtins = async (tx: DbOrTx, companyId: number, gtins: string[], field: (i: number) => string) => {
    const byGtin = await repo.itemTypesByGtin(tx, companyId, gtins);
    return gtins.map((gtin, i) => {
      const found = byGtin.get(gtin) ?? byGtin.get(gtin.padStart(14, '0'));
      if (!found) throw fieldError(field(i), msg('catalog.gtin_missing', { gtin }));
      return found.id;
    });
  };

  /** A page of purchase orders; date-only filters are days of `timeZone`. */
  const orderPage = async (scope: repo.OrderListScope, query: repo.OrderListQuery, page: PageParams, timeZone: string) => {
    const { count, rows } = await repo.listOrders(db, { type: 'purchase', scope, query, page, side: 'destination', timeZone });
    const now = new Date();
    return { count, results: rows.map((r) => toOrderDto(r, now)) };
  };

  const getProvider = async (user: AuthUser, id: number) => {
    const provider = await repo.getProvider(db, user.companyId, id);
    if (!provider) throw notFound('orders.provider_not_found');
    return provider;
  };

  const getReturn = async (user: AuthUser, kind: 'provider' | 'sale', id: number) => {
    const row = await repo.getReturn(db, { id, kind, companyId: user.companyId });
    if (!row) throw notFound('orders.return_not_found');
    if (user.locationIds !== null && !user.locationIds.includes(row.locationId)) throw notFound('orders.return_not_found');
    return row;
  };

  return {
    ...pages,
    requireOrder,
    requireBox,

    async createPurchaseOrder(user: AuthUser, input: z.output<typeof purchaseOrderCreateBodySchema>) {
      await requireLocation(db, user, input.destination_id);
      const provider = await repo.getProvider(db, user.companyId, input.origin_id);
      if (!provider) throw fieldError('origin_id', 'orders.provider_not_found');
      const id = await repo.insertOrder(db, purchaseOrderValues(user.companyId, input, provider.id));
      return toOrderDto(await requireOrder(user, id));
    },

    async list(user: AuthUser, locationId: number, query: PurchaseOrderListQuery, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      const { count, rows } = await repo.listLocationOrders(db, {
        type: 'purchase',
        companyId: user.companyId,
        locationId,
        query,
        page,
        side: 'destination',
        timeZone,
      });
      const now = new Date();
      return { count, results: rows.map((r) => toOrderDto(r, now)) };
    },

    async setSync(user: AuthUser, id: number, sync: boolean) {
      await requireOrder(user, id);
      await repo.updateOrderSync(db, id, sync);
      return toOrderDto(await requireOrder(user, id));
    },

    async remove(user: AuthUser, id: number) {
      await requireOrder(user, id);
      await deleteUnverifiedOrder(db, id);
    },

    async createReception(user: AuthUser, input: { reception_code: string; order_id: number }) {
      const order = await repo.getOrder(db, user, input.order_id);
      if (!order) throw fieldError('order_id', 'orders.order_not_found');
      return toReceptionDto(await repo.insertReception(db, order.id, input.reception_code));
    },

    async listReceptions(user: AuthUser, query: z.output<typeof receptionListQuerySchema>, page: PageParams) {
      const { count, rows } = await repo.listReceptions(db, user, query, page);
      return { count, results: rows.map(toReceptionDto) };
    },

    async getReception(user: AuthUser, id: number) {
      const row = await repo.getReception(db, user, id);
      if (!row) throw notFound('orders.reception_not_found');
      return toReceptionDto(row);
    },

    /** Creates a box, and its contents when given, in one transaction. 409 'Barcode already exists'. */
    async createBox(user: AuthUser, input: z.output<typeof boxCreateBodySchema>) {
      const reception = await repo.getReception(db, user, input.reception_id);
      if (!reception) throw fieldError('reception_id', 'orders.reception_not_found');
      const id = await db.transaction(async (tx) => {
        // The order first (one lock order: an order before its boxes): inserting the box takes a key-share
        // lock on the order, so locking it only afterwards deadlocked boxes added to one order at once.
        await repo.lockOrder(tx, reception.orderId);
        if (await repo.codebarExists(tx, user.companyId, input.codebar)) throw conflict(BARCODE_EXISTS);
        const contents = input.contents ?? [];
        const typeIds = await resolveGtins(
          tx,
          user.companyId,
          contents.map((c) => c.gtin),
          (i) => `contents.${i}.gtin`,
        );
        const boxId = await repo.insertBox(tx, {
          companyId: user.companyId,
          orderId: reception.orderId,
          receptionId: reception.id,
          codebar: input.codebar,
        });
        await repo.insertContents(
          tx,
          contents.map((c, i) => ({ boxId, itemTypeId: typeIds[i] ?? 0, quantity: c.quantity })),
        );
        // a new unread box takes a fully verified order back to 'checking'
        await repo.recomputeOrderSides(tx, reception.orderId, ['destination', 'origin']);
        return boxId;
      });
      return toBoxDto(await requireBox(user, id));
    },

    /** POST /contents/: every row's box must be visible and unverified; all rows in one transaction. */
    async createContents(user: AuthUser, rows: z.output<typeof boxContentCreateBodySchema>): Promise<BoxContent[]> {
      const boxIds = [...new Set(rows.map((r) => r.box_id))];
      for (const boxId of boxIds) {
        const box = await repo.getBox(db, user, boxId);
        if (!box) throw fieldError(`${rows.findIndex((r) => r.box_id === boxId)}.box_id`, 'orders.box_not_found');
      }
      return db.transaction(async (tx) => {
        const typeIds = await resolveGtins(
          tx,
          user.companyId,
          rows.map((r) => r.gtin),
          (i) => `${i}.gtin`,
        );
        const inserted = await repo.insertContents(
          tx,
          rows.map((r, i) => ({ boxId: r.box_id, itemTypeId: typeIds[i] ?? 0, quantity: r.quantity })),
        );
        return inserted.map((c, i) => ({
          id: c.id,
          box_id: c.boxId,
          item_type: c.itemTypeId,
          quantity: c.quantity,
          gtin: rows[i]?.gtin ?? '',
        }));
      });
    },

    async deleteBox(user: AuthUser, id: number) {
      const { orderId } = await requireBox(user, id);
      await deleteUnverifiedBox(db, user, { orderId, boxId: id });
    },

    async getBox(user: AuthUser, id: number) {
      return toBoxDto(await requireBox(user, id));
    },

    async boxesByCodebar(user: AuthUser, codebar: string, page: PageParams) {
      const { count, rows } = await repo.findBoxesByCodebar(db, user, codebar, page);
      return { count, results: rows.map((r) => toBoxDto(r)) };
    },

    /** GET /rboxes/{id}/report/: the lines of a box found by its id alone. */
    async boxIdLines(user: AuthUser, id: number, gtinContains: string | undefined, page: PageParams) {
      const { orderId } = await requireBox(user, id);
      return pages.boxLines(user, orderId, id, undefined, gtinContains, page);
    },

    // -------------------------------------------------------------- providers

    async listProviders(user: AuthUser, query: z.output<typeof providerListQuerySchema>, page: PageParams) {
      const { count, rows } = await repo.listProviders(db, user.companyId, query, page);
      return { count, results: rows };
    },

    getProvider,

    async providerStats(user: AuthUser, id: number): Promise<ProviderStats> {
      await getProvider(user, id);
      const stats = await repo.providerStats(db, user, id);
      return {
        average_reception_time: hours(stats.averageReceptionSeconds),
        order_count: stats.orderCount,
        delay_percent: stats.delayPercent,
      };
    },

    /** pending=true: destination_status 0; pending=false: the rest (spec section 4). */
    async providerOrders(user: AuthUser, id: number, query: ProviderOrdersQuery, page: PageParams) {
      await getProvider(user, id);
      const pending = query.pending === undefined ? undefined : ['true', 'True', '1'].includes(query.pending);
      return orderPage({ user, providerId: id, pending }, query, page, await companyTimeZone(db, user));
    },

    // -------------------------------------------------------------- statistics

    async inboundStats(user: AuthUser, locationId: number, range: { from?: string; to?: string }): Promise<InboundStats> {
      const { timeZone } = await requireLocation(db, user, locationId);
      const now = new Date();
      // Dates and "today" are the location's (its IANA zone): a date-only `to` is the end of that day there.
      const to = parseDateParam(range.to, 'to', 'end', timeZone) ?? now;
      const from = parseDateParam(range.from, 'from', 'start', timeZone) ?? new Date(to.getTime() - 30 * DAY_MS);
      if (from > to) throw fieldError('from', 'common.from_after_to');
      const today = dayBucket(todayIn(timeZone, now), timeZone);
      const [dayStart, dayEnd] = [today.start, new Date(today.end.getTime() - 1)];
      const figures = await inboundFigures(db, { locationIds: [locationId], from, to, dayStart, dayEnd });
      // days in the range, at least 1: orders per day = orders / days; incorrect per day = status-2 orders / days
      return toInboundStats(figures, { from, to, days: daysSpanned(from, to, timeZone) });
    },

    // -------------------------------------------------------------- downloads

    async orderCsv(user: AuthUser, id: number) {
      const order = await requireOrder(user, id);
      return { order, chunks: repo.orderCsvChunks(db, id) };
    },

    /**
     * The print data of a location's purchase orders in a range, read in the location's zone (the one date codec): a
     * day `date_time_to` includes that whole day, a date-time is that instant (inclusive).
     */
    async printData(user: AuthUser, input: { location_id: number; date_time_from: string; date_time_to?: string }) {
      const { timeZone } = await requireLocation(db, user, input.location_id);
      const parse = (value: string, field: string, side: 'start' | 'end') => {
        const bound = parseDateBound(value, timeZone, side);
        if (!bound) throw fieldError(field, 'common.date_time');
        return bound;
      };
      const from = parse(input.date_time_from, 'date_time_from', 'start').at;
      const to = input.date_time_to ? parse(input.date_time_to, 'date_time_to', 'end') : null;
      const rows = await repo.printDataRows(db, { locationId: input.location_id, from, to });
      return { rows, timeZone };
    },

    // -------------------------------------------------------------- returns

    async listReturns(
      user: AuthUser,
      kind: 'provider' | 'sale',
      locationId: number,
      query: z.output<typeof returnListQuerySchema>,
      page: PageParams,
    ) {
      const { timeZone } = await requireLocation(db, user, locationId);
      return repo.listReturns(db, { kind, locationId, query, page, timeZone });
    },

    getReturn,

    async returnLines(
      user: AuthUser,
      kind: 'provider' | 'sale',
      id: number,
      page: PageParams,
    ): Promise<{ count: number; results: ReturnLine[] }> {
      await getReturn(user, kind, id);
      const { count, rows } = await repo.returnLines(db, id, page);
      return {
        count,
        results: rows.map(({ itemTypeId, ...r }) => ({ ...r, item_type: itemTypeId })),
      };
    },
  };
};
export type OrdersService = ReturnType<typeof createOrdersService>;
