import { BoxStatus, ItemState } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { locations, stockDaily, stockNow } from '../../db/schema/index.js';
import { idList } from '../../db/sql.js';

/**
 * The daily stock snapshots (stock_daily) of a group of locations that share a time zone: a row per area and one
 * total per location (area null) with its theoretical stock. A location's day is the day of its zone (issue 14):
 * the worker (workers/stock-snapshot.ts) groups the locations by zone and calls these once per group.
 */

export type SnapshotRow = { locationId: number; areaId: number | null; quantity: number; theoreticalQuantity: number };
/** Locations sharing `timeZone`. */
export type ZoneGroup = { timeZone: string; locationIds: readonly number[] };

const count = z.coerce.number();
const areaRowSchema = z.object({ location_id: count, area_id: count, quantity: count });
const theoreticalRowSchema = z.object({ location_id: count, q: count });
const dayAreaRowSchema = areaRowSchema.extend({ day: z.string() });
const dayTheoreticalRowSchema = theoreticalRowSchema.extend({ day: z.string() });
const dayRowSchema = z.object({ day: z.string() });

const BOX_CHECKED = [BoxStatus.CheckedWithErrors, BoxStatus.CheckedWithoutErrors];

/** Area rows plus one total row per location (area null) with the sum of its areas and its theoretical stock. */
export const toSnapshotRows = (
  areaRows: readonly { locationId: number; areaId: number; quantity: number }[],
  theoretical: ReadonlyMap<number, number>,
  locationIds: readonly number[],
): SnapshotRow[] => {
  const totals = new Map<number, number>(locationIds.map((id) => [id, 0]));
  for (const r of areaRows) totals.set(r.locationId, (totals.get(r.locationId) ?? 0) + r.quantity);
  return [
    ...areaRows.map((r) => ({ ...r, theoreticalQuantity: 0 })),
    ...[...totals].map(([locationId, quantity]) => ({
      locationId,
      areaId: null,
      quantity,
      theoreticalQuantity: theoretical.get(locationId) ?? 0,
    })),
  ];
};

/** Every location, grouped by its time zone. */
export const zoneGroups = async (db: DbOrTx): Promise<ZoneGroup[]> => {
  const rows = await db.select({ id: locations.id, timeZone: locations.timeZone }).from(locations);
  const groups = new Map<string, number[]>();
  for (const r of rows) groups.set(r.timeZone, [...(groups.get(r.timeZone) ?? []), r.id]);
  return [...groups].map(([timeZone, locationIds]) => ({ timeZone, locationIds }));
};

/**
 * The live stock of every area of the locations (the one stock: view stock_now, items STOCKED + counted) and,
 * per location, the total and the theoretical stock (box_theoretical, kept by triggers): the rows a snapshot writes.
 */
export const liveSnapshotRows = async (db: DbOrTx, locationIds: readonly number[]): Promise<SnapshotRow[]> => {
  if (locationIds.length === 0) return [];
  const areaRows = parseRows(
    areaRowSchema,
    await db.execute(sql`
      select a.location_id, a.id as area_id,
        (select coalesce(sum(s.quantity), 0) from ${stockNow} s where s.area_id = a.id) as quantity
      from areas a where a.location_id in ${idList(locationIds)}`),
  );
  const theoretical = parseRows(
    theoreticalRowSchema,
    await db.execute(sql`select location_id, coalesce(sum(quantity), 0) as q from box_theoretical
      where location_id in ${idList(locationIds)} group by location_id`),
  );
  return toSnapshotRows(
    areaRows.map((r) => ({ locationId: r.location_id, areaId: r.area_id, quantity: r.quantity })),
    new Map(theoretical.map((r) => [r.location_id, r.q])),
    locationIds,
  );
};

/** Writes `day`'s rows (replacing what the day had with `overwrite`, else only the rows it lacks). Returns the rows written. */
export const writeSnapshotRows = async (
  db: DbOrTx,
  { day, rows, overwrite }: { day: string; rows: readonly SnapshotRow[]; overwrite: boolean },
): Promise<number> => {
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => ({ day, ...r }));
    const insert = db.insert(stockDaily).values(chunk);
    const result = overwrite
      ? await insert
          .onConflictDoUpdate({
            target: [stockDaily.locationId, stockDaily.areaId, stockDaily.day],
            set: { quantity: sql`excluded.quantity`, theoreticalQuantity: sql`excluded.theoretical_quantity` },
          })
          .returning({ day: stockDaily.day })
      : await insert.onConflictDoNothing().returning({ day: stockDaily.day });
    written += result.length;
  }
  return written;
};

