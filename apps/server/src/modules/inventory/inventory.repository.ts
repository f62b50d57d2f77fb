import { ItemState } from '@rfid/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  areas,
  devices,
  exportJobs,
  inventories,
  inventoryItemTypes,
  itemTypes,
  locations,
  readingSets,
  stockNow,
  users,
} from '../../db/schema/index.js';
import { allowList, buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';

/**
 * The only queries of the inventory module. The engine's steps are set-based (one statement per
 * step whatever the number of EPCs), every list is paged in SQL, and the per-GTIN figures are one
 * grouped query over the inventory's own rows (primary keys and (inventory, item type) indexes).
 */

const num = (value: unknown): number => Number(value ?? 0);
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Claim names of the sets the inventory engine owns (also the tracker's labels). */
export const INVENTORY_CLAIM = 'inventory';
export const CABINET_CLAIM = 'cabinet';

/** Advisory lock key space of "one open inventory per area" (arbitrary constant). */
const AREA_LOCK_SPACE = 7301;

export type InventoryRow = {
  id: number;
  companyId: number;
  locationId: number;
  locationDescription: string;
  areaId: number;
  areaDescription: string;
  deviceId: number | null;
  deviceSerial: string | null;
  deviceMode: number | null;
  state: number;
  isPartial: boolean;
  startTime: Date;
  endTime: Date | null;
  closedAt: Date | null;
  expectedCount: number;
  readCount: number;
  matchedCount: number;
  isFileCreated: boolean;
  createdBy: number | null;
  closedBy: number | null;
};

const columns = {
  id: inventories.id,
  companyId: inventories.companyId,
  locationId: inventories.locationId,
  locationDescription: locations.description,
  areaId: inventories.areaId,
  areaDescription: areas.description,
  deviceId: inventories.deviceId,
  deviceSerial: devices.serialNumber,
  deviceMode: devices.workingMode,
  state: inventories.state,
  isPartial: inventories.isPartial,
  startTime: inventories.startTime,
  endTime: inventories.endTime,
  closedAt: inventories.closedAt,
  expectedCount: inventories.expectedCount,
  readCount: inventories.readCount,
  matchedCount: inventories.matchedCount,
  isFileCreated: inventories.isFileCreated,
  createdBy: inventories.createdBy,
  closedBy: inventories.closedBy,
};

const selectRows = (db: DbOrTx) =>
  db
    .select(columns)
    .from(inventories)
    .innerJoin(locations, eq(locations.id, inventories.locationId))
    .innerJoin(areas, eq(areas.id, inventories.areaId))
    .leftJoin(devices, eq(devices.id, inventories.deviceId));

const listFilters: FilterSpec = {
  id: { column: inventories.id, lookups: ['exact', 'icontains', 'contains'], type: 'number' },
  state: { column: inventories.state, lookups: ['exact'], type: 'number' },
  location_area: { column: inventories.areaId, lookups: ['exact'], type: 'number' },
  start_time: { column: inventories.startTime, lookups: ['gte', 'lte'], type: 'date' },
};
const listOrder = {
  id: inventories.id,
  start_time: inventories.startTime,
  end_time: inventories.endTime,
  state: inventories.state,
};

/** `inventorypartial__isnull`: True → total inventories (no partial record), False → partial ones. */
const partialFilter = (raw: unknown): SQL | undefined => {
  if (typeof raw !== 'string' || raw === '') return undefined;
  const isNull = raw === 'true' || raw === 'True' || raw === '1';
  return eq(inventories.isPartial, !isNull);
};

export const listInventories = async (
  db: DbOrTx,
  { locationId, query, page }: { locationId: number; query: Record<string, unknown>; page: PageParams },
): Promise<{ count: number; rows: InventoryRow[] }> => {
  const where = and(
    eq(inventories.locationId, locationId),
    buildFilters(query, listFilters),
    partialFilter(query.inventorypartial__isnull),
  ) as SQL;
  const order = buildOrderBy(query.order_by as string | undefined, listOrder, [desc(inventories.id)]);
  const [total] = await db.select({ n: count() }).from(inventories).where(where);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
};

export const getInventory = async (db: DbOrTx, { id, companyId }: { id: number; companyId: number }) => {
  const [row] = await selectRows(db)
    .where(and(eq(inventories.id, id), eq(inventories.companyId, companyId)))
    .limit(1);
  return row as InventoryRow | undefined;
};

/** The GTINs of partial inventories, for a page of them at once. */
export const partialTypesOf = async (db: DbOrTx, inventoryIds: number[]) => {
  if (!inventoryIds.length) return new Map<number, { id: number; gtin: string; description: string }[]>();
  const rows = await db
    .select({
      inventoryId: inventoryItemTypes.inventoryId,
      id: itemTypes.id,
      gtin: itemTypes.gtin,
      description: itemTypes.description,
    })
    .from(inventoryItemTypes)
    .innerJoin(itemTypes, eq(itemTypes.id, inventoryItemTypes.itemTypeId))
    .where(inArray(inventoryItemTypes.inventoryId, inventoryIds))
    .orderBy(asc(itemTypes.gtin));
  const byInventory = new Map<number, { id: number; gtin: string; description: string }[]>();
  for (const { inventoryId, ...type } of rows) byInventory.set(inventoryId, [...(byInventory.get(inventoryId) ?? []), type]);
  return byInventory;
};

/** Serializes the opening of inventories of one area (one open inventory per area), until the transaction ends. */
export const lockArea = async (db: DbOrTx, areaId: number): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(${AREA_LOCK_SPACE}::int, ${areaId}::int)`);
};

/** Locks an inventory row for a state change or new reads. */
export const lockInventory = async (db: DbOrTx, id: number): Promise<void> => {
  await db.execute(sql`select id from ${inventories} where ${inventories.id} = ${id} for update`);
};

/** The area's open inventory (pending or computing), locked; the newest if several. */
export const openInventoryOfArea = async (db: DbOrTx, areaId: number) => {
  const result = await db.execute(sql`
    select id, is_partial from inventories
    where area_id = ${areaId}::int and state in (0, 1)
    order by id desc limit 1 for update`);
  const [row] = rowsOf<{ id: number; is_partial: boolean }>(result);
  return row ? { id: num(row.id), isPartial: row.is_partial } : undefined;
};

export type NewInventory = {
  companyId: number;
  locationId: number;
  areaId: number;
  deviceId: number | null;
  createdBy: number | null;
  startTime: Date;
  itemTypeIds: number[];
};

/**
 * Opens an inventory and takes its expected stock now: the items STOCKED in the area (of the
 * chosen GTINs when partial), those with a catalog GTIN (an EPC that is not a known article is
 * not counted). Answers its id.
 */
export const insertInventory = async (db: DbOrTx, inv: NewInventory): Promise<number> => {
  const isPartial = inv.itemTypeIds.length > 0;
  const [row] = await db
    .insert(inventories)
    .values({
      companyId: inv.companyId,
      locationId: inv.locationId,
      areaId: inv.areaId,
      deviceId: inv.deviceId,
      createdBy: inv.createdBy,
      state: 0,
      isPartial,
      startTime: inv.startTime,
    })
    .returning({ id: inventories.id });
  if (!row) throw new Error('inventory not inserted');
  if (isPartial) {
    await db.insert(inventoryItemTypes).values(inv.itemTypeIds.map((itemTypeId) => ({ inventoryId: row.id, itemTypeId })));
  }
  const typeFilter = isPartial
    ? sql`and i.item_type_id in (select item_type_id from inventory_item_types where inventory_id = ${row.id}::int)`
    : sql``;
  // The snapshot and its per-GTIN counts (inventory_type_counts) in one statement.
  const snapshot = await db.execute(sql`
    with ins as (
      insert into inventory_expected_items (inventory_id, item_id, item_type_id)
      select ${row.id}::int, i.id, i.item_type_id from items i
      where i.area_id = ${inv.areaId}::int and i.state = ${ItemState.Stocked} and i.item_type_id is not null ${typeFilter}
      returning item_type_id
    ), counted as (
      insert into inventory_type_counts (inventory_id, item_type_id, expected)
      select ${row.id}::int, item_type_id, count(*)::int from ins group by item_type_id
    )
    select count(*)::int as n from ins`);
  const expected = num(rowsOf<{ n: number }>(snapshot)[0]?.n);
  await db.update(inventories).set({ expectedCount: expected }).where(eq(inventories.id, row.id));
  return row.id;
};

export type ReadItem = { itemId: number; itemTypeId: number | null };

/**
 * Adds the items of a reading set to an inventory (the first read of an item is kept), only
 * articles (with a catalog GTIN) and, when partial, only its GTINs; then moves its counters
 * (items read, matched: in total and per GTIN) and its end time. Answers how many were new and how many of those were expected.
 */
export const addReads = async (
  db: DbOrTx,
  { inventoryId, readingSetId, at, items }: { inventoryId: number; readingSetId: string; at: Date; items: ReadItem[] },
): Promise<{ added: number; matched: number }> => {
  const articles = items.filter((i) => i.itemTypeId !== null);
  let added = 0;
  let matched = 0;
  if (articles.length) {
    const result = await db.execute(sql`
      with ins as (
        insert into inventory_read_items (inventory_id, item_id, item_type_id, reading_set_id, read_at)
        select ${inventoryId}::int, u.item_id, u.item_type_id, ${readingSetId}::uuid, ${at.toISOString()}::timestamptz
        from unnest(${sql.param(articles.map((a) => a.itemId))}::bigint[], ${sql.param(articles.map((a) => a.itemTypeId))}::int[])
          as u(item_id, item_type_id)
        join inventories inv on inv.id = ${inventoryId}::int
        where not inv.is_partial
           or u.item_type_id in (select item_type_id from inventory_item_types where inventory_id = ${inventoryId}::int)
        order by u.item_id
        on conflict do nothing
        returning item_id, item_type_id
      ), marked as (
        select ins.item_type_id, e.item_id is not null as is_matched
        from ins left join inventory_expected_items e on e.inventory_id = ${inventoryId}::int and e.item_id = ins.item_id
      ), counted as (
        -- The per-GTIN counts move with the reads (in GTIN order: concurrent sets lock the rows in one order).
        insert into inventory_type_counts as c (inventory_id, item_type_id, read, matched)
        select ${inventoryId}::int, item_type_id, count(*)::int, (count(*) filter (where is_matched))::int
        from marked group by item_type_id order by item_type_id
        on conflict (inventory_id, item_type_id)
        do update set read = c.read + excluded.read, matched = c.matched + excluded.matched
      )
      select count(*)::int as added, (count(*) filter (where is_matched))::int as matched from marked`);
    const [row] = rowsOf<{ added: number; matched: number }>(result);
    added = num(row?.added);
    matched = num(row?.matched);
  }
  await db
    .update(inventories)
    .set({
      readCount: sql`${inventories.readCount} + ${added}`,
      matchedCount: sql`${inventories.matchedCount} + ${matched}`,
      endTime: sql`greatest(${inventories.endTime}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(inventories.id, inventoryId));
  return { added, matched };
};

/**
 * A reading set of no reader that records a user's validation, claimed by the inventory, so the
 * items it moves show in the EPC tracker like any other change.
 */
export const insertValidationSet = async (
  db: DbOrTx,
  { id, companyId, locationId, areaId, at }: { id: string; companyId: number; locationId: number; areaId: number; at: Date },
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
    epcCount: 0,
    claimedBy: INVENTORY_CLAIM,
  });
};

