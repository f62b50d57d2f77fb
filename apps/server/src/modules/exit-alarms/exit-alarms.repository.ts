import { ExitAlarmStatus } from '@rfid/contract';
import { aliasedTable, and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { areas, devices, exitAlarms, items, itemTypes, readingSets, users } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';

/** An exit alarm as the repository reads it: the alarm, its item's GTIN fields, area, reader and resolver. */
export type ExitAlarmRow = {
  id: number;
  companyId: number;
  locationId: number;
  itemId: number;
  epc: string;
  gtin: string | null;
  itemTypeId: number | null;
  description: string | null;
  sizePrimary: string | null;
  colour: string | null;
  price: string | null;
  externalImage: string | null;
  areaId: number | null;
  areaDescription: string | null;
  deviceId: number | null;
  deviceSerial: string | null;
  itemState: number;
  currentState: number | null;
  firstReadAt: Date;
  lastReadAt: Date;
  reads: number;
  status: string;
  note: string;
  resolvedAt: Date | null;
  resolverId: number | null;
  resolverFirstName: string | null;
  resolverLastName: string | null;
  resolverEmail: string | null;
};

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

/**
 * An exit gate's reads (inside the ingest transaction, whose items are locked by id): per item, the latest alarm whose
 * reads are within `windowS` of this one counts it (reads + 1, last_read_at the later), whatever its status; else a new
 * open alarm. Answers each alarm raised or repeated.
 */
export const raiseExitAlarms = async (db: DbOrTx, reads: ExitGateReads): Promise<RaisedAlarm[]> => {
  const raised: RaisedAlarm[] = [];
  const windowMs = reads.windowS * 1000;
  const from = new Date(reads.at.getTime() - windowMs);
  const to = new Date(reads.at.getTime() + windowMs);
  for (const item of reads.items) {
    const [recent] = await db
      .select({ id: exitAlarms.id })
      .from(exitAlarms)
      .where(
        and(
          eq(exitAlarms.itemId, item.itemId),
          eq(exitAlarms.locationId, reads.locationId),
          gte(exitAlarms.lastReadAt, from),
          lte(exitAlarms.firstReadAt, to),
        ),
      )
      .orderBy(desc(exitAlarms.lastReadAt), desc(exitAlarms.id))
      .limit(1);
    if (recent) {
      await db
        .update(exitAlarms)
        .set({
          reads: sql`${exitAlarms.reads} + 1`,
          lastReadAt: sql`greatest(${exitAlarms.lastReadAt}, ${reads.at.toISOString()}::timestamptz)`,
        })
        .where(eq(exitAlarms.id, recent.id));
      raised.push({ id: recent.id, epc: item.epc, isNew: false });
      continue;
    }
    const [row] = await db
      .insert(exitAlarms)
      .values({
        companyId: reads.companyId,
        locationId: reads.locationId,
        deviceId: reads.deviceId,
        areaId: reads.areaId,
        itemId: item.itemId,
        epc: item.epc,
        gtin: item.gtin,
        itemState: item.stateBefore,
        firstReadAt: reads.at,
        lastReadAt: reads.at,
        reads: 1,
        status: ExitAlarmStatus.Open,
      })
      .returning({ id: exitAlarms.id });
    if (row) raised.push({ id: row.id, epc: item.epc, isNew: true });
  }
  return raised;
};

/** Claim name of the reading set of no reader that records an alarm marked lost (its traces show in the EPC tracker). */
export const EXIT_LOST_CLAIM = 'exit-lost';

/** Stores the reading set of no reader that records a lost alarm's move, at the alarm's location and area. */
export const insertLostSet = async (
  db: DbOrTx,
  {
    id,
    companyId,
    locationId,
    areaId,
    at,
  }: { id: string; companyId: number; locationId: number; areaId: number | null; at: Date },
): Promise<void> => {
  await db.insert(readingSets).values({
    id,
    companyId,
    deviceId: null,
    locationId,
    areaId,
    workingMode: null,
    codebar: null,
    startTime: at,
    endTime: at,
    readCount: 0,
    epcCount: 1,
    claimedBy: EXIT_LOST_CLAIM,
  });
};
