import { type InventoryListQuery, InventoryState, ItemState } from '@rfid/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { parseRows } from '../../db/rows.js';
import {
  areas,
  devices,
  inventories,
  inventoryItemTypes,
  itemTypes,
  locations,
  readingSets,
  users,
} from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import { insertOperationSet } from '../engine/ledger.repository.js';

/**
 * The only queries of the inventory module. The engine's steps are set-based (one statement per
 * step whatever the number of EPCs), every list is paged in SQL, and the per-GTIN figures are one
 * grouped query over the inventory's own rows (primary keys and (inventory, item type) indexes).
 */

const int = z.coerce.number();
const countRow = z.object({ n: int });

/** Claim names of the sets the inventory engine owns (also the tracker's labels). */
export const INVENTORY_CLAIM = 'inventory';
export const CABINET_CLAIM = 'cabinet';

/** Advisory lock key space of "one open inventory per area" (arbitrary constant). */
const AREA_LOCK_SPACE = 7301;

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
/** An inventory with its location, area and reader (the columns of `columns`). */
export type InventoryRow = Awaited<ReturnType<typeof selectRows>>[number];

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
const partialFilter = (raw: string | undefined): SQL | undefined => {
  if (!raw) return undefined;
  const isNull = raw === 'true' || raw === 'True' || raw === '1';
  return eq(inventories.isPartial, !isNull);
};

export const listInventories = async (
  db: DbOrTx,
  { locationId, query, page, timeZone }: { locationId: number; query: InventoryListQuery; page: PageParams; timeZone: string },
): Promise<{ count: number; rows: InventoryRow[] }> => {
  const where = and(
    eq(inventories.locationId, locationId),
    buildFilters(query, listFilters, { timeZone }),
    partialFilter(query.inventorypartial__isnull),
  ) as SQL;
  const order = buildOrderBy(query.order_by, listOrder, [desc(inventories.id)]);
  const selected = selectRows(db).where(where).$dynamic();
  return pageOf(db, selected, order, page);
};

export const getInventory = async (db: DbOrTx, { id, companyId }: { id: number; companyId: number }) =>
  companyRowById(selectRows(db).$dynamic(), inventories, { companyId, id });

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
    where area_id = ${areaId}::int and state in (${InventoryState.Pending}, ${InventoryState.Computing})
    order by id desc limit 1 for update`);
  const [row] = parseRows(z.object({ id: int, is_partial: z.boolean() }), result);
  return row ? { id: row.id, isPartial: row.is_partial } : undefined;
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
      state: InventoryState.Pending,
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
  const expected = parseRows(countRow, snapshot)[0]?.n ?? 0;
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
    const [row] = parseRows(z.object({ added: int, matched: int }), result);
    added = row?.added ?? 0;
    matched = row?.matched ?? 0;
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

/** A reading set of no reader that records a user's validation, claimed by the inventory (the engine's one piece). */
export const insertValidationSet = (
  db: DbOrTx,
  set: { id: string; companyId: number; locationId: number; areaId: number; at: Date },
): Promise<void> => insertOperationSet(db, { ...set, claim: INVENTORY_CLAIM });

export const setEpcCount = async (db: DbOrTx, setId: string, epcCount: number): Promise<void> => {
  await db.update(readingSets).set({ epcCount }).where(eq(readingSets.id, setId));
};

/** The items an inventory expected or read: those its validation may move (locked first, by id). */
export const itemsOfInventory = (inventoryId: number): SQL => sql`
  select item_id from inventory_expected_items where inventory_id = ${inventoryId}::int
  union
  select item_id from inventory_read_items where inventory_id = ${inventoryId}::int`;

/** Missing: expected, not read, and still STOCKED in the area (validating loses them). */
export const missingItemsOf = ({ inventoryId, areaId }: { inventoryId: number; areaId: number }): SQL => sql`
  select e.item_id from inventory_expected_items e
  join items i on i.id = e.item_id
  where e.inventory_id = ${inventoryId}::int
    and not exists (select 1 from inventory_read_items r where r.inventory_id = e.inventory_id and r.item_id = e.item_id)
    and i.state = ${ItemState.Stocked} and i.area_id = ${areaId}::int`;

/**
 * Excess: read, not expected, and not already STOCKED here, unless a set of another kind (a sale,
 * a shipment, another area's read…) saw the item after this inventory read it: then it has moved
 * on and stays where that set put it. The inventory's own sets (claimed by the inventory engine in
 * this same area) are not "another kind".
 */
export const excessItemsOf = ({ inventoryId, areaId }: { inventoryId: number; areaId: number }): SQL => sql`
  select r.item_id from inventory_read_items r
  join items i on i.id = r.item_id
  where r.inventory_id = ${inventoryId}::int
    and not exists (select 1 from inventory_expected_items e where e.inventory_id = r.inventory_id and e.item_id = r.item_id)
    and not (i.state = ${ItemState.Stocked} and i.area_id is not distinct from ${areaId}::int)
    and not exists (
      select 1 from traces t join reading_sets s on s.id = t.reading_set_id
      where t.item_id = r.item_id and t.read_at > r.read_at and s.claimed_by is not null
        and not (s.claimed_by = ${INVENTORY_CLAIM} and s.area_id is not distinct from ${areaId}::int)
    )`;

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