export const setEpcCount = async (db: DbOrTx, setId: string, epcCount: number): Promise<void> => {
  await db.update(readingSets).set({ epcCount }).where(eq(readingSets.id, setId));
};

/**
 * What validating does to the items (DESIGN.md section 6), in the caller's transaction, each
 * change with its trace in `setId`:
 * - missing (expected, not read) still STOCKED in the area → UNKNOWN, in no area (lost);
 * - excess (read, not expected) not already STOCKED here → STOCKED in the area, unless a set of
 *   another kind (a sale, a shipment, another area's read…) saw the item after this inventory read
 *   it: then it has moved on and stays where that set put it. The inventory's own sets (claimed by
 *   the inventory engine in this same area) are not "another kind".
 * With `isTracingExcess` false the caller's set writes the traces of the items it read (a cabinet
 * set read them: ingestion traces every read after the handlers).
 */
export const applyValidation = async (
  db: DbOrTx,
  {
    inventoryId,
    companyId,
    areaId,
    locationId,
    setId,
    at,
    isTracingExcess,
  }: {
    inventoryId: number;
    companyId: number;
    areaId: number;
    locationId: number;
    setId: string;
    at: Date;
    isTracingExcess: boolean;
  },
): Promise<{ lost: number; stocked: number }> => {
  // One lock order everywhere (DESIGN.md section 8): items by id, as ingestion locks a set's items, and
  // all of them at once before either statement below changes them; in two separate steps a reader's
  // set arriving meanwhile deadlocked with the validation.
  await db.execute(sql`
    select i.id from items i
    where i.id in (
      select item_id from inventory_expected_items where inventory_id = ${inventoryId}::int
      union
      select item_id from inventory_read_items where inventory_id = ${inventoryId}::int
    )
    order by i.id
    for update`);
  const lostResult = await db.execute(sql`
    with lost as (
      select i.id, i.epc, i.area_id as old_area
      from inventory_expected_items e
      join items i on i.id = e.item_id
      where e.inventory_id = ${inventoryId}::int
        and not exists (select 1 from inventory_read_items r where r.inventory_id = e.inventory_id and r.item_id = e.item_id)
        and i.state = 0 and i.area_id = ${areaId}::int
      order by i.id
      for update of i
    ), moved as (
      update items set state = 1, area_id = null, location_id = null
      from lost where items.id = lost.id
      returning items.id, items.epc, lost.old_area
    ), traced as (
      insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id)
      select ${companyId}::int, id, epc, ${setId}::uuid, ${at.toISOString()}::timestamptz, 1, old_area, null from moved
      returning 1
    )
    select count(*)::int as n from traced`);
  const traceExcess = isTracingExcess
    ? sql`, traced as (
        insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id)
        select ${companyId}::int, id, epc, ${setId}::uuid, ${at.toISOString()}::timestamptz, 0, old_area, ${areaId}::int from moved
        returning 1
      )
      select count(*)::int as n from traced`
    : sql` select count(*)::int as n from moved`;
  const stockedResult = await db.execute(sql`
    with found as (
      select i.id, i.epc, i.area_id as old_area
      from inventory_read_items r
      join items i on i.id = r.item_id
      where r.inventory_id = ${inventoryId}::int
        and not exists (select 1 from inventory_expected_items e where e.inventory_id = r.inventory_id and e.item_id = r.item_id)
        and not (i.state = 0 and i.area_id is not distinct from ${areaId}::int)
        and not exists (
          select 1 from traces t join reading_sets s on s.id = t.reading_set_id
          where t.item_id = r.item_id and t.read_at > r.read_at and s.claimed_by is not null
            and not (s.claimed_by = ${INVENTORY_CLAIM} and s.area_id is not distinct from ${areaId}::int)
        )
      order by i.id
      for update of i
    ), moved as (
      update items set state = 0, area_id = ${areaId}::int, location_id = ${locationId}::int
      from found where items.id = found.id
      returning items.id, items.epc, found.old_area
    )${traceExcess}`);
  return {
    lost: num(rowsOf<{ n: number }>(lostResult)[0]?.n),
    stocked: num(rowsOf<{ n: number }>(stockedResult)[0]?.n),
  };
};

