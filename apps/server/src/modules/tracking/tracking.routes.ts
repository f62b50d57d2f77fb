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
import { pageParams, toPage } from '../../http/paging.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createTrackingService } from './tracking.service.js';

const setIdParams = z.object({ id: z.uuid('Not found.') });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The EPC tracker (/track-epc) and free reading sets (/free-scan); every role may read, in its scope. */
export const trackingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createTrackingService(db);
  const tags = ['tracking'];

  app.post(
    '/epc/retrieve/',
    {
      schema: {
        tags,
        summary: 'Items with this EPC (hex); the tracker then pages their readings',
        body: epcRetrieveBodySchema,
        response: { 200: epcRetrieveResponseSchema, ...errors },
      },
    },
    async (request) => service.retrieve(currentUser(request), request.body.epc),
  );

  app.get(
    '/items/',
    {
      schema: {
        tags,
        summary: 'Items (tags): epc, epc__icontains, gtin, gtin__icontains, state, area, location',
        querystring: itemListQuerySchema.catchall(z.string()),
        response: { 200: pageOf(itemSchema), ...errors },
      },
    },
    async (request) => {
      const page = pageParams(request.query);
      const { count, results } = await service.listItems(currentUser(request), request.query, page);
      return toPage(request, page, count, results);
    },
  );

  app.get(
    '/items/:id/',
    { schema: { tags, summary: 'One item', params: idParamSchema, response: { 200: itemSchema, ...errors } } },
    async (request) => service.item(currentUser(request), request.params.id),
  );

  app.get(
    '/items/:id/itemstock/',
    {
      schema: {
        tags,
        summary: 'Readings of an item, newest first (EPC reading rows)',
        params: idParamSchema,
        querystring: pagingQuerySchema,
        response: { 200: pageOf(epcReadingSchema), ...errors },
      },
    },
    async (request) => {
      const page = pageParams(request.query);
      const { count, results } = await service.readings(currentUser(request), request.params.id, page);
      return toPage(request, page, count, results);
    },
  );

  app.get(
    '/locations/:id/free_reading_sets/',
    {
      schema: {
        tags,
        summary: 'Free reading sets of a location (sets no module claimed), newest first',
        params: idParamSchema,
        querystring: freeReadingSetListQuerySchema.catchall(z.string()),
        response: { 200: pageOf(freeReadingSetSchema), ...errors },
      },
    },
    async (request) => {
      const page = pageParams(request.query);
      const { count, results } = await service.freeSets(currentUser(request), request.params.id, request.query, page);
      return toPage(request, page, count, results);
    },
  );

  app.get(
    '/free_reading_set/:id/detail/',
    {
      schema: {
        tags,
        summary: 'A reading set and its report per GTIN',
        params: setIdParams,
        response: { 200: freeReadingSetDetailSchema, ...errors },
      },
    },
    async (request) => service.setDetail(currentUser(request), request.params.id.toLowerCase()),
  );

  app.get(
    '/free_reading_set/:id/epcs/',
    {
      schema: {
        tags,
        summary: 'Distinct EPCs of a reading set, paged (epc__icontains, gtin)',
        params: setIdParams,
        querystring: pagingQuerySchema.catchall(z.string()),
        response: { 200: pageOf(readingSetEpcSchema), ...errors },
      },
    },
    async (request) => {
      const page = pageParams(request.query);
      const { count, results } = await service.setEpcs(
        currentUser(request),
        request.params.id.toLowerCase(),
        request.query,
        page,
      );
      return toPage(request, page, count, results);
    },
  );
};
