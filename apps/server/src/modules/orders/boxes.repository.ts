import type { receptionListQuerySchema } from '@rfid/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import { parseRows } from '../../db/rows.js';
import { boxContents, boxes, itemTypes, orders, receptions } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { allowList, buildFilters, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { containsPattern, visibleOrders, visibleOrdersRaw } from './order-scope.repository.js';

/** Orders core: receptions, boxes and their expected contents. */

// ---------------------------------------------------------------- receptions

const receptionColumns = {
  id: receptions.id,
  orderId: receptions.orderId,
  receptionCode: receptions.receptionCode,
  createdAt: receptions.createdAt,
};

export const insertReception = async (db: DbOrTx, orderId: number, receptionCode: string) => {
  const [row] = await db.insert(receptions).values({ orderId, receptionCode }).returning();
  if (!row) throw new Error('reception not inserted');
  return row;
};

export const getReception = async (db: DbOrTx, user: AuthUser, id: number) => {
  const [row] = await db
    .select(receptionColumns)
    .from(receptions)
    .innerJoin(orders, eq(orders.id, receptions.orderId))
    .where(and(eq(receptions.id, id), visibleOrders(user)))
    .limit(1);
  return row;
};

export const receptionFilters: FilterSpec = {
  order_id: { column: receptions.orderId, lookups: ['exact'], type: 'number' },
  reception_code: { column: receptions.receptionCode, lookups: ['exact', 'icontains', 'contains'] },
};

export const listReceptions = async (
  db: DbOrTx,
  user: AuthUser,
  query: z.output<typeof receptionListQuerySchema>,
  page: PageParams,
) => {
  const where = and(visibleOrders(user), buildFilters(query, receptionFilters));
  const selected = db
    .select(receptionColumns)
    .from(receptions)
    .innerJoin(orders, eq(orders.id, receptions.orderId))
    .where(where)
    .$dynamic();
  return pageOf(db, selected, [desc(receptions.id)], page);
};

// ---------------------------------------------------------------- box writes

export const codebarExists = async (db: DbOrTx, companyId: number, codebar: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: boxes.id })
    .from(boxes)
    .where(and(eq(boxes.companyId, companyId), eq(boxes.codebar, codebar)))
    .limit(1);
  return Boolean(row);
};

export const insertBox = async (db: DbOrTx, values: typeof boxes.$inferInsert): Promise<number> => {
  const [row] = await db.insert(boxes).values(values).returning({ id: boxes.id });
  if (!row) throw new Error('box not inserted');
  return row.id;
};

/** The company's GTIN rows for these GTINs (GTIN-8/12/13 are looked up as GTIN-14 too). */
export const itemTypesByGtin = async (db: DbOrTx, companyId: number, gtins: string[]) => {
  const wanted = [...new Set(gtins.flatMap((g) => [g, g.padStart(14, '0')]))];
  if (!wanted.length) return new Map<string, { id: number; gtin: string }>();
  const rows = await db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.gtin, wanted)));
  const byGtin = new Map<string, { id: number; gtin: string }>();
  for (const row of rows) {
    byGtin.set(row.gtin, row);
    byGtin.set(row.gtin.replace(/^0+/, ''), row);
  }
  return byGtin;
};

export const insertContents = async (db: DbOrTx, rows: { boxId: number; itemTypeId: number; quantity: number }[]) => {
  if (!rows.length) return [];
  return db.insert(boxContents).values(rows).returning();
};

export const deleteBox = async (db: DbOrTx, id: number): Promise<void> => {
  await db.delete(boxes).where(eq(boxes.id, id));
};

// ---------------------------------------------------------------- box reads

const boxRow = z
  .object({
    id: z.coerce.number(),
    codebar: z.string(),
    order_id: z.coerce.number(),
    order_code: z.string(),
    order_type: z.enum(['purchase', 'movement', 'online']),
    provider_name: z.string().nullable(),
    order_creation_date: z.coerce.date(),
    reception_id: z.coerce.number().nullable(),
    origin_status: z.coerce.number(),
    destination_status: z.coerce.number(),
    origin_reading_time: z.coerce.date().nullable(),
    destination_reading_time: z.coerce.date().nullable(),
    theorical_item_count: z.coerce.number(),
    refs: z.coerce.number(),
    dest_real: z.coerce.number(),
    dest_matched: z.coerce.number(),
    dest_verifications: z.coerce.number(),
    origin_real: z.coerce.number(),
    origin_matched: z.coerce.number(),
    origin_verifications: z.coerce.number(),
  })
  .transform((r) => ({
    id: r.id,
    codebar: r.codebar,
    orderId: r.order_id,
    orderCode: r.order_code,
    orderType: r.order_type,
    providerName: r.provider_name,
    orderCreationDate: r.order_creation_date,
    receptionId: r.reception_id,
    originStatus: r.origin_status,
    destinationStatus: r.destination_status,
    originReadingTime: r.origin_reading_time,
    destinationReadingTime: r.destination_reading_time,
    theoricalItemCount: r.theorical_item_count,
    references: r.refs,
    destinationRealItemCount: r.dest_real,
    destinationMatchedItemCount: r.dest_matched,
    destinationVerificationCount: r.dest_verifications,
    originRealItemCount: r.origin_real,
    originMatchedItemCount: r.origin_matched,
    originVerificationCount: r.origin_verifications,
  }));
