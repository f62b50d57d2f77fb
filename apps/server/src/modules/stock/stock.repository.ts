import { ItemState } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cappedCount, seenRows } from '../../db/counts.js';
import { rowsOf } from '../../db/rows.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * The stock module's queries (docs/design/stock.md). Everything is aggregated and paged in SQL:
 * the items table can hold millions of rows, so stock per GTIN reads the per-area stock the
 * items' triggers keep (view area_stock_now, a row per area and GTIN), stock by tag pages along
 * items_area_state_idx (area_id, state, item_type_id), and box stock is one index-only pass over
 * the sets that carry a barcode (reading_sets_box_last_idx).
 */

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (value: string): string => `%${escapeLike(value)}%`;

/** Locations the user sees, as a condition on `locations l` (the one scope rule, location-scope.ts). */
export const locationScope = (user: AuthUser, alias = sql`l`): SQL => {
  const company = sql`${alias}.company_id = ${user.companyId}`;
  if (user.locationIds === null) return company;
  if (user.locationIds.length === 0) return sql`false`;
  return sql`${company} and ${alias}.id in ${user.locationIds}`;
};

/**
 * Which areas a query covers: one area, the areas of one location, or the areas of every
 * location the user sees. As SQL: a list of area ids (a subquery or a constant).
 */
export type AreaSet =
  | { kind: 'area'; areaId: number }
  | { kind: 'location'; locationId: number }
  | { kind: 'visible'; user: AuthUser };

const areaIdsOf = (set: AreaSet): SQL => {
  switch (set.kind) {
    case 'area':
      return sql`(${set.areaId})`;
    case 'location':
      return sql`(select a.id from areas a where a.location_id = ${set.locationId})`;
    case 'visible':
      return sql`(select a.id from areas a join locations l on l.id = a.location_id where ${locationScope(set.user)})`;
    default: {
      const exhaustive: never = set;
      throw new Error(`unknown area set ${String(exhaustive)}`);
    }
  }
};

/* ------------------------------------------------------------------ stock per GTIN */

export type StockFilters = { gtin?: string; itemtype?: number; description?: string };

export type StockRowRecord = {
  id: number;
  gtin: string;
  reference: string;
  description: string;
  model: string;
  colour: string;
  season: string;
  clothType: string;
  section: string;
  zone: string;
  sizes: { country: string; value: string }[];
  sizePrimary: string;
  sizeSecondary: string;
  price: string | null;
  rfid: number;
  counted: number;
  minimumStockId: number | null;
  minimumStock: number | null;
};

/**
 * Per GTIN: items STOCKED in the areas (the per-area stock the items' triggers keep, view
 * area_stock_now: a row per area and GTIN, not per item) plus their counted stock. One row per
 * GTIN with a row in any of the areas.
 */
const stockCte = (areas: SQL): SQL => sql`
  select s.item_type_id, sum(s.rfid)::int as rfid, sum(s.counted)::int as counted
  from (
    select a.item_type_id, a.quantity as rfid, 0 as counted
    from area_stock_now a
    where a.area_id in ${areas} and a.item_type_id is not null
    union all
    select c.item_type_id, 0, c.quantity
    from counted_stocks c
    where c.area_id in ${areas}
  ) s
  group by s.item_type_id`;

const STOCK_ORDER: Record<string, SQL> = allowList({
  count: sql`(coalesce(st.rfid, 0) + coalesce(st.counted, 0))`,
  quantity: sql`(coalesce(st.rfid, 0) + coalesce(st.counted, 0))`,
  rfid_count: sql`coalesce(st.rfid, 0)`,
  counted_count: sql`coalesce(st.counted, 0)`,
  gtin: sql`it.gtin`,
  description: sql`it.description`,
});

/** `order_by=-count,gtin` on the allow-list above; always ends on the GTIN's id so pages are stable. */
export const stockOrder = (orderBy: string | undefined): SQL => {
  const parts: SQL[] = [];
  for (const raw of (orderBy ?? '').split(',')) {
    const part = raw.trim();
    const descending = part.startsWith('-');
    const column = STOCK_ORDER[descending ? part.slice(1) : part];
    if (column) parts.push(descending ? sql`${column} desc` : sql`${column} asc`);
  }
  if (!parts.length) parts.push(sql`${STOCK_ORDER.count} desc`, sql`it.gtin asc`);
  parts.push(sql`it.id asc`);
  return sql.join(parts, sql`, `);
};

