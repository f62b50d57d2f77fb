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
import { z } from 'zod';
import { pageParams, toPage } from '../../http/paging.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersService } from './users.service.js';

/** Location users (editors and visualizers) from the admin menu (roles ≤ 2); company users by role 1. */
export const usersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createUsersService({ repo: createUsersRepository(db) });
  const tags = ['admin: users'];
  const config = { maxRole: RoleThreshold.adminMenu };
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  app.get(
    '/locationusers/',
    {
      config,
      schema: {
        tags,
        summary:
          'Location users (11 per page; search, user__first_name__icontains, user__last_name__icontains, user__email__icontains)',
        querystring: locationUserListQuerySchema,
        response: { 200: pageOf(locationUserSchema), 403: errorBodySchema },
      },
    },
    async (request) => {
      const page = pageParams(request.query, VISUALIZERS_PAGE_SIZE);
      const { count, rows } = await service.list(currentUser(request), request.query, page);
      return toPage(request, page, count, rows);
    },
  );

  app.get(
    '/locationusers/:id/',
    {
      config,
      schema: { tags, params: idParamSchema, response: { 200: locationUserSchema, 403: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    '/locationusers/',
    {
      config,
      schema: {
        tags,
        summary: 'Add an editor or visualizer with its locations',
        body: locationUserCreateBodySchema,
        response: { 201: locationUserSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.put(
    '/locationusers/:id/',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a location user (an empty password keeps the old one)',
        params: idParamSchema,
        body: locationUserUpdateBodySchema,
        response: { 200: locationUserSchema, ...errors },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/locationusers/:id/',
    { config, schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/companyusers/',
    {
      config: { maxRole: RoleThreshold.companyUser },
      schema: {
        tags,
        summary: 'Add a company user (role 1)',
        body: companyUserBodySchema,
        response: { 201: companyUserSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCompanyUser(currentUser(request), request.body)),
  );
};
