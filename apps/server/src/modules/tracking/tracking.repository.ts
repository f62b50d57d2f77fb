import type { FreeReadingSetListQuery, ItemListQuery, PagingQuery } from '@rfid/contract';
import { and, asc, countDistinct, desc, eq, inArray, isNull, min, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import {
  areas,
  boxes,
  devices,
  items,
  itemTypes,
  locations,
  orders,
  readingSets,
  returns,
  traces,
  verifications,
} from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleLocations } from '../locations/location-scope.js';

const area1 = alias(areas, 'area1');
const area2 = alias(areas, 'area2');
const location1 = alias(locations, 'location1');
const location2 = alias(locations, 'location2');
const itemArea = alias(areas, 'item_area');
const itemLocation = alias(locations, 'item_location');
const setArea = alias(areas, 'set_area');
const setLocation = alias(locations, 'set_location');
const sourceOrder = alias(orders, 'source_order');

/** Ids of the locations the user may see, as a sub-select. */
const visibleLocationIds = (db: Db, user: AuthUser) =>
  db.select({ id: locations.id }).from(locations).where(visibleLocations(user));

/** Items of the company; below role 2 only those now at one of the user's locations. */
const itemScope = (db: Db, user: AuthUser): SQL =>
  and(
    eq(items.companyId, user.companyId),
    user.locationIds === null ? undefined : inArray(items.locationId, visibleLocationIds(db, user)),
  ) as SQL;

/** An item's traces the user may see: of the company; below role 2 only readings made at the user's locations. */
const itemTraceScope = (db: Db, user: AuthUser, itemId: number): SQL =>
  and(
    eq(traces.companyId, user.companyId),
    eq(traces.itemId, itemId),
    user.locationIds === null ? undefined : inArray(readingSets.locationId, visibleLocationIds(db, user)),
  ) as SQL;

/** Where a reading was made and what it moved: its set's claim and reader, the areas before and after, the reader's area. */
const readingPlaceColumns = {
  claimedBy: readingSets.claimedBy,
  deviceSerial: devices.serialNumber,
  area1Id: area1.id,
  area1Description: area1.description,
  area1Location: location1.description,
  area2Id: area2.id,
  area2Description: area2.description,
  area2Location: location2.description,
  readAreaId: setArea.id,
  readAreaDescription: setArea.description,
  readAreaLocation: setLocation.description,
  // What brought the reading: the verification or return that claimed its set (their stored references).
  orderId: sourceOrder.id,
  orderCode: sourceOrder.orderCode,
  orderType: sourceOrder.type,
  boxId: boxes.id,
  boxCodebar: boxes.codebar,
  side: verifications.side,
  returnId: returns.id,
  returnKind: returns.kind,
  returnCode: returns.code,
};

/** The first verification, and the first return, that a reading set made (a set is claimed once; `limit 1` keeps one row). */
const firstVerificationOfSet = sql`(select ${verifications.id} from ${verifications} where ${verifications.readingSetId} = ${readingSets.id} order by ${verifications.id} limit 1)`;
const firstReturnOfSet = sql`(select ${returns.id} from ${returns} where ${returns.readingSetId} = ${readingSets.id} order by ${returns.id} limit 1)`;

/** The joins of `readingPlaceColumns` onto a query of readings (joined to their set) with area ids `area1Id`, `area2Id`. */
const joinReadingPlaces = <Q extends PgSelect>(
  query: Q,
  areasOf: { area1Id: SQL.Aliased<number | null> | PgColumn; area2Id: SQL.Aliased<number | null> | PgColumn },
) =>
  query
    .leftJoin(devices, eq(devices.id, readingSets.deviceId))
    .leftJoin(area1, eq(area1.id, areasOf.area1Id))
    .leftJoin(location1, eq(location1.id, area1.locationId))
    .leftJoin(area2, eq(area2.id, areasOf.area2Id))
    .leftJoin(location2, eq(location2.id, area2.locationId))
    .leftJoin(setArea, eq(setArea.id, readingSets.areaId))
    .leftJoin(setLocation, eq(setLocation.id, setArea.locationId))
    .leftJoin(verifications, eq(verifications.id, firstVerificationOfSet))
    .leftJoin(boxes, eq(boxes.id, verifications.boxId))
    .leftJoin(returns, eq(returns.id, firstReturnOfSet))
    .leftJoin(sourceOrder, eq(sourceOrder.id, sql`coalesce(${verifications.orderId}, ${returns.orderId})`));

