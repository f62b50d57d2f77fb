import type { returnListQuerySchema } from '@rfid/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { boxes, orders, providers, returnItems, returns } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { LocationKindPage } from '../use-case-input.js';

/** Orders core: provider and sale returns of the orders. */

export type ReturnRow = {
  id: number;
  kind: 'provider' | 'sale';
  code: string;
  locationId: number;
  orderId: number | null;
  orderCode: string | null;
  providerId: number | null;
  providerName: string | null;
  realItemCount: number;
  startTime: Date | null;
  endTime: Date | null;
};

const returnColumns = {
  id: returns.id,
  kind: returns.kind,
  code: returns.code,
  locationId: returns.locationId,
  orderId: returns.orderId,
  orderCode: orders.orderCode,
  providerId: returns.providerId,
  providerName: providers.name,
  realItemCount: returns.realItemCount,
  startTime: returns.startTime,
  endTime: returns.endTime,
};

export const returnFilters: FilterSpec = {
  code: { column: returns.code, lookups: ['exact', 'contains', 'icontains'] },
  id: { column: returns.id, lookups: ['exact', 'icontains'], type: 'number' },
  end_time: { column: returns.endTime, lookups: ['gte', 'lte'], type: 'date' },
  arrival_date: { column: returns.endTime, lookups: ['gte', 'lte'], type: 'date' },
};

export const listReturns = async (
  db: DbOrTx,
  { kind, locationId, query, page, timeZone }: LocationKindPage<'provider' | 'sale', z.output<typeof returnListQuerySchema>>,
): Promise<{ count: number; rows: ReturnRow[] }> => {
  const spec = returnFilters;
  const where = and(eq(returns.locationId, locationId), eq(returns.kind, kind), buildFilters(query, spec, { timeZone }));
  const order = buildOrderBy(query.order_by, { id: returns.id, end_time: returns.endTime, code: returns.code }, [
    desc(returns.endTime),
    desc(returns.id),
  ]);
  const selected = db
    .select(returnColumns)
    .from(returns)
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(providers, eq(providers.id, returns.providerId))
    .where(where)
    .$dynamic();
  return pageOf(db, selected, order, page);
};

export const getReturn = async (
  db: DbOrTx,
  { id, kind, companyId }: { id: number; kind: 'provider' | 'sale'; companyId: number },
) => {
  const [row] = await db
    .select(returnColumns)
    .from(returns)
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(providers, eq(providers.id, returns.providerId))
    .where(and(eq(returns.id, id), eq(returns.kind, kind), eq(returns.companyId, companyId)))
    .limit(1);
  return row;
};

/** A return's lines per GTIN (ordered by GTIN). */
const returnLineRow = z.object({
  gtin: z.string(),
  item_type_id: z.coerce.number().nullable(),
  quantity: z.coerce.number(),
  total: z.coerce.number(),
  description: z.string(),
  model: z.string(),
  colour: z.string(),
  section: z.string(),
  sizes: z.preprocess(
    (v) => (typeof v === 'string' ? JSON.parse(v) : v),
    z.array(z.object({ country: z.string(), value: z.string() })),
  ),
});

/** A return's lines per GTIN (ordered by GTIN). */
export const returnLines = async (db: DbOrTx, returnId: number, page: PageParams) => {
  const rows = parseRows(
    returnLineRow,
    await db.execute(sql`
      select coalesce(t.gtin, '') as gtin, ri.item_type_id, sum(ri.quantity)::int as quantity, count(*) over () as total,
        coalesce(t.description, '') as description, coalesce(t.model, '') as model, coalesce(t.colour, '') as colour,
        coalesce(t.section, '') as section, coalesce(t.sizes, '[]'::jsonb) as sizes
      from return_items ri left join item_types t on t.id = ri.item_type_id
      where ri.return_id = ${returnId}
      group by ri.item_type_id, t.gtin, t.description, t.model, t.colour, t.section, t.sizes
      order by 1
      limit ${page.limit} offset ${page.offset}`),
  );
  return {
    count: rows[0]?.total ?? 0,
    rows: rows.map(({ total: _total, item_type_id, ...r }) => ({ ...r, itemTypeId: item_type_id })),
  };
};

export const insertReturn = async (
  db: DbOrTx,
  values: typeof returns.$inferInsert,
  lines: { itemId: number; epc: string; itemTypeId: number | null }[],
): Promise<number> => {
  const [row] = await db.insert(returns).values(values).returning({ id: returns.id });
  if (!row) throw new Error('return not inserted');
  if (lines.length) await db.insert(returnItems).values(lines.map((l) => ({ ...l, returnId: row.id, quantity: 1 })));
  return row.id;
};

/** An order found by its code for a return: purchase orders arriving at, or online orders leaving, the location. */
export const findOrderForReturn = async (
  db: DbOrTx,
  { companyId, code, type, locationId }: { companyId: number; code: string; type: 'purchase' | 'online'; locationId: number },
) => {
  const locationColumn = type === 'purchase' ? orders.destinationLocationId : orders.originLocationId;
  const [byCode] = await db
    .select({ id: orders.id, providerId: orders.providerId })
    .from(orders)
    .where(
      and(eq(orders.companyId, companyId), eq(orders.type, type), eq(orders.orderCode, code), eq(locationColumn, locationId)),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (byCode) return byCode;
  const [byBox] = await db
    .select({ id: orders.id, providerId: orders.providerId })
    .from(boxes)
    .innerJoin(orders, eq(orders.id, boxes.orderId))
    .where(and(eq(boxes.companyId, companyId), eq(boxes.codebar, code), eq(orders.type, type), eq(locationColumn, locationId)))
    .limit(1);
  return byBox;
};
