import { ExitAlarmStatus } from '@rfid/contract';
import { aliasedTable, and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { areas, devices, exitAlarms, items, itemTypes, users } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { insertOperationSet } from '../engine/ledger.repository.js';

/** The list's filters: a status and a range of the first read (date-only: the whole day in the location's zone). */
export type ExitAlarmFilters = { status?: ExitAlarmStatus; dateStart?: string; dateEnd?: string };

/** What resolving writes: the status, the note, who and when. */
export type ExitAlarmResolution = { status: ExitAlarmStatus; note: string; userId: number; at: Date };

const resolver = aliasedTable(users, 'resolver');

const columns = {
  id: exitAlarms.id,
  companyId: exitAlarms.companyId,
  locationId: exitAlarms.locationId,
  itemId: exitAlarms.itemId,
  epc: exitAlarms.epc,
  gtin: exitAlarms.gtin,
  itemTypeId: items.itemTypeId,
  description: itemTypes.description,
  sizePrimary: itemTypes.sizePrimary,
  colour: itemTypes.colour,
  price: itemTypes.price,
  externalImage: itemTypes.externalImage,
  areaId: exitAlarms.areaId,
  areaDescription: areas.description,
  deviceId: exitAlarms.deviceId,
  deviceSerial: devices.serialNumber,
  itemState: exitAlarms.itemState,
  currentState: items.state,
  firstReadAt: exitAlarms.firstReadAt,
  lastReadAt: exitAlarms.lastReadAt,
  reads: exitAlarms.reads,
  status: exitAlarms.status,
  note: exitAlarms.note,
  resolvedAt: exitAlarms.resolvedAt,
  resolverId: resolver.id,
  resolverFirstName: resolver.firstName,
  resolverLastName: resolver.lastName,
  resolverEmail: resolver.email,
};

const selectAlarms = (db: DbOrTx) =>
  db
    .select(columns)
    .from(exitAlarms)
    .leftJoin(items, eq(items.id, exitAlarms.itemId))
    .leftJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
    .leftJoin(areas, eq(areas.id, exitAlarms.areaId))
    .leftJoin(devices, eq(devices.id, exitAlarms.deviceId))
    .leftJoin(resolver, eq(resolver.id, exitAlarms.resolvedBy));
/** An exit alarm as the repository reads it: the alarm, its item's GTIN fields, area, reader and resolver. */
export type ExitAlarmRow = Awaited<ReturnType<typeof selectAlarms>>[number];

/** The alarms a user may see: their company's, at a location in their scope. */
const visibleTo = (user: AuthUser): SQL | undefined =>
  and(
    eq(exitAlarms.companyId, user.companyId),
    user.locationIds === null ? undefined : inArray(exitAlarms.locationId, user.locationIds.length ? user.locationIds : [0]),
  );

const dateFilters: FilterSpec = { first_read_at: { column: exitAlarms.firstReadAt, lookups: ['gte', 'lte'], type: 'date' } };

/** The reads of one exit gate's set that raise or repeat alarms. */
export type ExitGateReads = {
  companyId: number;
  locationId: number;
  areaId: number;
  deviceId: number;
  at: Date;
  windowS: number;
  items: { itemId: number; epc: string; gtin: string | null; stateBefore: number }[];
};

/** An alarm raised (`isNew`) or repeated by an exit gate's read. */
export type RaisedAlarm = { id: number; epc: string; isNew: boolean };

/** The queries of the exit alarms (use-cases/*, exit-alarms.engine.ts). */
export type ExitAlarmsRepository = {
  list: (
    locationId: number,
    { filters, page, timeZone }: { filters: ExitAlarmFilters; page: PageParams; timeZone: string },
  ) => Promise<{ count: number; rows: ExitAlarmRow[] }>;
  /** An alarm the user may see (undefined otherwise). */
  get: (user: AuthUser, id: number) => Promise<ExitAlarmRow | undefined>;
  /** An alarm the user may see, locked until the transaction ends (undefined otherwise). */
  lock: (user: AuthUser, id: number) => Promise<ExitAlarmRow | undefined>;
  /** Writes the alarm's resolution; answers whether it was still open (a second resolution changes nothing). */
  resolve: (id: number, resolution: ExitAlarmResolution) => Promise<boolean>;
  /** Open alarms of the locations the user sees (or of `locationId`). */
  openCount: (user: AuthUser, locationId: number | undefined) => Promise<number>;
};

export const createExitAlarmsRepository = (db: DbOrTx): ExitAlarmsRepository => {
  const get = async (user: AuthUser, id: number): Promise<ExitAlarmRow | undefined> => {
    const [row] = await selectAlarms(db)
      .where(and(eq(exitAlarms.id, id), visibleTo(user)))
      .limit(1);
    return row;
  };
  return {
    async list(locationId, { filters, page, timeZone }) {
      const where = and(
        eq(exitAlarms.locationId, locationId),
        filters.status ? eq(exitAlarms.status, filters.status) : undefined,
        buildFilters({ first_read_at__gte: filters.dateStart, first_read_at__lte: filters.dateEnd }, dateFilters, { timeZone }),
      );
      const selected = selectAlarms(db).where(where).$dynamic();
      return pageOf(db, selected, [desc(exitAlarms.lastReadAt), desc(exitAlarms.id)], page);
    },
    get,
    async lock(user, id) {
      const [locked] = await db
        .select({ id: exitAlarms.id })
        .from(exitAlarms)
        .where(and(eq(exitAlarms.id, id), visibleTo(user)))
        .for('update');
      if (!locked) return undefined;
      return get(user, id);
    },
    async resolve(id, { status, note, userId, at }) {
      const rows = await db
        .update(exitAlarms)
        .set({ status, note, resolvedBy: userId, resolvedAt: at })
        .where(and(eq(exitAlarms.id, id), eq(exitAlarms.status, ExitAlarmStatus.Open)))
        .returning({ id: exitAlarms.id });
      return rows.length > 0;
    },
    async openCount(user, locationId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(exitAlarms)
        .where(
          and(
            visibleTo(user),
            eq(exitAlarms.status, ExitAlarmStatus.Open),
            locationId === undefined ? undefined : eq(exitAlarms.locationId, locationId),
          ),
        );
      return row?.n ?? 0;
    },
  };
};

const raisedRow = z.object({ id: z.coerce.number(), epc: z.string(), is_new: z.boolean() });

/**
 * An exit gate's reads, in one statement for the whole set (inside the ingest transaction, whose items are locked by id,
 * so two sets reading one item take turns): per item, its latest alarm at the store whose reads are within `windowS` of
 * this one counts it (reads + 1, last_read_at the later), whatever its status; an item with none gets a new open alarm.
 * Answers each alarm raised or repeated.
 */
export const raiseExitAlarms = async (db: DbOrTx, reads: ExitGateReads): Promise<RaisedAlarm[]> => {
  if (reads.items.length === 0) return [];
  const windowMs = reads.windowS * 1000;
  const from = new Date(reads.at.getTime() - windowMs);
  const to = new Date(reads.at.getTime() + windowMs);
  const result = await db.execute(sql`
    with seen as (
      select * from unnest(
        ${sql.param(reads.items.map((i) => i.itemId))}::bigint[],
        ${sql.param(reads.items.map((i) => i.epc))}::text[],
        ${sql.param(reads.items.map((i) => i.gtin))}::text[],
        ${sql.param(reads.items.map((i) => i.stateBefore))}::smallint[]
      ) as u(item_id, epc, gtin, state)
    ),
    recent as (
      select distinct on (a.item_id) a.item_id, a.id
      from ${exitAlarms} a join seen on seen.item_id = a.item_id
      where a.location_id = ${reads.locationId}::int
        and a.status = ${ExitAlarmStatus.Open}::text
        and a.last_read_at >= ${from.toISOString()}::timestamptz
        and a.first_read_at <= ${to.toISOString()}::timestamptz
      order by a.item_id, a.last_read_at desc, a.id desc
    ),
    repeated as (
      update ${exitAlarms} a
      set reads = a.reads + 1, last_read_at = greatest(a.last_read_at, ${reads.at.toISOString()}::timestamptz)
      from recent where a.id = recent.id
      returning a.id, a.epc, false as is_new
    ),
    raised as (
      insert into ${exitAlarms}
        (company_id, location_id, device_id, area_id, item_id, epc, gtin, item_state, first_read_at, last_read_at, reads, status)
      select ${reads.companyId}::int, ${reads.locationId}::int, ${reads.deviceId}::int, ${reads.areaId}::int, seen.item_id,
        seen.epc, seen.gtin, seen.state, ${reads.at.toISOString()}::timestamptz, ${reads.at.toISOString()}::timestamptz, 1,
        ${ExitAlarmStatus.Open}::text
      from seen where not exists (select 1 from recent where recent.item_id = seen.item_id)
      order by seen.item_id
      returning id, epc, true as is_new
    )
    select * from repeated union all select * from raised`);
  return parseRows(raisedRow, result).map((row) => ({ id: row.id, epc: row.epc, isNew: row.is_new }));
};

/** Claim name of the reading set of no reader that records an alarm marked lost (its traces show in the EPC tracker). */
export const EXIT_LOST_CLAIM = 'exit-lost';

/** Stores the reading set of no reader that records a lost alarm's move, at the alarm's location and area. */
export const insertLostSet = (
  db: DbOrTx,
  set: { id: string; companyId: number; locationId: number; areaId: number | null; at: Date },
): Promise<void> => insertOperationSet(db, { ...set, claim: EXIT_LOST_CLAIM, epcCount: 1 });
