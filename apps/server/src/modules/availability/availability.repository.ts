import { type AvailabilityRow, ItemState, ItemStatus, LocationKind, SELLABLE_STATUSES } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleLocations } from '../locations/location-scope.js';
import { FLOOR_KINDS, STOCKROOM_KINDS } from './availability.rules.js';

/**
 * The store floor's reads (issue 26): availability per GTIN of a location, an item's status history, finding an item
 * and its latest reads. States, statuses and area kinds are the contract's, bound as parameters.
 */

export type AvailabilityFilters = { gtin?: string | undefined; model?: string | undefined; section?: string | undefined };

const int = z.coerce.number();
const text = z.string().nullable();

const availabilityRow = z.object({
  gtin: z.string(),
  description: text,
  model: text,
  size: text,
  colour: text,
  section: text,
  in_stock: int,
  on_floor: int,
  in_stockroom: int,
  sellable: int,
  reserved: int,
});

/** The count columns of availability over `items i` joined to `areas a` (availability.rules.ts has the same rules in TS). */
const countColumns = sql`
  count(*)::int as in_stock,
  count(*) filter (where a.kind = any(${sql.param([...FLOOR_KINDS])}::text[]))::int as on_floor,
  count(*) filter (where a.kind = any(${sql.param([...STOCKROOM_KINDS])}::text[]))::int as in_stockroom,
  count(*) filter (where i.status = any(${sql.param([...SELLABLE_STATUSES])}::smallint[]))::int as sellable,
  count(*) filter (where i.status = ${ItemStatus.Reserved}::smallint)::int as reserved`;

/** The STOCKED items of a location (with a GTIN) matching the filters: `items i`, `areas a`, `item_types t`. */
const stockedAt = (locationId: number, filters: AvailabilityFilters): SQL => {
  const where: SQL[] = [
    sql`i.location_id = ${locationId}::int`,
    sql`i.state = ${ItemState.Stocked}::smallint`,
    sql`i.gtin is not null`,
  ];
  if (filters.gtin) where.push(sql`i.gtin = ${filters.gtin}`);
  if (filters.model) where.push(sql`t.model = ${filters.model}`);
  if (filters.section) where.push(sql`t.section = ${filters.section}`);
  return sql`from items i
    left join areas a on a.id = i.area_id
    left join item_types t on t.company_id = i.company_id and t.gtin = i.gtin
    where ${sql.join(where, sql` and `)}`;
};

const toAvailability = (row: z.infer<typeof availabilityRow>): AvailabilityRow => ({
  gtin: row.gtin,
  description: row.description ?? '',
  model: row.model ?? '',
  size: row.size ?? '',
  colour: row.colour ?? '',
  section: row.section ?? '',
  in_stock: row.in_stock,
  on_floor: row.on_floor,
  in_stockroom: row.in_stockroom,
  sellable: row.sellable,
  reserved: row.reserved,
  // availableToPromise (availability.rules.ts): the sellable stock.
  available_to_promise: row.sellable,
});

const statusChangeRow = z.object({
  id: int,
  from_status: int,
  to_status: int,
  reference: text,
  reason: z.string(),
  user_email: text,
  location_id: int.nullable(),
  at: z.coerce.date(),
});
export type StatusChangeRow = z.infer<typeof statusChangeRow>;

const statusItemRow = z.object({ id: int, epc: z.string(), location_id: int.nullable() });
export type StatusItemRow = z.infer<typeof statusItemRow>;

const typeRow = z.object({
  gtin: z.string(),
  description: z.string(),
  model: z.string(),
  size: z.string(),
  colour: z.string(),
});
export type FoundTypeRow = z.infer<typeof typeRow>;

const storeCountRow = z.object({
  gtin: z.string(),
  location_id: int,
  description: z.string(),
  code: z.string(),
  in_stock: int,
  on_floor: int,
  in_stockroom: int,
});
export type StoreCountRow = z.infer<typeof storeCountRow>;

const lastSeenRow = z.object({
  item_id: int,
  epc: z.string(),
  gtin: text,
  status: int,
  location_id: int.nullable(),
  location_description: text,
  area_id: int.nullable(),
  area_description: text,
  device: text,
  at: z.coerce.date().nullable(),
});
export type LastSeenRow = z.infer<typeof lastSeenRow>;

const readRow = z.object({
  at: z.coerce.date(),
  rssi: z.coerce.number().nullable(),
  antenna: int.nullable(),
  device: text,
});
export type LocateReadRow = z.infer<typeof readRow>;

