import {
  areaCreateBodySchema,
  areaListQuerySchema,
  areaSchema,
  areaUpdateBodySchema,
  errorBodySchema,
  idParamSchema,
  LOCATION_AREAS_PAGE_SIZE,
  pageOf,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageParams, toPage } from '../../http/paging.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createAreasRepository } from './areas.repository.js';
import { createAreasService } from './areas.service.js';

/** Areas: read by every role within its locations; added and edited from the admin menu (roles ≤ 2). */
export const areasRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createAreasService({ db, repo: createAreasRepository(db) });
  const tags = ['admin: areas'];
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  app.get(
    '/areas/',
    {
      schema: {
        tags,
        summary: 'Areas of the locations the user may see',
        querystring: areaListQuerySchema,
        response: { 200: pageOf(areaSchema) },
      },
    },
    async (request) => {
      const page = pageParams(request.query);
      const { count, rows } = await service.list(currentUser(request), request.query, page);
      return toPage(request, page, count, rows);
    },
  );

  app.get(
    '/locations/:id/areas/',
    {
      schema: {
        tags,
        summary: "A location's areas (11 per page)",
        params: idParamSchema,
        querystring: areaListQuerySchema,
        response: { 200: pageOf(areaSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const page = pageParams(request.query, LOCATION_AREAS_PAGE_SIZE);
      const { count, rows } = await service.listOfLocation(currentUser(request), request.params.id, request.query, page);
      return toPage(request, page, count, rows);
    },
  );

  app.get(
    '/areas/:id/',
    { schema: { tags, params: idParamSchema, response: { 200: areaSchema, 404: errorBodySchema } } },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    '/areas/',
    {
      config: { maxRole: RoleThreshold.adminMenu },
      schema: { tags, summary: 'Add an area (roles ≤ 2)', body: areaCreateBodySchema, response: { 201: areaSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.put(
    '/areas/:id/',
    {
      config: { maxRole: RoleThreshold.adminMenu },
      schema: {
        tags,
        summary: 'Edit an area: description and location (stock is read-only)',
        params: idParamSchema,
        body: areaUpdateBodySchema,
        response: { 200: areaSchema, ...errors },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );
};
