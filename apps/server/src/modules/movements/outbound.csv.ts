import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** The server's one CSV writer (http/csv.ts): streamed in chunks, every text cell quoted, formulas escaped. */
export { streamCsv } from '../../http/csv.js';

export type OutboundCsvRow = {
  id: number;
  codebar: string;
  origin_status: number;
  origin_reading_time: Date | string | null;
  destination_status: number;
  destination_reading_time: Date | string | null;
  gtin: string | null;
  description: string | null;
  quantity: number | null;
};

/**
 * The boxes of an order with their expected contents, `boxesPerChunk` boxes at a time, by
 * keyset on (codebar, id): no offset scans, one short query per chunk.
 */
export async function* outboundCsvChunks(db: DbOrTx, orderId: number, boxesPerChunk = 500): AsyncGenerator<OutboundCsvRow[]> {
  let after: { codebar: string; id: number } | null = null;
  for (;;) {
    const keyset = after ? sql` and (b.codebar, b.id) > (${after.codebar}, ${after.id})` : sql``;
    const rows = rowsOf<OutboundCsvRow>(
      await db.execute(sql`
        with page as (
          select b.id, b.codebar, b.origin_status, b.origin_reading_time, b.destination_status, b.destination_reading_time
          from boxes b where b.order_id = ${orderId}${keyset}
          order by b.codebar, b.id limit ${boxesPerChunk}
        )
        select page.*, t.gtin, t.description, c.quantity
        from page left join box_contents c on c.box_id = page.id left join item_types t on t.id = c.item_type_id
        order by page.codebar, page.id, t.gtin`),
    );
    if (!rows.length) return;
    yield rows;
    const last = rows[rows.length - 1] as OutboundCsvRow;
    after = { codebar: last.codebar, id: Number(last.id) };
    if (new Set(rows.map((r) => r.id)).size < boxesPerChunk) return;
  }
}

/** Maps each chunk of an async iterable. */
export async function* mapChunks<T, U>(chunks: AsyncIterable<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const chunk of chunks) yield chunk.map(map);
}
