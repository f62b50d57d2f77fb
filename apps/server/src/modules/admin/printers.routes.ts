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
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createPrintersRepository } from './printers.repository.js';
import { createPrintersService } from './printers.service.js';

/** Printers: listed for the printer menu (roles ≤ 4), added by role 1, edited and deleted by roles ≤ 2. */
export const printersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, printers }) => {
  const service = createPrintersService({ db, repo: createPrintersRepository(db), addresses: printers });
  const route = routeDeclarer(['admin: printers']);
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  const forbidden = { 403: errorBodySchema };

  pagedGet(
    '/printer/printers/',
    {
      maxRole: RoleThreshold.printerMenu,
      summary: 'Printers (11 per page)',
      querystring: printerListQuerySchema,
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
      params: idParamSchema,
      ok: printerSchema,
      errors: { ...forbidden, 404: errorBodySchema },
    }),
    async (request) => service.get(currentUser(request), request.params.id),
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

  app.put(
    '/printer/printers/:id/',
    route({
      maxRole: RoleThreshold.adminMenu,
      summary: 'Edit a printer (roles ≤ 2); description is required here',
      params: idParamSchema,
      body: printerUpdateBodySchema,
      ok: printerSchema,
    }),
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  for (const url of ['/printers/:id/', '/printer/printers/:id/']) {
    app.delete(
      url,
      route({
        maxRole: RoleThreshold.adminMenu,
        summary: 'Delete a printer (roles ≤ 2)',
        params: idParamSchema,
        noContent: true,
      }),
      async (request, reply) => {
        await service.remove(currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