/** Ids of the locations the user sees (the one scope rule, location-scope.repository.ts), as a sub-select. */
const visibleIds = (user: AuthUser): SQL => sql`(select locations.id from locations where ${visibleLocations(user)})`;

/** An item's place and its last read: the reader (device serial) of its newest trace. */
const lastSeenSelect = sql`
  select i.id as item_id, i.epc, i.gtin, i.status, i.location_id, l.description as location_description,
    i.area_id, a.description as area_description, last.device, coalesce(i.last_seen_at, last.read_at) as at
  from items i
  left join locations l on l.id = i.location_id
  left join areas a on a.id = i.area_id
  left join lateral (
    select d.serial_number as device, tr.read_at from traces tr
    join reading_sets rs on rs.id = tr.reading_set_id
    left join devices d on d.id = rs.device_id
    where tr.item_id = i.id order by tr.read_at desc limit 1
  ) last on true`;

/** The availability of a location per GTIN, and per store of the GTINs. */
const availabilityReads = (db: DbOrTx) => ({
  /** A page of availability per GTIN of a location, by GTIN. */
  async availabilityPage(
    locationId: number,
    filters: AvailabilityFilters,
    page: PageParams,
  ): Promise<{ count: number; rows: AvailabilityRow[] }> {
    const from = stockedAt(locationId, filters);
    const counted = await db.execute(sql`select count(distinct i.gtin)::int as n ${from}`);
    const count = parseRows(z.object({ n: int }), counted)[0]?.n ?? 0;
    const result = await db.execute(sql`
      select i.gtin, max(t.description) as description, max(t.model) as model, max(t.size_primary) as size,
        max(t.colour) as colour, max(t.section) as section, ${countColumns}
      ${from}
      group by i.gtin order by i.gtin limit ${page.limit} offset ${page.offset}`);
    return { count, rows: parseRows(availabilityRow, result).map(toAvailability) };
  },

  /** Every GTIN's availability at a location (the CSV feed: one row a GTIN, a store's catalogue at most). */
  async availabilityAll(locationId: number, filters: AvailabilityFilters): Promise<AvailabilityRow[]> {
    const result = await db.execute(sql`
      select i.gtin, max(t.description) as description, max(t.model) as model, max(t.size_primary) as size,
        max(t.colour) as colour, max(t.section) as section, ${countColumns}
      ${stockedAt(locationId, filters)}
      group by i.gtin order by i.gtin`);
    return parseRows(availabilityRow, result).map(toAvailability);
  },

  /** Per GTIN and store the user sees: STOCKED items on the floor, in the stockroom and in all. */
  async storeCounts(user: AuthUser, gtins: readonly string[]): Promise<StoreCountRow[]> {
    if (gtins.length === 0) return [];
    const result = await db.execute(sql`
      select i.gtin, l.id as location_id, l.description, l.code,
        count(*)::int as in_stock,
        count(*) filter (where a.kind = any(${sql.param([...FLOOR_KINDS])}::text[]))::int as on_floor,
        count(*) filter (where a.kind = any(${sql.param([...STOCKROOM_KINDS])}::text[]))::int as in_stockroom
      from items i
      join locations l on l.id = i.location_id
      left join areas a on a.id = i.area_id
      where i.company_id = ${user.companyId}::int and i.state = ${ItemState.Stocked}::smallint
        and i.gtin = any(${sql.param([...gtins])}::text[])
        and l.kind = ${LocationKind.Store} and l.id in ${visibleIds(user)}
      group by i.gtin, l.id, l.description, l.code
      order by l.description, l.id`);
    return parseRows(storeCountRow, result);
  },
});