export const closeInventory = async (
  db: DbOrTx,
  { id, state, userId, at }: { id: number; state: 2 | 3; userId: number | null; at: Date },
): Promise<void> => {
  await db
    .update(inventories)
    .set({
      state,
      closedBy: userId,
      closedAt: at,
      endTime: sql`coalesce(${inventories.endTime}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(inventories.id, id));
};

export const setFileCreated = async (db: DbOrTx, id: number): Promise<void> => {
  await db.update(inventories).set({ isFileCreated: true }).where(eq(inventories.id, id));
};

/** Who opened and who closed an inventory. */
export const inventoryUsers = async (db: DbOrTx, row: InventoryRow) => {
  const ids = [row.createdBy, row.closedBy].filter((id): id is number => id !== null);
  if (!ids.length) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
};

/* ------------------------------------------------------------------ per-GTIN figures */

export type SummaryKind = 'all' | 'remaining' | 'surplus';

export type SummaryRow = {
  item_type: number;
  gtin: string;
  expected: number;
  read: number;
  matched: number;
  description: string;
  model: string;
  colour: string;
  season: string;
  section: string;
  reference: string;
  size_primary: string;
  sizes: { country: string; value: string }[];
  total: number;
};

/** The summary's text filters (spec section 7) → conditions on the GTIN (alias `it`). */
const SUMMARY_TEXT_FILTERS: Record<string, SQL> = allowList({
  item_type__gtin__icontains: sql`it.gtin`,
  item_type__description__icontains: sql`it.description`,
  item_type__season__icontains: sql`it.season`,
  item_type__section__icontains: sql`it.section`,
  item_type__model__icontains: sql`it.model`,
  item_type__colour__icontains: sql`it.colour`,
  // Sizes: any size value, or the primary size when the GTIN has no size list.
  item_type__sizes__value__icontains: sql`(it.sizes::text || ' ' || it.size_primary)`,
});
const SUMMARY_ORDER: Record<string, SQL> = allowList({
  item_type: sql`it.gtin`,
  gtin: sql`it.gtin`,
  description: sql`it.description`,
  theorical_quantity: sql`expected`,
  quantity: sql`read`,
  missing: sql`(expected - matched)`,
  excess: sql`(read - matched)`,
});

const summaryOrder = (orderBy: string | undefined): SQL => {
  const parts: SQL[] = [];
  for (const part of (orderBy ?? '').split(',').map((p) => p.trim())) {
    const isDesc = part.startsWith('-');
    const column = SUMMARY_ORDER[isDesc ? part.slice(1) : part];
    if (column) parts.push(isDesc ? sql`${column} desc` : sql`${column} asc`);
  }
  parts.push(sql`it.gtin asc`, sql`it.id asc`);
  return sql.join(parts, sql`, `);
};

/**
 * Per GTIN of an inventory: expected, read and matched (missing and excess follow). `remaining`
 * keeps the GTINs with missing items, `surplus` those with excess items. One query over the
 * inventory's per-GTIN counts (a row per GTIN, whatever the number of items), paged, with the
 * total count beside each row.
 */
export const inventorySummary = async (
  db: DbOrTx,
  {
    inventoryId,
    kind,
    query,
    page,
    itemTypeId,
  }: { inventoryId: number; kind: SummaryKind; query: Record<string, unknown>; page: PageParams; itemTypeId?: number },
): Promise<{ count: number; rows: SummaryRow[] }> => {
  const conditions: SQL[] = [];
  for (const [key, column] of Object.entries(SUMMARY_TEXT_FILTERS)) {
    const value = query[key];
    if (typeof value === 'string' && value !== '') conditions.push(sql`${column} ilike ${`%${escapeLike(value)}%`}`);
  }
  if (kind === 'remaining') conditions.push(sql`expected > matched`);
  if (kind === 'surplus') conditions.push(sql`read > matched`);
  if (itemTypeId !== undefined) conditions.push(sql`it.id = ${itemTypeId}::int`);
  const where = sql.join([sql`f.inventory_id = ${inventoryId}::int`, ...conditions], sql` and `);
  const result = await db.execute(sql`
    select it.id as item_type, it.gtin, f.expected, f.read, f.matched, it.description, it.model, it.colour, it.season,
      it.section, it.reference, it.size_primary, it.sizes, count(*) over () as total
    from inventory_type_counts f join item_types it on it.id = f.item_type_id
    where ${where}
    order by ${summaryOrder(query.order_by as string | undefined)}
    limit ${page.limit} offset ${page.offset}`);
  const rows = rowsOf<SummaryRow>(result).map((r) => ({
    ...r,
    item_type: num(r.item_type),
    expected: num(r.expected),
    read: num(r.read),
    matched: num(r.matched),
    total: num(r.total),
    sizes: Array.isArray(r.sizes) ? r.sizes : typeof r.sizes === 'string' ? JSON.parse(r.sizes) : [],
  }));
  if (rows.length || page.offset === 0) return { count: rows[0]?.total ?? 0, rows };
  // A page past the end has no row to carry the total: count again without paging.
  const again = await inventorySummary(db, { inventoryId, kind, query, page: { limit: 1, offset: 0 }, itemTypeId });
  return { count: again.count, rows: [] };
};

/* ------------------------------------------------------------------ tags */

export type TagKind = 'read' | 'lost';
export type TagRow = {
  id: number;
  epc: string;
  gtin: string | null;
  item_type: number | null;
  lot: string | null;
  description: string | null;
  read_at: Date | string | null;
  is_expected: boolean;
};

/** Orderings of the EPC lists, on the columns of `tagSelect` (alias t) and the GTIN (alias it). */
const TAG_ORDER: Record<string, SQL> = allowList({
  itemType: sql`it.gtin`,
  item_type: sql`it.gtin`,
  epc: sql`t.epc`,
  read_at: sql`t.read_at`,
});

/** One query's rows of an inventory's read (`read`) or lost (`lost`) EPCs, before ordering (aliases r or e, i). */
const tagSelect = (kind: TagKind, inventoryId: number): SQL =>
  kind === 'read'
    ? sql`
        select r.item_id as id, i.epc, i.gtin, r.item_type_id as item_type, i.serial as lot, r.read_at,
          exists (select 1 from inventory_expected_items e where e.inventory_id = r.inventory_id and e.item_id = r.item_id) as is_expected
        from inventory_read_items r
        join items i on i.id = r.item_id
        where r.inventory_id = ${inventoryId}::int`
    : sql`
        select e.item_id as id, i.epc, i.gtin, e.item_type_id as item_type, i.serial as lot, null::timestamptz as read_at,
          true as is_expected
        from inventory_expected_items e
        join items i on i.id = e.item_id
        where e.inventory_id = ${inventoryId}::int
          and not exists (select 1 from inventory_read_items r where r.inventory_id = e.inventory_id and r.item_id = e.item_id)`;

const toTagRows = (result: unknown): TagRow[] =>
  rowsOf<TagRow>(result).map((r) => ({ ...r, id: num(r.id), item_type: r.item_type === null ? null : num(r.item_type) }));

/**
 * The ids and EPCs of one GTIN of an inventory (`p.item_type_id`), read or lost: index-only scans
 * of items (item_type_id, epc, id) and of the inventory's rows (inventory_id, item_type_id, item_id).
 */
const tagsOfType = (kind: TagKind, inventoryId: number): SQL =>
  kind === 'read'
    ? sql`
        select i.id, i.epc from items i
        where i.item_type_id = p.item_type_id
          and exists (select 1 from inventory_read_items r
            where r.inventory_id = ${inventoryId}::int and r.item_type_id = p.item_type_id and r.item_id = i.id)`
    : sql`
        select i.id, i.epc from items i
        where i.item_type_id = p.item_type_id
          and exists (select 1 from inventory_expected_items e
            where e.inventory_id = ${inventoryId}::int and e.item_type_id = p.item_type_id and e.item_id = i.id)
          and not exists (select 1 from inventory_read_items r where r.inventory_id = ${inventoryId}::int and r.item_id = i.id)`;

/**
 * The page in the default order (GTIN, then EPC) from the per-GTIN counts: the GTINs are numbered
 * in order (`before` = the EPCs of the GTINs ahead), so only the GTINs the page overlaps are read,
 * each along items (item_type_id, epc), whatever the page and the size of the inventory. Rows of
 * no GTIN are never in an inventory (only articles are) and an item keeps the GTIN it was counted
 * with, so the counts cover every row.
 */
const tagsByType = async (
  db: DbOrTx,
  {
    inventoryId,
    kind,
    isDescending,
    gtin,
    page,
  }: { inventoryId: number; kind: TagKind; isDescending: boolean; gtin: string | undefined; page: PageParams },
): Promise<{ count: number; rows: TagRow[] }> => {
  const n = kind === 'read' ? sql`c.read` : sql`(c.expected - c.matched)`;
  const types = rowsOf<{ item_type_id: number; description: string | null; n: number }>(
    await db.execute(sql`
      select c.item_type_id, it.description, ${n}::int as n
      from inventory_type_counts c join item_types it on it.id = c.item_type_id
      where c.inventory_id = ${inventoryId}::int and ${n} > 0
        ${gtin ? sql`and it.gtin like ${`%${escapeLike(gtin)}%`}` : sql``}
      order by it.gtin ${isDescending ? sql`desc` : sql`asc`}, c.item_type_id ${isDescending ? sql`desc` : sql`asc`}`),
  );
  // Which GTINs the page overlaps, and how many of each to skip and take.
  const parts: { itemTypeId: number; skip: number; take: number }[] = [];
  const descriptions = new Map<number, string | null>();
  const end = page.offset + page.limit;
  let before = 0;
  for (const type of types) {
    const size = num(type.n);
    const skip = Math.max(page.offset - before, 0);
    const take = Math.min(end - before, size) - skip;
    if (take > 0) parts.push({ itemTypeId: num(type.item_type_id), skip, take });
    descriptions.set(num(type.item_type_id), type.description);
    before += size;
  }
  if (!parts.length) return { count: before, rows: [] };
  // The GTINs come as arrays so the planner knows how few they are (a plan for 1 or 2 GTINs).
  // The page's rows are picked from the indexes; only they are then read (GTIN, serial, read time).
  const details =
    kind === 'read'
      ? sql`r.read_at, exists (select 1 from inventory_expected_items e where e.inventory_id = ${inventoryId}::int and e.item_id = x.id) as is_expected
        from picked x join items i on i.id = x.id
        join inventory_read_items r on r.inventory_id = ${inventoryId}::int and r.item_id = x.id`
      : sql`null::timestamptz as read_at, true as is_expected
        from picked x join items i on i.id = x.id`;
  const listed = await db.execute(sql`
    with picked as (
      select x.id, x.epc, p.item_type_id, p.ord
      from unnest(${sql.param(parts.map((p) => p.itemTypeId))}::int[], ${sql.param(parts.map((p) => p.skip))}::int[],
        ${sql.param(parts.map((p) => p.take))}::int[]) with ordinality as p(item_type_id, skip, take, ord)
      cross join lateral (${tagsOfType(kind, inventoryId)} order by i.epc limit p.take offset p.skip) x
    )
    select x.id, x.epc, i.gtin, x.item_type_id as item_type, i.serial as lot, ${details}
    order by x.ord, x.epc`);
  const rows = toTagRows(listed).map((r) => ({ ...r, description: descriptions.get(r.item_type ?? 0) ?? null }));
  return { count: before, rows };
};

/**
 * The read EPCs of an inventory (`read`, with whether each was expected) or its lost ones (`lost`:
 * expected, not read). Filters itemType__gtin__contains and epc__contains (hex, any case; the
 * EPC's trigram index finds them). The default order (itemType, i.e. GTIN then EPC) pages from the
 * per-GTIN counts; other orders sort the inventory's rows.
 */
export const inventoryTags = async (
  db: DbOrTx,
  { inventoryId, kind, query, page }: { inventoryId: number; kind: TagKind; query: Record<string, unknown>; page: PageParams },
): Promise<{ count: number; rows: TagRow[] }> => {
  const gtin =
    typeof query.itemType__gtin__contains === 'string' && query.itemType__gtin__contains !== ''
      ? query.itemType__gtin__contains
      : undefined;
  const epc =
    typeof query.epc__contains === 'string' && query.epc__contains !== ''
      ? query.epc__contains.replace(/\s+/g, '').toUpperCase()
      : undefined;
  const order = String(query.order_by ?? 'itemType')
    .split(',')
    .map((p) => p.trim())
    .map((part) => ({ isDesc: part.startsWith('-'), key: part.startsWith('-') ? part.slice(1) : part }))
    .filter(({ key }) => TAG_ORDER[key] !== undefined);
  const [first] = order;
  if (!epc && order.length === 1 && first && (first.key === 'itemType' || first.key === 'item_type')) {
    return tagsByType(db, { inventoryId, kind, isDescending: first.isDesc, gtin, page });
  }
  const conditions: SQL[] = [];
  if (gtin) conditions.push(sql`i.gtin like ${`%${escapeLike(gtin)}%`}`);
  if (epc) conditions.push(sql`i.epc like ${`%${escapeLike(epc)}%`}`);
  const base = sql`${tagSelect(kind, inventoryId)} ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}`;
  const parts = order.map(({ isDesc, key }) => sql`${TAG_ORDER[key]} ${isDesc ? sql`desc` : sql`asc`}`);
  parts.push(sql`t.epc asc`);
  const listed = await db.execute(sql`
    select t.*, it.description from (${base}) t left join item_types it on it.id = t.item_type
    order by ${sql.join(parts, sql`, `)} limit ${page.limit} offset ${page.offset}`);
  // Without a filter the total is the per-GTIN counts' sum (not a count of the inventory's rows).
  const counted = conditions.length
    ? await db.execute(sql`select count(*)::int as n from (${base}) q`)
    : await db.execute(sql`
        select coalesce(sum(${kind === 'read' ? sql`read` : sql`expected - matched`}), 0)::int as n
        from inventory_type_counts where inventory_id = ${inventoryId}::int`);
  return { count: num(rowsOf<{ n: number }>(counted)[0]?.n), rows: toTagRows(listed) };
};

/* ------------------------------------------------------------------ CSV rows */

export type CsvRow = {
  item_id: number;
  epc: string;
  gtin: string | null;
  description: string | null;
  model: string | null;
  colour: string | null;
  size_primary: string | null;
  is_expected: boolean;
  read_at: Date | string | null;
};

/** A keyset chunk of every item of an inventory (expected or read), after `afterItemId`. */
export const csvChunk = async (
  db: DbOrTx,
  { inventoryId, afterItemId, limit }: { inventoryId: number; afterItemId: number; limit: number },
) => {
  const result = await db.execute(sql`
    select k.item_id, i.epc, i.gtin, it.description, it.model, it.colour, it.size_primary,
      exists (select 1 from inventory_expected_items e where e.inventory_id = ${inventoryId}::int and e.item_id = k.item_id) as is_expected,
      (select r.read_at from inventory_read_items r where r.inventory_id = ${inventoryId}::int and r.item_id = k.item_id) as read_at
    from (
      (select item_id from inventory_expected_items where inventory_id = ${inventoryId}::int and item_id > ${afterItemId}::bigint
       order by item_id limit ${limit})
      union
      (select item_id from inventory_read_items where inventory_id = ${inventoryId}::int and item_id > ${afterItemId}::bigint
       order by item_id limit ${limit})
    ) k
    join items i on i.id = k.item_id
    left join item_types it on it.id = i.item_type_id
    order by k.item_id
    limit ${limit}`);
  return rowsOf<CsvRow>(result).map((r) => ({ ...r, item_id: num(r.item_id) }));
};

/* ------------------------------------------------------------------ export jobs */

export const insertExportJob = async (
  db: DbOrTx,
  job: { id: string; companyId: number; userId: number; refId: number; fileName: string },
): Promise<void> => {
  await db.insert(exportJobs).values({ ...job, kind: 'inventory-csv', progress: 0 });
};

export const updateExportJob = async (
  db: DbOrTx,
  id: string,
  patch: { progress?: number; content?: string; error?: string },
): Promise<void> => {
  await db.update(exportJobs).set(patch).where(eq(exportJobs.id, id));
};

/** Progress of a file being built: it never goes back (a build restarted by another process climbs to it again). */
export const raiseExportProgress = async (db: DbOrTx, id: string, progress: number): Promise<void> => {
  await db
    .update(exportJobs)
    .set({ progress: sql`greatest(${exportJobs.progress}, ${progress}::int)` })
    .where(eq(exportJobs.id, id));
};

export const getExportJob = async (db: DbOrTx, { id, companyId }: { id: string; companyId: number }) => {
  const [row] = await db
    .select({
      id: exportJobs.id,
      refId: exportJobs.refId,
      kind: exportJobs.kind,
      progress: exportJobs.progress,
      fileName: exportJobs.fileName,
      error: exportJobs.error,
    })
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.companyId, companyId)))
    .limit(1);
  return row;
};

/**
 * Drops an inventory's older CSV jobs once a newer one is finished: finished or failed ones created before `before`.
 * The newest file stays for the download; a job still running (someone else's poll) is never dropped.
 */
export const pruneExportJobs = async (
  db: DbOrTx,
  { companyId, inventoryId, keepId, before }: { companyId: number; inventoryId: number; keepId: string; before: Date },
): Promise<void> => {
  await db
    .delete(exportJobs)
    .where(
      and(
        eq(exportJobs.companyId, companyId),
        eq(exportJobs.kind, 'inventory-csv'),
        eq(exportJobs.refId, inventoryId),
        sql`${exportJobs.id} <> ${keepId}`,
        sql`(${exportJobs.progress} = 100 or ${exportJobs.error} is not null)`,
        sql`${exportJobs.createdAt} < ${before.toISOString()}`,
      ),
    );
};

/** The newest finished CSV of an inventory (its content and name). */
export const latestFinishedCsv = async (db: DbOrTx, { inventoryId, companyId }: { inventoryId: number; companyId: number }) => {
  const [row] = await db
    .select({ fileName: exportJobs.fileName, content: exportJobs.content })
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.companyId, companyId),
        eq(exportJobs.kind, 'inventory-csv'),
        eq(exportJobs.refId, inventoryId),
        eq(exportJobs.progress, 100),
        sql`${exportJobs.content} is not null`,
      ),
    )
    .orderBy(desc(exportJobs.createdAt))
    .limit(1);
  return row;
};

/* ------------------------------------------------------------------ stats */

export type StatsFigures = {
  total: number;
  pending: number;
  validated: number;
  avgMinutes: number | null;
  avgItems: number | null;
  avgAccuracy: number | null;
  rateItems: number;
  rateMinutes: number;
  stock: number;
};

/**
 * The inventory stats of a location over the inventories started in [from, to] (formulas in the
 * contract's inventoryStatsSchema; accuracy as inventory.rules.ts accuracyOf), and its stock now (items STOCKED
 * in its areas: the RFID part of the one stock, view stock_now).
 */
export const inventoryStats = async (
  db: DbOrTx,
  { locationId, from, to }: { locationId: number; from: Date; to: Date },
): Promise<StatsFigures> => {
  const minutes = sql`(extract(epoch from (end_time - start_time)) / 60.0)`;
  const result = await db.execute(sql`
    select
      count(*)::int as total,
      (count(*) filter (where state in (0, 1)))::int as pending,
      (count(*) filter (where state = 2))::int as validated,
      (avg(${minutes}) filter (where state = 2 and end_time is not null))::float8 as avg_minutes,
      (avg(read_count) filter (where state = 2))::float8 as avg_items,
      (avg(case when expected_count + read_count - matched_count <= 0 then 100.0
                else matched_count * 100.0 / (expected_count + read_count - matched_count) end)
        filter (where state = 2))::float8 as avg_accuracy,
      coalesce(sum(read_count) filter (where state = 2 and end_time > start_time), 0)::float8 as rate_items,
      coalesce(sum(${minutes}) filter (where state = 2 and end_time > start_time), 0)::float8 as rate_minutes,
      (select coalesce(sum(s.rfid), 0) from ${stockNow} s where s.location_id = ${locationId}::int)::int as stock
    from inventories
    where location_id = ${locationId}::int and start_time >= ${from.toISOString()}::timestamptz and start_time <= ${to.toISOString()}::timestamptz`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    total: num(row?.total),
    pending: num(row?.pending),
    validated: num(row?.validated),
    avgMinutes: nullable(row?.avg_minutes),
    avgItems: nullable(row?.avg_items),
    avgAccuracy: nullable(row?.avg_accuracy),
    rateItems: num(row?.rate_items),
    rateMinutes: num(row?.rate_minutes),
    stock: num(row?.stock),
  };
};

/** An area of a location (for opening an inventory from the dashboard). */
export const areaOfLocation = async (db: DbOrTx, { areaId, locationId }: { areaId: number; locationId: number }) => {
  const [row] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.id, areaId), eq(areas.locationId, locationId)))
    .limit(1);
  return row;
};

/** The catalog ids among `ids` that belong to the company. */
export const companyItemTypes = async (db: DbOrTx, { ids, companyId }: { ids: number[]; companyId: number }) => {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: itemTypes.id })
    .from(itemTypes)
    .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.id, ids)));
  return rows.map((r) => r.id);
};
