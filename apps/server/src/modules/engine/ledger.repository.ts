import { ItemState } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import type { ItemPlace } from './events.js';

/**
 * The only statements that change where an item is, and that write traces (DESIGN.md section 8).
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

/** One distinct EPC of a set, decoded. */
export type SetEpc = { epc: string; scheme: string; gtin: string | null; serial: string | null };
/** One read of a set (several reads may share an EPC). */
export type SetRead = { epc: string; time: Date; antenna: number | null; rssi: number | null };

const seenRow = z.object({
  id: z.coerce.number(),
  epc: z.string(),
  item_type_id: nullableInt,
  gtin: z.string().nullable(),
  state: z.coerce.number(),
  area_id: nullableInt,
  location_id: nullableInt,
  inserted: z.boolean(),
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

export const createLedgerRepository = (db: DbOrTx) => ({
  /** Locks the picked items by id (before several moves that must see them unchanged). */
  async lock(pick: ItemPick): Promise<void> {
    await db.execute(sql`select id from items where ${idsIn(pick)} order by id for update`);
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

  /**
   * Creates the items never seen before (state UNKNOWN, where the reader is, linked to the
   * company's GTIN row when the decoded GTIN exists) and refreshes last_seen_at of the others
   * (locked by id beforehand). Answers every item of the set with its state and area before the
   * set (`inserted` marks the new ones).
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
    // The items that exist are locked by id first; the upsert then only waits on EPCs another set
    // is inserting at the same moment (unique index).
    await db.execute(sql`
      select id from items
      where company_id = ${companyId}::int and epc = any(${sql.param(epcs.map((e) => e.epc))}::text[])
      order by id
      for update`);
    const result = await db.execute(sql`
      insert into items (company_id, epc, scheme, gtin, serial, item_type_id, state, area_id, location_id, last_seen_at)
      select ${companyId}::int, u.epc, u.scheme, u.gtin, u.serial, it.id, ${ItemState.Unknown}::smallint, ${areaId}::int,
        ${locationId}::int, ${seenAt.toISOString()}::timestamptz
      from unnest(
        ${sql.param(epcs.map((e) => e.epc))}::text[],
        ${sql.param(epcs.map((e) => e.scheme))}::text[],
        ${sql.param(epcs.map((e) => e.gtin))}::text[],
        ${sql.param(epcs.map((e) => e.serial))}::text[]
      ) with ordinality as u(epc, scheme, gtin, serial, ord)
      left join (
        select id, gtin from item_types
        where company_id = ${companyId}::int and gtin = any(${sql.param([...new Set(epcs.flatMap((e) => (e.gtin ? [e.gtin] : [])))])}::text[])
      ) it on it.gtin = u.gtin
      order by u.ord
      on conflict (company_id, epc) do update set
        last_seen_at = greatest(items.last_seen_at, excluded.last_seen_at),
        item_type_id = coalesce(items.item_type_id, excluded.item_type_id)
      returning id, epc, item_type_id, gtin, state, area_id, location_id, (xmax = 0) as inserted`);
    return parseRows(seenRow, result).map((r) => ({
      id: r.id,
      epc: r.epc,
      itemTypeId: r.item_type_id,
      gtin: r.gtin,
      state: r.state,
      areaId: r.area_id,
      locationId: r.location_id,
      inserted: r.inserted,
    }));
  },

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
    await db.execute(sql`
      insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
      select ${companyId}::int, r.item_id, r.epc, ${readingSetId}::uuid, r.t, r.state, r.area1, r.area2, r.antenna, r.rssi
      from unnest(
        ${sql.param(items.map((i) => i?.id ?? null))}::bigint[],
        ${sql.param(reads.map((r) => r.epc))}::text[],
        ${sql.param(reads.map((r) => r.time.toISOString()))}::timestamptz[],
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
    await db.execute(sql`
      insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
      select ${companyId}::int, i.id, r.epc, ${readingSetId}::uuid, r.t, i.state, r.area1, i.area_id, r.antenna, r.rssi
      from unnest(
        ${sql.param(reads.map((r) => r.epc))}::text[],
        ${sql.param(reads.map((r) => r.time.toISOString()))}::timestamptz[],
        ${sql.param(reads.map((r) => r.antenna))}::smallint[],
        ${sql.param(reads.map((r) => r.rssi))}::float8[],
        ${sql.param(reads.map((r) => area1ByEpc.get(r.epc) ?? null))}::int[]
      ) as r(epc, t, antenna, rssi, area1)
      join items i on i.company_id = ${companyId}::int and i.epc = r.epc`);
  },
});
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
