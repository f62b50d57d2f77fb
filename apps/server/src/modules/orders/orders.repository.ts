import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  boxContents,
  boxes,
  itemTypes,
  locations,
  orders,
  providers,
  receptions,
  returnItems,
  returns,
  verifications,
} from '../../db/schema/index.js';
import { allowList, buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleOrders } from './order-scope.js';

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---------------------------------------------------------------- orders

export type OrderRow = {
  id: number;
  companyId: number;
  type: 'purchase' | 'movement' | 'online';
  orderCode: string;
  providerId: number | null;
  providerName: string | null;
  originLocationId: number | null;
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
export type OrderAggregates = {
  numBoxes: number;
  itemCount: number;
  destinationVerifiedBoxes: number;
  originVerifiedBoxes: number;
  destinationRealItemCount: number;
  originRealItemCount: number;
};
export type OrderWithAggregates = OrderRow & OrderAggregates;

const orderColumns = {
  id: orders.id,
  companyId: orders.companyId,
  type: orders.type,
  orderCode: orders.orderCode,
  providerId: orders.providerId,
  providerName: providers.name,
  originLocationId: orders.originLocationId,
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

/** Report types of the inbound dashboard's select, as destination-status sets. */
const REPORT_TYPES: Record<string, number[]> = allowList({
  pending: [0, 1],
  verified: [2, 3],
  with_errors: [2],
  without_errors: [3],
  canceled: [4],
});

export const purchaseOrderFilters: FilterSpec = {
  id: { column: orders.id, lookups: ['exact', 'icontains'], type: 'number' },
  order_code: { column: orders.orderCode, lookups: ['exact', 'icontains', 'contains'] },
  destination_status: { column: orders.destinationStatus, lookups: ['exact'], type: 'number' },
  origin_status: { column: orders.originStatus, lookups: ['exact'], type: 'number' },
  arrival_date: { column: orders.arrivalDate, lookups: ['gte', 'lte', 'isnull'], type: 'date' },
  estimated_arrival_date: { column: orders.estimatedArrivalDate, lookups: ['gte', 'lte'], type: 'date' },
  creation_date: { column: orders.creationDate, lookups: ['gte', 'lte'], type: 'date' },
  origin__name: { column: providers.name, lookups: ['icontains', 'contains'] },
  origin: { column: orders.providerId, lookups: ['exact'], type: 'number' },
  closed: { column: orders.closed, lookups: ['exact'], type: 'boolean' },
};
const purchaseOrderOrder = {
  id: orders.id,
  creation_date: orders.creationDate,
  arrival_date: orders.arrivalDate,
  estimated_arrival_date: orders.estimatedArrivalDate,
  order_code: orders.orderCode,
  destination_status: orders.destinationStatus,
};

/** Per-order box counts, expected units and the real units of each box's counting verification. */
const aggregatesFor = async (db: DbOrTx, ids: number[]): Promise<Map<number, OrderAggregates>> => {
  const result = new Map<number, OrderAggregates>();
  if (!ids.length) return result;
  const rows = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select b.order_id,
        count(*)::int as num_boxes,
        count(*) filter (where b.destination_status in (1, 2))::int as dest_verified,
        count(*) filter (where b.origin_status in (1, 2))::int as origin_verified,
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
    result.set(Number(r.order_id), {
      numBoxes: Number(r.num_boxes),
      itemCount: Number(r.item_count),
      destinationVerifiedBoxes: Number(r.dest_verified),
      originVerifiedBoxes: Number(r.origin_verified),
      destinationRealItemCount: Number(r.dest_real),
      originRealItemCount: Number(r.origin_real),
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

export const withAggregates = async (db: DbOrTx, rows: OrderRow[]): Promise<OrderWithAggregates[]> => {
  const aggregates = await aggregatesFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, ...(aggregates.get(r.id) ?? EMPTY_AGGREGATES) }));
};

export const selectOrders = (db: DbOrTx) =>
  db
    .select(orderColumns)
    .from(orders)
    .leftJoin(providers, eq(providers.id, orders.providerId))
    .leftJoin(locations, eq(locations.id, orders.destinationLocationId));

/**
 * A filtered page of purchase orders. Filters and paging run on `orders` (joined to providers
 * only when the provider-name filter is used); the aggregates are computed for the page only.
 */
export const listPurchaseOrders = async (
  db: DbOrTx,
  { where, query, page }: { where: SQL; query: Record<string, unknown>; page: PageParams },
): Promise<{ count: number; rows: OrderWithAggregates[] }> => {
  const reportType = typeof query.report_type === 'string' ? REPORT_TYPES[query.report_type] : undefined;
  const condition = and(
    where,
    eq(orders.type, 'purchase'),
    buildFilters(query, purchaseOrderFilters),
    reportType ? inArray(orders.destinationStatus, reportType) : undefined,
  );
  const order = buildOrderBy(query.order_by as string | undefined, purchaseOrderOrder, [
    desc(orders.creationDate),
    desc(orders.id),
  ]);
  const needsProvider = typeof query.origin__name__icontains === 'string' || typeof query.origin__name__contains === 'string';
  const countQuery = db.select({ n: count() }).from(orders);
  const [total] = await (needsProvider
    ? countQuery.innerJoin(providers, eq(providers.id, orders.providerId)).where(condition)
    : countQuery.where(condition));
  const rows = await selectOrders(db)
    .where(condition)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows: await withAggregates(db, rows) };
};

export const getOrder = async (db: DbOrTx, user: AuthUser, id: number, type?: OrderRow['type']) => {
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

/** Verified boxes (status 1 or 2 on either side) or any valid verification block deleting. */
export const orderHasVerifiedBox = async (db: DbOrTx, orderId: number): Promise<boolean> => {
  const [row] = await db
    .select({ n: count() })
    .from(boxes)
    .where(and(eq(boxes.orderId, orderId), or(inArray(boxes.destinationStatus, [1, 2]), inArray(boxes.originStatus, [1, 2]))));
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

// ---------------------------------------------------------------- providers

export const getProvider = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(and(eq(providers.id, id), eq(providers.companyId, companyId)))
    .limit(1);
  return row;
};

export const listProviders = async (db: DbOrTx, companyId: number, query: Record<string, unknown>, page: PageParams) => {
  const spec: FilterSpec = {
    name: { column: providers.name, lookups: ['exact', 'icontains', 'contains'] },
    id: { column: providers.id, lookups: ['exact', 'icontains'], type: 'number' },
  };
  const where = and(eq(providers.companyId, companyId), buildFilters(query, spec));
  const order = buildOrderBy(query.order_by as string | undefined, { name: providers.name, id: providers.id }, [
    asc(providers.name),
    asc(providers.id),
  ]);
  const [total] = await db.select({ n: count() }).from(providers).where(where);
  const rows = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
};

/**
 * Provider statistics over the purchase orders the user sees.
 * - order_count = count(orders)
 * - average_reception_time (hours) = avg(last box reading − order arrival) over received orders
 * - delay_percent = 100 × count(arrival_date > estimated_arrival_date) / count(arrived with an estimate)
 */
export const providerStats = async (db: DbOrTx, where: SQL) => {
  const rows = rowsOf<{ order_count: number; avg_reception: number | null; late: number; arrived: number }>(
    await db.execute(sql`
      select count(*)::int as order_count,
        avg(extract(epoch from (lb.last_box - orders.arrival_date)))::float8 as avg_reception,
        count(*) filter (where orders.arrival_date > orders.estimated_arrival_date)::int as late,
        count(*) filter (where orders.arrival_date is not null and orders.estimated_arrival_date is not null)::int as arrived
      from orders
      left join lateral (select max(b.destination_reading_time) as last_box from boxes b where b.order_id = orders.id) lb on true
      where orders.type = 'purchase' and ${where}`),
  );
  const r = rows[0];
  const arrived = Number(r?.arrived ?? 0);
  return {
    orderCount: Number(r?.order_count ?? 0),
    averageReceptionSeconds: r?.avg_reception === null || r?.avg_reception === undefined ? null : Number(r.avg_reception),
    delayPercent: arrived === 0 ? 0 : Math.round((100 * Number(r?.late ?? 0)) / arrived),
  };
};

// ---------------------------------------------------------------- inbound statistics

export type InboundStatsRow = {
  orders: number;
  avgDelaySeconds: number | null;
  avgReceptionSeconds: number | null;
  maxReceptionSeconds: number | null;
  incorrect: number;
  correct: number;
  todayTotal: number;
  todayPending: number;
};

/**
 * The six figures of the inbound dashboard (plus the today and received counts) for purchase
 * orders arriving at `locationId` created in [from, to].
 */
export const inboundStats = async (
  db: DbOrTx,
  { locationId, from, to, dayStart, dayEnd }: { locationId: number; from: Date; to: Date; dayStart: Date; dayEnd: Date },
): Promise<InboundStatsRow> => {
  const rows = rowsOf<Record<string, number | null>>(
    await db.execute(sql`
      select
        -- orders = count of purchase orders to this location created in the range
        count(*)::int as orders,
        -- average delay = avg(arrival_date − estimated_arrival_date) over arrived orders with an estimate
        avg(extract(epoch from (o.arrival_date - o.estimated_arrival_date)))::float8 as avg_delay,
        -- reception time = arrival of the last box − order arrival (first verification), per received order
        avg(extract(epoch from (lb.last_box - o.arrival_date)))::float8 as avg_reception,
        -- max reception time = the largest of those
        max(extract(epoch from (lb.last_box - o.arrival_date)))::float8 as max_reception,
        -- incorrect orders = verified with differences (destination_status 2); per day = / days in range
        count(*) filter (where o.destination_status = 2)::int as incorrect,
        -- correctly received = verified without errors (destination_status 3)
        count(*) filter (where o.destination_status = 3)::int as correct
      from orders o
      left join lateral (select max(b.destination_reading_time) as last_box from boxes b where b.order_id = o.id) lb on true
      where o.type = 'purchase' and o.destination_location_id = ${locationId}
        and o.creation_date >= ${from} and o.creation_date <= ${to}`),
  );
  const today = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        -- orders for today = estimated to arrive today (or arrived today)
        count(*)::int as total,
        -- pending for today = of those, not fully verified yet (status 0 or 1)
        count(*) filter (where o.destination_status in (0, 1))::int as pending
      from orders o
      where o.type = 'purchase' and o.destination_location_id = ${locationId}
        and ((o.estimated_arrival_date >= ${dayStart} and o.estimated_arrival_date <= ${dayEnd})
          or (o.arrival_date >= ${dayStart} and o.arrival_date <= ${dayEnd}))`),
  );
  const r = rows[0] ?? {};
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    orders: Number(r.orders ?? 0),
    avgDelaySeconds: num(r.avg_delay),
    avgReceptionSeconds: num(r.avg_reception),
    maxReceptionSeconds: num(r.max_reception),
    incorrect: Number(r.incorrect ?? 0),
    correct: Number(r.correct ?? 0),
    todayTotal: Number(today[0]?.total ?? 0),
    todayPending: Number(today[0]?.pending ?? 0),
  };
};

// ---------------------------------------------------------------- receptions

export const insertReception = async (db: DbOrTx, orderId: number, receptionCode: string) => {
  const [row] = await db.insert(receptions).values({ orderId, receptionCode }).returning();
  if (!row) throw new Error('reception not inserted');
  return row;
};

export const getReception = async (db: DbOrTx, user: AuthUser, id: number) => {
  const [row] = await db
    .select({
      id: receptions.id,
      orderId: receptions.orderId,
      receptionCode: receptions.receptionCode,
      createdAt: receptions.createdAt,
    })
    .from(receptions)
    .innerJoin(orders, eq(orders.id, receptions.orderId))
    .where(and(eq(receptions.id, id), visibleOrders(user)))
    .limit(1);
  return row;
};

export const listReceptions = async (db: DbOrTx, user: AuthUser, query: Record<string, unknown>, page: PageParams) => {
  const spec: FilterSpec = {
    order_id: { column: receptions.orderId, lookups: ['exact'], type: 'number' },
    reception_code: { column: receptions.receptionCode, lookups: ['exact', 'icontains', 'contains'] },
  };
  const where = and(visibleOrders(user), buildFilters(query, spec));
  const [total] = await db
    .select({ n: count() })
    .from(receptions)
    .innerJoin(orders, eq(orders.id, receptions.orderId))
    .where(where);
  const rows = await db
    .select({
      id: receptions.id,
      orderId: receptions.orderId,
      receptionCode: receptions.receptionCode,
      createdAt: receptions.createdAt,
    })
    .from(receptions)
    .innerJoin(orders, eq(orders.id, receptions.orderId))
    .where(where)
    .orderBy(desc(receptions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
};

// ---------------------------------------------------------------- boxes and contents

export const codebarExists = async (db: DbOrTx, companyId: number, codebar: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: boxes.id })
    .from(boxes)
    .where(and(eq(boxes.companyId, companyId), eq(boxes.codebar, codebar)))
    .limit(1);
  return Boolean(row);
};

export const insertBox = async (db: DbOrTx, values: typeof boxes.$inferInsert): Promise<number> => {
  const [row] = await db.insert(boxes).values(values).returning({ id: boxes.id });
  if (!row) throw new Error('box not inserted');
  return row.id;
};

/** The company's GTIN rows for these GTINs (GTIN-8/12/13 are looked up as GTIN-14 too). */
export const itemTypesByGtin = async (db: DbOrTx, companyId: number, gtins: string[]) => {
  const wanted = [...new Set(gtins.flatMap((g) => [g, g.padStart(14, '0')]))];
  if (!wanted.length) return new Map<string, { id: number; gtin: string }>();
  const rows = await db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.gtin, wanted)));
  const byGtin = new Map<string, { id: number; gtin: string }>();
  for (const row of rows) {
    byGtin.set(row.gtin, row);
    byGtin.set(row.gtin.replace(/^0+/, ''), row);
  }
  return byGtin;
};

export const insertContents = async (db: DbOrTx, rows: { boxId: number; itemTypeId: number; quantity: number }[]) => {
  if (!rows.length) return [];
  return db.insert(boxContents).values(rows).returning();
};

export const deleteBox = async (db: DbOrTx, id: number): Promise<void> => {
  await db.delete(boxes).where(eq(boxes.id, id));
};

export type BoxRow = {
  id: number;
  codebar: string;
  orderId: number;
  orderCode: string;
  orderType: 'purchase' | 'movement' | 'online';
  providerName: string | null;
  orderCreationDate: Date;
  receptionId: number | null;
  originStatus: number;
  destinationStatus: number;
  originReadingTime: Date | null;
  destinationReadingTime: Date | null;
  theoricalItemCount: number;
  references: number;
  destinationRealItemCount: number;
  destinationMatchedItemCount: number;
  destinationVerificationCount: number;
  originRealItemCount: number;
  originMatchedItemCount: number;
  originVerificationCount: number;
};

const boxRowsQuery = (where: SQL, orderBy: SQL, limit: number, offset: number) => sql`
  select b.id, b.codebar, b.order_id, o.order_code, o.type as order_type, p.name as provider_name,
    o.creation_date as order_creation_date, b.reception_id,
    b.origin_status, b.destination_status, b.origin_reading_time, b.destination_reading_time,
    coalesce((select sum(c.quantity) from box_contents c where c.box_id = b.id), 0)::int as theorical_item_count,
    (select count(distinct c.item_type_id) from box_contents c where c.box_id = b.id)::int as refs,
    coalesce(dv.real_item_count, 0)::int as dest_real, coalesce(dv.matched_item_count, 0)::int as dest_matched,
    (select count(*) from verifications v where v.box_id = b.id and v.side = 'destination')::int as dest_verifications,
    coalesce(ov.real_item_count, 0)::int as origin_real, coalesce(ov.matched_item_count, 0)::int as origin_matched,
    (select count(*) from verifications v where v.box_id = b.id and v.side = 'origin')::int as origin_verifications
  from boxes b
  join orders o on o.id = b.order_id
  left join providers p on p.id = o.provider_id
  left join lateral (
    select v.real_item_count, v.matched_item_count from verifications v
    where v.box_id = b.id and v.side = 'destination' and v.valid
    order by v.start_time desc, v.id desc limit 1) dv on true
  left join lateral (
    select v.real_item_count, v.matched_item_count from verifications v
    where v.box_id = b.id and v.side = 'origin' and v.valid
    order by v.start_time desc, v.id desc limit 1) ov on true
  where ${where}
  order by ${orderBy}
  limit ${limit} offset ${offset}`;

const toBoxRow = (r: Record<string, unknown>): BoxRow => ({
  id: Number(r.id),
  codebar: String(r.codebar),
  orderId: Number(r.order_id),
  orderCode: String(r.order_code),
  orderType: r.order_type as BoxRow['orderType'],
  providerName: (r.provider_name as string | null) ?? null,
  orderCreationDate: toDate(r.order_creation_date) ?? new Date(0),
  receptionId: r.reception_id === null ? null : Number(r.reception_id),
  originStatus: Number(r.origin_status),
  destinationStatus: Number(r.destination_status),
  originReadingTime: toDate(r.origin_reading_time),
  destinationReadingTime: toDate(r.destination_reading_time),
  theoricalItemCount: Number(r.theorical_item_count),
  references: Number(r.refs),
  destinationRealItemCount: Number(r.dest_real),
  destinationMatchedItemCount: Number(r.dest_matched),
  destinationVerificationCount: Number(r.dest_verifications),
  originRealItemCount: Number(r.origin_real),
  originMatchedItemCount: Number(r.origin_matched),
  originVerificationCount: Number(r.origin_verifications),
});

/** Scope of boxes in raw SQL: the box's order must be visible to the user. */
const visibleBoxOrders = (user: AuthUser): SQL => {
  if (user.locationIds === null) return sql`o.company_id = ${user.companyId}`;
  if (user.locationIds.length === 0) return sql`false`;
  return sql`o.company_id = ${user.companyId} and (o.destination_location_id in ${user.locationIds} or o.origin_location_id in ${user.locationIds})`;
};

export const getBox = async (db: DbOrTx, user: AuthUser, id: number): Promise<BoxRow | undefined> => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(boxRowsQuery(sql`b.id = ${id} and ${visibleBoxOrders(user)}`, sql`b.id`, 1, 0)),
  );
  return rows[0] ? toBoxRow(rows[0]) : undefined;
};

export const findBoxesByCodebar = async (db: DbOrTx, user: AuthUser, codebar: string, page: PageParams) => {
  const where = sql`b.company_id = ${user.companyId} and b.codebar = ${codebar} and ${visibleBoxOrders(user)}`;
  const rows = rowsOf<Record<string, unknown>>(await db.execute(boxRowsQuery(where, sql`b.id`, page.limit, page.offset)));
  return { count: rows.length, rows: rows.map(toBoxRow) };
};

const BOX_ORDER: Record<string, string> = allowList({
  box__codebar: 'b.codebar',
  codebar: 'b.codebar',
  barcode: 'b.codebar',
  id: 'b.id',
  destination_status: 'b.destination_status',
  origin_status: 'b.origin_status',
  destination_reading_time: 'b.destination_reading_time',
  origin_reading_time: 'b.origin_reading_time',
});

/** `side`: whose status and reading time the unprefixed `status` and `reading_time` orderings use (the side the page shows). */
export const listOrderBoxes = async (
  db: DbOrTx,
  {
    orderId,
    codebarContains,
    orderBy,
    page,
    side = 'destination',
  }: { orderId: number; codebarContains?: string; orderBy?: string; page: PageParams; side?: 'origin' | 'destination' },
) => {
  const filter = codebarContains ? sql` and b.codebar like ${`%${escapeLike(codebarContains)}%`}` : sql``;
  const where = sql`b.order_id = ${orderId}${filter}`;
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from boxes b where ${where}`));
  const key = orderBy?.replace(/^-/, '') ?? 'box__codebar';
  const column = BOX_ORDER[key === 'status' || key === 'reading_time' ? `${side}_${key}` : key] ?? 'b.codebar';
  const direction = orderBy?.startsWith('-') ? 'desc' : 'asc';
  const orderSql = sql.raw(`${column} ${direction} nulls last, b.id ${direction}`);
  const rows = rowsOf<Record<string, unknown>>(await db.execute(boxRowsQuery(where, orderSql, page.limit, page.offset)));
  return { count: Number(total?.n ?? 0), rows: rows.map(toBoxRow) };
};

