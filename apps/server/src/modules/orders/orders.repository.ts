import {
  BoxStatus,
  type movementEntryListQuerySchema,
  type movementExitListQuerySchema,
  OrderStatus,
  type onlineOrderListQuerySchema,
  type providerOrdersQuerySchema,
  type purchaseOrderListQuerySchema,
} from '@rfid/contract';
import { and, count, desc, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import { perHandle } from '../../db/prepared.js';
import { boxContents, boxes, locations, orders, providers, returns, verifications } from '../../db/schema/index.js';
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

/** The real units of a box's latest valid verification of one side (a lateral subquery of `prepareAggregates`). */
const latestVerification = (db: DbOrTx, side: OrderSide) =>
  db
    .select({ realItemCount: verifications.realItemCount })
    .from(verifications)
    .where(and(eq(verifications.boxId, boxes.id), eq(verifications.side, side), sql`${verifications.valid}`))
    .orderBy(desc(verifications.startTime), desc(verifications.id))
    .limit(1)
    .as(`${side}_verification`);

/**
 * Per-order box counts, expected units and the real units of each box's counting verification, for the order ids
 * `ids` (an array): a prepared statement, built once per database handle. Built on each request, PostgreSQL parsed and
 * planned it every time: 0.16–0.26 ms of planning against 0.21–0.29 ms of running for a page of 11 orders (`explain
 * analyze`, one warm session, 2026-12-02); prepared, its generic plan from the sixth run on: 0.009 ms.
 */
const aggregatesOf = perHandle((db) => {
  const destination = latestVerification(db, 'destination');
  const origin = latestVerification(db, 'origin');
  return db
    .select({
      orderId: boxes.orderId,
      numBoxes: sql<number>`count(*)::int`,
      destinationVerifiedBoxes: sql<number>`(count(*) filter (where ${inArray(boxes.destinationStatus, VERIFIED_BOX_STATUSES)}))::int`,
      originVerifiedBoxes: sql<number>`(count(*) filter (where ${inArray(boxes.originStatus, VERIFIED_BOX_STATUSES)}))::int`,
      itemCount: sql<number>`coalesce(sum((select sum(${boxContents.quantity}) from ${boxContents} where ${boxContents.boxId} = ${boxes.id})), 0)::int`,
      destinationRealItemCount: sql<number>`coalesce(sum(${destination.realItemCount}), 0)::int`,
      originRealItemCount: sql<number>`coalesce(sum(${origin.realItemCount}), 0)::int`,
    })
    .from(boxes)
    .leftJoinLateral(destination, sql`true`)
    .leftJoinLateral(origin, sql`true`)
    .where(sql`${boxes.orderId} = any(${sql.placeholder('ids')}::int[])`)
    .groupBy(boxes.orderId)
    .prepare('order_aggregates');
});

const aggregatesFor = async (db: DbOrTx, ids: number[]): Promise<Map<number, OrderAggregates>> => {
  const result = new Map<number, OrderAggregates>();
  if (!ids.length) return result;
  for (const { orderId, ...aggregates } of await aggregatesOf(db).execute({ ids })) result.set(orderId, aggregates);
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
  // The rows are this query's own: their aggregates are added to them (two spreads cost ~8 µs a row in Node 20's V8).
  return rows.map((r) => Object.assign(r, aggregates.get(r.id) ?? EMPTY_AGGREGATES));
};

const selectOrders = (db: DbOrTx) =>
  db
    .select(orderColumns)
    .from(orders)
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .leftJoin(locations, eq(locations.id, orders.destinationLocationId))
    .leftJoin(originLocations, eq(originLocations.id, orders.originLocationId));
/** An order with its provider and locations (the columns of `orderColumns`). */
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/**
 * The query of an order list, as the contract's schema gives it (paging, `order_by`, text filters, and the keys the
 * route adds as text). Read by the lists' allow-lists (LISTS): a key they do not name is ignored.
 */
export type OrderListQuery =
  | z.output<typeof purchaseOrderListQuerySchema>
  | z.output<typeof providerOrdersQuerySchema>
  | z.output<typeof onlineOrderListQuerySchema>
  | z.output<typeof movementExitListQuerySchema>
  | z.output<typeof movementEntryListQuerySchema>;

/**
 * Whose orders a list shows: a location's, as the orders' origin, destination or either, in its company; or a
 * provider's that the user sees, all of them, only the pending (destination unchecked) or only the others.
 */
export type OrderListScope =
  | { companyId: number; locationId: number; at: OrderSide | 'either' }
  | { user: AuthUser; providerId: number; pending?: boolean };

const scopeCondition = (scope: OrderListScope): SQL | undefined => {
  if ('user' in scope) {
    const unchecked = eq(orders.destinationStatus, OrderStatus.Unchecked);
    return and(
      eq(orders.providerId, scope.providerId),
      visibleOrders(scope.user),
      scope.pending === undefined ? undefined : scope.pending ? unchecked : not(unchecked),
    );
  }
  const at =
    scope.at === 'origin'
      ? eq(orders.originLocationId, scope.locationId)
      : scope.at === 'destination'
        ? eq(orders.destinationLocationId, scope.locationId)
        : or(eq(orders.destinationLocationId, scope.locationId), eq(orders.originLocationId, scope.locationId));
  return and(eq(orders.companyId, scope.companyId), at);
};

/** The query keys of a list with no filter and the default order: its page and its count are prepared statements. */
const PAGING_KEYS = new Set(['limit', 'offset']);
const onlyPaging = (query: OrderListQuery): boolean => {
  for (const key in query) if (query[key] !== undefined && !PAGING_KEYS.has(key)) return false;
  return true;
};

/**
 * The unfiltered list of one location's orders of one type (the dashboard's first page, the hottest list): its page
 * and its count as prepared statements, built once per database handle (drizzle built each query's SQL again on every
 * request: 18 % of the purchase orders page's CPU on PostgreSQL, docs/performance-profile.md).
 */
const prepareLocationList = (db: DbOrTx, type: OrderType, side: OrderSide) => {
  const sideColumn = side === 'origin' ? orders.originLocationId : orders.destinationLocationId;
  const condition = and(
    eq(orders.companyId, sql.placeholder('companyId')),
    eq(sideColumn, sql.placeholder('locationId')),
    eq(orders.type, type),
  );
  const name = `orders_at_location_${type}_${side}`;
  return {
    page: selectOrders(db)
      .where(condition)
      .orderBy(desc(orders.creationDate), desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`${name}_page`),
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(db.select({ one: sql`1` }).from(orders).where(condition).limit(sql.placeholder('limit')).as('q'))
      .prepare(`${name}_count`),
  };
};
type LocationList = ReturnType<typeof prepareLocationList>;
const listsOf = perHandle(() => new Map<string, LocationList>());
const locationListOf = (db: DbOrTx, type: OrderType, side: OrderSide): LocationList => {
  const lists = listsOf(db);
  const key = `${type}:${side}`;
  const known = lists.get(key);
  if (known) return known;
  const made = prepareLocationList(db, type, side);
  lists.set(key, made);
  return made;
};

/**
 * The orders of one type at one location (`side`: the location is the orders' origin or destination, and the side
 * whose status the report_type select filters on), of the user's company: `listOrders` with that scope, by prepared
 * statements when the query has no filter and no order (the dashboard's first page).
 */
export const listLocationOrders = async (
  db: DbOrTx,
  input: {
    type: OrderType;
    companyId: number;
    locationId: number;
    query: OrderListQuery;
    page: PageParams;
    side: OrderSide;
    timeZone: string;
  },
): Promise<{ count: number; rows: OrderWithAggregates[] }> => {
  const { type, companyId, locationId, query, page, side } = input;
  const scope: OrderListScope = { companyId, locationId, at: side };
  if (!onlyPaging(query)) return listOrders(db, { ...input, scope });
  const list = locationListOf(db, type, side);
  const rows = await list.page.execute({ companyId, locationId, limit: page.limit, offset: page.offset });
  const total = await listCount(db, {
    // Only for the estimate past the exact count's cap (rare): the same rows, built then.
    rows: db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(scopeCondition(scope), eq(orders.type, type))),
    page,
    rowsOnPage: rows.length,
    exact: async (limit) => Number((await list.count.execute({ companyId, locationId, limit }))[0]?.n ?? 0),
  });
  return { count: total, rows: await withAggregates(db, rows) };
};