export const stockPerGtin = async (
  db: DbOrTx,
  {
    companyId,
    areas,
    minimumOfArea,
    omitZero,
    filters,
    orderBy,
    page,
  }: {
    companyId: number;
    areas: AreaSet;
    /** Join the minimum stock of this area (area summaries). */
    minimumOfArea: number | null;
    omitZero: boolean;
    filters: StockFilters;
    orderBy: string | undefined;
    page: PageParams;
  },
): Promise<{ count: number; rows: StockRowRecord[] }> => {
  const conditions: SQL[] = [sql`it.company_id = ${companyId}`];
  if (filters.gtin) conditions.push(sql`it.gtin like ${contains(filters.gtin)}`);
  if (filters.itemtype) conditions.push(sql`it.id = ${filters.itemtype}`);
  if (filters.description) conditions.push(sql`it.description ilike ${contains(filters.description)}`);
  if (omitZero) conditions.push(sql`(st.rfid + st.counted) > 0`);
  const where = sql.join(conditions, sql` and `);
  // Omitting zeros starts from the stock (small); otherwise from the whole catalog.
  const from = omitZero
    ? sql`stock st join item_types it on it.id = st.item_type_id`
    : sql`item_types it left join stock st on st.item_type_id = it.id`;
  const minimum =
    minimumOfArea === null
      ? sql`null::int as minimum_stock_id, null::int as minimum_stock`
      : sql`(select ms.id from minimum_stocks ms where ms.area_id = ${minimumOfArea} and ms.item_type_id = it.id) as minimum_stock_id,
            (select ms.minimum_stock from minimum_stocks ms where ms.area_id = ${minimumOfArea} and ms.item_type_id = it.id) as minimum_stock`;
  const cte = stockCte(areaIdsOf(areas));
  // One pass: the aggregate is computed once and the total comes with the page (count(*) over ()).
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with stock as (${cte})
      select it.id, it.gtin, it.reference, it.description, it.model, it.colour, it.season, it.cloth_type, it.section,
        it.zone, it.sizes, it.size_primary, it.size_secondary, it.price::text as price,
        coalesce(st.rfid, 0)::int as rfid, coalesce(st.counted, 0)::int as counted, ${minimum},
        count(*) over ()::int as total
      from ${from}
      where ${where}
      order by ${stockOrder(orderBy)}
      limit ${page.limit} offset ${page.offset}`),
  );
  const total =
    rows.length || page.offset === 0
      ? Number(rows[0]?.total ?? 0)
      : Number(
          rowsOf<{ n: number }>(
            await db.execute(sql`with stock as (${cte}) select count(*)::int as n from ${from} where ${where}`),
          )[0]?.n ?? 0,
        );
  return {
    count: total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      gtin: String(r.gtin),
      reference: String(r.reference),
      description: String(r.description),
      model: String(r.model),
      colour: String(r.colour),
      season: String(r.season),
      clothType: String(r.cloth_type),
      section: String(r.section),
      zone: String(r.zone),
      sizes: (typeof r.sizes === 'string' ? JSON.parse(r.sizes) : (r.sizes ?? [])) as StockRowRecord['sizes'],
      sizePrimary: String(r.size_primary),
      sizeSecondary: String(r.size_secondary),
      price: r.price === null || r.price === undefined ? null : String(r.price),
      rfid: Number(r.rfid),
      counted: Number(r.counted),
      minimumStockId: r.minimum_stock_id === null || r.minimum_stock_id === undefined ? null : Number(r.minimum_stock_id),
      minimumStock: r.minimum_stock === null || r.minimum_stock === undefined ? null : Number(r.minimum_stock),
    })),
  };
};

/** Current stock (items STOCKED + counted) of GTINs in one area. */
export const currentStock = async (db: DbOrTx, areaId: number, itemTypeIds: number[]): Promise<Map<number, number>> => {
  const result = new Map<number, number>();
  if (!itemTypeIds.length) return result;
  const rows = rowsOf<{ item_type_id: number; n: number }>(
    await db.execute(sql`
      select t.id as item_type_id,
        (select count(*) from items i where i.area_id = ${areaId} and i.state = 0 and i.item_type_id = t.id)::int
          + coalesce((select c.quantity from counted_stocks c where c.area_id = ${areaId} and c.item_type_id = t.id), 0) as n
      from item_types t where t.id in ${itemTypeIds}`),
  );
  for (const r of rows) result.set(Number(r.item_type_id), Number(r.n));
  return result;
};

/* ------------------------------------------------------------------ stock by tag */

export type ItemStockRecord = {
  id: number;
  epc: string;
  gtin: string | null;
  itemTypeId: number | null;
  description: string | null;
  serial: string | null;
  areaId: number;
  areaDescription: string;
  locationId: number;
  locationDescription: string;
  lastSeenAt: Date | null;
};

export const itemStock = async (
  db: DbOrTx,
  { areas, epc, gtin, page }: { areas: AreaSet; epc?: string; gtin?: string; page: PageParams },
): Promise<{ count: number; rows: ItemStockRecord[] }> => {
  const conditions: SQL[] = [sql`i.area_id in ${areaIdsOf(areas)}`, sql`i.state = ${ItemState.Stocked}`];
  if (epc) conditions.push(sql`i.epc ilike ${contains(epc)}`);
  // Through the GTIN's item types, so the filter stays on items_area_state_idx (area, state, item type).
  if (gtin) conditions.push(sql`i.item_type_id in (select t.id from item_types t where t.gtin like ${contains(gtin)})`);
  const where = sql.join(conditions, sql` and `);
  // Ordered along items_area_state_idx (area, state, GTIN) so a page needs no sort of the whole area.
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with page as (
        select i.id, i.epc, i.gtin, i.item_type_id, i.serial, i.area_id, i.last_seen_at
        from items i where ${where}
        order by i.area_id, i.item_type_id, i.id
        limit ${page.limit} offset ${page.offset}
      )
      select page.*, it.description, a.description as area_description, l.id as location_id, l.description as location_description
      from page
      join areas a on a.id = page.area_id
      join locations l on l.id = a.location_id
      left join item_types it on it.id = page.item_type_id
      order by page.area_id, page.item_type_id, page.id`),
  );
  // The total without an EPC filter is the per-area stock (exact, a row per area and GTIN); an EPC
  // substring (trigram index) counts exactly up to a cap, then takes the planner's estimate (db/counts.ts).
  const total = epc
    ? await cappedCount(db, { rows: sql`select 1 from items i where ${where}`, seen: seenRows(page, rows.length) })
    : Number(
        rowsOf<{ n: number }>(
          await db.execute(sql`
            select coalesce(sum(s.quantity), 0)::int as n from area_stock_now s
            where s.area_id in ${areaIdsOf(areas)}
              ${gtin ? sql`and s.item_type_id in (select t.id from item_types t where t.gtin like ${contains(gtin)})` : sql``}`),
        )[0]?.n ?? 0,
      );
  return {
    count: total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      epc: String(r.epc),
      gtin: r.gtin === null ? null : String(r.gtin),
      itemTypeId: r.item_type_id === null ? null : Number(r.item_type_id),
      description: r.description === null || r.description === undefined ? null : String(r.description),
      serial: r.serial === null ? null : String(r.serial),
      areaId: Number(r.area_id),
      areaDescription: String(r.area_description),
      locationId: Number(r.location_id),
      locationDescription: String(r.location_description),
      lastSeenAt: toDateOrNull(r.last_seen_at),
    })),
  };
};

