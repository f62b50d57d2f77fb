import { ItemState } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { readingSets } from '../../db/schema/index.js';
import type { ItemPlace } from './events.js';

/**
 * The only statements that change where an item is, and that write traces (docs/design.md §8).
 * Set-based: one statement per move, whatever the number of items (ids bound as one array
 * parameter, or a subquery of ids), and every statement locks the items it changes by id first,
 * the one lock order of items.
 */

/** Which items: ids, or a subquery answering one column of item ids. */
export type ItemPick = number[] | SQL;

const idsIn = (pick: ItemPick): SQL => (Array.isArray(pick) ? sql`id = any(${sql.param(pick)}::bigint[])` : sql`id in (${pick})`);

const nullableInt = z.coerce.number().nullable();
const movedRow = z.object({
  id: z.coerce.number(),
  epc: z.string(),
  from_state: z.coerce.number(),
  from_area_id: nullableInt,
  from_location_id: nullableInt,
});
export type MovedRow = z.infer<typeof movedRow>;

const statusRow = z.object({
  id: z.coerce.number(),
  epc: z.string(),
  company_id: z.coerce.number(),
  location_id: nullableInt,
  area_id: nullableInt,
  state: z.coerce.number(),
  from_status: z.coerce.number(),
});
export type StatusChangedRow = z.infer<typeof statusRow>;

/** One distinct EPC of a set, decoded. */
export type SetEpc = { epc: string; scheme: string; gtin: string | null; serial: string | null };
/** One read of a set (several reads may share an EPC). */
export type SetRead = { epc: string; time: Date; antenna: number | null; rssi: number | null };

const insertedRow = z.object({ id: z.coerce.number(), epc: z.string(), item_type_id: nullableInt });
const refreshedRow = z.object({
  id: z.coerce.number(),
  epc: z.string(),
  item_type_id: nullableInt,
  gtin: z.string().nullable(),
  state: z.coerce.number(),
  area_id: nullableInt,
  location_id: nullableInt,
});
export type SeenItem = {
  id: number;
  epc: string;
  itemTypeId: number | null;
  gtin: string | null;
  state: number;
  areaId: number | null;
  locationId: number | null;
  inserted: boolean;
};

/**
 * The times of a set's reads as one parameter: null for a read at the first read's time (`at`), bound once.
 * A set sent as bare EPCs has every read at its end time: 1,000 equal timestamps are not encoded 1,000 times.
 */
const readTimes = (reads: SetRead[]): { at: string | null; times: (string | null)[] } => {
  const first = reads[0]?.time.getTime();
  if (first === undefined) return { at: null, times: [] };
  return {
    at: new Date(first).toISOString(),
    times: reads.map((r) => (r.time.getTime() === first ? null : r.time.toISOString())),
  };
};

/** The writes to picked items: locks, status changes and moves, each in the one lock order (by id). */
const itemWrites = (db: DbOrTx) => ({
  /** Locks the picked items by id (before several moves that must see them unchanged). */
  async lock(pick: ItemPick): Promise<void> {
    await db.execute(sql`select id from items where ${idsIn(pick)} order by id for update`);
  },

  /**
   * Sets the status (and its reference) of the picked items in one statement: the items are locked by id (the one lock
   * order), only those whose status or reference differ are updated, and each of them gets one `item_status_changes`
   * row (reason, user, reference, the location it is at). Answers the items that changed, with their status before.
   */
  async setStatus({
    pick,
    status,
    reference,
    reason,
    userId,
    at,
  }: {
    pick: ItemPick;
    status: number;
    reference: string | null;
    reason: string;
    userId: number | null;
    at: Date;
  }): Promise<StatusChangedRow[]> {
    const result = await db.execute(sql`
      with picked as (
        select id, status, status_ref from items where ${idsIn(pick)} order by id for update
      ), changed as (
        update items set status = ${status}::smallint, status_ref = ${reference}::text
        from picked
        where items.id = picked.id
          and (picked.status <> ${status}::smallint or picked.status_ref is distinct from ${reference}::text)
        returning items.id, items.company_id, items.epc, items.location_id, items.area_id, items.state,
          picked.status as from_status
      ), logged as (
        insert into item_status_changes
          (company_id, item_id, epc, from_status, to_status, reference, reason, user_id, location_id, at)
        select company_id, id, epc, from_status, ${status}::smallint, ${reference}::text, ${reason}::text,
          ${userId}::int, location_id, ${at.toISOString()}::timestamptz
        from changed
      )
      select id, epc, company_id, location_id, area_id, state, from_status from changed order by id`);
    return parseRows(statusRow, result);
  },

  /**
   * Moves the picked items to `to` in one statement (last_seen_at = `seenAt` when given) and, with
   * `trace`, writes one trace per moved item in that reading set. Answers each item's place before.
   */
  async move({
    pick,
    to,
    seenAt,
    trace,
  }: {
    pick: ItemPick;
    to: ItemPlace;
    seenAt: Date | null;
    trace: { readingSetId: string; at: Date } | null;
  }): Promise<MovedRow[]> {
    const seen = seenAt ? sql`, last_seen_at = ${seenAt.toISOString()}::timestamptz` : sql``;
    const traced = trace
      ? sql`, traced as (
          insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id)
          select company_id, id, epc, ${trace.readingSetId}::uuid, ${trace.at.toISOString()}::timestamptz,
            ${to.state}::smallint, from_area_id, ${to.areaId}::int
          from moved
        )`
      : sql``;
    const result = await db.execute(sql`
      with picked as (
        select id, state, area_id, location_id from items where ${idsIn(pick)} order by id for update
      ), moved as (
        update items set state = ${to.state}::smallint, area_id = ${to.areaId}::int, location_id = ${to.locationId}::int${seen}
        from picked where items.id = picked.id
        returning items.id, items.company_id, items.epc, picked.state as from_state,
          picked.area_id as from_area_id, picked.location_id as from_location_id
      )${traced}
      select id, epc, from_state, from_area_id, from_location_id from moved order by id`);
    return parseRows(movedRow, result);
  },
});

