import { StickerStatus } from '@rfid/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import { idRow, timestamp } from '../../db/row-schemas.js';
import { parseRows } from '../../db/rows.js';
import { boxes, stickerPdfs, stickers } from '../../db/schema/index.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleOrders } from '../orders/order-scope.repository.js';

const stickerRowSchema = z.object({
  id: z.number(),
  status: z.number(),
  order_id: z.number(),
  order_code: z.string(),
  box_count: z.number(),
  error: z.string().nullable(),
  created_at: timestamp,
  pdf_id: z.union([z.number(), z.string()]).nullable(),
});
export type StickerRow = z.infer<typeof stickerRowSchema>;

const stickerPdfRow = z.object({
  id: z.number(),
  sticker_id: z.number(),
  file_name: z.string(),
  pages: z.number(),
  created_at: timestamp,
});
const pdfFileRow = z.object({ file_name: z.string(), content: z.string() });
const stickerOrderRow = z.object({ id: z.number(), order_code: z.string(), origin: z.string(), destination: z.string() });
const boxRow = z.object({ id: z.number(), codebar: z.string() });
const lineRow = z.object({ box_id: z.number(), gtin: z.string(), description: z.string(), quantity: z.coerce.number() });

export type StickerBox = {
  id: number;
  codebar: string;
  expected: number;
  lines: { gtin: string; description: string; quantity: number }[];
};

/** The order and its people for the stickers: code, where from (provider or location) and where to. */
export type StickerOrder = z.infer<typeof stickerOrderRow>;

/** Stickers of orders the user sees (visibleOrders speaks of the unaliased orders table, hence the subquery). */
const visibleSticker = (user: AuthUser): SQL =>
  sql`s.company_id = ${user.companyId} and exists (select 1 from orders where orders.id = s.order_id and ${visibleOrders(user)})`;

/** Stickers of the orders the user sees: asked for, listed, and their PDFs. */
const stickerQueries = (db: DbOrTx) => ({
  /** The order the user sees (any type), or undefined. */
  async visibleOrder(user: AuthUser, orderId: number): Promise<{ id: number } | undefined> {
    const rows = parseRows(
      idRow,
      await db.execute(sql`select orders.id from orders where orders.id = ${orderId} and ${visibleOrders(user)}`),
    );
    return rows[0];
  },

  /** The ids of the order's boxes among `ids` (all of them when `ids` is undefined). */
  async boxIdsOf(orderId: number, ids?: number[]): Promise<number[]> {
    const rows = await db
      .select({ id: boxes.id })
      .from(boxes)
      .where(and(eq(boxes.orderId, orderId), ...(ids ? [inArray(boxes.id, ids)] : [])));
    return rows.map((r) => r.id);
  },

  async insertSticker(values: typeof stickers.$inferInsert): Promise<number> {
    const [row] = await db.insert(stickers).values(values).returning({ id: stickers.id });
    return row?.id as number;
  },

  async list(user: AuthUser, filters: { id?: number; order?: number; status?: number }, page: PageParams) {
    const where = sql.join(
      [
        visibleSticker(user),
        ...(filters.id === undefined ? [] : [sql`s.id = ${filters.id}`]),
        ...(filters.order === undefined ? [] : [sql`s.order_id = ${filters.order}`]),
        ...(filters.status === undefined ? [] : [sql`s.status = ${filters.status}`]),
      ],
      sql` and `,
    );
    const rows = parseRows(
      stickerRowSchema,
      await db.execute(sql`select s.id, s.status, s.order_id, o.order_code, s.box_count, s.error, s.created_at,
          (select max(p.id) from sticker_pdfs p where p.sticker_id = s.id) as pdf_id
        from stickers s join orders o on o.id = s.order_id
        where ${where} order by s.id desc limit ${page.limit} offset ${page.offset}`),
    );
    return {
      count: await listCount(db, { rows: sql`select 1 from stickers s where ${where}`, page, rowsOnPage: rows.length }),
      rows,
    };
  },

  async pdfs(user: AuthUser, filters: { sticker?: number }, page: PageParams) {
    const where = sql.join(
      [visibleSticker(user), ...(filters.sticker === undefined ? [] : [sql`p.sticker_id = ${filters.sticker}`])],
      sql` and `,
    );
    const from = sql`sticker_pdfs p join stickers s on s.id = p.sticker_id`;
    const rows = parseRows(
      stickerPdfRow,
      await db.execute(sql`select p.id, p.sticker_id, p.file_name, p.pages, p.created_at from ${from}
        where ${where} order by p.id desc limit ${page.limit} offset ${page.offset}`),
    );
    return {
      count: await listCount(db, { rows: sql`select 1 from ${from} where ${where}`, page, rowsOnPage: rows.length }),
      rows,
    };
  },

  async pdfContent(user: AuthUser, id: number): Promise<{ file_name: string; content: string } | undefined> {
    const rows = parseRows(
      pdfFileRow,
      await db.execute(sql`select p.file_name, p.content from sticker_pdfs p join stickers s on s.id = p.sticker_id
        where p.id = ${id} and ${visibleSticker(user)}`),
    );
    return rows[0];
  },
});