const setScope = (db: Db, user: AuthUser): SQL =>
  and(eq(readingSets.companyId, user.companyId), inArray(readingSets.locationId, visibleLocationIds(db, user))) as SQL;

const itemColumns = {
  id: items.id,
  epc: items.epc,
  scheme: items.scheme,
  gtin: items.gtin,
  serial: items.serial,
  itemTypeId: items.itemTypeId,
  description: itemTypes.description,
  state: items.state,
  locationId: items.locationId,
  lastSeenAt: items.lastSeenAt,
  status: items.status,
  statusRef: items.statusRef,
  areaId: itemArea.id,
  areaDescription: itemArea.description,
  areaLocationDescription: itemLocation.description,
};

export const itemFilters: FilterSpec = {
  epc: { column: items.epc, lookups: ['exact', 'icontains', 'contains'] },
  gtin: { column: items.gtin, lookups: ['exact', 'icontains', 'contains', 'isnull'] },
  state: { column: items.state, lookups: ['exact'], type: 'number' },
  area: { column: items.areaId, lookups: ['exact', 'isnull'], type: 'number' },
  location: { column: items.locationId, lookups: ['exact'], type: 'number' },
  last_seen_at: { column: items.lastSeenAt, lookups: ['gte', 'lte'], type: 'date' },
};

const setColumns = {
  id: readingSets.id,
  startTime: readingSets.startTime,
  endTime: readingSets.endTime,
  codebar: readingSets.codebar,
  workingMode: readingSets.workingMode,
  readCount: readingSets.readCount,
  epcCount: readingSets.epcCount,
  claimedBy: readingSets.claimedBy,
  deviceId: devices.id,
  deviceSerial: devices.serialNumber,
  deviceMac: devices.macAddress,
  areaId: setArea.id,
  areaDescription: setArea.description,
  areaLocationDescription: setLocation.description,
};

/** The filters of a reading set's EPCs. */
export const setEpcFilters: FilterSpec = {
  epc: { column: traces.epc, lookups: ['exact', 'icontains', 'contains'] },
  gtin: { column: items.gtin, lookups: ['exact', 'icontains', 'isnull'] },
};

export const freeSetFilters: FilterSpec = {
  id: { column: readingSets.id, lookups: ['exact', 'icontains'] },
  codebar: { column: readingSets.codebar, lookups: ['exact', 'icontains', 'isnull'] },
  start_time: { column: readingSets.startTime, lookups: ['gte', 'lte'], type: 'date' },
  end_time: { column: readingSets.endTime, lookups: ['gte', 'lte'], type: 'date' },
  area: { column: readingSets.areaId, lookups: ['exact'], type: 'number' },
  device: { column: readingSets.deviceId, lookups: ['exact'], type: 'number' },
};

const selectItems = (db: Db) =>
  db
    .select(itemColumns)
    .from(items)
    .leftJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
    .leftJoin(itemArea, eq(itemArea.id, items.areaId))
    .leftJoin(itemLocation, eq(itemLocation.id, itemArea.locationId));
/** An item as the EPC tracker reads it (the columns of `itemColumns`). */
export type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];
const selectSets = (db: Db) =>
  db
    .select(setColumns)
    .from(readingSets)
    .leftJoin(devices, eq(devices.id, readingSets.deviceId))
    .leftJoin(setArea, eq(setArea.id, readingSets.areaId))
    .leftJoin(setLocation, eq(setLocation.id, setArea.locationId));
/** A reading set as the tracker reads it (the columns of `setColumns`). */
export type SetRow = Awaited<ReturnType<typeof selectSets>>[number];

