import { STICKER_MAX_BOXES, type Sticker, type StickerPdf, type stickerCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, fieldError, foundOr, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import { msg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import { type JobKind, type JobRunner, PermanentJobError } from '../../workers/job-runner.js';
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

export const STICKER_PDF_JOB = 'sticker-pdf';

type StickerJobPayload = { stickerId: number };

/**
 * Makes the PDFs of pending stickers as jobs of the job runner (`sticker-pdf`, keyed by the sticker: one job per
 * sticker, whichever process queues it): the PDF is stored and the sticker completed in the job's fenced transaction,
 * so it is made once even with several processes. plugins/workers.ts registers the kind.
 */
export const stickerPdfJob = (db: Db): JobKind<StickerJobPayload> => {
  const repo = createStickersRepository(db);
  return {
    kind: STICKER_PDF_JOB,
    async handler({ job, finish }) {
      const id = job.payload.stickerId;
      const sticker = await repo.stickerToBuild(id);
      if (!sticker) return; // completed already, or deleted with its order
      const order = await repo.orderOf(sticker.orderId);
      const boxes = await repo.boxesOf(sticker.orderId, sticker.boxIds);
      if (!order || boxes.length === 0) throw new PermanentJobError('The order or its boxes are gone.');
      const pdf = await renderStickers({ order, boxes, language: sticker.language as StickerLanguage });
      await finish((tx) =>
        createStickersRepository(tx).finish(id, {
          fileName: `Stickers-${order.order_code.replace(/[^\w.-]+/g, '_')}-${id}.pdf`,
          pages: boxes.length,
          content: Buffer.from(pdf).toString('base64'),
        }),
      );
    },
    options: {
      // The client sees a plain message, never the database's (the job keeps the real one in last_error).
      onFailed: (tx, job) => createStickersRepository(tx).fail(job.payload.stickerId, 'The stickers could not be made.'),
    },
  };
};

/**
 * Queues the stickers' PDF jobs. `recover` queues the pending stickers that have no job (made before the job runner,
 * or inserted by hand); every process calls it when it starts (plugins/workers.ts).
 */
export const createStickerJobs = ({ db, jobs }: { db: Db; jobs: Pick<JobRunner, 'enqueue' | 'wake'> }) => {
  const repo = createStickersRepository(db);
  const enqueue = async (target: DbOrTx, stickerId: number): Promise<void> => {
    const payload: StickerJobPayload = { stickerId };
    await jobs.enqueue(target, { kind: STICKER_PDF_JOB, key: `${STICKER_PDF_JOB}:${stickerId}`, payload });
  };

  return {
    /** Queues the sticker's PDF, in the transaction that inserts the sticker (then `wake` after it commits). */
    enqueue,
    wake: jobs.wake,
    async recover(): Promise<void> {
      for (const id of await repo.pendingStickerIds()) await enqueue(db, id);
    },
  };
};
export type StickerJobs = ReturnType<typeof createStickerJobs>;

export const createStickersService = (db: Db, stickerJobs: StickerJobs) => {
  const repo = createStickersRepository(db);
  const ONE: PageParams = { limit: 1, offset: 0 };

  return {
    /** POST /stickers/: a pending sticker for the order's boxes (or the chosen ones); its PDF follows. */
    async create(user: AuthUser, body: z.output<typeof stickerCreateBodySchema>): Promise<Sticker> {
      await foundOr(repo.visibleOrder(user, body.order_id), 'orders.order_not_found');
      const chosen = body.box_ids?.length ? [...new Set(body.box_ids)] : undefined;
      const boxIds = await repo.boxIdsOf(body.order_id, chosen);
      if (chosen && boxIds.length !== chosen.length) throw fieldError('box_ids', 'stickers.unknown_box');
      if (boxIds.length === 0) throw conflict('stickers.no_boxes');
      if (boxIds.length > STICKER_MAX_BOXES) throw fieldError('box_ids', msg('stickers.too_many', { max: STICKER_MAX_BOXES }));
      // The sticker and its PDF's job commit together: no sticker is left without one.
      const id = await db.transaction(async (tx) => {
        const stickerId = await createStickersRepository(tx).insertSticker({
          companyId: user.companyId,
          orderId: body.order_id,
          boxIds: chosen ?? null,
          boxCount: boxIds.length,
          language: body.language,
          createdBy: user.id,
        });
        await stickerJobs.enqueue(tx, stickerId);
        return stickerId;
      });
      stickerJobs.wake();
      return this.get(user, id);
    },

    async get(user: AuthUser, id: number): Promise<Sticker> {
      const row = (await repo.list(user, { id }, ONE)).rows[0];
      if (!row) throw notFound('stickers.not_found');
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
      const row = await foundOr(repo.pdfContent(user, id), 'stickers.pdf_not_found');
      return { fileName: row.file_name, bytes: Buffer.from(row.content, 'base64') };
    },
  };
};
