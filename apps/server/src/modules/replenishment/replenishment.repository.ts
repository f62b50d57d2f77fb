import { AreaKind, ItemState, ItemStatus, PickStatus } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { containsPattern } from '../../db/sql.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import type { PosKind } from '../pos/pos.rules.js';

/**
 * Replenishment's queries (issue 26, item 4; docs/store-floor/replenishment.md): the per-GTIN floor and stockroom
 * counts of a store, its floor targets and the picks its phones made. Areas count by their kind: the sales floor and the
 * fitting rooms are "on the floor", the stockroom is where units are picked from.
 */

const int = z.coerce.number();
/** The POS transactions that are sales (pos_transactions.kind). */
const POS_SALE: PosKind = 'sale';
const FLOOR_KINDS = [AreaKind.SalesFloor, AreaKind.FittingRoom];
/** On the floor, a unit counts while it may be sold or is on display; from the stockroom only sellable units are picked. */
const FLOOR_STATUSES = [ItemStatus.Sellable, ItemStatus.OnDisplay];

/** The store a list is about, as the use cases need it: its company, its day's time zone and its default target. */
export type StoreOfList = { id: number; companyId: number; timeZone: string; floorTargetDefault: number };

export type PickListQuery = {
  locationId: number;
  companyId: number;
  /** Picks made from this instant on (the store's day) mark or hide lines. */
  dayStart: Date;
  /** Sales from this instant on order the list. */
  salesSince: Date;
  gtin?: string | undefined;
  page: PageParams;
};

const pickLineRow = z.object({
  gtin: z.string(),
  item_type: int.nullable(),
  description: z.string().nullable(),
  size_primary: z.string().nullable(),
  size_secondary: z.string().nullable(),
  colour: z.string().nullable(),
  section: z.string().nullable(),
  image: z.string().nullable(),
  target: int,
  on_floor: int,
  in_stockroom: int,
  sold_recently: int,
  picked: int.nullable(),
  picked_at: z.coerce.date().nullable(),
  areas: z.array(z.object({ id: int, description: z.string(), count: int })).nullable(),
  epcs: z.array(z.string()).nullable(),
  total: int,
});
export type PickLineRow = z.infer<typeof pickLineRow>;

const summaryRow = z.object({ nosbos: int, lines: int, units: int });
export type SummaryRow = z.infer<typeof summaryRow>;

const targetRow = z.object({
  id: int,
  gtin: z.string().nullable(),
  section: z.string().nullable(),
  description: z.string().nullable(),
  target: int,
  updated_at: z.coerce.date(),
});
export type FloorTargetRow = z.infer<typeof targetRow>;

const pickRow = z.object({
  id: int,
  gtin: z.string(),
  status: z.enum([PickStatus.Picked, PickStatus.Skipped]),
  quantity: int,
  at: z.coerce.date(),
});
export type PickRow = z.infer<typeof pickRow>;

const storedPickRow = pickRow.extend({ location_id: int, user_id: int.nullable() });
export type StoredPick = z.infer<typeof storedPickRow>;

/**
 * Per GTIN of the store with units in its stockroom: its target (GTIN override, else section override, else the store's
 * default; replenishment.rules.ts `floorTargetOf`), units on the floor and in the stockroom, and the day's last pick.
 */
const countsOf = (locationId: number, companyId: number, dayStart: Date): SQL => sql`
  counts as (
    select i.gtin,
      count(*) filter (where a.kind in (${sql.join(
        FLOOR_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )})
        and i.status in (${sql.join(
          FLOOR_STATUSES.map((s) => sql`${s}::smallint`),
          sql`, `,
        )}))::int as on_floor,
      count(*) filter (where a.kind = ${AreaKind.Stockroom} and i.status = ${ItemStatus.Sellable}::smallint)::int as in_stockroom
    from items i join areas a on a.id = i.area_id
    where i.location_id = ${locationId}::int and i.state = ${ItemState.Stocked}::smallint and i.gtin is not null
    group by i.gtin
  ),
  targeted as (
    select c.gtin, c.on_floor, c.in_stockroom, t.id as item_type, t.description, t.size_primary, t.size_secondary,
      t.colour, t.section, t.external_image as image,
      coalesce(fg.target, fs.target, l.floor_target_default)::int as target,
      lp.status as last_status, lp.quantity as last_quantity, lp.at as last_at
    from counts c
    join locations l on l.id = ${locationId}::int
    left join item_types t on t.company_id = ${companyId}::int and t.gtin = c.gtin
    left join floor_targets fg on fg.location_id = l.id and fg.gtin = c.gtin
    left join floor_targets fs on fs.location_id = l.id and fs.gtin is null and fs.section = t.section
    left join lateral (
      select p.status, p.quantity, p.at from replenishment_picks p
      where p.location_id = l.id and p.gtin = c.gtin and p.at >= ${dayStart}
      order by p.at desc, p.id desc limit 1
    ) lp on true
    where c.in_stockroom > 0
  )`;