/* ------------------------------------------------------------------ box stock */

export type BoxStockRecord = {
  boxId: number | null;
  orderId: number | null;
  pallet: string;
  codebar: string;
  quantity: number;
  areaId: number;
  areaDescription: string;
  locationId: number;
  locationDescription: string;
  date: Date;
};

/**
 * The last sighting of each barcode of the company: the reading set with that barcode read last
 * (by end time, then id), one backward pass over reading_sets_box_last_idx (index-only). A box
 * is in stock where its last sighting was.
 */
const lastSightings = (companyId: number): SQL => sql`
  select distinct on (r.codebar) r.id, r.company_id, r.codebar, r.end_time, r.area_id, r.epc_count
  from reading_sets r
  where r.company_id = ${companyId} and r.codebar is not null
  order by r.codebar desc, r.end_time desc, r.id desc`;

const boxJoins = sql`
  join areas a on a.id = r.area_id
  join locations l on l.id = a.location_id
  left join boxes b on b.company_id = r.company_id and b.codebar = r.codebar
  left join orders o on o.id = b.order_id`;

const toBoxStock = (r: Record<string, unknown>): BoxStockRecord => ({
  boxId: r.box_id === null || r.box_id === undefined ? null : Number(r.box_id),
  orderId: r.order_id === null || r.order_id === undefined ? null : Number(r.order_id),
  pallet: r.pallet === null || r.pallet === undefined ? '' : String(r.pallet),
  codebar: String(r.codebar),
  quantity: Number(r.epc_count),
  areaId: Number(r.area_id),
  areaDescription: String(r.area_description),
  locationId: Number(r.location_id),
  locationDescription: String(r.location_description),
  date: toDate(r.end_time),
});

