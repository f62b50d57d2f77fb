import {
  boxContentCreateBodySchema,
  boxContentSchema,
  boxCreateBodySchema,
  boxSchema,
  exportQuerySchema,
  idParamSchema,
  inboundStatsQuerySchema,
  inboundStatsSchema,
  intId,
  itemLineQuerySchema,
  itemLineSchema,
  LIST_PAGE_SIZE,
  orderUpdateBodySchema,
  orderWithBoxesCreateBodySchema,
  orderWithBoxesHeadersSchema,
  orderWithBoxesSchema,
  pagingQuerySchema,
  printDataQuerySchema,
  providerListQuerySchema,
  providerOrdersQuerySchema,
  providerReturnSchema,
  providerSchema,
  providerStatsSchema,
  purchaseOrderCreateBodySchema,
  purchaseOrderListQuerySchema,
  purchaseOrderSchema,
  RoleThreshold,
  receptionCreateBodySchema,
  receptionListQuerySchema,
  receptionSchema,
  returnLineSchema,
  returnListQuerySchema,
  saleReturnSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdPoster } from '../../http/created-route.js';
import { noContentDeleter } from '../../http/delete-route.js';
import { exportGetter } from '../../http/export-route.js';
import { withFilters } from '../../http/filters.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE } from '../../http/paging.js';
import { recordGetter } from '../../http/record-route.js';
import { routeDeclarer, type ZodApp } from '../../http/route.js';
import { conflictErrorResponses, LINES_PAGE, locationParams } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { receptionFilters } from './boxes.repository.js';
import { PRINT_DATA_TABLE, PURCHASE_ORDER_TABLE } from './csv.js';
import { toProviderReturnDto, toSaleReturnDto } from './order-dto.js';
import { registerItemType } from './order-pages/item-type.routes.js';
import { registerItemsFile } from './order-pages/items-file.routes.js';
import { registerLocationList } from './order-pages/location-list.routes.js';
import { registerOrderBoxes } from './order-pages/order-boxes.routes.js';
import { registerOrderDelete } from './order-pages/order-delete.routes.js';
import { registerOrderDetail } from './order-pages/order-detail.routes.js';
import { registerOrderFile } from './order-pages/order-file.routes.js';
import { registerOrderLines } from './order-pages/order-lines.routes.js';
import { ONE_SIDE, type OrderPageKind } from './order-pages/page-kind.js';
import { createOrderWithBoxesRepository } from './order-with-boxes.repository.js';
import { orderListFilters } from './orders.repository.js';
import { createOrdersService, type OrdersService } from './orders.service.js';
import { providerFilters } from './providers.repository.js';
import { returnFilters } from './returns.repository.js';
import { createOrderWithBoxes } from './use-cases/create-order-with-boxes.js';

const DASHBOARD_PAGE = LIST_PAGE_SIZE;

const WRITE_ROLE = RoleThreshold.createOrders;

/** The order pages of a purchase order (the /porders/ pages). */
const PURCHASE_ORDER_PAGES: OrderPageKind = { tags: ['inbound'], name: 'an order', prefix: '/porders', sides: ONE_SIDE };

/** What the inbound routes use: the primary's service, the one lists and statistics read through, the app's config. */
type OrdersRouteDeps = Pick<ModuleDeps, 'db' | 'config'> & { service: OrdersService; reads: OrdersService };

/**
 * The order pages of a purchase order, seen from its destination (the /porders/ pages show any order the user sees): the
 * inbound dashboard's history, the order and its delete, its item lines, its boxes (one box is read at /rboxes/{id}/),
 * a GTIN of it and the items file.
 */
const registerPurchaseOrderPages = (app: ZodApp, { config, service, reads }: OrdersRouteDeps) => {
  const kind = PURCHASE_ORDER_PAGES;
  registerLocationList(app, kind, {
    url: '/locations/:id/v1/porders/',
    summary: "Purchase orders arriving at a location (inbound dashboard's history)",
    querystring: withFilters(purchaseOrderListQuerySchema, orderListFilters('purchase')),
    order: purchaseOrderSchema,
    lister: reads,
  });
  registerOrderDelete(app, kind, { urls: ['/porders/:id/'], maxRole: RoleThreshold.createOrders, remover: service });
  registerOrderDetail(app, kind, { urls: ['/v1/porders/:id/', '/porders/:id/'], order: purchaseOrderSchema, reader: service });
  registerOrderLines(app, kind, { line: itemLineSchema, reader: service });
  registerOrderBoxes(app, kind, { urls: ['/porders/:id/boxes/'], box: boxSchema, reader: service });
  registerItemType(app, kind, { order: purchaseOrderSchema, line: itemLineSchema, reader: service });
  registerItemsFile(app, kind, {
    file: {
      name: (id) => ({ es: `pedido-${id}-articulos`, en: `order-${id}-items` }),
      sheet: { es: 'Artículos', en: 'Items' },
      moreColumns: [
        { header: { es: 'Leídas', en: 'Read' }, kind: 'number', value: (l) => l.real_quantity },
        { header: { es: 'Porcentaje', en: 'Percent' }, kind: 'number', value: (l) => l.percent },
      ],
    },
    defaultLanguage: config.defaultLanguage,
    reader: service,
  });
};

