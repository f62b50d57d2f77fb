import { BoxStatus, OrderStatus } from '@rfid/contract';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import { parseRows } from '../../db/rows.js';
import { boxes, locations, orders, providers, returns, verifications } from '../../db/schema/index.js';
import { allowList, buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleOrders } from './order-scope.repository.js';

/**
 * The orders core (one repository in several files, re-exported here): orders and their
 * aggregates (this file), boxes (boxes.repository.ts), item lines and CSV sources
 * (lines.repository.ts), locking and side statuses (order-status.repository.ts), providers and
 * returns. Used by inbound (orders), online and movements.
 */
export * from './boxes.repository.js';
export * from './lines.repository.js';
export * from './order-status.repository.js';
export * from './providers.repository.js';
export * from './returns.repository.js';

export type OrderType = 'purchase' | 'movement' | 'online';
export type OrderSide = 'origin' | 'destination';

export type OrderRow = {
  id: number;
  companyId: number;
  type: OrderType;
  orderCode: string;
  providerId: number | null;
  providerName: string | null;
  originLocationId: number | null;
  originDescription: string | null;
  destinationLocationId: number | null;
  destinationDescription: string | null;
  originStatus: number;
  destinationStatus: number;
  closed: boolean;
  sync: boolean;
  container: string;
  creationDate: Date;
  estimatedArrivalDate: Date | null;
  arrivalDate: Date | null;
  estimatedExitDate: Date | null;
  exitDate: Date | null;
};

const aggregatesRow = z.object({
  order_id: z.coerce.number(),
  num_boxes: z.coerce.number(),
  item_count: z.coerce.number(),
  dest_verified: z.coerce.number(),
  origin_verified: z.coerce.number(),
  dest_real: z.coerce.number(),
  origin_real: z.coerce.number(),
});
export type OrderAggregates = {
  numBoxes: number;
  itemCount: number;
  destinationVerifiedBoxes: number;
  originVerifiedBoxes: number;
  destinationRealItemCount: number;
  originRealItemCount: number;
};
export type OrderWithAggregates = OrderRow & OrderAggregates;

const originLocations = alias(locations, 'origin_location');

const orderColumns = {
  id: orders.id,
  companyId: orders.companyId,
  type: orders.type,
  orderCode: orders.orderCode,
  providerId: orders.providerId,
  providerName: providers.name,
  originLocationId: orders.originLocationId,
  originDescription: originLocations.description,
  destinationLocationId: orders.destinationLocationId,
  destinationDescription: locations.description,
  originStatus: orders.originStatus,
  destinationStatus: orders.destinationStatus,
  closed: orders.closed,
  sync: orders.sync,
  container: orders.container,
  creationDate: orders.creationDate,
  estimatedArrivalDate: orders.estimatedArrivalDate,
  arrivalDate: orders.arrivalDate,
  estimatedExitDate: orders.estimatedExitDate,
  exitDate: orders.exitDate,
};

/** The statuses of a box side that count as verified. */
export const VERIFIED_BOX_STATUSES = [BoxStatus.CheckedWithErrors, BoxStatus.CheckedWithoutErrors];

/** Report types of the dashboards' select, as side-status sets. */
const REPORT_TYPES: Record<string, number[]> = allowList({
  pending: [OrderStatus.Unchecked, OrderStatus.Checking],
  verified: [OrderStatus.CheckedWithErrors, OrderStatus.CheckedWithoutErrors],
  with_errors: [OrderStatus.CheckedWithErrors],
  without_errors: [OrderStatus.CheckedWithoutErrors],
  canceled: [OrderStatus.Canceled],
});