export const boxStock = async (
  db: DbOrTx,
  { companyId, areas, codebar, page }: { companyId: number; areas: AreaSet; codebar?: string; page: PageParams },
): Promise<{ count: number; rows: BoxStockRecord[] }> => {
  const conditions: SQL[] = [sql`r.area_id in ${areaIdsOf(areas)}`];
  if (codebar) conditions.push(sql`r.codebar ilike ${contains(codebar)}`);
  const where = sql.join(conditions, sql` and `);
  // The last sightings are computed once: the page and its total come from one query.
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with r as (${lastSightings(companyId)}), here as (select r.*, count(*) over ()::int as total from r where ${where})
      select r.codebar, r.epc_count, r.end_time, r.area_id, a.description as area_description,
        l.id as location_id, l.description as location_description, b.id as box_id, b.order_id, o.container as pallet, r.total
      from (select * from here order by end_time desc, codebar limit ${page.limit} offset ${page.offset}) r ${boxJoins}
      order by r.end_time desc, r.codebar`),
  );
  const total =
    rows.length || page.offset === 0
      ? Number(rows[0]?.total ?? 0)
      : Number(
          rowsOf<{ n: number }>(
            await db.execute(sql`with r as (${lastSightings(companyId)}) select count(*)::int as n from r where ${where}`),
          )[0]?.n ?? 0,
        );
  return { count: total, rows: rows.map(toBoxStock) };
};

/** The last sighting of a barcode, with the location it was in (the caller checks the user may see it). */
export const lastSighting = async (
  db: DbOrTx,
  { companyId, codebar }: { companyId: number; codebar: string },
): Promise<(BoxStockRecord & { setId: string }) | null> => {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select r.id as set_id, r.codebar, r.epc_count, r.end_time, r.area_id, a.description as area_description,
        l.id as location_id, l.description as location_description, b.id as box_id, b.order_id, o.container as pallet
      from reading_sets r ${boxJoins}
      where r.company_id = ${companyId} and r.codebar = ${codebar}
      order by r.end_time desc, r.id desc
      limit 1`),
  );
  return row ? { ...toBoxStock(row), setId: String(row.set_id) } : null;
};

/** What one reading set held, per GTIN (distinct items; a tag read twice counts once). */
export const setContents = async (db: DbOrTx, setId: string) =>
  rowsOf<{ item_type_id: number | null; gtin: string | null; description: string | null; quantity: number }>(
    await db.execute(sql`
      select i.item_type_id, i.gtin, it.description, count(distinct i.id)::int as quantity
      from traces t
      join items i on i.id = t.item_id
      left join item_types it on it.id = i.item_type_id
      where t.reading_set_id = ${setId}
      group by i.item_type_id, i.gtin, it.description
      order by quantity desc, i.gtin nulls last
      limit 1000`),
  ).map((r) => ({
    itemTypeId: r.item_type_id === null ? null : Number(r.item_type_id),
    gtin: r.gtin,
    description: r.description,
    quantity: Number(r.quantity),
  }));

export type BoxSeenRecord = {
  boxId: number | null;
  pallet: string;
  codebar: string;
  cycles: number;
  detections: number;
  date: Date;
};