/** The order wizard's one call. */
const registerOrderWizardRoute = (app: ZodApp, { db }: OrdersRouteDeps) => {
  const route = routeDeclarer(['inbound']);
  const withBoxesRepo = createOrderWithBoxesRepository(db);
  app.post(
    '/orders-with-boxes/',
    route({
      maxRole: WRITE_ROLE,
      summary:
        'Create an order (purchase, online or movement) with its boxes and their contents in one transaction; the same Idempotency-Key again answers the same order',
      body: orderWithBoxesCreateBodySchema,
      headers: orderWithBoxesHeadersSchema,
      created: orderWithBoxesSchema,
    }),
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await createOrderWithBoxes(withBoxesRepo, currentUser(request), request.body, key ?? null);
      return reply.status(201).send(answer);
    },
  );
};

/** Purchase orders: create, sync flag, the order file, print data and the statistics. */
const registerPurchaseOrderRoutes = (app: ZodApp, { db, config, service, reads }: OrdersRouteDeps) => {
  const route = routeDeclarer(['inbound']);
  const postCreated = createdPoster(app, route);
  postCreated(
    '/porders/',
    {
      maxRole: WRITE_ROLE,
      summary: 'Create a purchase order',
      body: purchaseOrderCreateBodySchema,
      created: purchaseOrderSchema,
    },
    (user, { body }) => service.createPurchaseOrder(user, body),
  );

  app.put(
    '/porders/:id/',
    route({
      maxRole: WRITE_ROLE,
      summary: 'Set the sync flag',
      params: idParamSchema,
      body: orderUpdateBodySchema,
      ok: purchaseOrderSchema,
    }),
    async (request) => service.setSync(currentUser(request), request.params.id, request.body.sync),
  );

  registerOrderFile(app, PURCHASE_ORDER_PAGES, {
    reader: (user, id) => service.orderCsv(user, id),
    file: {
      summary:
        'Order file: each box and GTIN with its status, reading time, expected, read and difference (CSV or xlsx; lang es/en)',
      table: PURCHASE_ORDER_TABLE,
      name: (id) => ({ es: `pedido-${id}`, en: `order-${id}` }),
      locationOf: (order) => order.destinationLocationId,
    },
    db,
    defaultLanguage: config.defaultLanguage,
  });

  exportGetter(app, route, config.defaultLanguage)(
    '/porderscsv/',
    {
      summary:
        'Print data of the purchase orders of a location in a date range (days of the location; date_time_to included), CSV or xlsx',
      querystring: printDataQuerySchema.extend(exportQuerySchema.shape),
    },
    async (user, { query }) => {
      const { rows, timeZone } = await service.printData(user, query);
      return {
        table: PRINT_DATA_TABLE,
        name: { es: `datos-impresion-${query.location_id}`, en: `print-data-${query.location_id}` },
        rows,
        timeZone,
      };
    },
  );

  app.get(
    '/locations/:id/porders/statistics/',
    route({
      summary: 'Inbound statistics of a location (the six dashboard figures)',
      params: locationParams,
      querystring: inboundStatsQuerySchema,
      ok: inboundStatsSchema,
    }),
    async (request) => reads.inboundStats(currentUser(request), request.params.id, request.query),
  );
};

/** Receptions of an order. */
const registerReceptionRoutes = (app: ZodApp, { service, reads }: OrdersRouteDeps) => {
  const route = routeDeclarer(['inbound']);
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  postCreated(
    '/receptions/',
    {
      maxRole: WRITE_ROLE,
      summary: 'Create a reception of an order',
      body: receptionCreateBodySchema,
      created: receptionSchema,
    },
    (user, { body }) => service.createReception(user, body),
  );

  pagedGet(
    '/receptions/',
    {
      summary: 'Receptions (order_id, reception_code filters)',
      querystring: withFilters(receptionListQuerySchema, receptionFilters),
      row: receptionSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { query }, page) => reads.listReceptions(user, query, page),
  );

  recordGetter(app, route)('/receptions/:id/', { ok: receptionSchema }, (user, id) => service.getReception(user, id));
};

