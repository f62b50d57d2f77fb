import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import { type AreaSet, areaIdsOf, col, contains, countOf } from './stock-sql.repository.js';

/** Box stock: where each barcode was seen last, what a set held, the barcodes seen in an area. */

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

const boxStockColumns = {
  box_id: col.intOrNull,
  order_id: col.intOrNull,
  pallet: col.textOrNull,
  codebar: col.text,
  epc_count: col.int,
  area_id: col.int,
  area_description: col.text,
  location_id: col.int,
  location_description: col.text,
  end_time: col.instant,
};
const boxStockRowSchema = z.object(boxStockColumns);
type BoxStockRow = z.infer<typeof boxStockRowSchema>;

const toBoxStock = (r: BoxStockRow): BoxStockRecord => ({
  boxId: r.box_id,
  orderId: r.order_id,
  pallet: r.pallet ?? '',
  codebar: r.codebar,
  quantity: r.epc_count,
  areaId: r.area_id,
  areaDescription: r.area_description,
  locationId: r.location_id,
  locationDescription: r.location_description,
  date: r.end_time,
});

export const boxStock = async (
  db: DbOrTx,
  { companyId, areas, codebar, page }: { companyId: number; areas: AreaSet; codebar?: string; page: PageParams },
): Promise<{ count: number; rows: BoxStockRecord[] }> => {
  const conditions: SQL[] = [sql`r.area_id in ${areaIdsOf(areas)}`];
  if (codebar) conditions.push(sql`r.codebar ilike ${contains(codebar)}`);
  const where = sql.join(conditions, sql` and `);
  // The last sightings are computed once: the page and its total come from one query.
  const rows = parseRows(
    boxStockRowSchema.extend({ total: col.int }),
    await db.execute(sql`
      with r as (${lastSightings(companyId)}), here as (select r.*, count(*) over ()::int as total from r where ${where})
      select r.codebar, r.epc_count, r.end_time, r.area_id, a.description as area_description,
        l.id as location_id, l.description as location_description, b.id as box_id, b.order_id, o.container as pallet, r.total
      from (select * from here order by end_time desc, codebar limit ${page.limit} offset ${page.offset}) r ${boxJoins}
      order by r.end_time desc, r.codebar`),
  );
  const total =
    rows.length || page.offset === 0
      ? (rows[0]?.total ?? 0)
      : countOf(await db.execute(sql`with r as (${lastSightings(companyId)}) select count(*)::int as n from r where ${where}`));
  return { count: total, rows: rows.map(toBoxStock) };
};

/** The last sighting of a barcode, with the location it was in (the caller checks the user may see it). */
export const lastSighting = async (
  db: DbOrTx,
  { companyId, codebar }: { companyId: number; codebar: string },
): Promise<(BoxStockRecord & { setId: string }) | null> => {
  const [row] = parseRows(
    boxStockRowSchema.extend({ set_id: z.coerce.string() }),
    await db.execute(sql`
      select r.id as set_id, r.codebar, r.epc_count, r.end_time, r.area_id, a.description as area_description,
        l.id as location_id, l.description as location_description, b.id as box_id, b.order_id, o.container as pallet
      from reading_sets r ${boxJoins}
      where r.company_id = ${companyId} and r.codebar = ${codebar}
      order by r.end_time desc, r.id desc
      limit 1`),
  );
  return row ? { ...toBoxStock(row), setId: row.set_id } : null;
};

/** What one reading set held, per GTIN (distinct items; a tag read twice counts once). */
export const setContents = async (db: DbOrTx, setId: string) =>
  parseRows(
    z.object({
      item_type_id: col.intOrNull,
      gtin: col.textOrNull,
      description: col.textOrNull,
      size_primary: col.textOrNull,
      colour: col.textOrNull,
      quantity: col.int,
    }),
    await db.execute(sql`
      select i.item_type_id, i.gtin, it.description, it.size_primary, it.colour, count(distinct i.id)::int as quantity
      from traces t
      join items i on i.id = t.item_id
      left join item_types it on it.id = i.item_type_id
      where t.reading_set_id = ${setId}
      group by i.item_type_id, i.gtin, it.description, it.size_primary, it.colour
      order by quantity desc, i.gtin nulls last
      limit 1000`),
  ).map((r) => ({
    itemTypeId: r.item_type_id,
    gtin: r.gtin,
    description: r.description,
    size: r.size_primary,
    colour: r.colour,
    quantity: r.quantity,
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

const seenRowSchema = z
  .object({
    box_id: col.intOrNull,
    pallet: col.textOrNull,
    codebar: col.text,
    cycles: col.int,
    detections: col.int,
    end_time: col.instant,
  })
  .transform(
    (r): BoxSeenRecord => ({
      boxId: r.box_id,
      pallet: r.pallet ?? '',
      codebar: r.codebar,
      cycles: r.cycles,
      detections: r.detections,
      date: r.end_time,
    }),
  );

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
  const total = countOf(await db.execute(sql`select count(distinct r.codebar)::int as n from reading_sets r where ${where}`));
  const rows = parseRows(
    seenRowSchema,
    await db.execute(sql`${seenSelect(companyId)} where ${where} group by r.codebar order by ${seenOrder(orderBy)}
      limit ${page.limit} offset ${page.offset}`),
  );
  return { count: total, rows };
};

/** The same rows for the CSV, by keyset on the barcode, `perChunk` barcodes a query. */
export async function* boxesSeenChunks(
  db: DbOrTx,
  { companyId, areaId, perChunk = 1000 }: { companyId: number; areaId: number; perChunk?: number },
): AsyncGenerator<BoxSeenRecord[]> {
  let after: string | null = null;
  for (;;) {
    const keyset: SQL = after === null ? sql`` : sql` and r.codebar > ${after}`;
    const rows: BoxSeenRecord[] = parseRows(
      seenRowSchema,
      await db.execute(sql`${seenSelect(companyId)}
        where r.company_id = ${companyId} and r.area_id = ${areaId} and r.codebar is not null${keyset}
        group by r.codebar order by r.codebar limit ${perChunk}`),
    );
    if (!rows.length) return;
    yield rows;
    if (rows.length < perChunk) return;
    after = rows[rows.length - 1]?.codebar ?? null;
  }
}
