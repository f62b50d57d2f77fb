import {
  companyUserBodySchema,
  companyUserSchema,
  errorBodySchema,
  idParamSchema,
  locationUserCreateBodySchema,
  locationUserListQuerySchema,
  locationUserSchema,
  locationUserUpdateBodySchema,
  pageOf,
  RoleThreshold,
  VISUALIZERS_PAGE_SIZE,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdPoster } from '../../http/created-route.js';
import { listPage } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersService } from './users.service.js';

/** Location users (editors and visualizers) from the admin menu (roles ≤ 2); company users by role 1. */
export const usersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createUsersService({ repo: createUsersRepository(db) });
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const route = routeDeclarer(['admin: users'], errors);
  const postCreated = createdPoster(app, route);
  const adminMenu = RoleThreshold.adminMenu;

  app.get(
    '/locationusers/',
    route({
      maxRole: adminMenu,
      summary:
        'Location users (11 per page; search, user__first_name__icontains, user__last_name__icontains, user__email__icontains)',
      querystring: locationUserListQuerySchema,
      response: { 200: pageOf(locationUserSchema), 403: errorBodySchema },
    }),
    async (request) =>
      listPage(request, VISUALIZERS_PAGE_SIZE, (page) => service.list(currentUser(request), request.query, page)),
  );

  app.get(
    '/locationusers/:id/',
    route({
      maxRole: adminMenu,
      params: idParamSchema,
      ok: locationUserSchema,
      errors: { 403: errorBodySchema, 404: errorBodySchema },
    }),
    async (request) => service.get(currentUser(request), request.params.id),
  );

  postCreated(
    '/locationusers/',
    {
      maxRole: adminMenu,
      summary: 'Add an editor or visualizer with its locations',
      body: locationUserCreateBodySchema,
      created: locationUserSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  app.put(
    '/locationusers/:id/',
    route({
      maxRole: adminMenu,
      summary: 'Edit a location user (an empty password keeps the old one)',
      params: idParamSchema,
      body: locationUserUpdateBodySchema,
      ok: locationUserSchema,
    }),
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/locationusers/:id/',
    route({ maxRole: adminMenu, params: idParamSchema, noContent: true }),
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  postCreated(
    '/companyusers/',
    {
      maxRole: RoleThreshold.companyUser,
      summary: 'Add a company user (role 1)',
      body: companyUserBodySchema,
      created: companyUserSchema,
    },
    (user, { body }) => service.createCompanyUser(user, body),
  );
};