// ---------------------------------------------------------------- item lines

export type ItemLineRow = {
  gtin: string;
  itemTypeId: number | null;
  expected: number;
  destinationReal: number;
  originReal: number;
  description: string;
  section: string;
  clothType: string;
  model: string;
  colour: string;
  reference: string;
  sizes: { country: string; value: string }[];
};

/**
 * Per-GTIN lines of an order or of one box: expected = Σ box contents; real = Σ lines of the
 * counting (latest valid) verification of each box, per side. GTINs read but not expected
 * appear with expected 0. Ordered by GTIN.
 */
export const itemLines = async (
  db: DbOrTx,
  {
    orderId,
    boxId,
    gtinContains,
    itemTypeId,
    page,
  }: { orderId: number; boxId?: number; gtinContains?: string; itemTypeId?: number; page: PageParams },
): Promise<{ count: number; rows: ItemLineRow[] }> => {
  const boxFilter = boxId === undefined ? sql`` : sql` and b.id = ${boxId}`;
  const gtinFilter = gtinContains ? sql` and lines.gtin like ${`%${escapeLike(gtinContains)}%`}` : sql``;
  const typeFilter = itemTypeId === undefined ? sql`` : sql` and t.id = ${itemTypeId}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with counting as (
        select distinct on (v.box_id, v.side) v.id, v.side
        from verifications v join boxes b on b.id = v.box_id
        where v.order_id = ${orderId} and v.valid${boxFilter}
        order by v.box_id, v.side, v.start_time desc, v.id desc
      ),
      expected as (
        select t.gtin, c.item_type_id, sum(c.quantity)::int as quantity
        from box_contents c join boxes b on b.id = c.box_id join item_types t on t.id = c.item_type_id
        where b.order_id = ${orderId}${boxFilter}
        group by t.gtin, c.item_type_id
      ),
      reals as (
        select l.gtin, max(l.item_type_id) as item_type_id,
          coalesce(sum(l.real) filter (where counting.side = 'destination'), 0)::int as dest_real,
          coalesce(sum(l.real) filter (where counting.side = 'origin'), 0)::int as origin_real
        from verification_lines l join counting on counting.id = l.verification_id
        group by l.gtin
      ),
      lines as (
        select coalesce(e.gtin, r.gtin) as gtin, coalesce(e.item_type_id, r.item_type_id) as item_type_id,
          coalesce(e.quantity, 0) as expected, coalesce(r.dest_real, 0) as dest_real, coalesce(r.origin_real, 0) as origin_real
        from expected e full outer join reals r on r.gtin = e.gtin
      )
      select lines.*, count(*) over () as total,
        t.description, t.section, t.cloth_type, t.model, t.colour, t.reference, t.sizes
      from lines left join item_types t on t.id = lines.item_type_id
      where true${gtinFilter}${typeFilter}
      order by lines.gtin
      limit ${page.limit} offset ${page.offset}`),
  );
  return {
    count: rows[0] ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      gtin: String(r.gtin),
      itemTypeId: r.item_type_id === null ? null : Number(r.item_type_id),
      expected: Number(r.expected),
      destinationReal: Number(r.dest_real),
      originReal: Number(r.origin_real),
      description: (r.description as string | null) ?? '',
      section: (r.section as string | null) ?? '',
      clothType: (r.cloth_type as string | null) ?? '',
      model: (r.model as string | null) ?? '',
      colour: (r.colour as string | null) ?? '',
      reference: (r.reference as string | null) ?? '',
      sizes: (typeof r.sizes === 'string' ? JSON.parse(r.sizes) : (r.sizes ?? [])) as { country: string; value: string }[],
    })),
  };
};

