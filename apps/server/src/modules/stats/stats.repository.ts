import { BoxStatus } from '@rfid/contract';
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { parseRows } from '../../db/rows.js';
import { areas, brands, companies, locations, stockDaily, stockNow as stockNowView } from '../../db/schema/index.js';
import { idList, pageOf } from '../../db/sql.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation, visibleLocations } from '../locations/location-scope.js';
import { createLocationsService } from '../locations/locations.service.js';

/**
 * Statistics are SQL over the stock and order tables, defined once here with the formula beside
 * each figure (docs/design.md §6). "Scope" is a list of location ids: one location, the
 * locations of a company the user sees, or the locations of a brand. Days are the days of the scope's time zone.
 */

/** A count or sum of a raw answer: a number, or the text of a bigint or numeric. */
const n = z.coerce.number();
// ---------------------------------------------------------------- scopes

export const companyOf = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row;
};

/** Ids of the locations of the user's company it may see. */
export const visibleLocationIds = async (db: DbOrTx, user: AuthUser): Promise<number[]> =>
  (await db.select({ id: locations.id }).from(locations).where(visibleLocations(user))).map((r) => r.id);

export const brandOf = async (db: DbOrTx, companyId: number, brandId: number) => {
  const [row] = await db
    .select({ id: brands.id, description: brands.description })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.companyId, companyId)));
  return row;
};

/** Ids of the brand's locations that the user sees. */
export const brandLocationIds = async (db: DbOrTx, user: AuthUser, brandId: number): Promise<number[]> =>
  (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.brandId, brandId), visibleLocations(user)))
  ).map((r) => r.id);

// ---------------------------------------------------------------- stock and theoretical stock, now

/**
 * Stock = items STOCKED in the scope's areas + the counted (non-RFID) stock of those areas: the one
 * stock, view stock_now (items from the per-area stock the items' triggers keep, not from counting a
 * company's million tags).
 */
const stockNowStatement = preparedStatement(
  'stats_stock_now',
  sql`select coalesce(sum(${stockNowView.quantity}), 0)::int as n from ${stockNowView}
    where ${stockNowView.locationId} = any(${sql.placeholder('ids')}::int[])`,
);
export const stockNow = async (db: DbOrTx, locationIds: readonly number[]): Promise<number> => {
  if (locationIds.length === 0) return 0;
  const [r] = parseRows(z.object({ n }), await stockNowStatement(db, { ids: locationIds }));
  return r?.n ?? 0;
};

/**
 * Theoretical stock = expected contents (box_contents) of the boxes received in the scope
 * (purchase and movement orders arriving, box verified at the destination: status 1 or 2)
 * − expected contents of the boxes shipped from it (movement and online orders leaving, box
 * verified at the origin). A movement between two locations of the scope nets out. Each box's
 * part is kept per location by triggers (box_theoretical, migration 0013): an index-only sum
 * rather than a join of every order, box and content line the scope ever had.
 */
const theoreticalStatement = preparedStatement(
  'stats_theoretical_now',
  sql`
      select coalesce(sum(t.quantity) filter (where t.side = 'in'), 0) as received,
        coalesce(-sum(t.quantity) filter (where t.side = 'out'), 0) as shipped
      from box_theoretical t
      where t.location_id = any(${sql.placeholder('ids')}::int[])`,
);
export const theoreticalNow = async (db: DbOrTx, locationIds: readonly number[]): Promise<number> => {
  if (locationIds.length === 0) return 0;
  const [r] = parseRows(z.object({ received: n, shipped: n }), await theoreticalStatement(db, { ids: locationIds }));
  return (r?.received ?? 0) - (r?.shipped ?? 0);
};

/**
 * The scope's stock on `day` from the daily snapshots: per location, its total row of that day or
 * the latest one up to `lookbackDays` before; summed. null when no location has one.
 */
const snapshotTotalStatement = preparedStatement(
  'stats_snapshot_total_on',
  sql`
      select sum(s.quantity) as total, count(*) as n from (
        select distinct on (location_id) location_id, quantity from stock_daily
        where area_id is null and location_id = any(${sql.placeholder('ids')}::int[])
          and day <= ${sql.placeholder('day')}::date and day >= ${sql.placeholder('day')}::date - ${sql.placeholder('lookbackDays')}::int
        order by location_id, day desc) s`,
);
export const snapshotTotalOn = async (
  db: DbOrTx,
  { locationIds, day, lookbackDays }: { locationIds: readonly number[]; day: string; lookbackDays: number },
): Promise<number | null> => {
  if (locationIds.length === 0) return null;
  const [r] = parseRows(
    z.object({ total: n.nullable(), n }),
    await snapshotTotalStatement(db, { ids: locationIds, day, lookbackDays }),
  );
  return (r?.n ?? 0) === 0 ? null : (r?.total ?? 0);
};

