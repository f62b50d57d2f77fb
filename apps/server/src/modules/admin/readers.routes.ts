import {
  createdReaderSchema,
  errorBodySchema,
  idParamSchema,
  pageOf,
  READERS_PAGE_SIZE,
  RoleThreshold,
  readerCreateBodySchema,
  readerKeySchema,
  readerListQuerySchema,
  readerSchema,
  readerUpdateBodySchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageParams, toPage } from '../../http/paging.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createReadersRepository } from './readers.repository.js';
import { createReadersService } from './readers.service.js';

/** Readers (devices): read within the user's locations; added by role 1, edited by roles ≤ 2. */
export const readersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createReadersService({ db, repo: createReadersRepository(db) });
  const tags = ['admin: readers'];
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  app.get(
    '/readers/',
    {
      schema: {
        tags,
        summary: 'Readers (11 per page; locationId, mac_address__icontains, serial_number__icontains)',
        querystring: readerListQuerySchema,
        response: { 200: pageOf(readerSchema) },
      },
    },
    async (request) => {
      const page = pageParams(request.query, READERS_PAGE_SIZE);
      const { count, rows } = await service.list(currentUser(request), request.query, page);
      return toPage(request, page, count, rows);
    },
  );

  app.get(
    '/readers/:id/',
    { schema: { tags, params: idParamSchema, response: { 200: readerSchema, 404: errorBodySchema } } },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    '/readers/',
    {
      config: { maxRole: RoleThreshold.device },
      schema: {
        tags,
        summary: 'Add a reader (role 1); answers its device key once',
        body: readerCreateBodySchema,
        response: { 201: createdReaderSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.put(
    '/readers/:id/',
    {
      config: { maxRole: RoleThreshold.adminMenu },
      schema: {
        tags,
        summary: 'Edit a reader (roles ≤ 2): the full form, or only working_mode or reader_type',
        params: idParamSchema,
        body: readerUpdateBodySchema,
        response: { 200: readerSchema, ...errors },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/readers/:id/rotate_key/',
    {
      config: { maxRole: RoleThreshold.device },
      schema: {
        tags,
        summary: "Replace a reader's device key (role 1); answers the new key once",
        params: idParamSchema,
        response: { 200: readerKeySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.rotateKey(currentUser(request), request.params.id),
  );
};
