import {
  errorBodySchema,
  idParamSchema,
  RoleThreshold,
  STICKERS_PAGE_SIZE,
  stickerCreateBodySchema,
  stickerListQuerySchema,
  stickerPdfListQuerySchema,
  stickerPdfSchema,
  stickerSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdPoster } from '../../http/created-route.js';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createStickerJobs, createStickersService } from './stickers.service.js';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const route = routeDeclarer(['stickers'], errors);
/** Box stickers are printing: the printer menu reads them (roles 1 to 4), and the same roles make them. */
const READ_ROLE = RoleThreshold.printerMenu;
const WRITE_ROLE = RoleThreshold.printOrderAdd;

/** Box stickers (spec "Stickers"): GET/POST /stickers/, GET /stickers_pdfs/ and /stickers_pdfs/{id}/ (the PDF). */
export const stickersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, jobs }) => {
  const postCreated = createdPoster(app, route);
  const pagedGet = pagedGetter(app, route);
  const stickerJobs = createStickerJobs({ db, jobs });
  const service = createStickersService(db, stickerJobs);

  pagedGet(
    '/stickers/',
    {
      maxRole: READ_ROLE,
      summary: 'Sticker requests, newest first (status 0 pending, 1 completed; order filter)',
      querystring: stickerListQuerySchema,
      row: stickerSchema,
      pageSize: STICKERS_PAGE_SIZE,
    },
    (user, { query: { order, status } }, page) =>
      service.list(user, { ...(order === undefined ? {} : { order }), ...(status === undefined ? {} : { status }) }, page),
  );

  postCreated(
    '/stickers/',
    {
      maxRole: WRITE_ROLE,
      summary: "Stickers for an order's boxes {order_id, box_ids?, language?}: pending, its PDF follows",
      body: stickerCreateBodySchema,
      created: stickerSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  pagedGet(
    '/stickers_pdfs/',
    {
      maxRole: READ_ROLE,
      summary: 'Sticker PDFs, newest first (sticker filter)',
      querystring: stickerPdfListQuerySchema,
      row: stickerPdfSchema,
      pageSize: STICKERS_PAGE_SIZE,
    },
    (user, { query: { sticker } }, page) => service.pdfs(user, sticker === undefined ? {} : { sticker }, page),
  );

  app.get(
    '/stickers_pdfs/:id/',
    route({ maxRole: READ_ROLE, summary: 'A sticker PDF (one page per box)', params: idParamSchema, ok: z.any() }),
    async (request, reply) => {
      const { fileName, bytes } = await service.pdf(currentUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );
};