/** The pick list's filter: to_pick > 0 (replenishment.rules.ts `isPickable`: target above the floor, stockroom not empty). */
const PICKABLE = sql`x.target > x.on_floor and x.in_stockroom > 0`;

/** The store, its pick list and its picks. */
const pickQueries = (db: DbOrTx) => ({
  /** A location the user sees (else 404), with what the lists need. */
  async store(user: AuthUser, locationId: number): Promise<StoreOfList> {
    const location = await requireLocation(db, user, locationId);
    const [row] = parseRows(
      z.object({ d: int }),
      await db.execute(sql`select floor_target_default as d from locations where id = ${locationId}::int`),
    );
    return { id: location.id, companyId: location.companyId, timeZone: location.timeZone, floorTargetDefault: row?.d ?? 1 };
  },

  /** The pick list: lines with to_pick > 0 not skipped today, most sold first, with the stockroom areas and a few EPCs. */
  async pickList({ locationId, companyId, dayStart, salesSince, gtin, page }: PickListQuery): Promise<PickLineRow[]> {
    const gtinFilter = gtin ? sql`and x.gtin like ${containsPattern(gtin)}` : sql``;
    const result = await db.execute(sql`
      with ${countsOf(locationId, companyId, dayStart)},
      sales as (
        select pti.item_type_id, sum(pti.quantity)::int as sold
        from pos_transactions p join pos_transaction_items pti on pti.transaction_id = p.id
        where p.location_id = ${locationId}::int and p.kind = ${POS_SALE} and p.end_time >= ${salesSince}
        group by pti.item_type_id
      )
      select x.gtin, x.item_type, x.description, x.size_primary, x.size_secondary, x.colour, x.section, x.image,
        x.target, x.on_floor, x.in_stockroom, coalesce(s.sold, 0)::int as sold_recently,
        case when x.last_status = ${PickStatus.Picked} then x.last_quantity end as picked,
        case when x.last_status = ${PickStatus.Picked} then x.last_at end as picked_at,
        (select json_agg(json_build_object('id', g.id, 'description', g.description, 'count', g.n) order by g.n desc, g.id)
          from (select a.id, a.description, count(*)::int as n from items i join areas a on a.id = i.area_id
            where i.location_id = ${locationId}::int and i.gtin = x.gtin and i.state = ${ItemState.Stocked}::smallint
              and i.status = ${ItemStatus.Sellable}::smallint and a.kind = ${AreaKind.Stockroom}
            group by a.id, a.description) g) as areas,
        (select json_agg(e.epc order by e.epc) from (select i.epc from items i join areas a on a.id = i.area_id
            where i.location_id = ${locationId}::int and i.gtin = x.gtin and i.state = ${ItemState.Stocked}::smallint
              and i.status = ${ItemStatus.Sellable}::smallint and a.kind = ${AreaKind.Stockroom}
            order by i.epc limit 5) e) as epcs,
        count(*) over () as total
      from targeted x
      left join sales s on s.item_type_id = x.item_type
      where ${PICKABLE} and x.last_status is distinct from ${PickStatus.Skipped} ${gtinFilter}
      order by sold_recently desc, x.gtin
      limit ${page.limit} offset ${page.offset}`);
    return parseRows(pickLineRow, result);
  },

  /** NOSBOS (none on the floor, some in the stockroom) and the pick list's size, skipped lines included. */
  async summary({ locationId, companyId, dayStart }: Omit<PickListQuery, 'page' | 'gtin' | 'salesSince'>): Promise<SummaryRow> {
    const result = await db.execute(sql`
      with ${countsOf(locationId, companyId, dayStart)}
      select count(*) filter (where x.on_floor = 0)::int as nosbos,
        count(*) filter (where ${PICKABLE})::int as lines,
        coalesce(sum(least(x.target - x.on_floor, x.in_stockroom)) filter (where ${PICKABLE}), 0)::int as units
      from targeted x`);
    return parseRows(summaryRow, result)[0] ?? { nosbos: 0, lines: 0, units: 0 };
  },

  /** Whether the store holds a STOCKED unit of the GTIN (a pick must name one of its GTINs). */
  async hasGtin(locationId: number, gtin: string): Promise<boolean> {
    const result = await db.execute(sql`
      select exists (select 1 from items where location_id = ${locationId}::int and gtin = ${gtin}
        and state = ${ItemState.Stocked}::smallint) as found`);
    return parseRows(z.object({ found: z.boolean() }), result)[0]?.found ?? false;
  },

  /**
   * Stores a pick; with the app's `clientId`, none when a pick of that id exists (null: another request stored it first,
   * `pickByClientId` answers it).
   */
  async addPick(pick: {
    locationId: number;
    gtin: string;
    status: PickStatus;
    quantity: number;
    userId: number;
    clientId?: string | undefined;
  }): Promise<PickRow | null> {
    const result = await db.execute(sql`
      insert into replenishment_picks (location_id, gtin, status, quantity, user_id, client_id)
      values (${pick.locationId}::int, ${pick.gtin}, ${pick.status}, ${pick.quantity}::int, ${pick.userId}::int,
        ${pick.clientId ?? null}::uuid)
      on conflict (client_id) do nothing
      returning id, gtin, status, quantity, at`);
    return parseRows(pickRow, result)[0] ?? null;
  },

  /** The pick the app stored with this UUID, with where and by whom (a resend must be the same user's, at the same store). */
  async pickByClientId(clientId: string): Promise<StoredPick | undefined> {
    const result = await db.execute(sql`
      select id, gtin, status, quantity, at, location_id, user_id from replenishment_picks
      where client_id = ${clientId}::uuid`);
    return parseRows(storedPickRow, result)[0];
  },
});

