import { verificationSideSchema } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { parseRows } from '../../db/rows.js';
import { itemTypes } from '../../db/schema/index.js';
import type { PageParams } from '../../http/paging.js';
import { containsPattern } from './order-scope.repository.js';

/** Orders core: the per-GTIN lines of an order or box, and the CSV sources of the order pages. */

const sizesSchema = z.preprocess(
  (v) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])),
  z.array(z.object({ country: z.string(), value: z.string() })),
);
const text = z
  .string()
  .nullable()
  .transform((v) => v ?? '');

const itemLineRow = z
  .object({
    gtin: z.string(),
    item_type_id: z.coerce.number().nullable(),
    expected: z.coerce.number(),
    dest_real: z.coerce.number(),
    origin_real: z.coerce.number(),
    total: z.coerce.number(),
    description: text,
    section: text,
    cloth_type: text,
    model: text,
    colour: text,
    reference: text,
    sizes: sizesSchema,
  })
  .transform((r) => ({
    gtin: r.gtin,
    itemTypeId: r.item_type_id,
    expected: r.expected,
    destinationReal: r.dest_real,
    originReal: r.origin_real,
    total: r.total,
    description: r.description,
    section: r.section,
    clothType: r.cloth_type,
    model: r.model,
    colour: r.colour,
    reference: r.reference,
    sizes: r.sizes,
  }));
export type ItemLineRow = z.output<typeof itemLineRow>;

/**
 * Per-GTIN lines of an order or of one box: expected = Σ box contents; real = Σ lines of the
 * counting (latest valid) verification of each box, per side. GTINs read but not expected
 * appear with expected 0. Ordered by GTIN.
 */
export const itemLines = async (
  db: DbOrTx,
  {
    orderId,
    boxId,
    gtinContains,
    itemTypeId,
    page,
  }: { orderId: number; boxId?: number; gtinContains?: string; itemTypeId?: number; page: PageParams },
): Promise<{ count: number; rows: ItemLineRow[] }> => {
  const boxFilter = boxId === undefined ? sql`` : sql` and b.id = ${boxId}`;
  const gtinFilter = gtinContains ? sql` and lines.gtin like ${containsPattern(gtinContains)}` : sql``;
  const typeFilter = itemTypeId === undefined ? sql`` : sql` and t.id = ${itemTypeId}`;
  const rows = parseRows(
    itemLineRow,
    await db.execute(sql`
      with counting as (
        select distinct on (v.box_id, v.side) v.id, v.side
        from verifications v join boxes b on b.id = v.box_id
        where v.order_id = ${orderId} and v.valid${boxFilter}
        order by v.box_id, v.side, v.start_time desc, v.id desc
      ),
      expected as (
        select t.gtin, c.item_type_id, sum(c.quantity)::int as quantity
        from box_contents c join boxes b on b.id = c.box_id join item_types t on t.id = c.item_type_id
        where b.order_id = ${orderId}${boxFilter}
        group by t.gtin, c.item_type_id
      ),
      reals as (
        select l.gtin, max(l.item_type_id) as item_type_id,
          coalesce(sum(l.real) filter (where counting.side = 'destination'), 0)::int as dest_real,
          coalesce(sum(l.real) filter (where counting.side = 'origin'), 0)::int as origin_real
        from verification_lines l join counting on counting.id = l.verification_id
        group by l.gtin
      ),
      lines as (
        select coalesce(e.gtin, r.gtin) as gtin, coalesce(e.item_type_id, r.item_type_id) as item_type_id,
          coalesce(e.quantity, 0) as expected, coalesce(r.dest_real, 0) as dest_real, coalesce(r.origin_real, 0) as origin_real
        from expected e full outer join reals r on r.gtin = e.gtin
      )
      select lines.*, count(*) over () as total,
        t.description, t.section, t.cloth_type, t.model, t.colour, t.reference, t.sizes
      from lines left join item_types t on t.id = lines.item_type_id
      where true${gtinFilter}${typeFilter}
      order by lines.gtin
      limit ${page.limit} offset ${page.offset}`),
  );
  return { count: rows[0]?.total ?? 0, rows };
};

/** Every line of an order (the items CSV). */
export const allItemLines = async (db: DbOrTx, orderId: number) =>
  (await itemLines(db, { orderId, page: { limit: 1_000_000, offset: 0 } })).rows;

/** The company's item type, or undefined. */
export const getItemType = async (db: DbOrTx, companyId: number, id: number) =>
  companyRowById(db.select().from(itemTypes).$dynamic(), itemTypes, { companyId, id });

// ---------------------------------------------------------------- CSV sources

const timeCell = z.union([z.date(), z.string()]).nullable();
const orderCsvRow = z.object({
  id: z.coerce.number(),
  codebar: z.string(),
  origin_status: z.coerce.number(),
  origin_reading_time: timeCell,
  destination_status: z.coerce.number(),
  destination_reading_time: timeCell,
  gtin: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.coerce.number().nullable(),
  origin_read: z.coerce.number().nullable(),
  destination_read: z.coerce.number().nullable(),
});
export type OrderCsvRow = z.output<typeof orderCsvRow>;

const [ORIGIN, DESTINATION] = verificationSideSchema.options;

