import type { InventorySummaryQuery, InventoryTagQuery } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { escapeLike } from '../../db/sql.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';

/**
 * The inventory module's reports: per-GTIN figures, the read and lost EPCs, and a location's
 * inventory statistics. Paged in SQL over the inventory's own rows (per-GTIN counts and the
 * (inventory, item type) indexes).
 */

const count = z.coerce.number();
const nullableCount = z.coerce.number().nullable();

/* ------------------------------------------------------------------ per-GTIN figures */

export type SummaryKind = 'all' | 'remaining' | 'surplus';

const sizeValue = z.object({ country: z.string(), value: z.string() });
const summaryRow = z.object({
  item_type: count,
  gtin: z.string(),
  expected: count,
  read: count,
  matched: count,
  description: z.string(),
  model: z.string(),
  colour: z.string(),
  season: z.string(),
  section: z.string(),
  reference: z.string(),
  size_primary: z.string(),
  // jsonb: an array (PGlite, node-postgres) or its text.
  sizes: z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), z.array(sizeValue)),
  total: count,
});
export type SummaryRow = z.infer<typeof summaryRow>;

type SummaryTextFilter = Exclude<keyof InventorySummaryQuery, 'limit' | 'offset' | 'order_by'>;

/** The summary's text filters (spec section 7) → conditions on the GTIN (alias `it`). */
const SUMMARY_TEXT_FILTERS: Readonly<Record<SummaryTextFilter, SQL>> = allowList({
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
  }: { inventoryId: number; kind: SummaryKind; query: InventorySummaryQuery; page: PageParams; itemTypeId?: number },
): Promise<{ count: number; rows: SummaryRow[] }> => {
  const conditions: SQL[] = [];
  for (const [key, column] of Object.entries(SUMMARY_TEXT_FILTERS) as [SummaryTextFilter, SQL][]) {
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
    order by ${summaryOrder(query.order_by)}
    limit ${page.limit} offset ${page.offset}`);
  const rows = parseRows(summaryRow, result);
  if (rows.length || page.offset === 0) return { count: rows[0]?.total ?? 0, rows };
  // A page past the end has no row to carry the total: count again without paging.
  const again = await inventorySummary(db, { inventoryId, kind, query, page: { limit: 1, offset: 0 }, itemTypeId });
  return { count: again.count, rows: [] };
};

/* ------------------------------------------------------------------ tags */

export type TagKind = 'read' | 'lost';
const tagRow = z.object({
  id: count,
  epc: z.string(),
  gtin: z.string().nullable(),
  item_type: nullableCount,
  lot: z.string().nullable(),
  description: z.string().nullable().default(null),
  read_at: z.union([z.date(), z.string()]).nullable(),
  is_expected: z.boolean(),
});
export type TagRow = z.infer<typeof tagRow>;

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

const toTagRows = (result: unknown): TagRow[] => parseRows(tagRow, result);

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
  const types = parseRows(
    z.object({ item_type_id: count, description: z.string().nullable(), n: count }),
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
    const size = type.n;
    const skip = Math.max(page.offset - before, 0);
    const take = Math.min(end - before, size) - skip;
    if (take > 0) parts.push({ itemTypeId: type.item_type_id, skip, take });
    descriptions.set(type.item_type_id, type.description);
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
  { inventoryId, kind, query, page }: { inventoryId: number; kind: TagKind; query: InventoryTagQuery; page: PageParams },
): Promise<{ count: number; rows: TagRow[] }> => {
  const gtin = query.itemType__gtin__contains || undefined;
  const epc = query.epc__contains ? query.epc__contains.replace(/\s+/g, '').toUpperCase() : undefined;
  const order = (query.order_by ?? 'itemType')
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
  return { count: parseRows(z.object({ n: count }), counted)[0]?.n ?? 0, rows: toTagRows(listed) };
};
