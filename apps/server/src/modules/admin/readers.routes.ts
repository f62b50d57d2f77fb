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
import { createdPoster } from '../../http/created-route.js';
import { listPage } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createReadersRepository } from './readers.repository.js';
import { createReadersService } from './readers.service.js';

/** Readers (devices): read within the user's locations; added by role 1, edited by roles ≤ 2. */
export const readersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createReadersService({ db, repo: createReadersRepository(db) });
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const route = routeDeclarer(['admin: readers'], errors);
  const postCreated = createdPoster(app, route);

  app.get(
    '/readers/',
    route({
      summary: 'Readers (11 per page; locationId, mac_address__icontains, serial_number__icontains)',
      querystring: readerListQuerySchema,
      response: { 200: pageOf(readerSchema) },
    }),
    async (request) => listPage(request, READERS_PAGE_SIZE, (page) => service.list(currentUser(request), request.query, page)),
  );

  app.get(
    '/readers/:id/',
    route({ params: idParamSchema, ok: readerSchema, errors: { 404: errorBodySchema } }),
    async (request) => service.get(currentUser(request), request.params.id),
  );

  postCreated(
    '/readers/',
    {
      maxRole: RoleThreshold.device,
      summary: 'Add a reader (role 1); answers its device key once',
      body: readerCreateBodySchema,
      created: createdReaderSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  app.put(
    '/readers/:id/',
    route({
      maxRole: RoleThreshold.adminMenu,
      summary: 'Edit a reader (roles ≤ 2): the full form, or only working_mode or reader_type',
      params: idParamSchema,
      body: readerUpdateBodySchema,
      ok: readerSchema,
    }),
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/readers/:id/rotate_key/',
    route({
      maxRole: RoleThreshold.device,
      summary: "Replace a reader's device key (role 1); answers the new key once",
      params: idParamSchema,
      ok: readerKeySchema,
      errors: { 403: errorBodySchema, 404: errorBodySchema },
    }),
    async (request) => service.rotateKey(currentUser(request), request.params.id),
  );
};