/** The items a reading set saw: created when new, refreshed when known. */
const sightings = (db: DbOrTx) => ({
  /**
   * Creates the items never seen before (state UNKNOWN, where the reader is, linked to the
   * company's GTIN row when the decoded GTIN exists) and refreshes last_seen_at of the others.
   * Answers every item of the set, in the order of `epcs`, with its state and area before the set
   * (`inserted` marks the new ones).
   *
   * Two steps, the second only when some EPCs were items already: (1) one insert of every EPC that
   * skips those that exist (`on conflict do nothing`: no row of another set is locked, and an EPC
   * another set is inserting at the same moment is waited for, then skipped); (2) the EPCs it
   * skipped are locked by id (the one lock order of items) and their last_seen_at refreshed, in a
   * statement of its own so that it sees an EPC that (1) waited for. A set of new tags is one
   * insert (its few item types looked up in it), as long as a plain multi-row insert of its rows
   * (issue 15; tools/bench/ingest.mjs measures both).
   */
  async see({
    companyId,
    areaId,
    locationId,
    seenAt,
    epcs,
  }: {
    companyId: number;
    areaId: number;
    locationId: number;
    seenAt: Date;
    epcs: SetEpc[];
  }): Promise<SeenItem[]> {
    const seen = seenAt.toISOString();
    // The company's item types of the set's GTINs (a few dozen rows), gathered once into two arrays that each row
    // indexes (`array_position`), in the insert itself: a join costs a hash join and a sort of every row, a statement
    // of its own a round trip (issue 15).
    const gtins = [...new Set(epcs.flatMap((e) => (e.gtin ? [e.gtin] : [])))];
    // In the order of `epcs` (sorted): two sets inserting the same new tags wait for each other in one order.
    const inserted = await db.execute(sql`
      with types as (
        select array_agg(t.gtin) as gtins, array_agg(t.id) as ids from item_types t
        where t.company_id = ${companyId}::int and t.gtin = any(${sql.param(gtins)}::text[])
      )
      insert into items (company_id, epc, scheme, gtin, serial, item_type_id, state, area_id, location_id, last_seen_at)
      select ${companyId}::int, u.epc, u.scheme, u.gtin, u.serial, types.ids[array_position(types.gtins, u.gtin)],
        ${ItemState.Unknown}::smallint, ${areaId}::int, ${locationId}::int, ${seen}::timestamptz
      from unnest(
        ${sql.param(epcs.map((e) => e.epc))}::text[],
        ${sql.param(epcs.map((e) => e.scheme))}::text[],
        ${sql.param(epcs.map((e) => e.gtin))}::text[],
        ${sql.param(epcs.map((e) => e.serial))}::text[]
      ) as u(epc, scheme, gtin, serial), types
      on conflict (company_id, epc) do nothing
      returning id, epc, item_type_id`);
    const inputOf = new Map(epcs.map((e, i) => [e.epc, i]));
    const byEpc = new Map<string, SeenItem>();
    for (const r of parseRows(insertedRow, inserted)) {
      const i = inputOf.get(r.epc) ?? -1;
      byEpc.set(r.epc, {
        id: r.id,
        epc: r.epc,
        itemTypeId: r.item_type_id,
        gtin: epcs[i]?.gtin ?? null,
        state: ItemState.Unknown,
        areaId,
        locationId,
        inserted: true,
      });
    }
    const known = epcs.filter((e) => !byEpc.has(e.epc)).map((e) => e.epc);
    if (known.length > 0) {
      // Only last_seen_at and a missing item type change: state, area and location as returned are those before.
      const refreshed = await db.execute(sql`
        with picked as (
          select id from items where company_id = ${companyId}::int and epc = any(${sql.param(known)}::text[])
          order by id for update
        )
        update items set
          last_seen_at = greatest(items.last_seen_at, ${seen}::timestamptz),
          item_type_id = coalesce(items.item_type_id,
            (select t.id from item_types t where t.company_id = items.company_id and t.gtin = items.gtin))
        from picked where items.id = picked.id
        returning items.id, items.epc, items.item_type_id, items.gtin, items.state, items.area_id, items.location_id`);
      for (const r of parseRows(refreshedRow, refreshed)) {
        byEpc.set(r.epc, {
          id: r.id,
          epc: r.epc,
          itemTypeId: r.item_type_id,
          gtin: r.gtin,
          state: r.state,
          areaId: r.area_id,
          locationId: r.location_id,
          inserted: false,
        });
      }
    }
    return epcs.flatMap((e) => byEpc.get(e.epc) ?? []);
  },
});

