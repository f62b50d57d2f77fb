import { STICKER_MAX_BOXES, type Sticker, StickerMessages, type StickerPdf, type stickerCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict, fieldError, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { renderStickers, type StickerLanguage } from './sticker-pdf.js';
import { createStickersRepository, type StickerRow } from './stickers.repository.js';

const iso = (value: Date | string): string => new Date(value).toISOString();

const toStickerDto = (row: StickerRow): Sticker => ({
  id: row.id,
  status: row.status,
  order: { id: row.order_id, order_code: row.order_code },
  box_count: row.box_count,
  pdf: row.pdf_id === null ? null : Number(row.pdf_id),
  error: row.error,
  created_at: iso(row.created_at),
});

type Logger = { error: (object: object, message: string) => void };

/**
 * Makes the PDFs of pending stickers, after the request is answered, one at a time in this process; `recover` takes
 * up the ones a stopped server left pending, `drain` waits for the queue (tests, shutdown).
 */
export const createStickerBuilder = (db: Db, log?: Logger) => {
  const repo = createStickersRepository(db);
  let chain: Promise<void> = Promise.resolve();

  const build = async (id: number) => {
    const sticker = await repo.stickerToBuild(id);
    if (!sticker) return;
    try {
      const order = await repo.orderOf(sticker.orderId);
      const boxes = await repo.boxesOf(sticker.orderId, sticker.boxIds);
      if (!order || boxes.length === 0) throw new Error('the order or its boxes are gone');
      const pdf = await renderStickers({ order, boxes, language: sticker.language as StickerLanguage });
      await db.transaction(async (tx) =>
        createStickersRepository(tx).finish(id, {
          fileName: `Stickers-${order.order_code.replace(/[^\w.-]+/g, '_')}-${id}.pdf`,
          pages: boxes.length,
          content: Buffer.from(pdf).toString('base64'),
        }),
      );
    } catch (error) {
      log?.error({ err: error, stickerId: id }, 'sticker PDF failed');
      // The client sees a plain message, never the database's.
      await repo.fail(id, 'The stickers could not be made.').catch(() => {});
    }
  };

  return {
    enqueue(id: number) {
      chain = chain.then(() => build(id));
    },
    async recover() {
      for (const id of await repo.pendingStickerIds()) this.enqueue(id);
    },
    drain: () => chain,
  };
};
export type StickerBuilder = ReturnType<typeof createStickerBuilder>;

export const createStickersService = (db: Db, builder: StickerBuilder) => {
  const repo = createStickersRepository(db);
  const ONE: PageParams = { limit: 1, offset: 0 };

  return {
    /** POST /stickers/: a pending sticker for the order's boxes (or the chosen ones); its PDF follows. */
    async create(user: AuthUser, body: z.output<typeof stickerCreateBodySchema>): Promise<Sticker> {
      if (!(await repo.visibleOrder(user, body.order_id))) throw notFound('Order not found.');
      const chosen = body.box_ids?.length ? [...new Set(body.box_ids)] : undefined;
      const boxIds = await repo.boxIdsOf(body.order_id, chosen);
      if (chosen && boxIds.length !== chosen.length) throw fieldError('box_ids', StickerMessages.unknownBox);
      if (boxIds.length === 0) throw conflict(StickerMessages.noBoxes);
      if (boxIds.length > STICKER_MAX_BOXES) throw fieldError('box_ids', StickerMessages.tooMany);
      const id = await repo.insertSticker({
        companyId: user.companyId,
        orderId: body.order_id,
        boxIds: chosen ?? null,
        boxCount: boxIds.length,
        language: body.language,
        createdBy: user.id,
      });
      builder.enqueue(id);
      return this.get(user, id);
    },

    async get(user: AuthUser, id: number): Promise<Sticker> {
      const row = (await repo.list(user, { id }, ONE)).rows[0];
      if (!row) throw notFound('Sticker not found.');
      return toStickerDto(row);
    },

    async list(user: AuthUser, filters: { order?: number; status?: number }, page: PageParams) {
      const { count, rows } = await repo.list(user, filters, page);
      return { count, results: rows.map(toStickerDto) };
    },

    async pdfs(user: AuthUser, filters: { sticker?: number }, page: PageParams) {
      const { count, rows } = await repo.pdfs(user, filters, page);
      const results: StickerPdf[] = rows.map((r) => ({
        id: r.id,
        sticker: r.sticker_id,
        file_name: r.file_name,
        pages: r.pages,
        url: `/api/stickers_pdfs/${r.id}/`,
        created_at: iso(r.created_at),
      }));
      return { count, results };
    },

    async pdf(user: AuthUser, id: number): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await repo.pdfContent(user, id);
      if (!row) throw notFound('Sticker PDF not found.');
      return { fileName: row.file_name, bytes: Buffer.from(row.content, 'base64') };
    },
  };
};