/** Items by EPC, the user's view of an item, its status changes and the company's item types. */
const itemStatusReads = (db: DbOrTx) => ({
  /** The items of these EPCs in the company (their id, EPC and location), locked by id (the one lock order). */
  async itemsByEpc(companyId: number, epcs: readonly string[]): Promise<StatusItemRow[]> {
    const result = await db.execute(sql`
      select id, epc, location_id from items
      where company_id = ${companyId}::int and epc = any(${sql.param([...epcs])}::text[]) order by id for update`);
    return parseRows(statusItemRow, result);
  },

  /** Whether the user sees the item (its company; below role 2 its location too): its id, or undefined. */
  async visibleItem(user: AuthUser, itemId: number): Promise<number | undefined> {
    const scope = user.locationIds === null ? sql`` : sql`and location_id in ${visibleIds(user)}`;
    const result = await db.execute(
      sql`select id from items where id = ${itemId}::bigint and company_id = ${user.companyId}::int ${scope}`,
    );
    return parseRows(z.object({ id: int }), result)[0]?.id;
  },

  /** An item's status changes, newest first. */
  async statusChanges(itemId: number, page: PageParams): Promise<{ count: number; rows: StatusChangeRow[] }> {
    const counted = await db.execute(sql`select count(*)::int as n from item_status_changes where item_id = ${itemId}::bigint`);
    const result = await db.execute(sql`
      select c.id, c.from_status, c.to_status, c.reference, c.reason, u.email as user_email, c.location_id, c.at
      from item_status_changes c left join users u on u.id = c.user_id
      where c.item_id = ${itemId}::bigint
      order by c.at desc, c.id desc limit ${page.limit} offset ${page.offset}`);
    return { count: parseRows(z.object({ n: int }), counted)[0]?.n ?? 0, rows: parseRows(statusChangeRow, result) };
  },

  /** The company's item types of a GTIN or a model (all its sizes and colours), by model, colour, size. */
  async itemTypes(companyId: number, by: { gtin: string } | { model: string }, limit: number): Promise<FoundTypeRow[]> {
    const match = 'gtin' in by ? sql`gtin = ${by.gtin}` : sql`model = ${by.model}`;
    const result = await db.execute(sql`
      select gtin, description, model, size_primary as size, colour from item_types
      where company_id = ${companyId}::int and ${match}
      order by model, colour, size_primary, gtin limit ${limit}`);
    return parseRows(typeRow, result);
  },
});

/** Finding an item: the last seen items of GTINs, an EPC's item and its latest reads. */
const findItemReads = (db: DbOrTx) => ({
  /** The items of these GTINs at a location, the most recently seen first (`perGtin` each at most). */
  async lastSeen(locationId: number, gtins: readonly string[], perGtin: number): Promise<LastSeenRow[]> {
    if (gtins.length === 0) return [];
    const result = await db.execute(sql`
      with ranked as (
        select id, row_number() over (partition by gtin order by last_seen_at desc nulls last, id) as n
        from items
        where location_id = ${locationId}::int and state = ${ItemState.Stocked}::smallint
          and gtin = any(${sql.param([...gtins])}::text[])
      )
      ${lastSeenSelect}
      join ranked r on r.id = i.id and r.n <= ${perGtin}
      order by i.gtin, at desc nulls last, i.id`);
    return parseRows(lastSeenRow, result);
  },

  /** The item of an EPC the user sees (company; below role 2 at one of its locations), with its last sighting. */
  async itemOfEpc(user: AuthUser, epc: string): Promise<LastSeenRow | undefined> {
    const scope = user.locationIds === null ? sql`` : sql`and i.location_id in ${visibleIds(user)}`;
    const result = await db.execute(sql`
      ${lastSeenSelect}
      where i.company_id = ${user.companyId}::int and i.epc = ${epc} ${scope}
      limit 1`);
    return parseRows(lastSeenRow, result)[0];
  },

  /**
   * The latest reads of an item (newest first) with their RSSI and reader: its traces, and the single reads a reader
   * streamed that are not grouped into a set yet (`reader_stream_reads`: a handheld that keeps reading is never idle
   * long enough for its set to close, and the locate view follows it meanwhile), of readers at locations the user sees.
   */
  async latestReads(user: AuthUser, item: { id: number; epc: string }, limit: number): Promise<LocateReadRow[]> {
    const result = await db.execute(sql`
      select * from (
        (select tr.read_at as at, tr.rssi, tr.antenna, d.serial_number as device
        from traces tr
        join reading_sets rs on rs.id = tr.reading_set_id
        left join devices d on d.id = rs.device_id
        where tr.item_id = ${item.id}::bigint
        order by tr.read_at desc, tr.id desc limit ${limit})
        union all
        (select s.read_at as at, s.rssi, s.antenna, d.serial_number as device
        from reader_stream_reads s
        join devices d on d.id = s.device_id
        where s.company_id = ${user.companyId}::int and s.epc = ${item.epc} and d.location_id in ${visibleIds(user)}
        order by s.read_at desc limit ${limit})
      ) reads
      order by at desc limit ${limit}`);
    return parseRows(readRow, result);
  },
});

export const createAvailabilityRepository = (db: DbOrTx) => ({
  ...availabilityReads(db),
  ...itemStatusReads(db),
  ...findItemReads(db),
});
export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