const SEEN_ORDER: Record<string, SQL> = allowList({
  date: sql`max(r.end_time)`,
  barcode: sql`r.codebar`,
  cycles: sql`count(*)`,
  detections: sql`sum(r.read_count)`,
});

const seenOrder = (orderBy: string | undefined): SQL => {
  const part = (orderBy ?? '').split(',')[0]?.trim() ?? '';
  const descending = part.startsWith('-');
  const column = SEEN_ORDER[descending ? part.slice(1) : part];
  if (!column) return sql`max(r.end_time) desc, r.codebar`;
  return sql`${column} ${descending ? sql`desc` : sql`asc`}, r.codebar`;
};

const seenSelect = (companyId: number): SQL => sql`
  select r.codebar, count(*)::int as cycles, coalesce(sum(r.read_count), 0)::int as detections, max(r.end_time) as end_time,
    (select b.id from boxes b where b.company_id = ${companyId} and b.codebar = r.codebar) as box_id,
    (select o.container from boxes b join orders o on o.id = b.order_id
      where b.company_id = ${companyId} and b.codebar = r.codebar) as pallet
  from reading_sets r`;

const toSeen = (r: Record<string, unknown>): BoxSeenRecord => ({
  boxId: r.box_id === null || r.box_id === undefined ? null : Number(r.box_id),
  pallet: r.pallet === null || r.pallet === undefined ? '' : String(r.pallet),
  codebar: String(r.codebar),
  cycles: Number(r.cycles),
  detections: Number(r.detections),
  date: toDate(r.end_time),
});

/** Every barcode read in an area: how many sets (cycles), how many reads (detections), the last one. */
export const boxesSeen = async (
  db: DbOrTx,
  {
    companyId,
    areaId,
    codebar,
    orderBy,
    page,
  }: { companyId: number; areaId: number; codebar?: string; orderBy?: string; page: PageParams },
): Promise<{ count: number; rows: BoxSeenRecord[] }> => {
  const conditions: SQL[] = [sql`r.company_id = ${companyId}`, sql`r.area_id = ${areaId}`, sql`r.codebar is not null`];
  if (codebar) conditions.push(sql`r.codebar ilike ${contains(codebar)}`);
  const where = sql.join(conditions, sql` and `);
  const [total] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct r.codebar)::int as n from reading_sets r where ${where}`),
  );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${seenSelect(companyId)} where ${where} group by r.codebar order by ${seenOrder(orderBy)}
      limit ${page.limit} offset ${page.offset}`),
  );
  return { count: Number(total?.n ?? 0), rows: rows.map(toSeen) };
};

/** The same rows for the CSV, by keyset on the barcode, `perChunk` barcodes a query. */
export async function* boxesSeenChunks(
  db: DbOrTx,
  { companyId, areaId, perChunk = 1000 }: { companyId: number; areaId: number; perChunk?: number },
): AsyncGenerator<BoxSeenRecord[]> {
  let after: string | null = null;
  for (;;) {
    const keyset: SQL = after === null ? sql`` : sql` and r.codebar > ${after}`;
    const rows: BoxSeenRecord[] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`${seenSelect(companyId)}
        where r.company_id = ${companyId} and r.area_id = ${areaId} and r.codebar is not null${keyset}
        group by r.codebar order by r.codebar limit ${perChunk}`),
    ).map(toSeen);
    if (!rows.length) return;
    yield rows;
    if (rows.length < perChunk) return;
    after = rows[rows.length - 1]?.codebar ?? null;
  }
}

/* ------------------------------------------------------------------ counted stock */

/** GTIN-14 → item type id, for the GTINs of the company among `gtins`. */
export const itemTypeIdsByGtin = async (db: DbOrTx, companyId: number, gtins: string[]): Promise<Map<string, number>> => {
  const result = new Map<string, number>();
  for (let i = 0; i < gtins.length; i += 1000) {
    const chunk = gtins.slice(i, i + 1000);
    const rows = rowsOf<{ id: number; gtin: string }>(
      await db.execute(sql`select id, gtin from item_types where company_id = ${companyId} and gtin in ${chunk}`),
    );
    for (const r of rows) result.set(r.gtin, Number(r.id));
  }
  return result;
};

