import {
  epcReadingGroupSchema,
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
  pagingQuerySchema,
  readingSetEpcSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE } from '../../http/paging.js';
import { recordGetter } from '../../http/record-route.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { freeSetFilters, itemFilters, setEpcFilters } from './tracking.repository.js';
import { createTrackingService } from './tracking.service.js';

const setIdParams = z.object({ id: z.uuid('Not found.') });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The EPC tracker (/track-epc) and free reading sets (/free-scan); every role may read, in its scope. */
export const trackingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createTrackingService(db);
  const tags = ['tracking'];
  const route = routeDeclarer(tags, errors);
  const pagedGet = pagedGetter(app, route);

  app.post(
    '/epc/retrieve/',
    route({
      summary: 'Items with this EPC (hex); the tracker then pages their readings',
      body: epcRetrieveBodySchema,
      ok: epcRetrieveResponseSchema,
    }),
    async (request) => service.retrieve(currentUser(request), request.body.epc),
  );

  pagedGet(
    '/items/',
    {
      summary: 'Items (tags): epc, epc__icontains, gtin, gtin__icontains, state, area, location',
      querystring: withFilters(itemListQuerySchema.catchall(z.string()), itemFilters),
      row: itemSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { query }, page) => service.listItems(user, query, page),
  );

  recordGetter(app, route)('/items/:id/', { summary: 'One item', ok: itemSchema }, (user, id) => service.item(user, id));

  pagedGet(
    '/items/:id/itemstock/',
    {
      summary: 'Readings of an item, newest first (EPC reading rows)',
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: epcReadingSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { params }, page) => service.readings(user, params.id, page),
  );

  pagedGet(
    '/items/:id/readingsets/',
    {
      summary: 'Readings of an item grouped by reading set, newest first: one row a set (reads, antennas, best RSSI)',
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: epcReadingGroupSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { params }, page) => service.readingGroups(user, params.id, page),
  );

  pagedGet(
    '/locations/:id/free_reading_sets/',
    {
      summary: 'Free reading sets of a location (sets no module claimed), newest first',
      params: idParamSchema,
      querystring: withFilters(freeReadingSetListQuerySchema.catchall(z.string()), freeSetFilters),
      row: freeReadingSetSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { params, query }, page) => service.freeSets(user, params.id, query, page),
  );

  app.get(
    '/free_reading_set/:id/detail/',
    route({ summary: 'A reading set and its report per GTIN', params: setIdParams, ok: freeReadingSetDetailSchema }),
    async (request) => service.setDetail(currentUser(request), request.params.id.toLowerCase()),
  );

  pagedGet(
    '/free_reading_set/:id/epcs/',
    {
      summary: 'Distinct EPCs of a reading set, paged (epc__icontains, gtin)',
      params: setIdParams,
      querystring: withFilters(pagingQuerySchema.catchall(z.string()), setEpcFilters),
      row: readingSetEpcSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { params, query }, page) => service.setEpcs(user, params.id.toLowerCase(), query, page),
  );
};
