import {
  createItemTypeBodySchema,
  decodingBodySchema,
  decodingResponseSchema,
  errorBodySchema,
  gtinParamSchema,
  idParamSchema,
  itemTypeListQuerySchema,
  itemTypeSchema,
  pageOf,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageParams, toPage } from '../../http/paging.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createCatalogService, toItemTypeDto } from './catalog.service.js';

/** GTINs (item types) of the user's company, and EPC decoding. */
export const catalogRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createCatalogService(db);
  const tags = ['catalog'];
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  app.get(
    '/types/',
    {
      schema: {
        tags,
        summary: 'GTINs of the company (gtin__icontains, description__icontains …; paged)',
        querystring: itemTypeListQuerySchema.catchall(z.string()),
        response: { 200: pageOf(itemTypeSchema), ...errors },
      },
    },
    async (request) => {
      const page = pageParams(request.query);
      const { count, rows } = await service.list(currentUser(request).companyId, request.query, page);
      return toPage(request, page, count, rows.map(toItemTypeDto));
    },
  );

  app.get(
    '/types/:id/',
    { schema: { tags, summary: 'One GTIN by id', params: idParamSchema, response: { 200: itemTypeSchema, ...errors } } },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.get(
    '/v1/types/:gtin/',
    {
      schema: {
        tags,
        summary: 'One GTIN by its code (GTIN-8/12/13/14)',
        params: gtinParamSchema,
        response: { 200: itemTypeSchema, ...errors },
      },
    },
    async (request) => service.getByGtin(currentUser(request), request.params.gtin),
  );

  app.post(
    '/types/',
    {
      config: { maxRole: RoleThreshold.write },
      schema: {
        tags,
        summary: 'Add a GTIN (gtin, description, price required; check digit verified)',
        body: createItemTypeBodySchema,
        response: { 201: itemTypeSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.create(currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/decoding/',
    {
      schema: {
        tags,
        summary: 'Decode EPCs (hex) to scheme, GTIN and serial',
        body: decodingBodySchema,
        response: { 200: decodingResponseSchema, ...errors },
      },
    },
    async (request) => service.decode(currentUser(request), request.body.epcs),
  );
};
