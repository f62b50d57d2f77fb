import {
  errorBodySchema,
  idParamSchema,
  PRINTERS_PAGE_SIZE,
  pageOf,
  printerCreateBodySchema,
  printerListQuerySchema,
  printerSchema,
  printerUpdateBodySchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageParams, toPage } from '../../http/paging.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createPrintersRepository } from './printers.repository.js';
import { createPrintersService } from './printers.service.js';

/** Printers: listed for the printer menu (roles ≤ 4), added by role 1, edited and deleted by roles ≤ 2. */
export const printersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, printers }) => {
  const service = createPrintersService({ db, repo: createPrintersRepository(db), addresses: printers });
  const tags = ['admin: printers'];
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  app.get(
    '/printer/printers/',
    {
      config: { maxRole: RoleThreshold.printerMenu },
      schema: {
        tags,
        summary: 'Printers (11 per page)',
        querystring: printerListQuerySchema,
        response: { 200: pageOf(printerSchema), 403: errorBodySchema },
      },
    },
    async (request) => {
      const page = pageParams(request.query, PRINTERS_PAGE_SIZE);
      const { count, rows } = await service.list(currentUser(request), request.query, page);
      return toPage(request, page, count, rows);
    },
  );

  app.get(
    '/printer/printers/:id/',
    {
      config: { maxRole: RoleThreshold.printerMenu },
      schema: { tags, params: idParamSchema, response: { 200: printerSchema, 403: errorBodySchema, 404: errorBodySchema } },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    '/printer/printers/',
    {
      config: { maxRole: RoleThreshold.printer },
      schema: {
        tags,
        summary: 'Add a printer (role 1)',
        body: printerCreateBodySchema,
        response: { 201: printerSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  app.put(
    '/printer/printers/:id/',
    {
      config: { maxRole: RoleThreshold.adminMenu },
      schema: {
        tags,
        summary: 'Edit a printer (roles ≤ 2); description is required here',
        params: idParamSchema,
        body: printerUpdateBodySchema,
        response: { 200: printerSchema, ...errors },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  for (const url of ['/printers/:id/', '/printer/printers/:id/']) {
    app.delete(
      url,
      {
        config: { maxRole: RoleThreshold.adminMenu },
        schema: { tags, summary: 'Delete a printer (roles ≤ 2)', params: idParamSchema, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await service.remove(currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
