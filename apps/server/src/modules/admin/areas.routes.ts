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
import { createdPoster } from '../../http/created-route.js';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE, listPage } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { versionedPutter } from '../../http/versioned-route.js';
import { withVersionTag } from '../../http/versions.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { areaFilters, createAreasRepository } from './areas.repository.js';
import { createAreasService } from './areas.service.js';
import { createUpdateArea } from './use-cases/update-area.js';

/** The areas' filters (areas.repository.ts), named. */
const areaQuery = withFilters(areaListQuerySchema, areaFilters);

/** Areas: read by every role within its locations; added and edited from the admin menu (roles ≤ 2). */
export const areasRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const repo = createAreasRepository(db);
  const service = createAreasService({ db, repo });
  const updateArea = createUpdateArea({ repo });
  const route = routeDeclarer(['admin: areas']);
  const putVersioned = versionedPutter(app, route);
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  const notFound = { 404: errorBodySchema };

  app.get(
    '/areas/',
    route({
      summary: 'Areas of the locations the user may see',
      querystring: areaQuery,
      response: { 200: pageOf(areaSchema) },
    }),
    async (request) => listPage(request, DEFAULT_PAGE_SIZE, (page) => service.list(currentUser(request), request.query, page)),
  );

  pagedGet(
    '/locations/:id/areas/',
    {
      summary: "A location's areas (11 per page)",
      params: idParamSchema,
      querystring: areaQuery,
      row: areaSchema,
      pageSize: LOCATION_AREAS_PAGE_SIZE,
      errors: notFound,
    },
    (user, { params, query }, page) => service.listOfLocation(user, params.id, query, page),
  );

  app.get(
    '/areas/:id/',
    route({ summary: 'An area; ETag: its version', params: idParamSchema, ok: areaSchema, errors: notFound }),
    async (request, reply) => withVersionTag(reply, await service.get(currentUser(request), request.params.id)),
  );

  postCreated(
    '/areas/',
    {
      maxRole: RoleThreshold.adminMenu,
      summary: 'Add an area (roles ≤ 2)',
      body: areaCreateBodySchema,
      created: areaSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  putVersioned(
    '/areas/:id/',
    {
      maxRole: RoleThreshold.adminMenu,
      summary: 'Edit an area: description and location (stock is read-only).',
      body: areaUpdateBodySchema,
      ok: areaSchema,
      errors: { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
    },
    updateArea,
  );
};
