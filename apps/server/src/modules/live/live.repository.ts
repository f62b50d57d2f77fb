import { and, asc, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows, rowsOf } from '../../db/rows.js';
import { liveEvents, locations } from '../../db/schema/index.js';
import { intervalMs } from '../../workers/lease.js';

/** The notification channel: its payload is the ids of the rows a transaction wrote, comma-separated. */
export const LIVE_CHANNEL = 'live_events';

/** A row to write: its location (null: the whole company), topic and small payload. */
export type LiveRow = { companyId: number; locationId: number | null; topic: string; payload: Record<string, unknown> };

export type StoredLiveEvent = {
  id: number;
  companyId: number;
  locationId: number | null;
  topic: string;
  payload: Record<string, unknown>;
  createdAt: Date;
};

const columns = {
  id: liveEvents.id,
  companyId: liveEvents.companyId,
  locationId: liveEvents.locationId,
  topic: liveEvents.topic,
  payload: liveEvents.payload,
  createdAt: liveEvents.createdAt,
};

const insertedIds = z.object({ ids: z.string() });

/**
 * Writes the rows and NOTIFYs their ids in the same transaction, in one statement (one array a column, one NOTIFY):
 * PostgreSQL delivers the notification only when it commits (never when it rolls back), to every process that listens.
 */
export const insertLiveRows = async (db: DbOrTx, rows: readonly LiveRow[]): Promise<number[]> => {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    with inserted as (
      insert into ${liveEvents} (company_id, location_id, topic, payload)
      select u.company_id, u.location_id, u.topic, u.payload::jsonb
      from unnest(
        ${sql.param(rows.map((r) => r.companyId))}::int[],
        ${sql.param(rows.map((r) => r.locationId))}::int[],
        ${sql.param(rows.map((r) => r.topic))}::text[],
        ${sql.param(rows.map((r) => JSON.stringify(r.payload)))}::text[]
      ) as u(company_id, location_id, topic, payload)
      returning id
    ), ids as (select string_agg(id::text, ',' order by id) as ids from inserted)
    select ids.ids, pg_notify(${LIVE_CHANNEL}, ids.ids)::text as notified from ids`);
  const ids = parseRows(insertedIds, result)[0]?.ids ?? '';
  return ids.split(',').map(Number);
};

/** The company of each location (the moves of the ledger name locations, not companies). */
export const companiesOfLocations = async (db: DbOrTx, locationIds: readonly number[]): Promise<Map<number, number>> => {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: locations.id, companyId: locations.companyId })
    .from(locations)
    .where(inArray(locations.id, [...locationIds]));
  return new Map(rows.map((row) => [row.id, row.companyId]));
};

export const liveEventsByIds = async (db: DbOrTx, ids: readonly number[]): Promise<StoredLiveEvent[]> => {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(liveEvents)
    .where(inArray(liveEvents.id, [...ids]))
    .orderBy(asc(liveEvents.id));
};

/**
 * A company's rows after `afterId` (Last-Event-ID) that a user with `locationIds` (null: every location) hears: the
 * whole company's and those of its locations; at most `limit`, oldest first.
 */
export const liveEventsAfter = async (
  db: DbOrTx,
  {
    companyId,
    locationIds,
    afterId,
    limit,
  }: { companyId: number; locationIds: readonly number[] | null; afterId: number; limit: number },
): Promise<StoredLiveEvent[]> => {
  const scope =
    locationIds === null
      ? undefined
      : locationIds.length === 0
        ? isNull(liveEvents.locationId)
        : or(isNull(liveEvents.locationId), inArray(liveEvents.locationId, [...locationIds]));
  return db
    .select(columns)
    .from(liveEvents)
    .where(and(sql`${liveEvents.companyId} = ${companyId}`, gt(liveEvents.id, afterId), scope))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
};

/** Deletes the rows older than `keepMs` by the database's clock; answers how many. */
export const pruneLiveEvents = async (db: DbOrTx, keepMs: number): Promise<number> => {
  const result = await db.execute(
    sql`with gone as (delete from ${liveEvents} where ${lt(liveEvents.createdAt, sql`now() - ${intervalMs(keepMs)}`)} returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
};