export const getItemType = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(itemTypes)
    .where(and(eq(itemTypes.id, id), eq(itemTypes.companyId, companyId)))
    .limit(1);
  return row;
};

// ---------------------------------------------------------------- CSV sources

/** Boxes and their expected contents of one order (order CSV). */
export const orderCsvRows = async (db: DbOrTx, orderId: number) =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select b.codebar, b.destination_status, b.destination_reading_time, t.gtin, t.description, c.quantity
      from boxes b left join box_contents c on c.box_id = b.id left join item_types t on t.id = c.item_type_id
      where b.order_id = ${orderId}
      order by b.codebar, t.gtin`),
  );

/** Print data for a range: expected units per order, box and GTIN of the location's purchase orders. */
export const printDataRows = async (db: DbOrTx, { locationId, from, to }: { locationId: number; from: Date; to: Date | null }) =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select o.id as order_id, o.order_code, p.name as provider_name, o.estimated_arrival_date, o.arrival_date,
        b.codebar, t.gtin, t.description, t.model, t.colour, t.size_primary, c.quantity
      from orders o
      join boxes b on b.order_id = o.id
      join box_contents c on c.box_id = b.id
      join item_types t on t.id = c.item_type_id
      left join providers p on p.id = o.provider_id
      where o.type = 'purchase' and o.destination_location_id = ${locationId}
        and coalesce(o.arrival_date, o.estimated_arrival_date, o.creation_date) >= ${from}
        ${to ? sql`and coalesce(o.arrival_date, o.estimated_arrival_date, o.creation_date) <= ${to}` : sql``}
      order by o.id, b.codebar, t.gtin
      limit 200000`),
  );

