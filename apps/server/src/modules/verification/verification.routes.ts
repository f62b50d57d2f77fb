import {
  boxVerificationsQuerySchema,
  handheldReceiptBodySchema,
  idParamSchema,
  ingestedSetSchema,
  itemLineQuerySchema,
  itemLineSchema,
  LIST_PAGE_SIZE,
  pagingQuerySchema,
  RoleThreshold,
  verificationItemSchema,
  verificationSchema,
  verificationUpdateBodySchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedGetter } from '../../http/paged-route.js';
import { recordGetter } from '../../http/record-route.js';
import { routeDeclarer } from '../../http/route.js';
import { conflictErrorResponses, gtinFilter, locationParams } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import { recordAtLocation } from '../recorded-route.js';
import type { ModuleDeps } from '../registry.js';
import { createHandheldReceiptRepository } from './handheld-receipt.repository.js';
import { recordHandheldReceipt } from './use-cases/record-handheld-receipt.js';
import { createVerificationService } from './verification.service.js';

const VERIFICATIONS_PAGE = LIST_PAGE_SIZE;
const REPORT_PAGE = 100;

/** Box verifications: the handheld app's box receipts, list per box, detail, the valid switch, per-GTIN report and EPCs. */
export const verificationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, engine }) => {
  const service = createVerificationService(db);
  const route = routeDeclarer(['verification']);
  const pagedGet = pagedGetter(app, route);

  pagedGet(
    '/rboxes/:id/verifications/',
    {
      summary: 'Verifications of a box (destination side; side=origin or readingset_ptr__reading__type=1 for the exit side)',
      params: idParamSchema,
      querystring: boxVerificationsQuerySchema,
      row: verificationSchema,
      pageSize: VERIFICATIONS_PAGE,
    },
    (user, { params, query }, page) => {
      const side = query.side ?? (query.readingset_ptr__reading__type === '1' ? 'origin' : 'destination');
      return service.listForBox(user, params.id, side, query.order_by, page);
    },
  );

  // Receiving a box is adding to an order's progress: the roles that add orders (1 to 3); the spec names no other rule.
  const handheldReceipts = createHandheldReceiptRepository(db, engine);
  app.post(
    '/locations/:id/handheld_receipts/',
    route({
      maxRole: RoleThreshold.createOrders,
      summary:
        "The handheld app's box receipt (issue 32): the box's barcode and EPCs as one reading set of the store's receiving reader (Entry, else Movement), which verifies the box; idempotent on the app's id (201, then 200); 409 when the store has no receiving reader or the barcode names no box waiting there",
      params: locationParams,
      body: handheldReceiptBodySchema,
      response: { 200: ingestedSetSchema, 201: ingestedSetSchema, ...conflictErrorResponses },
    }),
    recordAtLocation(
      ingestedSetSchema,
      (user, input) => recordHandheldReceipt(handheldReceipts, user, input),
      (recorded) => recorded.set,
    ),
  );

  recordGetter(app, route)('/verifications/:id/', { ok: verificationSchema }, (user, id) => service.get(user, id));

  app.put(
    '/verifications/:id/',
    route({
      // Any role that writes (1 to 4) may toggle validity (spec section 6); the visualizer reads only.
      maxRole: RoleThreshold.write,
      summary: 'Toggle valid; the box and order statuses are recomputed',
      params: idParamSchema,
      body: verificationUpdateBodySchema,
      ok: verificationSchema,
    }),
    async (request) => service.setValid(currentUser(request), request.params.id, request.body.valid),
  );

  pagedGet(
    '/verifications/:id/report/',
    {
      summary: 'Per-GTIN expected vs real of a verification',
      params: idParamSchema,
      querystring: itemLineQuerySchema,
      row: itemLineSchema,
      pageSize: REPORT_PAGE,
    },
    (user, { params, query }, page) => service.report(user, params.id, gtinFilter(query), page),
  );

  pagedGet(
    '/verifications/:id/items/',
    {
      summary: 'EPCs of a verification (quantity 0 when the box does not expect its GTIN)',
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: verificationItemSchema,
      pageSize: REPORT_PAGE,
    },
    (user, { params }, page) => service.items(user, params.id, page),
  );
};