/** Boxes and their contents. */
const registerBoxRoutes = (app: ZodApp, { service, reads }: OrdersRouteDeps) => {
  const route = routeDeclarer(['inbound']);
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  postCreated(
    '/boxes/',
    {
      maxRole: WRITE_ROLE,
      summary: "Create a box (and its contents, in one transaction). 409 'Barcode already exists'",
      body: boxCreateBodySchema,
      created: boxSchema,
      errors: conflictErrorResponses,
    },
    (user, { body }) => service.createBox(user, body),
  );

  pagedGet(
    '/boxes/',
    {
      summary: 'Boxes by barcode (exact)',
      querystring: pagingQuerySchema.extend({ codebar: z.string().trim().min(1, 'required') }),
      row: boxSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { query }, page) => reads.boxesByCodebar(user, query.codebar, page),
  );

  noContentDeleter(app, route)(
    '/boxes/:id/',
    {
      maxRole: WRITE_ROLE,
      summary: 'Delete a box that has no verification',
      params: idParamSchema,
      errors: conflictErrorResponses,
    },
    (user, { id }) => service.deleteBox(user, id),
  );

  postCreated(
    '/contents/',
    {
      maxRole: WRITE_ROLE,
      summary: 'Add expected contents to boxes: a list of {quantity, gtin, box_id}',
      body: boxContentCreateBodySchema,
      created: z.array(boxContentSchema),
    },
    (user, { body }) => service.createContents(user, body),
  );

  recordGetter(app, route)('/rboxes/:id/', { summary: 'A box with its counts', ok: boxSchema }, (user, id) =>
    service.getBox(user, id),
  );

  pagedGet(
    '/rboxes/:id/report/',
    {
      summary: 'Item lines of a box (item_type__gtin__contains filter)',
      params: idParamSchema,
      querystring: itemLineQuerySchema,
      row: itemLineSchema,
      pageSize: LINES_PAGE,
    },
    (user, { params, query }, page) => reads.boxIdLines(user, params.id, query, page),
  );
};

/** Providers, their statistics and their purchase orders. */
const registerProviderRoutes = (app: ZodApp, { service, reads }: OrdersRouteDeps) => {
  const route = routeDeclarer(['inbound']);
  const pagedGet = pagedGetter(app, route);
  pagedGet(
    '/providers/',
    {
      summary: 'Providers (name__icontains)',
      querystring: withFilters(providerListQuerySchema, providerFilters),
      row: providerSchema,
      pageSize: DASHBOARD_PAGE,
    },
    (user, { query }, page) => reads.listProviders(user, query, page),
  );

  const getRecord = recordGetter(app, route);
  getRecord('/providers/:id/', { ok: providerSchema }, (user, id) => service.getProvider(user, id));

  app.get(
    '/locations/:locationId/providers/:id/',
    route({ params: z.object({ locationId: intId(), id: intId() }), ok: providerSchema }),
    async (request) => service.getProvider(currentUser(request), request.params.id),
  );

  getRecord('/providers/:id/statistics/', { summary: 'Provider statistics', ok: providerStatsSchema }, (user, id) =>
    reads.providerStats(user, id),
  );

  pagedGet(
    '/providers/:id/porders/',
    {
      summary: "A provider's purchase orders (pending=true: status 0; pending=false: resolved)",
      params: idParamSchema,
      querystring: withFilters(providerOrdersQuerySchema, orderListFilters('purchase')),
      row: purchaseOrderSchema,
      pageSize: DASHBOARD_PAGE,
    },
    (user, { params, query }, page) => reads.providerOrders(user, params.id, query, page),
  );
};

/** Provider and sale returns of a location, one by one and their lines. */
const registerReturnRoutes = (app: ZodApp, { service, reads }: OrdersRouteDeps) => {
  const route = routeDeclarer(['inbound']);
  const pagedGet = pagedGetter(app, route);
  const returnKinds = [
    {
      kind: 'provider',
      list: '/locations/:id/provider_returns/',
      item: '/provider_returns/:id/',
      schema: providerReturnSchema,
      dto: toProviderReturnDto,
    },
    {
      kind: 'sale',
      list: '/locations/:id/sale_returns/',
      item: '/sale_returns/:id/',
      schema: saleReturnSchema,
      dto: toSaleReturnDto,
    },
  ] as const;
  for (const { kind, list, item, schema, dto } of returnKinds) {
    pagedGet(
      list,
      {
        summary: `${kind === 'provider' ? 'Provider' : 'Sale'} returns of a location`,
        params: locationParams,
        querystring: withFilters(returnListQuerySchema, returnFilters),
        row: schema,
        pageSize: DASHBOARD_PAGE,
      },
      async (user, { params, query }, page) => {
        const { count, rows } = await reads.listReturns(user, kind, params.id, query, page);
        return { count, results: rows.map(dto) };
      },
    );
    recordGetter(app, route)(item, { ok: schema }, async (user, id) => dto(await service.getReturn(user, kind, id)));
    pagedGet(
      `${item}detail/`,
      {
        summary: 'Lines of a return per GTIN',
        params: idParamSchema,
        querystring: pagingQuerySchema,
        row: returnLineSchema,
        pageSize: LINES_PAGE,
      },
      (user, { params }, page) => reads.returnLines(user, kind, params.id, page),
    );
  }
};

/** Inbound: purchase orders, receptions, boxes and contents, providers, statistics, downloads and returns. */
export const ordersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, readDb, config }) => {
  const service = createOrdersService(db);
  // The lists and statistics read through this one (the read replica while it keeps up: docs/read-replicas.md).
  const reads = readDb === db ? service : createOrdersService(readDb);
  const deps = { db, config, service, reads };
  registerPurchaseOrderPages(app, deps);
  registerOrderWizardRoute(app, deps);
  registerPurchaseOrderRoutes(app, deps);
  registerReceptionRoutes(app, deps);
  registerBoxRoutes(app, deps);
  registerProviderRoutes(app, deps);
  registerReturnRoutes(app, deps);
};