// ---------------------------------------------------------------- returns

export type ReturnRow = {
  id: number;
  kind: 'provider' | 'sale';
  code: string;
  locationId: number;
  orderId: number | null;
  orderCode: string | null;
  providerId: number | null;
  providerName: string | null;
  realItemCount: number;
  startTime: Date | null;
  endTime: Date | null;
};

const returnColumns = {
  id: returns.id,
  kind: returns.kind,
  code: returns.code,
  locationId: returns.locationId,
  orderId: returns.orderId,
  orderCode: orders.orderCode,
  providerId: returns.providerId,
  providerName: providers.name,
  realItemCount: returns.realItemCount,
  startTime: returns.startTime,
  endTime: returns.endTime,
};

export const listReturns = async (
  db: DbOrTx,
  {
    kind,
    locationId,
    query,
    page,
  }: { kind: 'provider' | 'sale'; locationId: number; query: Record<string, unknown>; page: PageParams },
): Promise<{ count: number; rows: ReturnRow[] }> => {
  const spec: FilterSpec = {
    code: { column: returns.code, lookups: ['exact', 'contains', 'icontains'] },
    id: { column: returns.id, lookups: ['exact', 'icontains'], type: 'number' },
    end_time: { column: returns.endTime, lookups: ['gte', 'lte'], type: 'date' },
    arrival_date: { column: returns.endTime, lookups: ['gte', 'lte'], type: 'date' },
  };
  const where = and(eq(returns.locationId, locationId), eq(returns.kind, kind), buildFilters(query, spec));
  const order = buildOrderBy(
    query.order_by as string | undefined,
    { id: returns.id, end_time: returns.endTime, code: returns.code },
    [desc(returns.endTime), desc(returns.id)],
  );
  const [total] = await db.select({ n: count() }).from(returns).where(where);
  const rows = await db
    .select(returnColumns)
    .from(returns)
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(providers, eq(providers.id, returns.providerId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
};

export const getReturn = async (
  db: DbOrTx,
  { id, kind, companyId }: { id: number; kind: 'provider' | 'sale'; companyId: number },
) => {
  const [row] = await db
    .select(returnColumns)
    .from(returns)
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(providers, eq(providers.id, returns.providerId))
    .where(and(eq(returns.id, id), eq(returns.kind, kind), eq(returns.companyId, companyId)))
    .limit(1);
  return row;
};

/** A return's lines per GTIN (ordered by GTIN). */
export const returnLines = async (db: DbOrTx, returnId: number, page: PageParams) => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(t.gtin, '') as gtin, ri.item_type_id, sum(ri.quantity)::int as quantity, count(*) over () as total,
        coalesce(t.description, '') as description, coalesce(t.model, '') as model, coalesce(t.colour, '') as colour,
        coalesce(t.section, '') as section, coalesce(t.sizes, '[]'::jsonb) as sizes
      from return_items ri left join item_types t on t.id = ri.item_type_id
      where ri.return_id = ${returnId}
      group by ri.item_type_id, t.gtin, t.description, t.model, t.colour, t.section, t.sizes
      order by 1
      limit ${page.limit} offset ${page.offset}`),
  );
  return {
    count: rows[0] ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      gtin: String(r.gtin),
      itemTypeId: r.item_type_id === null ? null : Number(r.item_type_id),
      quantity: Number(r.quantity),
      description: String(r.description),
      model: String(r.model),
      colour: String(r.colour),
      section: String(r.section),
      sizes: (typeof r.sizes === 'string' ? JSON.parse(r.sizes) : r.sizes) as { country: string; value: string }[],
    })),
  };
};

export const insertReturn = async (
  db: DbOrTx,
  values: typeof returns.$inferInsert,
  lines: { itemId: number; epc: string; itemTypeId: number | null }[],
): Promise<number> => {
  const [row] = await db.insert(returns).values(values).returning({ id: returns.id });
  if (!row) throw new Error('return not inserted');
  if (lines.length) await db.insert(returnItems).values(lines.map((l) => ({ ...l, returnId: row.id, quantity: 1 })));
  return row.id;
};

/** An order found by its code for a return: purchase orders arriving at, or online orders leaving, the location. */
export const findOrderForReturn = async (
  db: DbOrTx,
  { companyId, code, type, locationId }: { companyId: number; code: string; type: 'purchase' | 'online'; locationId: number },
) => {
  const locationColumn = type === 'purchase' ? orders.destinationLocationId : orders.originLocationId;
  const [byCode] = await db
    .select({ id: orders.id, providerId: orders.providerId })
    .from(orders)
    .where(
      and(eq(orders.companyId, companyId), eq(orders.type, type), eq(orders.orderCode, code), eq(locationColumn, locationId)),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (byCode) return byCode;
  const [byBox] = await db
    .select({ id: orders.id, providerId: orders.providerId })
    .from(boxes)
    .innerJoin(orders, eq(orders.id, boxes.orderId))
    .where(and(eq(boxes.companyId, companyId), eq(boxes.codebar, code), eq(orders.type, type), eq(locationColumn, locationId)))
    .limit(1);
  return byBox;
};