/**
 * Items out of the scope in [from, to]: POS sale items (their quantity: 1, or 0 for a tag already
 * sold) + expected contents of the boxes shipped (movement and online orders leaving, box verified
 * at the origin with its origin reading in the range).
 */
const itemsOutStatement = preparedStatement(
  'stats_items_out',
  sql`
      select
        (select coalesce(sum(p.item_count), 0) from pos_transactions p
          where p.kind = 'sale' and p.location_id = any(${sql.placeholder('ids')}::int[])
            and p.end_time >= ${sql.placeholder('from')} and p.end_time <= ${sql.placeholder('to')}) as sold,
        (select coalesce(sum(bc.quantity), 0) from orders o
          join boxes b on b.order_id = o.id join box_contents bc on bc.box_id = b.id
          where o.origin_location_id = any(${sql.placeholder('ids')}::int[]) and o.type in ('movement', 'online')
            and b.origin_status in (${BoxStatus.CheckedWithErrors}, ${BoxStatus.CheckedWithoutErrors})
            and b.origin_reading_time >= ${sql.placeholder('from')} and b.origin_reading_time <= ${sql.placeholder('to')}) as shipped`,
);
export const itemsOut = async (
  db: DbOrTx,
  { locationIds, from, to }: { locationIds: readonly number[]; from: Date; to: Date },
): Promise<number> => {
  if (locationIds.length === 0) return 0;
  const [r] = parseRows(z.object({ sold: n, shipped: n }), await itemsOutStatement(db, { ids: locationIds, from, to }));
  return (r?.sold ?? 0) + (r?.shipped ?? 0);
};

export type StatusCounts = Partial<Record<number, number>>;

/**
 * Orders of the scope created in [from, to] by side status: `entry` = purchase orders and
 * movements arriving (destination_status), `exit` = movements leaving (origin_status),
 * `online` = online orders leaving (origin_status).
 */
const orderStatusCountsStatement = preparedStatement(
  'stats_order_status_counts',
  sql`
      select 'entry' as side, o.destination_status as status, count(*) as n from orders o
        where o.type in ('purchase', 'movement') and o.destination_location_id = any(${sql.placeholder('ids')}::int[])
          and o.creation_date >= ${sql.placeholder('from')} and o.creation_date <= ${sql.placeholder('to')}
        group by o.destination_status
      union all
      select case when o.type = 'online' then 'online' else 'exit' end, o.origin_status, count(*) from orders o
        where o.type in ('movement', 'online') and o.origin_location_id = any(${sql.placeholder('ids')}::int[])
          and o.creation_date >= ${sql.placeholder('from')} and o.creation_date <= ${sql.placeholder('to')}
        group by 1, 2`,
);
export const orderStatusCounts = async (
  db: DbOrTx,
  { locationIds, from, to }: { locationIds: readonly number[]; from: Date; to: Date },
): Promise<{ entry: StatusCounts; exit: StatusCounts; online: StatusCounts }> => {
  const out = { entry: {} as StatusCounts, exit: {} as StatusCounts, online: {} as StatusCounts };
  if (locationIds.length === 0) return out;
  const rows = parseRows(
    z.object({ side: z.enum(['entry', 'exit', 'online']), status: n, n }),
    await orderStatusCountsStatement(db, { ids: locationIds, from, to }),
  );
  for (const r of rows) out[r.side][r.status] = r.n;
  return out;
};

// ---------------------------------------------------------------- graph series

export type BucketRow = { bucket: string; key: string; n: number };

/**
 * Orders per bucket (to_char of the creation date in the scope's zone) and side status: inbound = purchase and
 * movement orders arriving (destination_status), outbound = movements leaving, online = online
 * orders leaving (origin_status).
 */
