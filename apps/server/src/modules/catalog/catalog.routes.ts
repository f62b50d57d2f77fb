import {
  createItemTypeBodySchema,
  decodingBodySchema,
  decodingResponseSchema,
  errorBodySchema,
  gtinParamSchema,
  idParamSchema,
  itemTypeListOpenQuerySchema,
  itemTypeSchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { itemTypeFilters } from './catalog.repository.js';
import { createCatalogService } from './catalog.service.js';

/** GTINs (item types) of the user's company, and EPC decoding. */
export const catalogRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createCatalogService(db);
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
  const route = routeDeclarer(['catalog'], errors);
  const pagedGet = pagedGetter(app, route);

  pagedGet(
    '/types/',
    {
      summary: 'GTINs of the company (gtin__icontains, description__icontains …; paged)',
      querystring: withFilters(itemTypeListOpenQuerySchema, itemTypeFilters),
      row: itemTypeSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { query }, page) => service.list(user, query, page),
  );

  app.get('/types/:id/', route({ summary: 'One GTIN by id', params: idParamSchema, ok: itemTypeSchema }), async (request) =>
    service.get(currentUser(request), request.params.id),
  );

  app.get(
    '/v1/types/:gtin/',
    route({ summary: 'One GTIN by its code (GTIN-8/12/13/14)', params: gtinParamSchema, ok: itemTypeSchema }),
    async (request) => service.getByGtin(currentUser(request), request.params.gtin),
  );

  app.post(
    '/types/',
    route({
      maxRole: RoleThreshold.write,
      summary: 'Add a GTIN (gtin, description, price required; check digit verified)',
      body: createItemTypeBodySchema,
      created: itemTypeSchema,
      errors: { 409: errorBodySchema, ...errors },
    }),
    async (request, reply) => {
      const created = await service.create(currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/decoding/',
    route({ summary: 'Decode EPCs (hex) to scheme, GTIN and serial', body: decodingBodySchema, ok: decodingResponseSchema }),
    async (request) => service.decode(currentUser(request), request.body.epcs),
  );
};