/** A reading set's traces: one per read. */
const traceWrites = (db: DbOrTx) => ({
  /**
   * One trace per read when nothing claimed the set: the items did not change, so their state
   * and area (as `see` answered them) are written without looking the items up again.
   */
  async traceUnmoved({
    companyId,
    readingSetId,
    reads,
    itemByEpc,
  }: {
    companyId: number;
    readingSetId: string;
    reads: SetRead[];
    itemByEpc: Map<string, { id: number; state: number; areaId: number | null; areaIdBefore: number | null }>;
  }): Promise<void> {
    const items = reads.map((r) => itemByEpc.get(r.epc));
    const { at, times } = readTimes(reads);
    await db.execute(sql`
      insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
      select ${companyId}::int, r.item_id, r.epc, ${readingSetId}::uuid, coalesce(r.t, ${at}::timestamptz), r.state, r.area1,
        r.area2, r.antenna, r.rssi
      from unnest(
        ${sql.param(items.map((i) => i?.id ?? null))}::bigint[],
        ${sql.param(reads.map((r) => r.epc))}::text[],
        ${sql.param(times)}::timestamptz[],
        ${sql.param(items.map((i) => i?.state ?? null))}::smallint[],
        ${sql.param(items.map((i) => i?.areaIdBefore ?? null))}::int[],
        ${sql.param(items.map((i) => i?.areaId ?? null))}::int[],
        ${sql.param(reads.map((r) => r.antenna))}::smallint[],
        ${sql.param(reads.map((r) => r.rssi))}::float8[]
      ) as r(item_id, epc, t, state, area1, area2, antenna, rssi)`);
  },

  /** One trace per read, with the item's state and area now (after the handlers; area1 = before). */
  async traceReads({
    companyId,
    readingSetId,
    reads,
    area1ByEpc,
  }: {
    companyId: number;
    readingSetId: string;
    reads: SetRead[];
    area1ByEpc: Map<string, number | null>;
  }): Promise<void> {
    const { at, times } = readTimes(reads);
    await db.execute(sql`
      insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
      select ${companyId}::int, i.id, r.epc, ${readingSetId}::uuid, coalesce(r.t, ${at}::timestamptz), i.state, r.area1,
        i.area_id, r.antenna, r.rssi
      from unnest(
        ${sql.param(reads.map((r) => r.epc))}::text[],
        ${sql.param(times)}::timestamptz[],
        ${sql.param(reads.map((r) => r.antenna))}::smallint[],
        ${sql.param(reads.map((r) => r.rssi))}::float8[],
        ${sql.param(reads.map((r) => area1ByEpc.get(r.epc) ?? null))}::int[]
      ) as r(epc, t, antenna, rssi, area1)
      join items i on i.company_id = ${companyId}::int and i.epc = r.epc`);
  },
});

export const createLedgerRepository = (db: DbOrTx) => ({ ...itemWrites(db), ...sightings(db), ...traceWrites(db) });
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

/**
 * A reading set of no reader that records a user's operation (an inventory's validation, an exit alarm marked lost),
 * claimed by `claim`, so that the items the operation moves show in the EPC tracker like any other change.
 */
export const insertOperationSet = async (
  db: DbOrTx,
  {
    id,
    companyId,
    locationId,
    areaId,
    at,
    claim,
    epcCount = 0,
  }: { id: string; companyId: number; locationId: number; areaId: number | null; at: Date; claim: string; epcCount?: number },
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
    epcCount,
    claimedBy: claim,
  });
};
