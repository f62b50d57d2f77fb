import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { stockNow } from '../../db/schema/index.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { col, contains, countOf, locationScope } from './stock-sql.repository.js';

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
  size: string;
  colour: string;
  minimumStock: number;
  currentStock: number;
  updatedAt: Date;
  uploadedAt: Date | null;
};

/** A minimum stock row with the current stock (view stock_now) of its GTIN in its area. */
const minimumSelect = sql`
  select ms.id, ms.area_id, a.description as area_description, l.id as location_id, l.description as location_description,
    ms.item_type_id, it.gtin, it.description, it.size_primary, it.colour, ms.minimum_stock, ms.updated_at, c.uploaded_at,
    greatest(ms.updated_at, c.uploaded_at) as alarm_date,
    cur.quantity as current_stock
  from minimum_stocks ms
  join areas a on a.id = ms.area_id
  join locations l on l.id = a.location_id
  join item_types it on it.id = ms.item_type_id
  left join counted_stocks c on c.area_id = ms.area_id and c.item_type_id = ms.item_type_id
  cross join lateral (
    select coalesce(sum(s.quantity), 0)::int as quantity from ${stockNow} s
    where s.area_id = ms.area_id and s.item_type_id = ms.item_type_id
  ) cur`;

const minimumColumns = {
  id: col.int,
  area_id: col.int,
  area_description: col.text,
  location_id: col.int,
  location_description: col.text,
  item_type_id: col.int,
  gtin: col.text,
  description: col.text,
  size_primary: col.text,
  colour: col.text,
  minimum_stock: col.int,
  current_stock: col.int,
  updated_at: col.instant,
  uploaded_at: col.instantOrNull,
};
const minimumRowSchema = z.object(minimumColumns);

const toMinimum = (r: z.infer<typeof minimumRowSchema>): MinimumStockRecord => ({
  id: r.id,
  areaId: r.area_id,
  areaDescription: r.area_description,
  locationId: r.location_id,
  locationDescription: r.location_description,
  itemTypeId: r.item_type_id,
  gtin: r.gtin,
  description: r.description,
  size: r.size_primary,
  colour: r.colour,
  minimumStock: r.minimum_stock,
  currentStock: r.current_stock,
  updatedAt: r.updated_at,
  uploadedAt: r.uploaded_at,
});

export const minimumStocksOfType = async (
  db: DbOrTx,
  { user, itemTypeId, locationId, areaId }: { user: AuthUser; itemTypeId: number; locationId?: number; areaId?: number },
): Promise<MinimumStockRecord[]> => {
  const conditions: SQL[] = [sql`ms.item_type_id = ${itemTypeId}`, sql`ms.company_id = ${user.companyId}`, locationScope(user)];
  if (locationId) conditions.push(sql`l.id = ${locationId}`);
  if (areaId) conditions.push(sql`ms.area_id = ${areaId}`);
  const rows = parseRows(
    minimumRowSchema,
    await db.execute(
      sql`${minimumSelect} where ${sql.join(conditions, sql` and `)} order by l.description, a.description, ms.id limit 1000`,
    ),
  );
  return rows.map(toMinimum);
};

export const minimumStockById = async (db: DbOrTx, user: AuthUser, id: number): Promise<MinimumStockRecord | null> => {
  const [row] = parseRows(
    minimumRowSchema,
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
  const [row] = parseRows(
    z.object({ id: col.int, created: z.boolean() }),
    await db.execute(sql`
      insert into minimum_stocks (company_id, area_id, item_type_id, minimum_stock, updated_at)
      values (${companyId}, ${areaId}, ${itemTypeId}, ${minimumStock}, now())
      on conflict (area_id, item_type_id)
      do update set minimum_stock = excluded.minimum_stock, updated_at = excluded.updated_at
      returning id, (xmax = 0) as created`),
  );
  if (!row) throw new Error('minimum stock not written');
  return row;
};

/** Changes a record's area and value; false when another record has that area and GTIN. */
export const updateMinimumStock = async (
  db: DbOrTx,
  { id, areaId, minimumStock }: { id: number; areaId: number; minimumStock: number },
): Promise<boolean> => {
  const clash = parseRows(
    z.object({ id: col.int }),
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
  conditions.push(sql`cur.quantity < ms.minimum_stock`);
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
  const rows = parseRows(
    minimumRowSchema.extend({ total: col.int }),
    await db.execute(sql`select x.*, count(*) over ()::int as total from (${minimumSelect} where ${where}) x
      order by ${alarmOrder(orderBy, sql`x`)} limit ${page.limit} offset ${page.offset}`),
  );
  const count = rows.length || page.offset === 0 ? (rows[0]?.total ?? 0) : await alarmCount(db, { user, filters });
  return { count, rows: rows.map(toMinimum) };
};

export const alarmCount = async (db: DbOrTx, { user, filters }: { user: AuthUser; filters: AlarmFilters }): Promise<number> => {
  return countOf(await db.execute(sql`select count(*)::int as n from (${minimumSelect} where ${alarmWhere(user, filters)}) x`));
};