/** The days in [from, to] on which a location of the group existed (days of its zone) and has no total row. */
export const daysMissingSnapshots = async (
  db: DbOrTx,
  { timeZone, locationIds, from, to }: ZoneGroup & { from: string; to: string },
): Promise<string[]> => {
  if (locationIds.length === 0) return [];
  return parseRows(
    dayRowSchema,
    await db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      where exists (select 1 from locations l where l.id in ${idList(locationIds)}
        and l.created_at < ((d::date + 1)::timestamp at time zone ${timeZone})
        and not exists (select 1 from stock_daily s where s.location_id = l.id and s.area_id is null and s.day = d::date))
      order by d`),
  ).map((r) => r.day);
};

/**
 * The stock of every area of the group at the end of each day in [from, to] (days of the group's zone), rebuilt
 * from the tag history: each trace says an item's state and area after a read, so an item counts in an area from
 * a STOCKED trace there until its next trace. Counted stock counts from its upload. Best effort: changes made
 * without a read (an inventory's validation, a cabinet's "the rest leaves") are not in the history. Theoretical
 * stock per location: boxes received minus shipped up to each day.
 */
export const rebuiltSnapshotRows = async (
  db: DbOrTx,
  { timeZone, locationIds, from, to }: ZoneGroup & { from: string; to: string },
): Promise<Map<string, SnapshotRow[]>> => {
  if (locationIds.length === 0) return new Map();
  const localDay = (instant: SQL) => sql`(${instant} at time zone ${timeZone})::date`;
  const areaRows = parseRows(
    dayAreaRowSchema,
    await db.execute(sql`
      with iv as (
        select t.area2_id as area_id, t.state,
          ${localDay(sql`t.read_at`)} as d_in,
          ${localDay(sql`lead(t.read_at) over (partition by t.item_id order by t.read_at, t.id)`)} as d_out
        from traces t
      ),
      deltas as (
        select area_id, d_in as d, 1 as n from iv where state = ${ItemState.Stocked} and area_id is not null and d_in <= ${to}::date
        union all
        select area_id, d_out, -1 from iv
          where state = ${ItemState.Stocked} and area_id is not null and d_out is not null and d_out <= ${to}::date
        union all
        select area_id, ${localDay(sql`uploaded_at`)}, quantity from counted_stocks where ${localDay(sql`uploaded_at`)} <= ${to}::date
      ),
      per_day as (select area_id, d, sum(n) as n from deltas group by area_id, d)
      select to_char(days.d, 'YYYY-MM-DD') as day, a.location_id, a.id as area_id,
        (select coalesce(sum(p.n), 0) from per_day p where p.area_id = a.id and p.d <= days.d::date) as quantity
      from areas a cross join generate_series(${from}::date, ${to}::date, interval '1 day') days(d)
      where a.location_id in ${idList(locationIds)}`),
  );
  const checked = idList(BOX_CHECKED);
  const theoretical = parseRows(
    dayTheoreticalRowSchema,
    await db.execute(sql`
      with moves as (
        select o.destination_location_id as location_id, ${localDay(sql`b.destination_reading_time`)} as d, bc.quantity as q
          from orders o join boxes b on b.order_id = o.id join box_contents bc on bc.box_id = b.id
          where o.type in ('purchase', 'movement') and o.destination_location_id in ${idList(locationIds)}
            and b.destination_status in ${checked} and b.destination_reading_time is not null
        union all
        select o.origin_location_id, ${localDay(sql`b.origin_reading_time`)}, -bc.quantity
          from orders o join boxes b on b.order_id = o.id join box_contents bc on bc.box_id = b.id
          where o.type in ('movement', 'online') and o.origin_location_id in ${idList(locationIds)}
            and b.origin_status in ${checked} and b.origin_reading_time is not null
      ),
      per_day as (select location_id, d, sum(q) as q from moves where d <= ${to}::date group by location_id, d)
      select to_char(days.d, 'YYYY-MM-DD') as day, l.id as location_id,
        (select coalesce(sum(p.q), 0) from per_day p where p.location_id = l.id and p.d <= days.d::date) as q
      from locations l cross join generate_series(${from}::date, ${to}::date, interval '1 day') days(d)
      where l.id in ${idList(locationIds)}`),
  );
  const byDay = new Map<
    string,
    { areas: { locationId: number; areaId: number; quantity: number }[]; theo: Map<number, number> }
  >();
  const entry = (day: string) => {
    let e = byDay.get(day);
    if (!e) {
      e = { areas: [], theo: new Map() };
      byDay.set(day, e);
    }
    return e;
  };
  for (const r of areaRows) entry(r.day).areas.push({ locationId: r.location_id, areaId: r.area_id, quantity: r.quantity });
  for (const r of theoretical) entry(r.day).theo.set(r.location_id, r.q);
  return new Map([...byDay].map(([day, e]) => [day, toSnapshotRows(e.areas, e.theo, locationIds)]));
};
