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
import { withFilters } from '../../http/filters.js';
import { listPage } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { versionedDeleter, versionedPutter } from '../../http/versioned-route.js';
import { withVersionTag } from '../../http/versions.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createDeactivateUser } from './use-cases/deactivate-user.js';
import { createDeleteLocationUser } from './use-cases/delete-location-user.js';
import { createReactivateUser } from './use-cases/reactivate-user.js';
import { createUpdateLocationUser } from './use-cases/update-location-user.js';
import { createUsersRepository, userFilters } from './users.repository.js';
import { createUsersService } from './users.service.js';

/** Location users (editors and visualizers) from the admin menu (roles ≤ 2); company users by role 1. */
export const usersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const repo = createUsersRepository(db);
  const service = createUsersService({ repo });
  const updateLocationUser = createUpdateLocationUser({ repo });
  const deleteLocationUser = createDeleteLocationUser({ repo });
  const deactivateUser = createDeactivateUser({ repo });
  const reactivateUser = createReactivateUser({ repo });
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const route = routeDeclarer(['admin: users'], errors);
  const putVersioned = versionedPutter(app, route);
  const deleteVersioned = versionedDeleter(app, route);
  const postCreated = createdPoster(app, route);
  const adminMenu = RoleThreshold.adminMenu;

  app.get(
    '/locationusers/',
    route({
      maxRole: adminMenu,
      summary:
        'Location users (11 per page; search, user__first_name__icontains, user__last_name__icontains, user__email__icontains)',
      querystring: withFilters(locationUserListQuerySchema, userFilters, ['search']),
      response: { 200: pageOf(locationUserSchema), 403: errorBodySchema },
    }),
    async (request) =>
      listPage(request, VISUALIZERS_PAGE_SIZE, (page) => service.list(currentUser(request), request.query, page)),
  );

  app.get(
    '/locationusers/:id/',
    route({
      maxRole: adminMenu,
      summary: 'A location user; ETag: its version',
      params: idParamSchema,
      ok: locationUserSchema,
      errors: { 403: errorBodySchema, 404: errorBodySchema },
    }),
    async (request, reply) => withVersionTag(reply, await service.get(currentUser(request), request.params.id)),
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

  putVersioned(
    '/locationusers/:id/',
    {
      maxRole: adminMenu,
      summary: 'Edit a location user (an empty password keeps the old one).',
      body: locationUserUpdateBodySchema,
      ok: locationUserSchema,
    },
    updateLocationUser,
  );

  deleteVersioned('/locationusers/:id/', { maxRole: adminMenu, summary: 'Delete a location user' }, deleteLocationUser);

  app.post(
    '/locationusers/:id/deactivate/',
    route({
      maxRole: adminMenu,
      summary:
        'Deactivate a user (issue 29): no sign-in, every session ended at once, their API keys refused; not oneself ' +
        '(400); a deactivated user is answered as it is',
      params: idParamSchema,
      ok: locationUserSchema,
    }),
    async (request, reply) => withVersionTag(reply, await deactivateUser({ user: currentUser(request), id: request.params.id })),
  );

  app.post(
    '/locationusers/:id/reactivate/',
    route({
      maxRole: adminMenu,
      summary: 'Reactivate a deactivated user (issue 29): they may sign in again; an active user is answered as it is',
      params: idParamSchema,
      ok: locationUserSchema,
    }),
    async (request, reply) => withVersionTag(reply, await reactivateUser({ user: currentUser(request), id: request.params.id })),
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