/** Writes counted stock: each GTIN's quantity replaces the one it had in the area (call inside a transaction). */
export const upsertCountedStock = async (
  db: DbOrTx,
  {
    areaId,
    userId,
    lines,
    at,
  }: { areaId: number; userId: number | null; lines: { itemTypeId: number; quantity: number }[]; at: Date },
): Promise<void> => {
  for (let i = 0; i < lines.length; i += 1000) {
    const values = lines
      .slice(i, i + 1000)
      .map((l) => sql`(${areaId}, ${l.itemTypeId}, ${l.quantity}, ${at.toISOString()}::timestamptz, ${userId})`);
    await db.execute(sql`
      insert into counted_stocks (area_id, item_type_id, quantity, uploaded_at, uploaded_by)
      values ${sql.join(values, sql`, `)}
      on conflict (area_id, item_type_id)
      do update set quantity = excluded.quantity, uploaded_at = excluded.uploaded_at, uploaded_by = excluded.uploaded_by`);
  }
};

/* ------------------------------------------------------------------ minimum stock and alarms */

export type MinimumStockRecord = {
  id: number;
  areaId: number;
  areaDescription: string;
  locationId: number;
  locationDescription: string;
  itemTypeId: number;
  gtin: string;
  description: string;
  minimumStock: number;
  currentStock: number;
  updatedAt: Date;
  uploadedAt: Date | null;
};

/** A minimum stock row with the current stock of its GTIN in its area (one index-only count per row). */
const minimumSelect = sql`
  select ms.id, ms.area_id, a.description as area_description, l.id as location_id, l.description as location_description,
    ms.item_type_id, it.gtin, it.description, ms.minimum_stock, ms.updated_at, c.uploaded_at,
    greatest(ms.updated_at, c.uploaded_at) as alarm_date,
    (cur.rfid + coalesce(c.quantity, 0))::int as current_stock
  from minimum_stocks ms
  join areas a on a.id = ms.area_id
  join locations l on l.id = a.location_id
  join item_types it on it.id = ms.item_type_id
  left join counted_stocks c on c.area_id = ms.area_id and c.item_type_id = ms.item_type_id
  cross join lateral (
    select count(*)::int as rfid from items i where i.area_id = ms.area_id and i.state = 0 and i.item_type_id = ms.item_type_id
  ) cur`;

const toMinimum = (r: Record<string, unknown>): MinimumStockRecord => ({
  id: Number(r.id),
  areaId: Number(r.area_id),
  areaDescription: String(r.area_description),
  locationId: Number(r.location_id),
  locationDescription: String(r.location_description),
  itemTypeId: Number(r.item_type_id),
  gtin: String(r.gtin),
  description: String(r.description),
  minimumStock: Number(r.minimum_stock),
  currentStock: Number(r.current_stock),
  updatedAt: toDate(r.updated_at),
  uploadedAt: toDateOrNull(r.uploaded_at),
});

export const minimumStocksOfType = async (
  db: DbOrTx,
  { user, itemTypeId, locationId, areaId }: { user: AuthUser; itemTypeId: number; locationId?: number; areaId?: number },
): Promise<MinimumStockRecord[]> => {
  const conditions: SQL[] = [sql`ms.item_type_id = ${itemTypeId}`, sql`ms.company_id = ${user.companyId}`, locationScope(user)];
  if (locationId) conditions.push(sql`l.id = ${locationId}`);
  if (areaId) conditions.push(sql`ms.area_id = ${areaId}`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`${minimumSelect} where ${sql.join(conditions, sql` and `)} order by l.description, a.description, ms.id limit 1000`,
    ),
  );
  return rows.map(toMinimum);
};

