import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { locations, orders } from '../../db/schema/index.js';
import { allowList, buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import { type OrderWithAggregates, selectOrders, withAggregates } from '../orders/orders.repository.js';

/**
 * Queries shared by the outbound modules (movements and online): order pages with their
 * aggregates and both locations' descriptions, CSV rows, and the exit/entry statistics.
 */

export type OutboundOrder = OrderWithAggregates & { originDescription: string | null };

/** Status sets of the dashboards' report-type select. */
export const REPORT_TYPES: Record<string, number[]> = allowList({
  pending: [0, 1],
  verified: [2, 3],
  with_errors: [2],
  without_errors: [3],
  canceled: [4],
});

export const outboundFilters: FilterSpec = {
  id: { column: orders.id, lookups: ['exact', 'icontains'], type: 'number' },
  order_code: { column: orders.orderCode, lookups: ['exact', 'icontains', 'contains'] },
  origin_status: { column: orders.originStatus, lookups: ['exact'], type: 'number' },
  destination_status: { column: orders.destinationStatus, lookups: ['exact'], type: 'number' },
  exit_date: { column: orders.exitDate, lookups: ['gte', 'lte', 'isnull'], type: 'date' },
  arrival_date: { column: orders.arrivalDate, lookups: ['gte', 'lte', 'isnull'], type: 'date' },
  estimated_exit_date: { column: orders.estimatedExitDate, lookups: ['gte', 'lte'], type: 'date' },
  estimated_arrival_date: { column: orders.estimatedArrivalDate, lookups: ['gte', 'lte'], type: 'date' },
  creation_date: { column: orders.creationDate, lookups: ['gte', 'lte'], type: 'date' },
  closed: { column: orders.closed, lookups: ['exact'], type: 'boolean' },
};
const outboundOrder = {
  id: orders.id,
  creation_date: orders.creationDate,
  exit_date: orders.exitDate,
  arrival_date: orders.arrivalDate,
  estimated_exit_date: orders.estimatedExitDate,
  estimated_arrival_date: orders.estimatedArrivalDate,
  order_code: orders.orderCode,
  origin_status: orders.originStatus,
  destination_status: orders.destinationStatus,
};

/** Adds the origin location's description to order rows (one query for the page). */
export const withOriginDescriptions = async (db: DbOrTx, rows: OrderWithAggregates[]): Promise<OutboundOrder[]> => {
  const ids = [...new Set(rows.map((r) => r.originLocationId).filter((id): id is number => id !== null))];
  const found = ids.length
    ? await db.select({ id: locations.id, description: locations.description }).from(locations).where(inArray(locations.id, ids))
    : [];
  const byId = new Map(found.map((l) => [l.id, l.description]));
  return rows.map((r) => ({
    ...r,
    originDescription: r.originLocationId === null ? null : (byId.get(r.originLocationId) ?? null),
  }));
};

/**
 * A filtered page of orders of one type. `where` carries the scope (company, location side);
 * `statusColumn` is the side the report_type select filters on.
 */
export const listOutboundOrders = async (
  db: DbOrTx,
  {
    type,
    where,
    query,
    page,
    side,
  }: {
    type: 'movement' | 'online';
    where: SQL;
    query: Record<string, unknown>;
    page: PageParams;
    side: 'origin' | 'destination';
  },
): Promise<{ count: number; rows: OutboundOrder[] }> => {
  const reportType = typeof query.report_type === 'string' ? REPORT_TYPES[query.report_type] : undefined;
  const statusColumn = side === 'origin' ? orders.originStatus : orders.destinationStatus;
  const condition = and(
    where,
    eq(orders.type, type),
    buildFilters(query, outboundFilters),
    reportType ? inArray(statusColumn, reportType) : undefined,
  );
  const order = buildOrderBy(query.order_by as string | undefined, outboundOrder, [desc(orders.creationDate), desc(orders.id)]);
  const [total] = await db.select({ n: count() }).from(orders).where(condition);
  const rows = await selectOrders(db)
    .where(condition)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows: await withOriginDescriptions(db, await withAggregates(db, rows)) };
};

/** EPC-mode CSV rows: one row per EPC of each box's counting (latest valid) verification, per side. */
export const outboundEpcRows = async (db: DbOrTx, orderId: number) =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with counting as (
        select distinct on (v.box_id, v.side) v.id, v.box_id, v.side, v.reading_set_id
        from verifications v where v.order_id = ${orderId} and v.valid
        order by v.box_id, v.side, v.start_time desc, v.id desc
      )
      select distinct b.codebar, counting.side, i.epc, i.gtin, t.description
      from counting join boxes b on b.id = counting.box_id
      join traces tr on tr.reading_set_id = counting.reading_set_id
      join items i on i.id = tr.item_id
      left join item_types t on t.id = i.item_type_id
      order by b.codebar, counting.side, i.epc`),
  );

export type ExitStatsRow = { orders: number; pending: number; avgShipping: number | null; maxShipping: number | null };

/**
 * Exit statistics of orders of `type` leaving `locationId`, created in [from, to]:
 * orders = count; pending = origin_status 0 or 1;
 * shipping time = exit of the last box (max origin reading time) − creation, over orders that exited.
 */
export const exitStats = async (
  db: DbOrTx,
  { type, locationId, from, to }: { type: 'movement' | 'online'; locationId: number; from: Date; to: Date },
): Promise<ExitStatsRow> => {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*)::int as orders,
        count(*) filter (where o.origin_status in (0, 1))::int as pending,
        avg(extract(epoch from (lb.last_box - o.creation_date)))::float8 as avg_shipping,
        max(extract(epoch from (lb.last_box - o.creation_date)))::float8 as max_shipping
      from orders o
      left join lateral (select max(b.origin_reading_time) as last_box from boxes b where b.order_id = o.id) lb on true
      where o.type = ${type} and o.origin_location_id = ${locationId}
        and o.creation_date >= ${from} and o.creation_date <= ${to}`),
  );
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    orders: Number(r?.orders ?? 0),
    pending: Number(r?.pending ?? 0),
    avgShipping: num(r?.avg_shipping),
    maxShipping: num(r?.max_shipping),
  };
};

export type EntryStatsRow = { orders: number; pending: number; avgReception: number | null; maxReception: number | null };

/**
 * Movement entry statistics of movements arriving at `locationId`, created in [from, to]:
 * pending = destination_status 0 or 1; reception time = arrival (first destination verification)
 * − exit (first origin verification), over orders with both.
 */
export const entryStats = async (
  db: DbOrTx,
  { locationId, from, to }: { locationId: number; from: Date; to: Date },
): Promise<EntryStatsRow> => {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*)::int as orders,
        count(*) filter (where o.destination_status in (0, 1))::int as pending,
        avg(extract(epoch from (o.arrival_date - o.exit_date)))::float8 as avg_reception,
        max(extract(epoch from (o.arrival_date - o.exit_date)))::float8 as max_reception
      from orders o
      where o.type = 'movement' and o.destination_location_id = ${locationId}
        and o.creation_date >= ${from} and o.creation_date <= ${to}`),
  );
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    orders: Number(r?.orders ?? 0),
    pending: Number(r?.pending ?? 0),
    avgReception: num(r?.avg_reception),
    maxReception: num(r?.max_reception),
  };
};

/** Sets an order side's status (cancel). */
export const setDestinationStatus = async (db: DbOrTx, orderId: number, status: number): Promise<void> => {
  await db.update(orders).set({ destinationStatus: status }).where(eq(orders.id, orderId));
};
