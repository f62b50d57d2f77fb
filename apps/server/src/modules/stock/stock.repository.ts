import { ItemState } from '@rfid/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { listCount } from '../../db/counts.js';
import { parseRows } from '../../db/rows.js';
import { itemTypes, stockNow } from '../../db/schema/index.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { EpcLineRow } from '../tracking/epc-line.js';
import { type AreaSet, areaIdList, areaIdsOf, col, contains, countOf } from './stock-sql.repository.js';

export * from './stock-boxes.repository.js';
export * from './stock-minimums.repository.js';
export type { AreaSet } from './stock-sql.repository.js';

/**
 * The stock module's queries (docs/design/stock.md). Everything is aggregated and paged in SQL:
 * the items table can hold millions of rows, so stock per GTIN reads the per-area stock the
 * items' triggers keep (view area_stock_now, a row per area and GTIN), stock by tag pages along
 * items_area_state_idx (area_id, state, item_type_id), and box stock is one index-only pass over
 * the sets that carry a barcode (reading_sets_box_last_idx).
 */

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
 * Per GTIN: the one stock (view stock_now: items STOCKED, kept per area and GTIN by the items'
 * triggers, plus the counted stock) of the areas. One row per GTIN with a row in any of the areas.
 */
const stockCte = (areas: SQL): SQL => sql`
  select s.item_type_id, sum(s.rfid)::int as rfid, sum(s.counted)::int as counted
  from ${stockNow} s
  where s.area_id in ${areas} and s.item_type_id is not null
  group by s.item_type_id`;

/**
 * Per location and GTIN (item type): the one stock (stock_now's `quantity`: items STOCKED plus the counted stock) of
 * the areas `areas` (a list or a subquery of area ids). The ERP differences (modules/erp) compare it to the ERP's.
 */
export const locationGtinStock = (areas: SQL): SQL => sql`
  select s.location_id, s.item_type_id, sum(s.quantity)::int as quantity
  from ${stockNow} s
  where s.area_id in ${areas} and s.item_type_id is not null
  group by s.location_id, s.item_type_id`;

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

const stockRowSchema = z
  .object({
    id: col.int,
    gtin: col.text,
    reference: col.text,
    description: col.text,
    model: col.text,
    colour: col.text,
    season: col.text,
    cloth_type: col.text,
    section: col.text,
    zone: col.text,
    sizes: z.preprocess(
      (v) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])),
      z.array(z.object({ country: z.coerce.string(), value: z.coerce.string() })),
    ),
    size_primary: col.text,
    size_secondary: col.text,
    price: col.textOrNull,
    rfid: col.int,
    counted: col.int,
    minimum_stock_id: col.intOrNull,
    minimum_stock: col.intOrNull,
    total: col.int,
  })
  .transform(
    ({
      cloth_type,
      size_primary,
      size_secondary,
      minimum_stock_id,
      minimum_stock,
      ...same
    }): StockRowRecord & {
      total: number;
    } =>
      // Object.assign onto the fresh rest object, not a spread: V8 in Node 20 builds `{ ...same, …5 fields }` several
      // times slower (docs/performance-profile.md).
      Object.assign(same, {
        clothType: cloth_type,
        sizePrimary: size_primary,
        sizeSecondary: size_secondary,
        minimumStockId: minimum_stock_id,
        minimumStock: minimum_stock,
      }),
  );

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
  const cte = stockCte(await areaIdList(db, areas));
  // One pass: the aggregate is computed once and the total comes with the page (count(*) over ()).
  const rows = parseRows(
    stockRowSchema,
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
      ? (rows[0]?.total ?? 0)
      : countOf(await db.execute(sql`with stock as (${cte}) select count(*)::int as n from ${from} where ${where}`));
  return {
    count: total,
    rows: rows.map(({ total: _total, ...row }) => row),
  };
};

/* ------------------------------------------------------------------ stock by tag */

export type ItemStockRecord = EpcLineRow & {
  areaId: number;
  areaDescription: string;
  locationId: number;
  locationDescription: string;
  lastSeenAt: Date | null;
};

const itemStockRowSchema = z
  .object({
    id: col.int,
    epc: col.text,
    gtin: col.textOrNull,
    item_type_id: col.intOrNull,
    description: col.textOrNull,
    size_primary: col.textOrNull,
    colour: col.textOrNull,
    serial: z.coerce.string().nullable(),
    area_id: col.int,
    area_description: col.text,
    location_id: col.int,
    location_description: col.text,
    last_seen_at: col.instantOrNull,
  })
  .transform(
    (r): ItemStockRecord => ({
      id: r.id,
      epc: r.epc,
      gtin: r.gtin,
      itemTypeId: r.item_type_id,
      description: r.description,
      size: r.size_primary,
      colour: r.colour,
      serial: r.serial,
      areaId: r.area_id,
      areaDescription: r.area_description,
      locationId: r.location_id,
      locationDescription: r.location_description,
      lastSeenAt: r.last_seen_at,
    }),
  );

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
  const rows = parseRows(
    itemStockRowSchema,
    await db.execute(sql`
      with page as (
        select i.id, i.epc, i.gtin, i.item_type_id, i.serial, i.area_id, i.last_seen_at
        from items i where ${where}
        order by i.area_id, i.item_type_id, i.id
        limit ${page.limit} offset ${page.offset}
      )
      select page.*, it.description, it.size_primary, it.colour, a.description as area_description, l.id as location_id, l.description as location_description
      from page
      join areas a on a.id = page.area_id
      join locations l on l.id = a.location_id
      left join item_types it on it.id = page.item_type_id
      order by page.area_id, page.item_type_id, page.id`),
  );
  // The total without an EPC filter is the per-area stock (exact, a row per area and GTIN); an EPC
  // substring (trigram index) counts exactly up to a cap, then takes the planner's estimate (db/counts.ts).
  const total = epc
    ? await listCount(db, { rows: sql`select 1 from items i where ${where}`, page, rowsOnPage: rows.length })
    : countOf(
        await db.execute(sql`
          select coalesce(sum(s.rfid), 0)::int as n from ${stockNow} s
          where s.area_id in ${await areaIdList(db, areas)}
            ${gtin ? sql`and s.item_type_id in (select t.id from item_types t where t.gtin like ${contains(gtin)})` : sql``}`),
      );
  return { count: total, rows };
};

/* ------------------------------------------------------------------ counted stock */

/** A GTIN (item type) of the company, or undefined. */
export const itemTypeOf = async (db: DbOrTx, companyId: number, id: number) => {
  const query = db.select({ id: itemTypes.id, gtin: itemTypes.gtin }).from(itemTypes).$dynamic();
  return companyRowById(query, itemTypes, { companyId, id });
};

/** GTIN-14 → item type id, for the GTINs of the company among `gtins`. */
export const itemTypeIdsByGtin = async (db: DbOrTx, companyId: number, gtins: string[]): Promise<Map<string, number>> => {
  const result = new Map<string, number>();
  for (let i = 0; i < gtins.length; i += 1000) {
    const chunk = gtins.slice(i, i + 1000);
    const rows = await db
      .select({ id: itemTypes.id, gtin: itemTypes.gtin })
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.gtin, chunk)));
    for (const r of rows) result.set(r.gtin, r.id);
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