/**
 * A filtered page of orders of one type. `scope` says whose (a location's side, a provider's);
 * `side` is the side whose status the report_type select filters on. Filters and paging run on
 * `orders` (joined to providers only when the provider-name filter is used); the aggregates are
 * computed for the page only. Date-only filters are days of `timeZone` (the listed location's).
 */
export const listOrders = async (
  db: DbOrTx,
  {
    type,
    scope,
    query,
    page,
    side,
    timeZone,
  }: {
    type: OrderType;
    scope: OrderListScope;
    query: OrderListQuery;
    page: PageParams;
    side: OrderSide;
    timeZone: string;
  },
): Promise<{ count: number; rows: OrderWithAggregates[] }> => {
  const { filters, order: orderKeys } = LISTS[type];
  const reportType = typeof query.report_type === 'string' ? REPORT_TYPES[query.report_type] : undefined;
  const statusColumn = side === 'origin' ? orders.originStatus : orders.destinationStatus;
  const condition = and(
    scopeCondition(scope),
    eq(orders.type, type),
    buildFilters(query, filters, { timeZone }),
    reportType ? inArray(statusColumn, reportType) : undefined,
  );
  const order = buildOrderBy(query.order_by, orderKeys, [desc(orders.creationDate), desc(orders.id)]);
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