/** The store's floor targets: its default and the overrides of a GTIN or a section. */
const targetQueries = (db: DbOrTx) => ({
  async targets(locationId: number, companyId: number): Promise<FloorTargetRow[]> {
    const result = await db.execute(sql`
      select f.id, f.gtin, f.section, t.description, f.target, f.updated_at
      from floor_targets f left join item_types t on t.company_id = ${companyId}::int and t.gtin = f.gtin
      where f.location_id = ${locationId}::int
      order by f.section nulls last, f.gtin, f.id`);
    return parseRows(targetRow, result);
  },

  async setDefault(locationId: number, target: number): Promise<void> {
    await db.execute(sql`update locations set floor_target_default = ${target}::int where id = ${locationId}::int`);
  },

  /** Inserts or replaces the override of one GTIN or one section (the unique indexes say which row). */
  async upsertTarget({
    locationId,
    gtin,
    section,
    target,
  }: {
    locationId: number;
    gtin: string | null;
    section: string | null;
    target: number;
  }): Promise<void> {
    const conflictOn = gtin === null ? sql`(location_id, section)` : sql`(location_id, gtin)`;
    await db.execute(sql`
      insert into floor_targets (location_id, gtin, section, target, updated_at)
      values (${locationId}::int, ${gtin}, ${section}, ${target}::int, now())
      on conflict ${conflictOn} do update set target = excluded.target, updated_at = excluded.updated_at`);
  },

  async deleteTarget(locationId: number, targetId: number): Promise<boolean> {
    const result = await db.execute(sql`
      delete from floor_targets where id = ${targetId}::int and location_id = ${locationId}::int returning id`);
    return parseRows(z.object({ id: int }), result).length > 0;
  },
});

export const createReplenishmentRepository = (db: DbOrTx) => ({ ...pickQueries(db), ...targetQueries(db) });
export type ReplenishmentRepository = ReturnType<typeof createReplenishmentRepository>;

/**
 * The floor sighting's pick (floor-sighting.engine.ts): the items of a set, STOCKED at the reader's location in another
 * area, when the reader's own area is on the floor (a sales floor or a fitting room). Empty for a reader elsewhere: a
 * handheld counting the stockroom moves nothing back. Open inventories are no reason to wait: their validation leaves
 * an expected item that moved since the count began where it is, and places a read one that is already in the area
 * nowhere else (docs/design/inventory.md).
 */
export const relocatableItems = async (
  tx: DbOrTx,
  { itemIds, locationId, areaId }: { itemIds: number[]; locationId: number; areaId: number },
): Promise<number[]> => {
  if (itemIds.length === 0) return [];
  const result = await tx.execute(sql`
    select i.id from items i
    where i.id = any(${sql.param(itemIds)}::bigint[]) and i.state = ${ItemState.Stocked}::smallint
      and i.location_id = ${locationId}::int and i.area_id is distinct from ${areaId}::int
      and exists (select 1 from areas r where r.id = ${areaId}::int and r.location_id = ${locationId}::int
        and r.kind in (${sql.join(
          FLOOR_KINDS.map((k) => sql`${k}`),
          sql`, `,
        )}))
    order by i.id`);
  return parseRows(z.object({ id: int }), result).map((r) => r.id);
};