export const minimumStockById = async (db: DbOrTx, user: AuthUser, id: number): Promise<MinimumStockRecord | null> => {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${minimumSelect} where ms.id = ${id} and ms.company_id = ${user.companyId} and ${locationScope(user)}`),
  );
  return row ? toMinimum(row) : null;
};

/** Sets the minimum stock of a GTIN in an area (creates the record or replaces its value); returns its id. */
export const upsertMinimumStock = async (
  db: DbOrTx,
  {
    companyId,
    areaId,
    itemTypeId,
    minimumStock,
  }: { companyId: number; areaId: number; itemTypeId: number; minimumStock: number },
): Promise<{ id: number; created: boolean }> => {
  const [row] = rowsOf<{ id: number; created: boolean }>(
    await db.execute(sql`
      insert into minimum_stocks (company_id, area_id, item_type_id, minimum_stock, updated_at)
      values (${companyId}, ${areaId}, ${itemTypeId}, ${minimumStock}, now())
      on conflict (area_id, item_type_id)
      do update set minimum_stock = excluded.minimum_stock, updated_at = excluded.updated_at
      returning id, (xmax = 0) as created`),
  );
  if (!row) throw new Error('minimum stock not written');
  return { id: Number(row.id), created: Boolean(row.created) };
};

/** Changes a record's area and value; false when another record has that area and GTIN. */
export const updateMinimumStock = async (
  db: DbOrTx,
  { id, areaId, minimumStock }: { id: number; areaId: number; minimumStock: number },
): Promise<boolean> => {
  const clash = rowsOf<{ id: number }>(
    await db.execute(sql`
      select o.id from minimum_stocks o join minimum_stocks m on m.id = ${id}
      where o.area_id = ${areaId} and o.item_type_id = m.item_type_id and o.id <> ${id}`),
  );
  if (clash.length) return false;
  await db.execute(
    sql`update minimum_stocks set area_id = ${areaId}, minimum_stock = ${minimumStock}, updated_at = now() where id = ${id}`,
  );
  return true;
};

export type AlarmFilters = { locationId?: number; areaId?: number; gtin?: string };

const alarmWhere = (user: AuthUser, filters: AlarmFilters): SQL => {
  const conditions: SQL[] = [sql`ms.company_id = ${user.companyId}`, locationScope(user)];
  if (filters.locationId) conditions.push(sql`l.id = ${filters.locationId}`);
  if (filters.areaId) conditions.push(sql`ms.area_id = ${filters.areaId}`);
  if (filters.gtin) conditions.push(sql`it.gtin like ${contains(filters.gtin)}`);
  // The alarm rule (stock.rules.ts isAlarm): current stock below the minimum.
  conditions.push(sql`(cur.rfid + coalesce(c.quantity, 0)) < ms.minimum_stock`);
  return sql.join(conditions, sql` and `);
};

/** Orderings of the alarm list, on the columns of `minimumSelect` (aliased `x`). */
const ALARM_ORDER: Record<string, string> = allowList({
  date: 'alarm_date',
  gtin: 'gtin',
  minimum_stock: 'minimum_stock',
  current_stock: 'current_stock',
  location: 'location_description',
  area: 'area_description',
});

const alarmOrder = (orderBy: string | undefined, x: SQL): SQL => {
  const part = (orderBy ?? '').split(',')[0]?.trim() ?? '';
  const descending = part.startsWith('-');
  const column = ALARM_ORDER[descending ? part.slice(1) : part];
  const first = column ? sql`${x}.${sql.identifier(column)} ${descending ? sql`desc` : sql`asc`}, ` : sql`${x}.alarm_date desc, `;
  return sql`${first}${x}.location_description, ${x}.area_description, ${x}.gtin, ${x}.id`;
};

export const alarms = async (
  db: DbOrTx,
  { user, filters, orderBy, page }: { user: AuthUser; filters: AlarmFilters; orderBy?: string; page: PageParams },
): Promise<{ count: number; rows: MinimumStockRecord[] }> => {
  const where = alarmWhere(user, filters);
  // The current stock of each minimum is counted once: the total comes with the page.
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select x.*, count(*) over ()::int as total from (${minimumSelect} where ${where}) x
      order by ${alarmOrder(orderBy, sql`x`)} limit ${page.limit} offset ${page.offset}`),
  );
  const count = rows.length || page.offset === 0 ? Number(rows[0]?.total ?? 0) : await alarmCount(db, { user, filters });
  return { count, rows: rows.map(toMinimum) };
};

export const alarmCount = async (db: DbOrTx, { user, filters }: { user: AuthUser; filters: AlarmFilters }): Promise<number> => {
  const [total] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${minimumSelect} where ${alarmWhere(user, filters)}) x`),
  );
  return Number(total?.n ?? 0);
};