/** For the builder (no user: it works on a sticker it was given). */
const builderQueries = (db: DbOrTx) => ({
  async stickerToBuild(id: number) {
    const [row] = await db
      .select({ id: stickers.id, orderId: stickers.orderId, boxIds: stickers.boxIds, language: stickers.language })
      .from(stickers)
      .where(and(eq(stickers.id, id), eq(stickers.status, StickerStatus.pending)));
    return row;
  },

  async pendingStickerIds(): Promise<number[]> {
    const rows = await db
      .select({ id: stickers.id })
      .from(stickers)
      .where(and(eq(stickers.status, StickerStatus.pending), sql`${stickers.error} is null`));
    return rows.map((r) => r.id);
  },

  async orderOf(orderId: number): Promise<StickerOrder | undefined> {
    const rows = parseRows(
      stickerOrderRow,
      await db.execute(sql`select o.id, o.order_code,
          coalesce(p.name, ol.description, '') as origin, coalesce(dl.description, '') as destination
        from orders o left join providers p on p.id = o.provider_id
          left join locations ol on ol.id = o.origin_location_id left join locations dl on dl.id = o.destination_location_id
        where o.id = ${orderId}`),
    );
    return rows[0];
  },

  /** The boxes (by barcode) with their expected lines, in two queries. */
  async boxesOf(orderId: number, ids: number[] | null): Promise<StickerBox[]> {
    const chosen = ids
      ? sql`and b.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    const boxRows = parseRows(
      boxRow,
      await db.execute(sql`select b.id, b.codebar from boxes b where b.order_id = ${orderId} ${chosen} order by b.codebar, b.id`),
    );
    const lineRows = parseRows(
      lineRow,
      await db.execute(sql`select c.box_id, it.gtin, it.description, sum(c.quantity)::int as quantity
        from box_contents c join boxes b on b.id = c.box_id join item_types it on it.id = c.item_type_id
        where b.order_id = ${orderId} ${chosen}
        group by c.box_id, it.gtin, it.description order by it.gtin`),
    );
    const byBox = new Map<number, StickerBox>(boxRows.map((b) => [b.id, { ...b, expected: 0, lines: [] }]));
    for (const line of lineRows) {
      const box = byBox.get(line.box_id);
      if (!box) continue;
      box.lines.push({ gtin: line.gtin, description: line.description, quantity: Number(line.quantity) });
      box.expected += Number(line.quantity);
    }
    return [...byBox.values()];
  },

  async finish(id: number, pdf: { fileName: string; pages: number; content: string }): Promise<void> {
    await db.insert(stickerPdfs).values({ stickerId: id, ...pdf });
    await db.update(stickers).set({ status: StickerStatus.completed, error: null }).where(eq(stickers.id, id));
  },

  async fail(id: number, error: string): Promise<void> {
    await db.update(stickers).set({ error }).where(eq(stickers.id, id));
  },
});

export const createStickersRepository = (db: DbOrTx) => ({
  ...stickerQueries(db),
  ...builderQueries(db),
});
export type StickersRepository = ReturnType<typeof createStickersRepository>;
