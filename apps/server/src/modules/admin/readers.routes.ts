import {
  createdReaderSchema,
  errorBodySchema,
  idParamSchema,
  ifMatchHeaderSchema,
  pageOf,
  READERS_PAGE_SIZE,
  RoleThreshold,
  readerCreateBodySchema,
  readerKeySchema,
  readerListQuerySchema,
  readerRotateKeyBodySchema,
  readerSchema,
  readerUpdateBodySchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdPoster } from '../../http/created-route.js';
import { withFilters } from '../../http/filters.js';
import { listPage } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { versionedPutter } from '../../http/versioned-route.js';
import { expectedVersion, withVersionTag } from '../../http/versions.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { guardUnique } from './admin-scope.js';
import { createReadersRepository, readerFilters } from './readers.repository.js';
import { createReadersService, macConflict } from './readers.service.js';
import { createRotateReaderKey } from './use-cases/rotate-reader-key.js';
import { createUpdateReader } from './use-cases/update-reader.js';

/** Readers (devices): read within the user's locations; added by role 1, edited by roles ≤ 2. */
export const readersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const repo = createReadersRepository(db);
  const service = createReadersService({ db, repo });
  const updateReader = createUpdateReader({ repo, guard: guardUnique(macConflict) });
  const rotateReaderKey = createRotateReaderKey({ repo });
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const route = routeDeclarer(['admin: readers'], errors);
  const putVersioned = versionedPutter(app, route);
  const postCreated = createdPoster(app, route);

  app.get(
    '/readers/',
    route({
      summary: 'Readers (11 per page; locationId, mac_address__icontains, serial_number__icontains)',
      querystring: withFilters(readerListQuerySchema, readerFilters),
      response: { 200: pageOf(readerSchema) },
    }),
    async (request) => listPage(request, READERS_PAGE_SIZE, (page) => service.list(currentUser(request), request.query, page)),
  );

  app.get(
    '/readers/:id/',
    route({ summary: 'A reader; ETag: its version', params: idParamSchema, ok: readerSchema, errors: { 404: errorBodySchema } }),
    async (request, reply) => withVersionTag(reply, await service.get(currentUser(request), request.params.id)),
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

  putVersioned(
    '/readers/:id/',
    {
      maxRole: RoleThreshold.adminMenu,
      summary: 'Edit a reader (roles ≤ 2): the full form, or only working_mode or reader_type.',
      body: readerUpdateBodySchema,
      ok: readerSchema,
    },
    updateReader,
  );

  app.post(
    '/readers/:id/rotate_key/',
    route({
      maxRole: RoleThreshold.device,
      summary:
        "Replace a reader's device key (role 1) in one statement; answers the new key once. If-Match or `version`: the " +
        'version it was asked from; of two rotations from one version one answers the key, the other 409',
      params: idParamSchema,
      headers: ifMatchHeaderSchema,
      body: readerRotateKeyBodySchema,
      ok: readerKeySchema,
    }),
    async (request, reply) => {
      const version = expectedVersion(request, request.body?.version);
      return withVersionTag(reply, await rotateReaderKey({ user: currentUser(request), id: request.params.id, version }));
    },
  );
};