/** The EPC tracker's items: by EPC, by GTIN and serial, by id, and a filtered page of them. */
const itemQueries = (db: Db) => ({
  async itemsByEpc(user: AuthUser, epc: string): Promise<ItemRow[]> {
    return selectItems(db)
      .where(and(itemScope(db, user), eq(items.epc, epc)))
      .orderBy(asc(items.id))
      .limit(100);
  },

  /** The items of a GTIN-14 and serial (a GS1 Digital Link's), in the user's scope. */
  async itemsByGtinSerial(user: AuthUser, gtin: string, serial: string): Promise<ItemRow[]> {
    return selectItems(db)
      .where(and(itemScope(db, user), eq(items.gtin, gtin), eq(items.serial, serial)))
      .orderBy(asc(items.id))
      .limit(100);
  },

  async itemById(user: AuthUser, id: number): Promise<ItemRow | undefined> {
    const [row] = await selectItems(db)
      .where(and(itemScope(db, user), eq(items.id, id)))
      .limit(1);
    return row;
  },

  /** Date-only filters are days of `timeZone` (the user's company's). */
  async listItems(user: AuthUser, query: ItemListQuery, page: PageParams, timeZone: string) {
    const where = and(itemScope(db, user), buildFilters(query, itemFilters, { timeZone }));
    const order = buildOrderBy(
      query.order_by,
      { id: items.id, epc: items.epc, gtin: items.gtin, state: items.state, last_seen_at: items.lastSeenAt },
      [asc(items.id)],
    );
    // The page's ids first (an index walk, however deep the page), then only those rows joined.
    const pageIds = db
      .select({ id: items.id })
      .from(items)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    const rows = await selectItems(db)
      .where(inArray(items.id, pageIds))
      .orderBy(...order);
    // A company's items run to millions: exact up to a cap, then the planner's estimate (db/counts.ts).
    const total = await listCount(db, {
      rows: sql`select 1 from ${items} where ${where ?? sql`true`}`,
      page,
      rowsOnPage: rows.length,
    });
    return { count: total, rows };
  },
});

/** An item's readings, one by one or grouped by reading set. */
const itemReadingQueries = (db: Db) => ({
  /**
   * The readings (traces) of an item, newest first, with area names before and after, the
   * reading set's claim and reader. Below role 2 only readings made at the user's locations.
   */
  async readingsOfItem(user: AuthUser, itemId: number, page: PageParams) {
    const where = itemTraceScope(db, user, itemId);
    const selected = db
      .select({
        id: traces.id,
        readAt: traces.readAt,
        state: traces.state,
        epc: traces.epc,
        readingSetId: traces.readingSetId,
        antenna: traces.antenna,
        rssi: traces.rssi,
        ...readingPlaceColumns,
      })
      .from(traces)
      .innerJoin(readingSets, eq(readingSets.id, traces.readingSetId))
      .$dynamic();
    return pageOf(db, joinReadingPlaces(selected, traces).where(where), [desc(traces.readAt), desc(traces.id)], page);
  },

  /**
   * The readings of an item grouped by reading set, newest set first: each set's first and last read, its reads,
   * antennas and best RSSI, the state and area2 of its last read and the area1 of its first. Same scope as above.
   */
  async readingSetsOfItem(user: AuthUser, itemId: number, page: PageParams) {
    const grouped = db
      .select({
        readingSetId: traces.readingSetId,
        firstRead: sql<Date>`min(${traces.readAt})`.mapWith(traces.readAt).as('first_read'),
        lastRead: sql<Date>`max(${traces.readAt})`.mapWith(traces.readAt).as('last_read'),
        reads: sql<number>`count(*)::int`.as('reads'),
        antennas: sql<
          number[]
        >`coalesce(array_agg(distinct ${traces.antenna} order by ${traces.antenna}) filter (where ${traces.antenna} is not null), '{}')`.as(
          'antennas',
        ),
        bestRssi: sql<number | null>`max(${traces.rssi})`.as('best_rssi'),
        state: sql<number>`(array_agg(${traces.state} order by ${traces.readAt} desc, ${traces.id} desc))[1]`.as('state'),
        epc: sql<string>`(array_agg(${traces.epc} order by ${traces.readAt} desc, ${traces.id} desc))[1]`.as('epc'),
        area1Id: sql<number | null>`(array_agg(${traces.area1Id} order by ${traces.readAt}, ${traces.id}))[1]`.as('area1_id'),
        area2Id: sql<number | null>`(array_agg(${traces.area2Id} order by ${traces.readAt} desc, ${traces.id} desc))[1]`.as(
          'area2_id',
        ),
      })
      .from(traces)
      .innerJoin(readingSets, eq(readingSets.id, traces.readingSetId))
      .where(itemTraceScope(db, user, itemId))
      .groupBy(traces.readingSetId)
      .as('g');
    const selected = db
      .select({
        readingSetId: grouped.readingSetId,
        firstRead: grouped.firstRead,
        lastRead: grouped.lastRead,
        reads: grouped.reads,
        antennas: grouped.antennas,
        bestRssi: grouped.bestRssi,
        state: grouped.state,
        epc: grouped.epc,
        ...readingPlaceColumns,
      })
      .from(grouped)
      .innerJoin(readingSets, eq(readingSets.id, grouped.readingSetId))
      .$dynamic();
    return pageOf(db, joinReadingPlaces(selected, grouped), [desc(grouped.lastRead), desc(grouped.readingSetId)], page);
  },
});