export type BoxRow = z.output<typeof boxRow>;

const boxRowsQuery = (where: SQL, orderBy: SQL, limit: number, offset: number) => sql`
  select b.id, b.codebar, b.order_id, o.order_code, o.type as order_type, p.name as provider_name,
    o.creation_date as order_creation_date, b.reception_id,
    b.origin_status, b.destination_status, b.origin_reading_time, b.destination_reading_time,
    coalesce((select sum(c.quantity) from box_contents c where c.box_id = b.id), 0)::int as theorical_item_count,
    (select count(distinct c.item_type_id) from box_contents c where c.box_id = b.id)::int as refs,
    coalesce(dv.real_item_count, 0)::int as dest_real, coalesce(dv.matched_item_count, 0)::int as dest_matched,
    (select count(*) from verifications v where v.box_id = b.id and v.side = 'destination')::int as dest_verifications,
    coalesce(ov.real_item_count, 0)::int as origin_real, coalesce(ov.matched_item_count, 0)::int as origin_matched,
    (select count(*) from verifications v where v.box_id = b.id and v.side = 'origin')::int as origin_verifications
  from boxes b
  join orders o on o.id = b.order_id
  left join providers p on p.id = o.provider_id
  left join lateral (
    select v.real_item_count, v.matched_item_count from verifications v
    where v.box_id = b.id and v.side = 'destination' and v.valid
    order by v.start_time desc, v.id desc limit 1) dv on true
  left join lateral (
    select v.real_item_count, v.matched_item_count from verifications v
    where v.box_id = b.id and v.side = 'origin' and v.valid
    order by v.start_time desc, v.id desc limit 1) ov on true
  where ${where}
  order by ${orderBy}
  limit ${limit} offset ${offset}`;

const boxRows = async (db: DbOrTx, where: SQL, orderBy: SQL, page: PageParams): Promise<BoxRow[]> =>
  parseRows(boxRow, await db.execute(boxRowsQuery(where, orderBy, page.limit, page.offset)));

export const getBox = async (db: DbOrTx, user: AuthUser, id: number): Promise<BoxRow | undefined> => {
  const [row] = await boxRows(db, sql`b.id = ${id} and ${visibleOrdersRaw(user)}`, sql`b.id`, { limit: 1, offset: 0 });
  return row;
};

export const findBoxesByCodebar = async (db: DbOrTx, user: AuthUser, codebar: string, page: PageParams) => {
  const where = sql`b.company_id = ${user.companyId} and b.codebar = ${codebar} and ${visibleOrdersRaw(user)}`;
  const rows = await boxRows(db, where, sql`b.id`, page);
  return { count: rows.length, rows };
};

const BOX_ORDER: Record<string, string> = allowList({
  box__codebar: 'b.codebar',
  codebar: 'b.codebar',
  barcode: 'b.codebar',
  id: 'b.id',
  destination_status: 'b.destination_status',
  origin_status: 'b.origin_status',
  destination_reading_time: 'b.destination_reading_time',
  origin_reading_time: 'b.origin_reading_time',
});

/** `side`: whose status and reading time the unprefixed `status` and `reading_time` orderings use (the side the page shows). */
export const listOrderBoxes = async (
  db: DbOrTx,
  {
    orderId,
    codebarContains,
    orderBy,
    page,
    side = 'destination',
  }: { orderId: number; codebarContains?: string; orderBy?: string; page: PageParams; side?: 'origin' | 'destination' },
) => {
  const filter = codebarContains ? sql` and b.codebar like ${containsPattern(codebarContains)}` : sql``;
  const where = sql`b.order_id = ${orderId}${filter}`;
  const key = orderBy?.replace(/^-/, '') ?? 'box__codebar';
  const column = BOX_ORDER[key === 'status' || key === 'reading_time' ? `${side}_${key}` : key] ?? 'b.codebar';
  const direction = orderBy?.startsWith('-') ? 'desc' : 'asc';
  const orderSql = sql.raw(`${column} ${direction} nulls last, b.id ${direction}`);
  const rows = await boxRows(db, where, orderSql, page);
  return { count: await listCount(db, { rows: sql`select 1 from boxes b where ${where}`, page, rowsOnPage: rows.length }), rows };
};
