import {
  exitStatsSchema,
  idParamSchema,
  onlineBoxSchema,
  onlineItemLineSchema,
  onlineOrderCreateBodySchema,
  onlineOrderListQuerySchema,
  onlineOrderSchema,
  orderContentRowSchema,
  outboundStatsQuerySchema,
  pagingQuerySchema,
  RoleThreshold,
  receptionSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdPoster } from '../../http/created-route.js';
import { noContentDeleter } from '../../http/delete-route.js';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE } from '../../http/paging.js';
import type { ZodApp } from '../../http/route.js';
import { routeDeclarer } from '../../http/route.js';
import { boxParams, conflictErrorResponses, LINES_PAGE, locationParams } from '../../http/route-schemas.js';
import type { Language } from '../../i18n/messages.js';
import { currentUser } from '../../plugins/auth.js';
import { ONLINE_ORDER_TABLE } from '../orders/csv.js';
import { registerBoxPages } from '../orders/order-pages/box-pages.routes.js';
import { registerItemType } from '../orders/order-pages/item-type.routes.js';
import { registerItemsFile } from '../orders/order-pages/items-file.routes.js';
import { registerLocationList } from '../orders/order-pages/location-list.routes.js';
import { registerOrderBoxes } from '../orders/order-pages/order-boxes.routes.js';
import { registerOrderDelete } from '../orders/order-pages/order-delete.routes.js';
import { registerOrderDetail } from '../orders/order-pages/order-detail.routes.js';
import { registerOrderFile } from '../orders/order-pages/order-file.routes.js';
import { registerOrderLines } from '../orders/order-pages/order-lines.routes.js';
import { ONE_SIDE, type OrderPageKind } from '../orders/order-pages/page-kind.js';
import { orderListFilters } from '../orders/orders.repository.js';
import type { ModuleDeps } from '../registry.js';
import { createOnlineService } from './online.service.js';

type OnlineService = ReturnType<typeof createOnlineService>;

/** The order pages of an online order (the /orders/ pages). */
const ONLINE_ORDER_PAGES: OrderPageKind = { tags: ['online'], name: 'an online order', prefix: '/orders', sides: ONE_SIDE };

/**
 * The order pages of an online order, seen from its origin (the shipping location): the online dashboard's list, the
 * order and its delete, its item lines, its boxes, one box and its lines, a GTIN of it and the items file.
 */
const registerOnlinePages = (
  app: ZodApp,
  { service, reads, defaultLanguage }: { service: OnlineService; reads: OnlineService; defaultLanguage: Language },
) => {
  const kind = ONLINE_ORDER_PAGES;
  registerLocationList(app, kind, {
    url: '/locations/:id/v1/orders/',
    summary: 'Online orders of a location (online dashboard)',
    querystring: withFilters(onlineOrderListQuerySchema, orderListFilters('online'), ['report_type']),
    order: onlineOrderSchema,
    lister: reads,
  });
  registerOrderDelete(app, kind, { urls: ['/orders/:id/'], maxRole: RoleThreshold.write, remover: service });
  registerOrderDetail(app, kind, { urls: ['/orders/:id/', '/v1/orders/:id/'], order: onlineOrderSchema, reader: service });
  registerOrderLines(app, kind, { line: onlineItemLineSchema, reader: service });
  registerOrderBoxes(app, kind, { urls: ['/orders/:id/boxes/'], box: onlineBoxSchema, reader: service });
  registerBoxPages(app, kind, { box: onlineBoxSchema, line: onlineItemLineSchema, reader: service });
  registerItemType(app, kind, { order: onlineOrderSchema, line: onlineItemLineSchema, reader: service });
  registerItemsFile(app, kind, {
    file: {
      name: (id) => ({ es: `pedido-online-${id}-articulos`, en: `online-${id}-items` }),
      sheet: { es: 'Artículos', en: 'Items' },
      moreColumns: [
        { header: { es: 'Leídas', en: 'Read' }, kind: 'number', value: (l) => l.real_quantity },
        { header: { es: 'Porcentaje', en: 'Percent' }, kind: 'number', value: (l) => l.percent },
        { header: { es: 'Porcentaje online', en: 'Online percent' }, kind: 'number', value: (l) => l.online_percent },
      ],
    },
    defaultLanguage,
    reader: service,
  });
};

/**
 * Online orders (spec section 7 "Outbound and online"): boxes shipped from a location to
 * customers, verified on the origin side. Create and box delete: roles 1 to 3; delete: roles 1
 * to 4; reads: everyone who sees the origin location. Boxes are added with POST /receptions/ and
 * POST /boxes/ (orders module); box verifications are /rboxes/{id}/verifications/?side=origin.
 */
export const onlineRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, readDb, config }) => {
  const service = createOnlineService(db);
  // The location's list reads through this one (the read replica while it keeps up: docs/read-replicas.md).
  const reads = readDb === db ? service : createOnlineService(readDb);
  const route = routeDeclarer(['online']);
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);

  registerOnlinePages(app, { service, reads, defaultLanguage: config.defaultLanguage });

  postCreated(
    '/orders/',
    {
      maxRole: RoleThreshold.createOrders,
      summary: 'Create an online order (origin = the current location)',
      body: onlineOrderCreateBodySchema,
      created: onlineOrderSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  pagedGet(
    '/orders/:id/contents/',
    {
      summary: 'Expected contents of an online order, per box and GTIN',
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: orderContentRowSchema,
      pageSize: LINES_PAGE,
    },
    (user, { params }, page) => service.contents(user, params.id, page),
  );

  noContentDeleter(app, route)(
    '/orders/:id/boxes/:boxId/',
    {
      maxRole: RoleThreshold.createOrders,
      summary: 'Delete a box of an online order that has no verification',
      params: boxParams,
      errors: conflictErrorResponses,
    },
    (user, { id, boxId }) => service.removeBox(user, id, boxId),
  );

  pagedGet(
    '/orders/:id/receptions/',
    {
      summary: 'Receptions of an online order',
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: receptionSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { params }, page) => service.receptions(user, params.id, page),
  );

  registerOrderFile(app, ONLINE_ORDER_PAGES, {
    reader: (user, id) => service.csv(user, id),
    file: {
      summary: 'Online order file: each box and GTIN, expected and read at the origin (CSV or xlsx; lang es/en)',
      table: ONLINE_ORDER_TABLE,
      name: (id) => ({ es: `pedido-online-${id}`, en: `online-${id}` }),
      locationOf: (order) => order.originLocationId,
    },
    db,
    defaultLanguage: config.defaultLanguage,
  });

  app.get(
    '/locations/:id/onlinestats/',
    route({
      summary: 'Online statistics of a location (date_start, date_end)',
      params: locationParams,
      querystring: outboundStatsQuerySchema,
      ok: exitStatsSchema,
    }),
    async (request) => service.stats(currentUser(request), request.params.id, request.query),
  );
};
