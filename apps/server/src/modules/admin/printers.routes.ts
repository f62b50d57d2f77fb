import {
  errorBodySchema,
  idParamSchema,
  PRINTERS_PAGE_SIZE,
  printerCreateBodySchema,
  printerListQuerySchema,
  printerSchema,
  printerUpdateBodySchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdPoster } from '../../http/created-route.js';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import { versionedDeleter, versionedPutter } from '../../http/versioned-route.js';
import { withVersionTag } from '../../http/versions.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createPrintersRepository, printerFilters } from './printers.repository.js';
import { createPrintersService } from './printers.service.js';
import { createDeletePrinter } from './use-cases/delete-printer.js';
import { createUpdatePrinter } from './use-cases/update-printer.js';

/** Printers: listed for the printer menu (roles ≤ 4), added by role 1, edited and deleted by roles ≤ 2. */
export const printersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, printers }) => {
  const repo = createPrintersRepository(db);
  const service = createPrintersService({ repo, addresses: printers });
  const updatePrinter = createUpdatePrinter({ repo, addresses: printers });
  const deletePrinter = createDeletePrinter({ repo });
  const route = routeDeclarer(['admin: printers']);
  const putVersioned = versionedPutter(app, route);
  const deleteVersioned = versionedDeleter(app, route);
  const stale = { 409: errorBodySchema };
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  const forbidden = { 403: errorBodySchema };

  pagedGet(
    '/printer/printers/',
    {
      maxRole: RoleThreshold.printerMenu,
      summary: 'Printers (11 per page)',
      querystring: withFilters(printerListQuerySchema, printerFilters),
      row: printerSchema,
      pageSize: PRINTERS_PAGE_SIZE,
      errors: forbidden,
    },
    (user, { query }, page) => service.list(user, query, page),
  );

  app.get(
    '/printer/printers/:id/',
    route({
      maxRole: RoleThreshold.printerMenu,
      summary: 'A printer; ETag: its version',
      params: idParamSchema,
      ok: printerSchema,
      errors: { ...forbidden, 404: errorBodySchema },
    }),
    async (request, reply) => withVersionTag(reply, await service.get(currentUser(request), request.params.id)),
  );

  postCreated(
    '/printer/printers/',
    {
      maxRole: RoleThreshold.printer,
      summary: 'Add a printer (role 1)',
      body: printerCreateBodySchema,
      created: printerSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  putVersioned(
    '/printer/printers/:id/',
    {
      maxRole: RoleThreshold.adminMenu,
      summary: 'Edit a printer (roles ≤ 2); description is required here.',
      body: printerUpdateBodySchema,
      ok: printerSchema,
      errors: { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, ...stale },
    },
    updatePrinter,
  );

  for (const url of ['/printers/:id/', '/printer/printers/:id/']) {
    deleteVersioned(
      url,
      {
        maxRole: RoleThreshold.adminMenu,
        summary: 'Delete a printer (roles ≤ 2)',
        errors: { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, ...stale },
      },
      deletePrinter,
    );
  }
};