const commonFilters: FilterSpec = {
  id: { column: orders.id, lookups: ['exact', 'icontains'], type: 'number' },
  order_code: { column: orders.orderCode, lookups: ['exact', 'icontains', 'contains'] },
  destination_status: { column: orders.destinationStatus, lookups: ['exact'], type: 'number' },
  origin_status: { column: orders.originStatus, lookups: ['exact'], type: 'number' },
  arrival_date: { column: orders.arrivalDate, lookups: ['gte', 'lte', 'isnull'], type: 'date' },
  estimated_arrival_date: { column: orders.estimatedArrivalDate, lookups: ['gte', 'lte'], type: 'date' },
  creation_date: { column: orders.creationDate, lookups: ['gte', 'lte'], type: 'date' },
  closed: { column: orders.closed, lookups: ['exact'], type: 'boolean' },
};
const commonOrder = {
  id: orders.id,
  creation_date: orders.creationDate,
  arrival_date: orders.arrivalDate,
  estimated_arrival_date: orders.estimatedArrivalDate,
  order_code: orders.orderCode,
  destination_status: orders.destinationStatus,
};
/** Movements and online orders: the exit dates too. */
const outboundList = {
  filters: {
    ...commonFilters,
    exit_date: { column: orders.exitDate, lookups: ['gte', 'lte', 'isnull'], type: 'date' },
    estimated_exit_date: { column: orders.estimatedExitDate, lookups: ['gte', 'lte'], type: 'date' },
  } satisfies FilterSpec,
  order: {
    ...commonOrder,
    exit_date: orders.exitDate,
    estimated_exit_date: orders.estimatedExitDate,
    origin_status: orders.originStatus,
  },
};
/** Filters and orderings of each order type's dashboard list. */
const LISTS: Record<OrderType, { filters: FilterSpec; order: Parameters<typeof buildOrderBy>[1] }> = {
  purchase: {
    filters: {
      ...commonFilters,
      origin__name: { column: providers.name, lookups: ['icontains', 'contains'] },
      origin: { column: orders.providerId, lookups: ['exact'], type: 'number' },
    },
    order: commonOrder,
  },
  movement: outboundList,
  online: outboundList,
};

/** The filters of each order type's list (query schemas name them: http/query-keys.ts). */
export const orderListFilters = (type: OrderType): FilterSpec => LISTS[type].filters;

/** Per-order box counts, expected units and the real units of each box's counting verification. */
const aggregatesFor = async (db: DbOrTx, ids: number[]): Promise<Map<number, OrderAggregates>> => {
  const result = new Map<number, OrderAggregates>();
  if (!ids.length) return result;
  const [withErrors, withoutErrors] = VERIFIED_BOX_STATUSES;
  const rows = parseRows(
    aggregatesRow,
    await db.execute(sql`
      select b.order_id,
        count(*)::int as num_boxes,
        count(*) filter (where b.destination_status in (${withErrors}, ${withoutErrors}))::int as dest_verified,
        count(*) filter (where b.origin_status in (${withErrors}, ${withoutErrors}))::int as origin_verified,
        coalesce(sum((select sum(c.quantity) from box_contents c where c.box_id = b.id)), 0)::int as item_count,
        coalesce(sum(dv.real_item_count), 0)::int as dest_real,
        coalesce(sum(ov.real_item_count), 0)::int as origin_real
      from boxes b
      left join lateral (
        select v.real_item_count from verifications v
        where v.box_id = b.id and v.side = 'destination' and v.valid
        order by v.start_time desc, v.id desc limit 1) dv on true
      left join lateral (
        select v.real_item_count from verifications v
        where v.box_id = b.id and v.side = 'origin' and v.valid
        order by v.start_time desc, v.id desc limit 1) ov on true
      where b.order_id in ${ids}
      group by b.order_id`),
  );
  for (const r of rows) {
    result.set(r.order_id, {
      numBoxes: r.num_boxes,
      itemCount: r.item_count,
      destinationVerifiedBoxes: r.dest_verified,
      originVerifiedBoxes: r.origin_verified,
      destinationRealItemCount: r.dest_real,
      originRealItemCount: r.origin_real,
    });
  }
  return result;
};
const EMPTY_AGGREGATES: OrderAggregates = {
  numBoxes: 0,
  itemCount: 0,
  destinationVerifiedBoxes: 0,
  originVerifiedBoxes: 0,
  destinationRealItemCount: 0,
  originRealItemCount: 0,
};

const withAggregates = async (db: DbOrTx, rows: OrderRow[]): Promise<OrderWithAggregates[]> => {
  const aggregates = await aggregatesFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, ...(aggregates.get(r.id) ?? EMPTY_AGGREGATES) }));
};