/** The free reading sets of a location, and a set with its report and EPCs. */
const setQueries = (db: Db) => ({
  /** Date-only filters are days of `timeZone` (the location's). */
  async freeSetsOfLocation(locationId: number, query: FreeReadingSetListQuery, page: PageParams, timeZone: string) {
    const where = and(
      eq(readingSets.locationId, locationId),
      isNull(readingSets.claimedBy),
      buildFilters(query, freeSetFilters, { timeZone }),
    );
    const order = buildOrderBy(
      query.order_by,
      { start_time: readingSets.startTime, end_time: readingSets.endTime, read_count: readingSets.readCount },
      [desc(readingSets.startTime), desc(readingSets.id)],
    );
    const selected = selectSets(db).where(where).$dynamic();
    return pageOf(db, selected, order, page);
  },

  async setById(user: AuthUser, id: string): Promise<SetRow | undefined> {
    const [row] = await selectSets(db)
      .where(and(setScope(db, user), eq(readingSets.id, id)))
      .limit(1);
    return row;
  },

  /** The set's report: distinct items per GTIN (null GTIN = EPCs that are not GS1), most first. */
  async setLines(setId: string) {
    const quantity = countDistinct(traces.itemId);
    return db
      .select({
        gtin: items.gtin,
        itemTypeId: items.itemTypeId,
        description: itemTypes.description,
        model: itemTypes.model,
        colour: itemTypes.colour,
        size: itemTypes.sizePrimary,
        quantity,
      })
      .from(traces)
      .innerJoin(items, eq(items.id, traces.itemId))
      .leftJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
      .where(eq(traces.readingSetId, setId))
      .groupBy(items.gtin, items.itemTypeId, itemTypes.description, itemTypes.model, itemTypes.colour, itemTypes.sizePrimary)
      .orderBy(desc(quantity), asc(items.gtin));
  },

  async setEpcs(setId: string, query: PagingQuery, page: PageParams) {
    const where = and(eq(traces.readingSetId, setId), buildFilters(query, setEpcFilters));
    const [total] = await db
      .select({ n: countDistinct(traces.itemId) })
      .from(traces)
      .innerJoin(items, eq(items.id, traces.itemId))
      .where(where);
    const rows = await db
      .select({
        epc: traces.epc,
        gtin: items.gtin,
        description: itemTypes.description,
        item: traces.itemId,
        reads: sql<number>`count(*)::int`,
        firstRead: min(traces.readAt),
      })
      .from(traces)
      .innerJoin(items, eq(items.id, traces.itemId))
      .leftJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
      .where(where)
      .groupBy(traces.epc, traces.itemId, items.gtin, itemTypes.description)
      .orderBy(asc(traces.epc))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  },
});

/** Queries of the EPC tracker and the free reading sets. */
export const createTrackingRepository = (db: Db) => ({
  ...itemQueries(db),
  ...itemReadingQueries(db),
  ...setQueries(db),
});
export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
