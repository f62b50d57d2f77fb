import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { areas, epcisCaptures, epcisEvents, locations, printers } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';

/** The only SQL of the EPCIS module (events, captures, and what the ledger's events need to know). */

export type EventRow = typeof epcisEvents.$inferInsert;
export type StoredEvent = typeof epcisEvents.$inferSelect;

const setRow = z.object({
  id: z.string(),
  company_id: z.coerce.number(),
  location_id: z.coerce.number().nullable(),
  area_id: z.coerce.number().nullable(),
  working_mode: z.coerce.number().nullable(),
  box_codebar: z.string().nullable(),
  order_code: z.string().nullable(),
  order_type: z.string().nullable(),
  order_gln: z.string().nullable(),
});
export type SetContext = z.infer<typeof setRow>;
export type PlaceContext = { id: number; companyId: number; gln: string | null; timeZone: string };
export type AreaContext = { id: number; locationId: number; glnExtension: string | null };

/** What the ledger's moves of one transaction need: their reading sets (box, order), locations and areas. Three reads. */
export const ledgerContext = async (
  tx: DbOrTx,
  {
    setIds,
    locationIds,
    areaIds,
    printerIds = [],
  }: { setIds: string[]; locationIds: number[]; areaIds: number[]; printerIds?: number[] },
) => {
  const printerRows = printerIds.length
    ? await tx
        .select({ id: printers.id, locationId: printers.locationId, areaId: printers.areaId })
        .from(printers)
        .where(inArray(printers.id, printerIds))
    : [];
  const sets = setIds.length
    ? parseRows(
        setRow,
        await tx.execute(sql`
          select rs.id::text as id, rs.company_id, rs.location_id, rs.area_id, rs.working_mode,
            b.codebar as box_codebar, o.order_code, o.type as order_type, dl.gln as order_gln
          from reading_sets rs
          left join lateral (
            select v.box_id, v.order_id from verifications v where v.reading_set_id = rs.id order by v.id desc limit 1
          ) v on true
          left join boxes b on b.id = v.box_id
          left join orders o on o.id = v.order_id
          left join locations dl on dl.id = coalesce(o.destination_location_id, o.origin_location_id)
          where rs.id = any(${sql.param(setIds)}::uuid[])`),
      )
    : [];
  const allLocations = [
    ...new Set([
      ...locationIds,
      ...sets.flatMap((s) => (s.location_id ? [s.location_id] : [])),
      ...printerRows.flatMap((p) => (p.locationId ? [p.locationId] : [])),
    ]),
  ];
  const allAreas = [
    ...new Set([
      ...areaIds,
      ...sets.flatMap((s) => (s.area_id ? [s.area_id] : [])),
      ...printerRows.flatMap((p) => (p.areaId ? [p.areaId] : [])),
    ]),
  ];
  const places: PlaceContext[] = allLocations.length
    ? await tx
        .select({ id: locations.id, companyId: locations.companyId, gln: locations.gln, timeZone: locations.timeZone })
        .from(locations)
        .where(inArray(locations.id, allLocations))
    : [];
  const areaRows: AreaContext[] = allAreas.length
    ? await tx
        .select({ id: areas.id, locationId: areas.locationId, glnExtension: areas.glnExtension })
        .from(areas)
        .where(inArray(areas.id, allAreas))
    : [];
  return {
    sets: new Map(sets.map((s) => [s.id, s])),
    places: new Map(places.map((p) => [p.id, p])),
    areas: new Map(areaRows.map((a) => [a.id, a])),
    printers: new Map(printerRows.map((p) => [p.id, p])),
  };
};
export type LedgerContext = Awaited<ReturnType<typeof ledgerContext>>;

/** Stores events in one statement; an event already stored (same company and eventID) is kept as it was. */
export const insertEvents = async (tx: DbOrTx, rows: EventRow[]): Promise<number> => {
  if (!rows.length) return 0;
  const inserted = await tx
    .insert(epcisEvents)
    .values(rows)
    .onConflictDoNothing({ target: [epcisEvents.companyId, epcisEvents.eventId, epcisEvents.eventTime] })
    .returning({ id: epcisEvents.id });
  return inserted.length;
};

/** The events a user sees: the company's, and of them only those of locations in scope (scoped users). */
const visible = (user: AuthUser): SQL => {
  const company = eq(epcisEvents.companyId, user.companyId);
  if (user.locationIds === null) return company;
  return and(company, inArray(epcisEvents.locationId, user.locationIds.length ? user.locationIds : [0])) as SQL;
};

export type EventFilter = {
  eventType?: string[];
  geEventTime?: Date;
  ltEventTime?: Date;
  geRecordTime?: Date;
  ltRecordTime?: Date;
  action?: string[];
  bizStep?: string[];
  disposition?: string[];
  readPoint?: string[];
  bizLocation?: string[];
  eventId?: string[];
  /** Any of these EPCs (exact URIs, either form). */
  epcs?: string[];
  /** Any EPC starting with one of these (EPC patterns). */
  epcPrefixes?: string[];
  afterId?: number;
};

