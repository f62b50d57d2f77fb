import {
  boxSchema,
  exitStatsSchema,
  idParamSchema,
  intId,
  itemLineSchema,
  movementCsvQuerySchema,
  movementEntryListQuerySchema,
  movementEntryStatsSchema,
  movementExitListQuerySchema,
  movementOrderCreateBodySchema,
  movementOrderSchema,
  movementOrderUpdateBodySchema,
  outboundStatsQuerySchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdPoster } from '../../http/created-route.js';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer, type ZodApp } from '../../http/route.js';
import { conflictErrorResponses, LIST_PAGE, locationParams } from '../../http/route-schemas.js';
import { exportOptionsOf, sendExport } from '../../lib/export/reply.js';
import { currentUser } from '../../plugins/auth.js';
import { MOVEMENT_EPC_TABLE, MOVEMENT_TABLE, withOrder } from '../orders/csv.js';
import { registerBoxPages } from '../orders/order-pages/box-pages.routes.js';
import { registerItemType } from '../orders/order-pages/item-type.routes.js';
import { registerItemsFile } from '../orders/order-pages/items-file.routes.js';
import { registerLocationList } from '../orders/order-pages/location-list.routes.js';
import { registerOrderBoxes } from '../orders/order-pages/order-boxes.routes.js';
import { registerOrderDelete } from '../orders/order-pages/order-delete.routes.js';
import { registerOrderDetail } from '../orders/order-pages/order-detail.routes.js';
import { registerOrderLines } from '../orders/order-pages/order-lines.routes.js';
import { EXIT_OR_ENTRY, type OrderPageKind } from '../orders/order-pages/page-kind.js';
import { orderListFilters } from '../orders/orders.repository.js';
import type { ModuleDeps } from '../registry.js';
import { createMovementsService, type MovementsService } from './movements.service.js';

/** What the movement routes use: the primary's service, the one lists read through, and the app's config. */
type MovementsRouteDeps = Pick<ModuleDeps, 'config'> & { service: MovementsService; reads: MovementsService };

/**
 * The order pages of a movement, seen from its origin (exit) or its destination (entry): the exit dashboard's list, the
 * movement and its delete, its item lines, its boxes, one box and its lines, a GTIN of it and the items file.
 */
const registerMovementPages = (app: ZodApp, { config, service, reads }: MovementsRouteDeps) => {
  const kind: OrderPageKind = { tags: ['movements'], name: 'a movement', prefix: '/morders', sides: EXIT_OR_ENTRY };
  registerLocationList(app, kind, {
    url: '/locations/:id/v1/exits/',
    summary: 'Movements leaving a location (exit dashboard)',
    querystring: withFilters(movementExitListQuerySchema, orderListFilters('movement'), ['report_type']),
    order: movementOrderSchema,
    // The location's list reads through the read handle (the read replica while it keeps up: docs/read-replicas.md).
    lister: reads,
  });
  registerOrderDelete(app, kind, { urls: ['/morders/:id/', '/v1/morders/:id/'], maxRole: RoleThreshold.write, remover: service });
  registerOrderDetail(app, kind, { urls: ['/morders/:id/', '/v1/morders/:id/'], order: movementOrderSchema, reader: service });
  registerOrderLines(app, kind, { line: itemLineSchema, reader: service });
  registerOrderBoxes(app, kind, { urls: ['/v1/morders/:id/boxes/', '/morders/:id/boxes/'], box: boxSchema, reader: service });
  registerBoxPages(app, kind, { box: boxSchema, line: itemLineSchema, reader: service });
  registerItemType(app, kind, { order: movementOrderSchema, line: itemLineSchema, reader: service });
  registerItemsFile(app, kind, {
    file: {
      name: (id) => ({ es: `movimiento-${id}-articulos`, en: `movement-${id}-items` }),
      sheet: { es: 'Artículos', en: 'Items' },
      moreColumns: [
        { header: { es: 'Leídas (origen)', en: 'Read (origin)' }, kind: 'number', value: (l) => l.origin_real_quantity },
        {
          header: { es: 'Leídas (destino)', en: 'Read (destination)' },
          kind: 'number',
          value: (l) => l.destination_real_quantity,
        },
        { header: { es: 'Porcentaje', en: 'Percent' }, kind: 'number', value: (l) => l.percent },
      ],
    },
    defaultLanguage: config.defaultLanguage,
    reader: service,
  });
};

