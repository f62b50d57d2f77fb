import {
  idParamSchema,
  pageOf,
  pagingQuerySchema,
  posItemSchema,
  posListQuerySchema,
  posTransactionSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPage, pageParams, toPage } from '../../http/paging.js';
import { errorResponses, LIST_PAGE, locationParams } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createPosService } from './pos.service.js';

const ITEMS_PAGE = 100;

/**
 * POS (spec section 7 "POS"): sales (/sales, working mode 4) and returns (/returns, mode 5) of
 * a location, created by the engine from reading sets. Read-only for every role in scope.
 */
export const posRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createPosService(db);
  const tags = ['pos'];

  for (const kind of ['sale', 'return'] as const) {
    const plural = kind === 'sale' ? 'sales' : 'returns';
    app.get(
      `/locations/:id/${plural}/`,
      {
        schema: {
          tags,
          summary: `POS ${plural} of a location (11 per page; id__contains, end_time__gte, end_time__lte, order_by)`,
          params: locationParams,
          querystring: posListQuerySchema,
          response: { 200: pageOf(posTransactionSchema), ...errorResponses },
        },
      },
      async (request) => {
        const page = pageParams(request.query, LIST_PAGE);
        const { id__contains, ...rest } = request.query;
        const query = id__contains ? { ...rest, id__icontains: id__contains } : rest;
        const { count, results } = await service.list(currentUser(request), kind, request.params.id, query, page);
        return toPage(request, page, count, results);
      },
    );
    app.get(
      `/${plural}/:id/`,
      {
        schema: {
          tags,
          summary: `A POS ${kind}`,
          params: idParamSchema,
          response: { 200: posTransactionSchema, ...errorResponses },
        },
      },
      async (request) => service.get(currentUser(request), kind, request.params.id),
    );
    app.get(
      `/${plural}/:id/report/`,
      {
        schema: {
          tags,
          summary: `Items of a POS ${kind}: quantity 1, or 0 with a warning`,
          params: idParamSchema,
          querystring: pagingQuerySchema,
          response: { 200: pageOf(posItemSchema), ...errorResponses },
        },
      },
      async (request) =>
        listPage(request, ITEMS_PAGE, (page) => service.items(currentUser(request), kind, request.params.id, page)),
    );
  }
};
