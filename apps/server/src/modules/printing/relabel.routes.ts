import { idParamSchema, pagingQuerySchema, RoleThreshold, relabelItemSchema, relabelSchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { locationParams } from '../../http/route-schemas.js';

export const RELABEL_NOT_FOUND = 'printing.relabel_not_found';

const route = routeDeclarer(['printing']);
/** Nothing to count or read: relabelling is behind a feature flag that is off (the lists are empty). */
const none = async () => ({ count: 0, rows: [] });

/**
 * The relabelling calls of the spec (issue 29, finding 6), while its feature flag is off: the lists answer an empty page
 * of the usual shape and `PUT /relabel/{id}/` a 404 with a message (every id is unknown). The printer menu's roles
 * (1 to 4) read them, the same roles would write; `/locations/{id}/relabels/` is in the user's location scope
 * (modules/locations/location-scope.ts: another location's id is a 404).
 */
export const relabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const pagedGet = pagedGetter(app, route);
  pagedGet(
    '/relabel/',
    {
      summary: 'Relabellings (feature flag off: always an empty list)',
      maxRole: RoleThreshold.printerMenu,
      querystring: pagingQuerySchema,
      row: relabelSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    none,
  );
  pagedGet(
    '/relabel_item/',
    {
      summary: 'Items of relabellings (feature flag off: always an empty list)',
      maxRole: RoleThreshold.printerMenu,
      querystring: pagingQuerySchema,
      row: relabelItemSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    none,
  );
  pagedGet(
    '/locations/:id/relabels/',
    {
      summary: 'Relabellings of a location (feature flag off: always an empty list)',
      maxRole: RoleThreshold.printerMenu,
      params: locationParams,
      querystring: pagingQuerySchema,
      row: relabelSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    none,
  );
  app.put(
    '/relabel/:id/',
    route({
      summary: 'Edit a relabelling (feature flag off: no relabelling exists, 404)',
      maxRole: RoleThreshold.printOrderAdd,
      params: idParamSchema,
      body: z.looseObject({}),
      ok: relabelSchema,
    }),
    async () => {
      throw notFound(RELABEL_NOT_FOUND);
    },
  );
};
