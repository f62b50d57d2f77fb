import {
  epcReadingSchema,
  epcRetrieveBodySchema,
  epcRetrieveResponseSchema,
  errorBodySchema,
  freeReadingSetDetailSchema,
  freeReadingSetListQuerySchema,
  freeReadingSetSchema,
  idParamSchema,
  itemListQuerySchema,
  itemSchema,
  pageOf,
  pagingQuerySchema,
  readingSetEpcSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, listPage } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createTrackingService } from './tracking.service.js';

const setIdParams = z.object({ id: z.uuid('Not found.') });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The EPC tracker (/track-epc) and free reading sets (/free-scan); every role may read, in its scope. */
export const trackingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createTrackingService(db);
  const tags = ['tracking'];
  const route = routeDeclarer(tags, errors);

  app.post(
    '/epc/retrieve/',
    route({
      summary: 'Items with this EPC (hex); the tracker then pages their readings',
      body: epcRetrieveBodySchema,
      ok: epcRetrieveResponseSchema,
    }),
    async (request) => service.retrieve(currentUser(request), request.body.epc),
  );

  app.get(
    '/items/',
    route({
      summary: 'Items (tags): epc, epc__icontains, gtin, gtin__icontains, state, area, location',
      querystring: itemListQuerySchema.catchall(z.string()),
      ok: pageOf(itemSchema),
    }),
    async (request) =>
      listPage(request, DEFAULT_PAGE_SIZE, (page) => service.listItems(currentUser(request), request.query, page)),
  );

  app.get('/items/:id/', route({ summary: 'One item', params: idParamSchema, ok: itemSchema }), async (request) =>
    service.item(currentUser(request), request.params.id),
  );

  app.get(
    '/items/:id/itemstock/',
    route({
      summary: 'Readings of an item, newest first (EPC reading rows)',
      params: idParamSchema,
      querystring: pagingQuerySchema,
      ok: pageOf(epcReadingSchema),
    }),
    async (request) =>
      listPage(request, DEFAULT_PAGE_SIZE, (page) => service.readings(currentUser(request), request.params.id, page)),
  );

  app.get(
    '/locations/:id/free_reading_sets/',
    route({
      summary: 'Free reading sets of a location (sets no module claimed), newest first',
      params: idParamSchema,
      querystring: freeReadingSetListQuerySchema.catchall(z.string()),
      ok: pageOf(freeReadingSetSchema),
    }),
    async (request) =>
      listPage(request, DEFAULT_PAGE_SIZE, (page) =>
        service.freeSets(currentUser(request), request.params.id, request.query, page),
      ),
  );

  app.get(
    '/free_reading_set/:id/detail/',
    route({ summary: 'A reading set and its report per GTIN', params: setIdParams, ok: freeReadingSetDetailSchema }),
    async (request) => service.setDetail(currentUser(request), request.params.id.toLowerCase()),
  );

  app.get(
    '/free_reading_set/:id/epcs/',
    route({
      summary: 'Distinct EPCs of a reading set, paged (epc__icontains, gtin)',
      params: setIdParams,
      querystring: pagingQuerySchema.catchall(z.string()),
      ok: pageOf(readingSetEpcSchema),
    }),
    async (request) =>
      listPage(request, DEFAULT_PAGE_SIZE, (page) =>
        service.setEpcs(currentUser(request), request.params.id.toLowerCase(), request.query, page),
      ),
  );
};