/**
 * The boxes of an order, one row per box and GTIN: its expected quantity and the units read on each side by the box's
 * counting (latest valid) verification there (a GTIN read but not expected has no expected quantity; a box without
 * contents one row without GTIN). `boxesPerChunk` boxes at a time, by keyset on (codebar, id): no offset scans, one
 * short query per chunk.
 */
export async function* orderCsvChunks(db: DbOrTx, orderId: number, boxesPerChunk = 500): AsyncGenerator<OrderCsvRow[]> {
  let after: { codebar: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql` and (b.codebar, b.id) > (${after.codebar}, ${after.id})` : sql``;
    const rows: OrderCsvRow[] = parseRows(
      orderCsvRow,
      await db.execute(sql`
        with page as (
          select b.id, b.codebar, b.origin_status, b.origin_reading_time, b.destination_status, b.destination_reading_time
          from boxes b where b.order_id = ${orderId}${keyset}
          order by b.codebar, b.id limit ${boxesPerChunk}
        ),
        counting as (
          select distinct on (v.box_id, v.side) v.id, v.box_id, v.side
          from verifications v join page on page.id = v.box_id
          where v.valid
          order by v.box_id, v.side, v.start_time desc, v.id desc
        ),
        reads as (
          select counting.box_id, l.gtin, max(l.item_type_id) as item_type_id,
            coalesce(sum(l.real) filter (where counting.side = ${ORIGIN}), 0)::int as origin_read,
            coalesce(sum(l.real) filter (where counting.side = ${DESTINATION}), 0)::int as destination_read
          from verification_lines l join counting on counting.id = l.verification_id
          group by counting.box_id, l.gtin
        ),
        expected as (
          select c.box_id, t.gtin, max(t.id) as item_type_id, sum(c.quantity)::int as quantity
          from box_contents c join page on page.id = c.box_id join item_types t on t.id = c.item_type_id
          group by c.box_id, t.gtin
        ),
        lines as (
          select coalesce(e.box_id, r.box_id) as box_id, coalesce(e.gtin, r.gtin) as gtin,
            coalesce(e.item_type_id, r.item_type_id) as item_type_id, e.quantity,
            coalesce(r.origin_read, 0) as origin_read, coalesce(r.destination_read, 0) as destination_read
          from expected e full outer join reads r on r.box_id = e.box_id and r.gtin = e.gtin
        )
        select page.*, lines.gtin, t.description, lines.quantity, lines.origin_read, lines.destination_read
        from page left join lines on lines.box_id = page.id left join item_types t on t.id = lines.item_type_id
        order by page.codebar, page.id, lines.gtin`),
    );
    const last = rows.at(-1);
    if (!last) return;
    yield rows;
    after = { codebar: last.codebar, id: last.id };
    if (new Set(rows.map((r) => r.id)).size < boxesPerChunk) return;
  }
}

const epcRow = z.object({
  codebar: z.string(),
  side: z.string(),
  epc: z.string(),
  gtin: z.string().nullable(),
  description: z.string().nullable(),
});

/** EPC-mode CSV rows: one row per EPC of each box's counting (latest valid) verification, per side. */
export const orderEpcRows = async (db: DbOrTx, orderId: number) =>
  parseRows(
    epcRow,
    await db.execute(sql`
      with counting as (
        select distinct on (v.box_id, v.side) v.id, v.box_id, v.side, v.reading_set_id
        from verifications v where v.order_id = ${orderId} and v.valid
        order by v.box_id, v.side, v.start_time desc, v.id desc
      )
      select distinct b.codebar, counting.side, i.epc, i.gtin, t.description
      from counting join boxes b on b.id = counting.box_id
      join traces tr on tr.reading_set_id = counting.reading_set_id
      join items i on i.id = tr.item_id
      left join item_types t on t.id = i.item_type_id
      order by b.codebar, counting.side, i.epc`),
  );

const printDataRow = z.object({
  order_id: z.coerce.number(),
  order_code: z.string(),
  provider_name: z.string().nullable(),
  estimated_arrival_date: timeCell,
  arrival_date: timeCell,
  codebar: z.string(),
  gtin: z.string(),
  description: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  size_primary: z.string().nullable(),
  quantity: z.coerce.number(),
});

/**
 * Print data for a range: expected units per order, box and GTIN of the location's purchase orders whose arrival (else
 * estimated arrival, else creation) is from `from` on and before `to` (up to it when `to.inclusive`).
 */
export const printDataRows = async (
  db: DbOrTx,
  { locationId, from, to }: { locationId: number; from: Date; to: { at: Date; inclusive: boolean } | null },
) =>
  parseRows(
    printDataRow,
    await db.execute(sql`
      select o.id as order_id, o.order_code, p.name as provider_name, o.estimated_arrival_date, o.arrival_date,
        b.codebar, t.gtin, t.description, t.model, t.colour, t.size_primary, c.quantity
      from orders o
      join boxes b on b.order_id = o.id
      join box_contents c on c.box_id = b.id
      join item_types t on t.id = c.item_type_id
      left join providers p on p.id = o.provider_id
      where o.type = 'purchase' and o.destination_location_id = ${locationId}
        and coalesce(o.arrival_date, o.estimated_arrival_date, o.creation_date) >= ${from}
        ${to ? sql`and coalesce(o.arrival_date, o.estimated_arrival_date, o.creation_date) ${to.inclusive ? sql`<=` : sql`<`} ${to.at}` : sql``}
      order by o.id, b.codebar, t.gtin
      limit 200000`),
  );
