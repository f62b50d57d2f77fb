import { idParamSchema, pagingQuerySchema, posItemSchema, posListQuerySchema, posTransactionSchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { recordGetter } from '../../http/record-route.js';
import { routeDeclarer } from '../../http/route.js';
import { LIST_PAGE, locationParams } from '../../http/route-schemas.js';
import type { ModuleDeps } from '../registry.js';
import { posFilters } from './pos.repository.js';
import { createPosService } from './pos.service.js';

const ITEMS_PAGE = 100;

/**
 * POS (spec section 7 "POS"): sales (/sales, working mode 4) and returns (/returns, mode 5) of
 * a location, created by the engine from reading sets. Read-only for every role in scope.
 */
export const posRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createPosService(db);
  const route = routeDeclarer(['pos']);
  const pagedGet = pagedGetter(app, route);

  for (const kind of ['sale', 'return'] as const) {
    const plural = kind === 'sale' ? 'sales' : 'returns';
    pagedGet(
      `/locations/:id/${plural}/`,
      {
        summary: `POS ${plural} of a location (11 per page; id__contains, end_time__gte, end_time__lte, order_by)`,
        params: locationParams,
        querystring: withFilters(posListQuerySchema, posFilters),
        row: posTransactionSchema,
        pageSize: LIST_PAGE,
      },
      (user, { params, query: { id__contains, ...rest } }, page) => {
        const query = id__contains ? { ...rest, id__icontains: id__contains } : rest;
        return service.list(user, kind, params.id, query, page);
      },
    );
    recordGetter(app, route)(`/${plural}/:id/`, { summary: `A POS ${kind}`, ok: posTransactionSchema }, (user, id) =>
      service.get(user, kind, id),
    );
    pagedGet(
      `/${plural}/:id/report/`,
      {
        summary: `Items of a POS ${kind}: quantity 1, or 0 with a warning`,
        params: idParamSchema,
        querystring: pagingQuerySchema,
        row: posItemSchema,
        pageSize: ITEMS_PAGE,
      },
      (user, { params }, page) => service.items(user, kind, params.id, page),
    );
  }
};
