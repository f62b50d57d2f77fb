import { ExitAlarmStatus, InventoryState, ItemState } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import type { AuthUser } from '../../plugins/auth.js';
import { CABINET_CLAIM, INVENTORY_CLAIM } from '../inventory/inventory.repository.js';
import { requireLocation } from '../locations/location-scope.js';

/**
 * The shrink report's figures (docs/store-floor/shrink.md), one query per figure over one location and an instant
 * range [from, to]; days are the location's (`zone`). The formula is beside each query.
 */
export type ShrinkRange = { locationId: number; from: Date; to: Date; zone: string };

/** Where a lost item was lost. */
export const ShrinkSource = { Inventory: 'inventory', Exit: 'exit' } as const;
export type ShrinkSource = (typeof ShrinkSource)[keyof typeof ShrinkSource];

const count = z.coerce.number();
const money = z.coerce.number();

const inventoryRow = z.object({
  inventory_id: count,
  day: z.string(),
  validated_at: z.coerce.date(),
  area_description: z.string(),
  expected: count,
  read: count,
  matched: count,
});
export type ShrinkInventoryRow = z.infer<typeof inventoryRow>;

const dayRow = z.object({
  day: z.string(),
  source: z.enum([ShrinkSource.Inventory, ShrinkSource.Exit]),
  units: count,
  value: money,
});
export type ShrinkDayRow = z.infer<typeof dayRow>;

const gtinRow = z.object({ gtin: z.string(), description: z.string(), section: z.string(), units: count, value: money });
export type ShrinkGtinRow = z.infer<typeof gtinRow>;

const sectionRow = z.object({ section: z.string(), units: count, value: money });
export type ShrinkSectionRow = z.infer<typeof sectionRow>;

export type ShrinkLocation = { id: number; code: string; timeZone: string };

/** What the shrink report reads. */
export type ShrinkRepository = {
  /** The location (its id, code and zone), if the user sees it; else a 404. */
  location(user: AuthUser, locationId: number): Promise<ShrinkLocation>;
  validatedInventories(range: ShrinkRange): Promise<ShrinkInventoryRow[]>;
  lostByDay(range: ShrinkRange): Promise<ShrinkDayRow[]>;
  topGtins(range: ShrinkRange & { limit: number }): Promise<ShrinkGtinRow[]>;
  topSections(range: ShrinkRange & { limit: number }): Promise<ShrinkSectionRow[]>;
};

/**
 * The items lost at the location in the range, each once (its first loss in the range), with when and where from:
 * - at an inventory's validation (a user's, or a cabinet's at once): the ledger moved it from the inventory's area to
 *   UNKNOWN in no area and traced it in the validation's reading set (inventory.engine.ts `applyValidation`; reason
 *   InventoryLost / CabinetLost), so: traces of the location's sets claimed by the inventory or the cabinet engine
 *   whose item went to UNKNOWN out of an area;
 * - an exit alarm marked lost (status ExitAlarmStatus.Lost), at the time it was marked (its last read when unmarked).
 */
const lostItems = ({ locationId, from, to }: ShrinkRange): SQL => sql`
  lost_all as (
    select t.item_id, t.read_at as at, ${ShrinkSource.Inventory}::text as source
    from reading_sets s join traces t on t.reading_set_id = s.id
    where s.location_id = ${locationId}::int and s.claimed_by in (${INVENTORY_CLAIM}, ${CABINET_CLAIM})
      and s.start_time >= ${from.toISOString()}::timestamptz and s.start_time <= ${to.toISOString()}::timestamptz
      and t.state = ${ItemState.Unknown}::smallint and t.area1_id is not null and t.area2_id is null
    union all
    select a.item_id, coalesce(a.resolved_at, a.last_read_at), ${ShrinkSource.Exit}::text
    from exit_alarms a
    where a.location_id = ${locationId}::int and a.status = ${ExitAlarmStatus.Lost}
      and coalesce(a.resolved_at, a.last_read_at) >= ${from.toISOString()}::timestamptz
      and coalesce(a.resolved_at, a.last_read_at) <= ${to.toISOString()}::timestamptz
  ), lost as (
    select distinct on (l.item_id) l.item_id, l.at, l.source,
      it.gtin, it.description, it.section, coalesce(it.price, 0)::float8 as price
    from lost_all l
    join items i on i.id = l.item_id
    left join item_types it on it.id = i.item_type_id
    order by l.item_id, l.at
  )`;

export const createShrinkRepository = (db: DbOrTx): ShrinkRepository => ({
  location: (user, locationId) => requireLocation(db, user, locationId),

  /** The location's inventories validated in the range (closed then), oldest first, with their counts. */
  async validatedInventories({ locationId, from, to, zone }) {
    const validatedAt = sql`coalesce(i.closed_at, i.end_time, i.start_time)`;
    return parseRows(
      inventoryRow,
      await db.execute(sql`
        select i.id as inventory_id, to_char(${validatedAt} at time zone ${zone}, 'YYYY-MM-DD') as day,
          ${validatedAt} as validated_at, a.description as area_description,
          i.expected_count as expected, i.read_count as read, i.matched_count as matched
        from inventories i join areas a on a.id = i.area_id
        where i.location_id = ${locationId}::int and i.state = ${InventoryState.Validated}::smallint
          and ${validatedAt} >= ${from.toISOString()}::timestamptz and ${validatedAt} <= ${to.toISOString()}::timestamptz
        order by ${validatedAt}, i.id`),
    );
  },

  /** Per day (the location's) and source: units lost = items, value = Σ their GTIN's price. */
  async lostByDay(range) {
    return parseRows(
      dayRow,
      await db.execute(sql`
        with ${lostItems(range)}
        select to_char(at at time zone ${range.zone}, 'YYYY-MM-DD') as day, source,
          count(*) as units, coalesce(sum(price), 0)::float8 as value
        from lost group by 1, 2 order by 1, 2`),
    );
  },

  /** The GTINs with most units lost (then most value), `limit` of them; items of no GTIN are left out. */
  async topGtins({ limit, ...range }) {
    return parseRows(
      gtinRow,
      await db.execute(sql`
        with ${lostItems(range)}
        select gtin, min(description) as description, min(section) as section,
          count(*) as units, coalesce(sum(price), 0)::float8 as value
        from lost where gtin is not null
        group by gtin order by units desc, value desc, gtin limit ${limit}::int`),
    );
  },

  /** The sections with most units lost (then most value); an item of no GTIN or section is in section ''. */
  async topSections({ limit, ...range }) {
    return parseRows(
      sectionRow,
      await db.execute(sql`
        with ${lostItems(range)}
        select coalesce(section, '') as section, count(*) as units, coalesce(sum(price), 0)::float8 as value
        from lost group by 1 order by units desc, value desc, section limit ${limit}::int`),
    );
  },
});