/** Creating a movement, its list of a location in both directions, its update and its files. */
const registerMovementRoutes = (app: ZodApp, { config, service }: MovementsRouteDeps) => {
  const route = routeDeclarer(['movements']);
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  postCreated(
    '/morders/',
    {
      maxRole: RoleThreshold.createOrders,
      summary: 'Create a movement order (origin = the current location, destination chosen)',
      body: movementOrderCreateBodySchema,
      created: movementOrderSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  pagedGet(
    '/v1/morders/',
    {
      summary: 'Movements arriving at a location (entry dashboard): destination__id is required',
      querystring: withFilters(movementEntryListQuerySchema, orderListFilters('movement'), ['report_type']).extend({
        destination__id: intId('required'),
      }),
      row: movementOrderSchema,
      pageSize: LIST_PAGE,
    },
    (user, { query: { destination__id, ...query } }, page) => service.listEntries(user, destination__id, query, page),
  );

  pagedGet(
    '/locations/:id/morderscaware/',
    {
      summary: 'Movements from or to a location',
      params: locationParams,
      querystring: withFilters(movementEntryListQuerySchema, orderListFilters('movement'), ['report_type']),
      row: movementOrderSchema,
      pageSize: LIST_PAGE,
    },
    (user, { params, query }, page) => service.listAware(user, params.id, query, page),
  );

  app.put(
    '/morders/:id/',
    route({
      maxRole: RoleThreshold.write,
      summary: 'Set sync, or cancel the entry with destination_status 4 (409 when the rules forbid it)',
      params: idParamSchema,
      body: movementOrderUpdateBodySchema,
      ok: movementOrderSchema,
      errors: conflictErrorResponses,
    }),
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/morders/:id/csv/',
    route({
      summary:
        'Movement file (CSV or xlsx; lang es/en): report_mode 0 = boxes and GTINs, expected and read (default), 1 = the EPCs verified per box and side',
      params: idParamSchema,
      querystring: movementCsvQuerySchema,
    }),
    async (request, reply) => {
      const result = await service.csv(currentUser(request), request.params.id, request.query);
      const { order, timeZone } = result;
      const options = exportOptionsOf(request, { timeZone, defaultLanguage: config.defaultLanguage });
      if (result.mode === 'epc') {
        return sendExport(reply, {
          table: MOVEMENT_EPC_TABLE,
          name: { es: `movimiento-${order.id}-epcs`, en: `movement-${order.id}-epcs` },
          rows: result.rows.map((row) => ({ ...row, order })),
          options,
        });
      }
      return sendExport(reply, {
        table: MOVEMENT_TABLE,
        name: { es: `movimiento-${order.id}`, en: `movement-${order.id}` },
        rows: withOrder(order, result.chunks),
        options,
      });
    },
  );
};

/** The exit and entry statistics of a location. */
const registerMovementStatsRoutes = (app: ZodApp, { service }: MovementsRouteDeps) => {
  const route = routeDeclarer(['movements']);
  app.get(
    '/locations/:id/movstats/',
    route({
      summary: 'Exit statistics of the movements leaving a location (date_start, date_end)',
      params: locationParams,
      querystring: outboundStatsQuerySchema,
      ok: exitStatsSchema,
    }),
    async (request) => service.exitStats(currentUser(request), request.params.id, request.query),
  );

  for (const url of ['/locations/:id/moventrystats/', '/locations/:id/entrystats/']) {
    app.get(
      url,
      route({
        summary: 'Entry statistics of the movements arriving at a location (date_start, date_end)',
        params: locationParams,
        querystring: outboundStatsQuerySchema,
        ok: movementEntryStatsSchema,
      }),
      async (request) => service.entryStats(currentUser(request), request.params.id, request.query),
    );
  }
};

/**
 * Movements between locations (spec section 7 "Movements"). A movement is visible from its
 * origin and from its destination. `?side=exit|entry` (default exit) picks what the unprefixed
 * counts of an order or box mean: the origin's (exit pages) or the destination's (entry pages).
 * Create: roles 1 to 3; update (sync, cancel) and delete: roles 1 to 4; reads: everyone in scope.
 */
export const movementsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, readDb, config }) => {
  const service = createMovementsService(db);
  // The location's list reads through this one (the read replica while it keeps up: docs/read-replicas.md).
  const reads = readDb === db ? service : createMovementsService(readDb);
  const deps = { config, service, reads };
  registerMovementPages(app, deps);
  registerMovementRoutes(app, deps);
  registerMovementStatsRoutes(app, deps);
};