const selectOrders = (db: DbOrTx) =>
  db
    .select(orderColumns)
    .from(orders)
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .leftJoin(locations, eq(locations.id, orders.destinationLocationId))
    .leftJoin(originLocations, eq(originLocations.id, orders.originLocationId));

/**
 * A filtered page of orders of one type. `where` carries the scope (company, location side);
 * `side` is the side whose status the report_type select filters on. Filters and paging run on
 * `orders` (joined to providers only when the provider-name filter is used); the aggregates are
 * computed for the page only. Date-only filters are days of `timeZone` (the listed location's).
 */
export const listOrders = async (
  db: DbOrTx,
  {
    type,
    where,
    query,
    page,
    side,
    timeZone,
  }: { type: OrderType; where: SQL; query: Record<string, unknown>; page: PageParams; side: OrderSide; timeZone: string },
): Promise<{ count: number; rows: OrderWithAggregates[] }> => {
  const { filters, order: orderKeys } = LISTS[type];
  const reportType = typeof query.report_type === 'string' ? REPORT_TYPES[query.report_type] : undefined;
  const statusColumn = side === 'origin' ? orders.originStatus : orders.destinationStatus;
  const condition = and(
    where,
    eq(orders.type, type),
    buildFilters(query, filters, { timeZone }),
    reportType ? inArray(statusColumn, reportType) : undefined,
  );
  const order = buildOrderBy(query.order_by as string | undefined, orderKeys, [desc(orders.creationDate), desc(orders.id)]);
  const needsProvider =
    type === 'purchase' &&
    (typeof query.origin__name__icontains === 'string' || typeof query.origin__name__contains === 'string');
  const rows = await selectOrders(db)
    .where(condition)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  // A big location's orders run to tens of thousands: counted by the lists' policy (db/counts.ts).
  const matching = db.select({ one: sql`1` }).from(orders);
  const total = await listCount(db, {
    rows: needsProvider
      ? matching.innerJoin(providers, eq(providers.id, orders.providerId)).where(condition)
      : matching.where(condition),
    page,
    rowsOnPage: rows.length,
  });
  return { count: total, rows: await withAggregates(db, rows) };
};

export const getOrder = async (db: DbOrTx, user: AuthUser, id: number, type?: OrderType) => {
  const [row] = await selectOrders(db)
    .where(and(eq(orders.id, id), visibleOrders(user), type ? eq(orders.type, type) : undefined))
    .limit(1);
  if (!row) return undefined;
  const [withCounts] = await withAggregates(db, [row]);
  return withCounts;
};

export const insertOrder = async (db: DbOrTx, values: typeof orders.$inferInsert): Promise<number> => {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
  if (!row) throw new Error('order not inserted');
  return row.id;
};

export const updateOrderSync = async (db: DbOrTx, id: number, sync: boolean): Promise<void> => {
  await db.update(orders).set({ sync }).where(eq(orders.id, id));
};

/** Sets the destination side's status (a movement entry's cancel). */
export const setDestinationStatus = async (db: DbOrTx, orderId: number, status: number): Promise<void> => {
  await db.update(orders).set({ destinationStatus: status }).where(eq(orders.id, orderId));
};

/** Verified boxes (either side) or any valid verification block deleting. */
export const orderHasVerifiedBox = async (db: DbOrTx, orderId: number): Promise<boolean> => {
  const [row] = await db
    .select({ n: count() })
    .from(boxes)
    .where(
      and(
        eq(boxes.orderId, orderId),
        or(inArray(boxes.destinationStatus, VERIFIED_BOX_STATUSES), inArray(boxes.originStatus, VERIFIED_BOX_STATUSES)),
      ),
    );
  const [valid] = await db
    .select({ n: count() })
    .from(verifications)
    .where(and(eq(verifications.orderId, orderId), eq(verifications.valid, true)));
  return (row?.n ?? 0) > 0 || (valid?.n ?? 0) > 0;
};

export const deleteOrder = async (db: DbOrTx, id: number): Promise<void> => {
  // Verifications (invalid ones may remain) cascade with the order; returns keep their row without the order.
  await db.update(returns).set({ orderId: null }).where(eq(returns.orderId, id));
  await db.delete(orders).where(eq(orders.id, id));
};