export const orderBuckets = async (
  db: DbOrTx,
  {
    locationIds,
    module,
    from,
    to,
    format,
    timeZone,
  }: {
    locationIds: readonly number[];
    module: 'inbound' | 'outbound' | 'online';
    from: Date;
    to: Date;
    format: string;
    timeZone: string;
  },
): Promise<BucketRow[]> => {
  if (locationIds.length === 0) return [];
  const where =
    module === 'inbound'
      ? sql`o.type in ('purchase', 'movement') and o.destination_location_id in ${idList(locationIds)}`
      : sql`o.type = ${module === 'online' ? 'online' : 'movement'} and o.origin_location_id in ${idList(locationIds)}`;
  const status = module === 'inbound' ? sql`o.destination_status` : sql`o.origin_status`;
  const rows = parseRows(
    z.object({ bucket: z.string(), status: n, n }),
    await db.execute(sql`
      select to_char(o.creation_date at time zone ${timeZone}, ${format}) as bucket, ${status} as status, count(*) as n
      from orders o
      where ${where} and o.creation_date >= ${from} and o.creation_date <= ${to}
      group by 1, 2`),
  );
  return rows.map((r) => ({ bucket: r.bucket, key: String(r.status), n: r.n }));
};

/** POS items per bucket (to_char of the end time in the scope's zone): sold (kind sale) and returned (kind return). */
export const posBuckets = async (
  db: DbOrTx,
  {
    locationIds,
    from,
    to,
    format,
    timeZone,
  }: { locationIds: readonly number[]; from: Date; to: Date; format: string; timeZone: string },
): Promise<BucketRow[]> => {
  if (locationIds.length === 0) return [];
  const rows = parseRows(
    z.object({ bucket: z.string(), kind: z.string(), n }),
    await db.execute(sql`
      select to_char(p.end_time at time zone ${timeZone}, ${format}) as bucket, p.kind, sum(p.item_count) as n
      from pos_transactions p
      where p.location_id in ${idList(locationIds)} and p.end_time >= ${from} and p.end_time <= ${to}
      group by 1, 2`),
  );
  return rows.map((r) => ({ bucket: r.bucket, key: r.kind, n: r.n }));
};

/**
 * Stock per bucket from the daily snapshots: for each location its total row of the last day of
 * the bucket that has one, summed over the scope's locations.
 */
export const stockBuckets = async (
  db: DbOrTx,
  { locationIds, start, end, format }: { locationIds: readonly number[]; start: string; end: string; format: string },
): Promise<{ bucket: string; quantity: number; theoretical: number }[]> => {
  if (locationIds.length === 0) return [];
  const rows = parseRows(
    z.object({ bucket: z.string(), quantity: n, theoretical: n }),
    await db.execute(sql`
      select bucket, sum(quantity) as quantity, sum(theoretical_quantity) as theoretical from (
        select distinct on (location_id, bucket) location_id, bucket, quantity, theoretical_quantity from (
          select location_id, to_char(day, ${format}) as bucket, day, quantity, theoretical_quantity
          from stock_daily
          where area_id is null and location_id in ${idList(locationIds)} and day >= ${start}::date and day <= ${end}::date
        ) d
        order by location_id, bucket, day desc) s
      group by bucket`),
  );
  return rows;
};

// ---------------------------------------------------------------- stock evolution (GET /stockev/)

export const listStockEvolution = async (
  db: DbOrTx,
  {
    user,
    location,
    area,
    areaIsNull,
    dayGte,
    dayLte,
    ascending,
    page,
  }: {
    user: AuthUser;
    location?: number;
    area?: number;
    /** true: location totals only; false: area rows only (ignored when an area is given). */
    areaIsNull: boolean;
    dayGte?: string;
    dayLte?: string;
    ascending: boolean;
    page: PageParams;
  },
) => {
  const where = and(
    visibleLocations(user),
    location === undefined ? undefined : eq(stockDaily.locationId, location),
    area === undefined ? (areaIsNull ? isNull(stockDaily.areaId) : isNotNull(stockDaily.areaId)) : eq(stockDaily.areaId, area),
    dayGte ? gte(stockDaily.day, dayGte) : undefined,
    dayLte ? lte(stockDaily.day, dayLte) : undefined,
  );
  const selected = db
    .select({
      day: stockDaily.day,
      location: stockDaily.locationId,
      locationDescription: locations.description,
      area: stockDaily.areaId,
      areaDescription: areas.description,
      quantity: stockDaily.quantity,
      theoreticalQuantity: stockDaily.theoreticalQuantity,
    })
    .from(stockDaily)
    .innerJoin(locations, eq(locations.id, stockDaily.locationId))
    .leftJoin(areas, eq(areas.id, stockDaily.areaId))
    .where(where)
    .$dynamic();
  return pageOf(
    db,
    selected,
    [
      ascending ? asc(stockDaily.day) : desc(stockDaily.day),
      asc(stockDaily.locationId),
      sql`${stockDaily.areaId} asc nulls first`,
    ],
    page,
  );
};

