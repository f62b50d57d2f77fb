import type {
  Box,
  BoxContent,
  boxContentCreateBodySchema,
  boxCreateBodySchema,
  InboundStats,
  ItemLine,
  ProviderReturn,
  ProviderStats,
  PurchaseOrder,
  purchaseOrderCreateBodySchema,
  Reception,
  ReturnLine,
  SaleReturn,
} from '@rfid/contract';
import { dayBucket, daysSpanned, todayIn } from '@rfid/contract';
import { and, eq, not, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { parseDateParam } from '../../http/dates.js';
import { conflict, fieldError, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import { lockOrder, recomputeOrderSide } from '../verification/verification.repository.js';
import { linePercent } from '../verification/verification.rules.js';
import { visibleOrders } from './order-scope.js';
import * as repo from './orders.repository.js';

export const ORDER_DELETE_CONFLICT = 'Cannot delete the order. Check verifications.';
export const BARCODE_EXISTS = 'Barcode already exists';
export const BOX_DELETE_CONFLICT = 'Cannot delete the box. It has been verified.';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const secondsBetween = (from: Date, to: Date | null, now: Date): number =>
  Math.max(0, Math.round(((to ?? now).getTime() - from.getTime()) / 1000));

// ---------------------------------------------------------------- DTOs

export const toOrderDto = (o: repo.OrderWithAggregates, now = new Date()): PurchaseOrder => {
  const side = o.type === 'online' ? 'origin' : 'destination';
  return {
    id: o.id,
    type: o.type,
    order_code: o.orderCode,
    origin_status: o.originStatus,
    destination_status: o.destinationStatus,
    closed: o.closed,
    sync: o.sync,
    container: o.container,
    waiting_time: secondsBetween(o.creationDate, side === 'destination' ? o.arrivalDate : o.exitDate, now),
    item_count: o.itemCount,
    real_item_count: side === 'destination' ? o.destinationRealItemCount : o.originRealItemCount,
    num_boxes: o.numBoxes,
    num_verified_boxes: side === 'destination' ? o.destinationVerifiedBoxes : o.originVerifiedBoxes,
    creation_date: o.creationDate.toISOString(),
    estimated_arrival_date: iso(o.estimatedArrivalDate),
    arrival_date: iso(o.arrivalDate),
    origin: o.providerId,
    provider_name: o.providerName,
    order_name: o.providerName ? `${o.orderCode} · ${o.providerName}` : o.orderCode,
    destination: o.destinationLocationId,
    destination_description: o.destinationDescription,
  };
};

export const toBoxDto = (b: repo.BoxRow, now = new Date()): Box => {
  const isOrigin = b.orderType === 'online';
  const status = isOrigin ? b.originStatus : b.destinationStatus;
  const readingTime = isOrigin ? b.originReadingTime : b.destinationReadingTime;
  const real = isOrigin ? b.originRealItemCount : b.destinationRealItemCount;
  return {
    id: b.id,
    barcode: b.codebar,
    codebar: b.codebar,
    order: b.orderId,
    order_name: b.providerName ? `${b.orderCode} · ${b.providerName}` : b.orderCode,
    order_code: b.orderCode,
    reception_id: b.receptionId,
    status,
    reading_time: iso(readingTime),
    waiting_time: secondsBetween(b.orderCreationDate, readingTime, now),
    theorical_item_count: b.theoricalItemCount,
    real_item_count: real,
    matched_item_count: isOrigin ? b.originMatchedItemCount : b.destinationMatchedItemCount,
    references: b.references,
    verification_count: isOrigin ? b.originVerificationCount : b.destinationVerificationCount,
    percent: linePercent(real, b.theoricalItemCount),
    origin_status: b.originStatus,
    origin_reading_time: iso(b.originReadingTime),
    origin_real_item_count: b.originRealItemCount,
    origin_matched_item_count: b.originMatchedItemCount,
    origin_verification_count: b.originVerificationCount,
    destination_status: b.destinationStatus,
    destination_reading_time: iso(b.destinationReadingTime),
    destination_real_item_count: b.destinationRealItemCount,
    destination_matched_item_count: b.destinationMatchedItemCount,
    destination_verification_count: b.destinationVerificationCount,
  };
};

export const toItemLineDto = (l: repo.ItemLineRow, index: number, side: 'origin' | 'destination' = 'destination'): ItemLine => {
  const real = side === 'destination' ? l.destinationReal : l.originReal;
  return {
    id: l.itemTypeId ?? -(index + 1),
    gtin: l.gtin,
    item_type: l.itemTypeId,
    theorical_item_count: l.expected,
    real_item_count: real,
    theorical_quantity: l.expected,
    real_quantity: real,
    destination_real_quantity: l.destinationReal,
    origin_real_quantity: l.originReal,
    percent: linePercent(real, l.expected),
    description: l.description,
    section: l.section,
    cloth_type: l.clothType,
    model: l.model,
    colour: l.colour,
    reference: l.reference,
    sizes: l.sizes,
  };
};

const toReceptionDto = (r: { id: number; orderId: number; receptionCode: string; createdAt: Date }): Reception => ({
  id: r.id,
  order_id: r.orderId,
  reception_code: r.receptionCode,
  created_at: r.createdAt.toISOString(),
});

export const toProviderReturnDto = (r: repo.ReturnRow): ProviderReturn => ({
  id: r.id,
  code: r.code,
  order: r.orderId !== null && r.orderCode !== null ? { id: r.orderId, order_code: r.orderCode } : null,
  provider: r.providerId !== null && r.providerName !== null ? { id: r.providerId, name: r.providerName } : null,
  location: r.locationId,
  real_item_count: r.realItemCount,
  start_time: iso(r.startTime),
  end_time: iso(r.endTime),
});

export const toSaleReturnDto = (r: repo.ReturnRow): SaleReturn => ({
  id: r.id,
  code: r.code,
  order: r.orderId !== null && r.orderCode !== null ? { id: r.orderId, order_code: r.orderCode } : null,
  location: r.locationId,
  real_item_count: r.realItemCount,
  start_time: iso(r.startTime),
  end_time: iso(r.endTime),
});

/** Hours with 2 decimals. */
const hours = (seconds: number | null): number | null => (seconds === null ? null : Math.round((seconds / 3600) * 100) / 100);
/** The spec's "comma-separated, first part shown" duration: "<hours>,<seconds>". */
const durationText = (seconds: number | null): string =>
  seconds === null ? '0,0' : `${(Math.round((seconds / 3600) * 100) / 100).toFixed(2)},${Math.round(seconds)}`;

// ---------------------------------------------------------------- service

/** Both sides' statuses after the order's set of boxes changed (dates untouched). */
const recomputeOrderSides = async (tx: DbOrTx, orderId: number): Promise<void> => {
  await lockOrder(tx, orderId);
  await recomputeOrderSide(tx, { orderId, side: 'destination', withDate: false });
  await recomputeOrderSide(tx, { orderId, side: 'origin', withDate: false });
};

export const createOrdersService = (db: Db) => {
  /** The order (any type) the user may see, or 404. */
  const requireOrder = async (user: AuthUser, id: number, type?: 'purchase' | 'movement' | 'online') => {
    const order = await repo.getOrder(db, user, id, type);
    if (!order) throw notFound('Order not found.');
    return order;
  };

  /** The box the user may see, or 404. */
  const requireBox = async (user: AuthUser, id: number) => {
    const box = await repo.getBox(db, user, id);
    if (!box) throw notFound('Box not found.');
    return box;
  };

  /** Resolves GTINs to the company's item types; an unknown one is a 400 on its row. */
  const resolveGtins = async (tx: DbOrTx, companyId: number, gtins: string[], field: (i: number) => string) => {
    const byGtin = await repo.itemTypesByGtin(tx, companyId, gtins);
    const ids: number[] = [];
    gtins.forEach((gtin, i) => {
      const found = byGtin.get(gtin) ?? byGtin.get(gtin.padStart(14, '0'));
      if (!found) throw fieldError(field(i), `GTIN ${gtin} does not exist.`);
      ids.push(found.id);
    });
    return ids;
  };

  return {
    requireOrder,
    requireBox,

    async createPurchaseOrder(user: AuthUser, input: z.output<typeof purchaseOrderCreateBodySchema>) {
      await requireLocation(db, user, input.destination_id);
      const provider = await repo.getProvider(db, user.companyId, input.origin_id);
      if (!provider) throw fieldError('origin_id', 'Provider not found.');
      const id = await repo.insertOrder(db, {
        companyId: user.companyId,
        type: 'purchase',
        orderCode: input.order_code,
        providerId: provider.id,
        destinationLocationId: input.destination_id,
        destinationStatus: 0,
        container: input.container ?? '',
        creationDate: input.creation_date ?? new Date(),
        estimatedArrivalDate: input.estimated_arrival_date ?? null,
      });
      return toOrderDto(await requireOrder(user, id));
    },

    async listLocationOrders(user: AuthUser, locationId: number, query: Record<string, unknown>, page: PageParams) {
      await requireLocation(db, user, locationId);
      const where = and(eq(orders.companyId, user.companyId), eq(orders.destinationLocationId, locationId)) as SQL;
      const { count, rows } = await repo.listPurchaseOrders(db, { where, query, page });
      const now = new Date();
      return { count, results: rows.map((r) => toOrderDto(r, now)) };
    },

    async getPurchaseOrder(user: AuthUser, id: number) {
      return toOrderDto(await requireOrder(user, id));
    },

    async setSync(user: AuthUser, id: number, sync: boolean) {
      await requireOrder(user, id);
      await repo.updateOrderSync(db, id, sync);
      return toOrderDto(await requireOrder(user, id));
    },

    async deleteOrder(user: AuthUser, id: number) {
      await requireOrder(user, id);
      await db.transaction(async (tx) => {
        if (await repo.orderHasVerifiedBox(tx, id)) throw conflict(ORDER_DELETE_CONFLICT);
        await repo.deleteOrder(tx, id);
      });
    },

    async orderLines(user: AuthUser, id: number, gtinContains: string | undefined, page: PageParams) {
      const order = await requireOrder(user, id);
      const side = order.type === 'online' ? 'origin' : 'destination';
      const { count, rows } = await repo.itemLines(db, { orderId: id, gtinContains, page });
      return { count, results: rows.map((r, i) => toItemLineDto(r, page.offset + i, side)) };
    },

    async orderBoxes(user: AuthUser, id: number, query: { codebarContains?: string; orderBy?: string }, page: PageParams) {
      await requireOrder(user, id);
      const { count, rows } = await repo.listOrderBoxes(db, { orderId: id, ...query, page });
      const now = new Date();
      return { count, results: rows.map((r) => toBoxDto(r, now)) };
    },

    async orderItemType(user: AuthUser, id: number, itemTypeId: number) {
      const order = await requireOrder(user, id);
      const itemType = await repo.getItemType(db, user.companyId, itemTypeId);
      if (!itemType) throw notFound('GTIN not found.');
      const { rows } = await repo.itemLines(db, { orderId: id, itemTypeId, page: { limit: 1, offset: 0 } });
      const line = rows[0];
      if (!line) throw notFound('GTIN not found in this order.');
      return {
        order: toOrderDto(order),
        itemType,
        line: toItemLineDto(line, 0, order.type === 'online' ? 'origin' : 'destination'),
      };
    },

    async createReception(user: AuthUser, input: { reception_code: string; order_id: number }) {
      const order = await repo.getOrder(db, user, input.order_id);
      if (!order) throw fieldError('order_id', 'Order not found.');
      return toReceptionDto(await repo.insertReception(db, order.id, input.reception_code));
    },

    async listReceptions(user: AuthUser, query: Record<string, unknown>, page: PageParams) {
      const { count, rows } = await repo.listReceptions(db, user, query, page);
      return { count, results: rows.map(toReceptionDto) };
    },

    async getReception(user: AuthUser, id: number) {
      const row = await repo.getReception(db, user, id);
      if (!row) throw notFound('Reception not found.');
      return toReceptionDto(row);
    },

    /** Creates a box, and its contents when given, in one transaction. 409 'Barcode already exists'. */
    async createBox(user: AuthUser, input: z.output<typeof boxCreateBodySchema>) {
      const reception = await repo.getReception(db, user, input.reception_id);
      if (!reception) throw fieldError('reception_id', 'Reception not found.');
      const id = await db.transaction(async (tx) => {
        // The order first (one lock order: an order before its boxes): inserting the box takes a key-share
        // lock on the order, so locking it only afterwards deadlocked boxes added to one order at once.
        await lockOrder(tx, reception.orderId);
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
          contents.map((c, i) => ({ boxId, itemTypeId: typeIds[i] as number, quantity: c.quantity })),
        );
        // a new unread box takes a fully verified order back to 'checking'
        await recomputeOrderSides(tx, reception.orderId);
        return boxId;
      });
      return toBoxDto(await requireBox(user, id));
    },

    /** POST /contents/: every row's box must be visible and unverified; all rows in one transaction. */
    async createContents(user: AuthUser, rows: z.output<typeof boxContentCreateBodySchema>): Promise<BoxContent[]> {
      const boxIds = [...new Set(rows.map((r) => r.box_id))];
      for (const boxId of boxIds) {
        const box = await repo.getBox(db, user, boxId);
        if (!box) throw fieldError(`${rows.findIndex((r) => r.box_id === boxId)}.box_id`, 'Box not found.');
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
          rows.map((r, i) => ({ boxId: r.box_id, itemTypeId: typeIds[i] as number, quantity: r.quantity })),
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
      await db.transaction(async (tx) => {
        // Checked under the order lock the engine takes too: a read verified since would be lost with the box.
        await lockOrder(tx, orderId);
        const box = await repo.getBox(tx, user, id);
        if (!box) throw notFound('Box not found.');
        if (box.destinationVerificationCount > 0 || box.originVerificationCount > 0) throw conflict(BOX_DELETE_CONFLICT);
        await repo.deleteBox(tx, id);
        await recomputeOrderSides(tx, orderId);
      });
    },

    async getBox(user: AuthUser, id: number) {
      return toBoxDto(await requireBox(user, id));
    },

    async boxesByCodebar(user: AuthUser, codebar: string, page: PageParams) {
      const { count, rows } = await repo.findBoxesByCodebar(db, user, codebar, page);
      return { count, results: rows.map((r) => toBoxDto(r)) };
    },

    async boxLines(user: AuthUser, id: number, gtinContains: string | undefined, page: PageParams) {
      const box = await requireBox(user, id);
      const side = box.orderType === 'online' ? 'origin' : 'destination';
      const { count, rows } = await repo.itemLines(db, { orderId: box.orderId, boxId: id, gtinContains, page });
      return { count, results: rows.map((r, i) => toItemLineDto(r, page.offset + i, side)) };
    },

    // -------------------------------------------------------------- providers

    async listProviders(user: AuthUser, query: Record<string, unknown>, page: PageParams) {
      const { count, rows } = await repo.listProviders(db, user.companyId, query, page);
      return { count, results: rows };
    },

    async getProvider(user: AuthUser, id: number) {
      const provider = await repo.getProvider(db, user.companyId, id);
      if (!provider) throw notFound('Provider not found.');
      return provider;
    },

    async providerStats(user: AuthUser, id: number): Promise<ProviderStats> {
      await this.getProvider(user, id);
      const stats = await repo.providerStats(db, and(eq(orders.providerId, id), visibleOrders(user)) as SQL);
      return {
        average_reception_time: hours(stats.averageReceptionSeconds),
        order_count: stats.orderCount,
        delay_percent: stats.delayPercent,
      };
    },

    /** pending=true: destination_status 0; pending=false: the rest (spec section 4). */
    async providerOrders(user: AuthUser, id: number, query: Record<string, unknown>, page: PageParams) {
      await this.getProvider(user, id);
      const pending = typeof query.pending === 'string' ? ['true', 'True', '1'].includes(query.pending) : undefined;
      const where = and(
        eq(orders.providerId, id),
        visibleOrders(user),
        pending === undefined ? undefined : pending ? eq(orders.destinationStatus, 0) : not(eq(orders.destinationStatus, 0)),
      ) as SQL;
      const { count, rows } = await repo.listPurchaseOrders(db, { where, query, page });
      const now = new Date();
      return { count, results: rows.map((r) => toOrderDto(r, now)) };
    },

    // -------------------------------------------------------------- statistics

    async inboundStats(user: AuthUser, locationId: number, range: { from?: string; to?: string }): Promise<InboundStats> {
      const { timeZone } = await requireLocation(db, user, locationId);
      const now = new Date();
      // Dates and "today" are the location's (its IANA zone): a date-only `to` is the end of that day there.
      const to = parseDateParam(range.to, 'to', 'end', timeZone) ?? now;
      const from = parseDateParam(range.from, 'from', 'start', timeZone) ?? new Date(to.getTime() - 30 * 86_400_000);
      if (from > to) throw fieldError('from', 'from is after to.');
      const today = dayBucket(todayIn(timeZone, now), timeZone);
      const [dayStart, dayEnd] = [today.start, new Date(today.end.getTime() - 1)];
      const s = await repo.inboundStats(db, { locationId, from, to, dayStart, dayEnd });
      // days in the range, at least 1: orders per day = orders / days; incorrect per day = status-2 orders / days
      const days = daysSpanned(from, to, timeZone);
      const perDay = (n: number) => Math.round((n / days) * 100) / 100;
      return {
        orders: s.orders,
        average_delay: hours(s.avgDelaySeconds),
        daily_orders: perDay(s.orders),
        reception_time: durationText(s.avgReceptionSeconds),
        max_time: durationText(s.maxReceptionSeconds),
        average_reception_time: hours(s.avgReceptionSeconds),
        max_reception_time: hours(s.maxReceptionSeconds),
        incorrect_daily_orders: perDay(s.incorrect),
        total_orders_for_today: s.todayTotal,
        total_pending_orders_for_today: s.todayPending,
        correctly_received_porders: s.correct,
        incorrectly_received_porders: s.incorrect,
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },

    // -------------------------------------------------------------- downloads

    async orderCsv(user: AuthUser, id: number) {
      const order = await requireOrder(user, id);
      return { order, rows: await repo.orderCsvRows(db, id) };
    },

    async orderItemsCsv(user: AuthUser, id: number) {
      const order = await requireOrder(user, id);
      const side = order.type === 'online' ? 'origin' : 'destination';
      const { rows } = await repo.itemLines(db, { orderId: id, page: { limit: 1_000_000, offset: 0 } });
      return { order, lines: rows.map((r, i) => toItemLineDto(r, i, side)) };
    },

    async printData(user: AuthUser, input: { location_id: number; date_time_from: string; date_time_to?: string }) {
      await requireLocation(db, user, input.location_id);
      const parse = (value: string, field: string) => {
        const d = new Date(value.includes(' ') && !value.includes('T') ? value.replace(' ', 'T') : value);
        if (Number.isNaN(d.getTime())) throw fieldError(field, 'Enter a valid date/time.');
        return d;
      };
      const from = parse(input.date_time_from, 'date_time_from');
      const to = input.date_time_to ? parse(input.date_time_to, 'date_time_to') : null;
      return repo.printDataRows(db, { locationId: input.location_id, from, to });
    },

    // -------------------------------------------------------------- returns

    async listReturns(
      user: AuthUser,
      kind: 'provider' | 'sale',
      locationId: number,
      query: Record<string, unknown>,
      page: PageParams,
    ) {
      await requireLocation(db, user, locationId);
      return repo.listReturns(db, { kind, locationId, query, page });
    },

    async getReturn(user: AuthUser, kind: 'provider' | 'sale', id: number) {
      const row = await repo.getReturn(db, { id, kind, companyId: user.companyId });
      if (!row) throw notFound('Return not found.');
      if (user.locationIds !== null && !user.locationIds.includes(row.locationId)) throw notFound('Return not found.');
      return row;
    },

    async returnLines(
      user: AuthUser,
      kind: 'provider' | 'sale',
      id: number,
      page: PageParams,
    ): Promise<{ count: number; results: ReturnLine[] }> {
      await this.getReturn(user, kind, id);
      const { count, rows } = await repo.returnLines(db, id, page);
      return {
        count,
        results: rows.map((r) => ({
          gtin: r.gtin,
          item_type: r.itemTypeId,
          description: r.description,
          model: r.model,
          colour: r.colour,
          section: r.section,
          sizes: r.sizes,
          quantity: r.quantity,
        })),
      };
    },
  };
};
export type OrdersService = ReturnType<typeof createOrdersService>;