const anyOf = <T>(values: T[] | undefined, column: Parameters<typeof inArray>[0]) =>
  values?.length ? inArray(column, values) : undefined;

/** One page of the events a user sees matching `filter`, in the order they were recorded. */
export const queryEvents = async (db: DbOrTx, user: AuthUser, filter: EventFilter, limit: number): Promise<StoredEvent[]> => {
  const epcMatch: SQL[] = [];
  if (filter.epcs?.length) epcMatch.push(sql`${epcisEvents.epcs} && ${sql.param(filter.epcs)}::text[]`);
  for (const prefix of filter.epcPrefixes ?? [])
    epcMatch.push(sql`exists (select 1 from unnest(${epcisEvents.epcs}) e where starts_with(e, ${prefix}))`);
  const conditions = [
    visible(user),
    anyOf(filter.eventType, epcisEvents.eventType),
    filter.geEventTime ? gte(epcisEvents.eventTime, filter.geEventTime) : undefined,
    filter.ltEventTime ? lt(epcisEvents.eventTime, filter.ltEventTime) : undefined,
    filter.geRecordTime ? gte(epcisEvents.recordTime, filter.geRecordTime) : undefined,
    filter.ltRecordTime ? lt(epcisEvents.recordTime, filter.ltRecordTime) : undefined,
    anyOf(filter.action, epcisEvents.action),
    anyOf(filter.bizStep, epcisEvents.bizStep),
    anyOf(filter.disposition, epcisEvents.disposition),
    anyOf(filter.readPoint, epcisEvents.readPoint),
    anyOf(filter.bizLocation, epcisEvents.bizLocation),
    anyOf(filter.eventId, epcisEvents.eventId),
    epcMatch.length ? or(...epcMatch) : undefined,
    filter.afterId ? gt(epcisEvents.id, filter.afterId) : undefined,
  ];
  return db
    .select()
    .from(epcisEvents)
    .where(and(...conditions))
    .orderBy(asc(epcisEvents.id))
    .limit(limit);
};

const VOCABULARY = {
  eventTypes: epcisEvents.eventType,
  bizSteps: epcisEvents.bizStep,
  dispositions: epcisEvents.disposition,
  readPoints: epcisEvents.readPoint,
  bizLocations: epcisEvents.bizLocation,
} as const;
export type VocabularyName = keyof typeof VOCABULARY | 'epcs';

/** The distinct values of a vocabulary in the events a user sees (sorted; `after`: the page's start, exclusive). */
export const vocabulary = async (
  db: DbOrTx,
  user: AuthUser,
  name: VocabularyName,
  { after, limit }: { after?: string; limit: number },
): Promise<string[]> => {
  if (name === 'epcs') {
    const rows = await db.execute(sql`
      select distinct e as value from ${epcisEvents}, unnest(${epcisEvents.epcs}) e
      where ${visible(user)} and e like 'urn:%' ${after ? sql`and e > ${after}` : sql``}
      order by e limit ${limit}`);
    return parseRows(z.object({ value: z.string() }), rows).map((r) => r.value);
  }
  const column = VOCABULARY[name];
  const rows = await db
    .selectDistinct({ value: column })
    .from(epcisEvents)
    .where(and(visible(user), isNotNull(column), after ? gt(column, after) : undefined))
    .orderBy(asc(column))
    .limit(limit);
  return rows.flatMap((r) => (r.value ? [r.value] : []));
};

// ---- Captures ----

export const insertCapture = async (db: DbOrTx, { companyId, userId }: { companyId: number; userId: number }) => {
  const [row] = await db.insert(epcisCaptures).values({ companyId, userId, state: 'running' }).returning();
  if (!row) throw new Error('capture not inserted');
  return row;
};

/** Captures are the company's (the capture interface writes company-wide data: company admins only, see routes). */
export const getCapture = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(epcisCaptures)
      .where(and(eq(epcisCaptures.companyId, companyId), eq(epcisCaptures.id, id)))
  )[0];

export const listCaptures = async (db: DbOrTx, companyId: number, { beforeId, limit }: { beforeId?: number; limit: number }) =>
  db
    .select()
    .from(epcisCaptures)
    .where(and(eq(epcisCaptures.companyId, companyId), beforeId ? lt(epcisCaptures.id, beforeId) : undefined))
    .orderBy(desc(epcisCaptures.id))
    .limit(limit);

/** A purchase order of the company by its code (a desadv names it). */
export const purchaseOrderByCode = async (db: DbOrTx, companyId: number, code: string) => {
  const rows = await db.execute(sql`
    select o.id, o.destination_location_id as location_id,
      (select r.id from receptions r where r.order_id = o.id order by r.id limit 1) as reception_id
    from orders o where o.company_id = ${companyId} and o.type = 'purchase' and o.order_code = ${code} limit 1`);
  return parseRows(
    z.object({ id: z.coerce.number(), location_id: z.coerce.number().nullable(), reception_id: z.coerce.number().nullable() }),
    rows,
  )[0];
};