// The daily snapshots (stock_daily) are written by modules/stock/stock-snapshot.repository.ts.

// ---------------------------------------------------------------- the use cases' interface

/** A query above with its database bound: what a use case calls. */
type Bound<F> = F extends (db: DbOrTx, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/** The reads of the dashboard's figures that must see one instant (`readSnapshot`). */
export type StatsSnapshotReads = {
  stockNow: Bound<typeof stockNow>;
  theoreticalNow: Bound<typeof theoreticalNow>;
  snapshotTotalOn: Bound<typeof snapshotTotalOn>;
  itemsOut: Bound<typeof itemsOut>;
  orderStatusCounts: Bound<typeof orderStatusCounts>;
};

/** A location the user sees, as a dashboard's scope needs it. */
export type StatsLocation = { id: number; description: string; timeZone: string };

/** The stats use cases' repository (modules/stats/use-cases): the queries above over one database, faked in their unit tests. */
export type StatsRepository = StatsSnapshotReads & {
  /** The location if the user sees it; otherwise a 404 (location.not_found). */
  location: (user: AuthUser, locationId: number) => Promise<StatsLocation>;
  /** The company, if it exists (a row may be missing: the query's type does not say so). */
  companyOf: (companyId: number) => Promise<{ id: number; name: string } | undefined>;
  visibleLocationIds: Bound<typeof visibleLocationIds>;
  /** The brand if it is of the company. */
  brandOf: (companyId: number, brandId: number) => Promise<{ id: number; description: string } | undefined>;
  brandLocationIds: Bound<typeof brandLocationIds>;
  /** The zone the locations share, or the company's when they differ (or there are none). */
  scopeTimeZone: (scope: { companyId: number; locationIds: readonly number[] }) => Promise<string>;
  orderBuckets: Bound<typeof orderBuckets>;
  posBuckets: Bound<typeof posBuckets>;
  stockBuckets: Bound<typeof stockBuckets>;
  listStockEvolution: Bound<typeof listStockEvolution>;
  /**
   * `work`'s reads in one read-only snapshot on one connection: stock and theoretical stock of the same instant, and a
   * request holds one pooled connection, not five (50 connections on a pool of 10 were mostly refused, issue 30).
   */
  readSnapshot: <T>(work: (reads: StatsSnapshotReads) => Promise<T>) => Promise<T>;
};

const snapshotReads = (db: DbOrTx): StatsSnapshotReads => ({
  stockNow: (locationIds) => stockNow(db, locationIds),
  theoreticalNow: (locationIds) => theoreticalNow(db, locationIds),
  snapshotTotalOn: (args) => snapshotTotalOn(db, args),
  itemsOut: (args) => itemsOut(db, args),
  orderStatusCounts: (args) => orderStatusCounts(db, args),
});

export const createStatsRepository = (db: Db): StatsRepository => {
  const locationsService = createLocationsService(db);
  return {
    ...snapshotReads(db),
    location: async (user, locationId) => {
      const { id, description, timeZone } = await requireLocation(db, user, locationId);
      return { id, description, timeZone };
    },
    companyOf: (companyId) => companyOf(db, companyId),
    visibleLocationIds: (user) => visibleLocationIds(db, user),
    brandOf: (companyId, brandId) => brandOf(db, companyId, brandId),
    brandLocationIds: (user, brandId) => brandLocationIds(db, user, brandId),
    scopeTimeZone: (scope) => locationsService.scopeTimeZone(scope),
    orderBuckets: (args) => orderBuckets(db, args),
    posBuckets: (args) => posBuckets(db, args),
    stockBuckets: (args) => stockBuckets(db, args),
    listStockEvolution: (args) => listStockEvolution(db, args),
    readSnapshot: (work) =>
      db.transaction(async (tx) => work(snapshotReads(tx)), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
  };
};
