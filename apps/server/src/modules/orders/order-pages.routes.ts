import {
  DEFAULT_TIME_ZONE,
  errorBodySchema,
  exportQuerySchema,
  idParamSchema,
  itemLineQuerySchema,
  itemTypeSchema,
  orderBoxesQuerySchema,
  pageOf,
} from '@rfid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { itemTypes } from '../../db/schema/index.js';
import { pagedGetter } from '../../http/paged-route.js';
import type { PageParams } from '../../http/paging.js';
import { pageParams, toPage } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import {
  BOXES_PAGE,
  boxParams,
  errorResponses,
  gtinFilter,
  LINES_PAGE,
  LIST_PAGE,
  locationParams,
  typeParams,
} from '../../http/route-schemas.js';
import type { Language } from '../../i18n/messages.js';
import { exportOptionsOf, sendExport } from '../../lib/export/reply.js';
import type { ExportColumn, ExportTable, Words } from '../../lib/export/table.js';
import type { AuthUser } from '../../plugins/auth.js';
import { currentUser } from '../../plugins/auth.js';
import { toItemTypeDto } from '../catalog/catalog.service.js';

/** Which side a movement page reads (`?side=exit|entry`); inbound and online pages have one side. */
export type PageSide = 'exit' | 'entry';
export type BoxQuery = { codebarContains?: string; orderBy?: string };
type Page<T> = Promise<{ count: number; results: T[] }>;

/**
 * What an order page needs from its module's service; `side` is only given on movement pages. `Query` is the list's
 * query as its schema (the contract's) gives it.
 */
export type OrderPagesService<Order, Box, Line, Query = Record<string, unknown>> = {
  get(user: AuthUser, id: number, side?: PageSide): Promise<Order>;
  lines(user: AuthUser, id: number, side: PageSide | undefined, gtin: string | undefined, page: PageParams): Page<Line>;
  boxes(user: AuthUser, id: number, side: PageSide | undefined, query: BoxQuery, page: PageParams): Page<Box>;
  box?(user: AuthUser, id: number, boxId: number, side?: PageSide): Promise<Box>;
  boxLines?(
    user: AuthUser,
    id: number,
    boxId: number,
    side: PageSide | undefined,
    gtin: string | undefined,
    page: PageParams,
  ): Page<Line>;
  itemType(
    user: AuthUser,
    id: number,
    itemTypeId: number,
    side?: PageSide,
  ): Promise<{ order: Order; itemType: typeof itemTypes.$inferSelect; line: Line }>;
  itemsCsv(user: AuthUser, id: number, side?: PageSide): Promise<{ order: { id: number }; lines: Line[] }>;
  /** The location's dashboard list. */
  list: (user: AuthUser, locationId: number, query: Query, page: PageParams) => Page<Order>;
  /** Deletes an order with no verified box (409 otherwise). */
  remove(user: AuthUser, id: number): Promise<void>;
};

/** The cells every items file starts with: a GTIN line's item type and its expected quantity. */
type ItemLineCells = {
  gtin: string;
  description: string | null;
  model: string | null;
  colour: string | null;
  reference: string | null;
  theorical_quantity: number;
};
const ITEM_COLUMNS: ExportColumn<ItemLineCells>[] = [
  { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (l) => l.gtin, width: 16 },
  { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (l) => l.description, width: 32 },
  { header: { es: 'Modelo', en: 'Model' }, kind: 'text', value: (l) => l.model },
  { header: { es: 'Color', en: 'Colour' }, kind: 'text', value: (l) => l.colour },
  { header: { es: 'Referencia', en: 'Reference' }, kind: 'text', value: (l) => l.reference, width: 16 },
  { header: { es: 'Esperadas', en: 'Expected' }, kind: 'number', value: (l) => l.theorical_quantity },
];

export type OrderPagesOptions<
  O extends z.ZodType,
  B extends z.ZodType,
  L extends z.ZodType<ItemLineCells>,
  Q extends z.ZodType<Record<string, unknown>>,
> = {
  tags: string[];
  /** '/porders', '/orders', '/morders' */
  prefix: string;
  /** What the summaries call one order: 'an order', 'an online order', 'a movement'. */
  name: string;
  /** The order's own URLs (the v1 alias among them). */
  detailUrls: string[];
  /** The location dashboard's list: `/locations/:id/v1/…/` and its filters. */
  list: { url: string; summary: string; querystring: Q };
  /** Who may delete an order (the highest role number allowed), and at which of its URLs. */
  remove: { urls: string[]; maxRole: number };
  boxesUrls: string[];
  /** Movement pages take `?side=exit|entry`. */
  sided: boolean;
  /** `…/:id/boxes/:boxId/` and its lines (online and movements; inbound has /rboxes/). */
  boxPages: boolean;
  schemas: { order: O; box: B; line: L };
  /** The items file: its name and sheet, and the columns that follow the common ones (ITEM_COLUMNS). */
  itemsCsv: { name: (orderId: number) => Words; sheet: Words; moreColumns: ExportColumn<z.output<L>>[] };
  /** The language of a file when the request names none. */
  defaultLanguage: Language;
  service: OrderPagesService<z.output<O>, z.output<B>, z.output<L>, z.output<Q>>;
  /** The same service on the read handle (ModuleDeps.readDb): the location's list reads through it. */
  readService?: Pick<OrderPagesService<z.output<O>, z.output<B>, z.output<L>, z.output<Q>>, 'list'>;
};

/** What every group of order page routes uses: the options, the route declarers and the side query of movement pages. */
const pageContext = <
  O extends z.ZodType,
  B extends z.ZodType,
  L extends z.ZodType<ItemLineCells>,
  Q extends z.ZodType<Record<string, unknown>>,
>(
  fastify: FastifyInstance,
  options: OrderPagesOptions<O, B, L, Q>,
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routeDeclarer(options.tags);
  const pagedGet = pagedGetter(app, route);
  // The answers are checked against the schemas when sent; the service's types tie them together at the call site.
  const answer: { order: z.ZodType; box: z.ZodType; line: z.ZodType } = options.schemas;
  const side = options.sided ? { side: sideSchema } : {};
  const sideQuery = z.object(side);
  const sideOf = (q: object): PageSide | undefined =>
    options.sided && 'side' in q && (q.side === 'exit' || q.side === 'entry') ? q.side : undefined;
  const lineQuery = itemLineQuerySchema.extend(side);
  const readService = options.readService ?? options.service;
  return { ...options, readService, app, route, pagedGet, answer, side, sideQuery, sideOf, lineQuery };
};
type PageContext<
  O extends z.ZodType,
  B extends z.ZodType,
  L extends z.ZodType<ItemLineCells>,
  Q extends z.ZodType<Record<string, unknown>>,
> = ReturnType<typeof pageContext<O, B, L, Q>>;

/** The location's list, the order (at each of its URLs) and its delete. */
const registerOrderRoutes = <
  O extends z.ZodType,
  B extends z.ZodType,
  L extends z.ZodType<ItemLineCells>,
  Q extends z.ZodType<Record<string, unknown>>,
>({
  app,
  route,
  pagedGet,
  answer,
  sideQuery,
  sideOf,
  readService,
  service,
  tags,
  name,
  detailUrls,
  list,
  remove,
  sided,
}: PageContext<O, B, L, Q>) => {
  pagedGet(
    list.url,
    { summary: list.summary, params: locationParams, querystring: list.querystring, row: answer.order, pageSize: LIST_PAGE },
    (user, { params, query }, page) => readService.list(user, params.id, query, page),
  );

  for (const url of remove.urls) {
    app.delete(
      url,
      route({
        maxRole: remove.maxRole,
        summary: `Delete ${name} with no verified box (409 'Cannot delete the order. Check verifications.')`,
        params: idParamSchema,
        noContent: true,
        errors: { 409: errorBodySchema, ...errorResponses },
      }),
      async (request, reply) => {
        await service.remove(currentUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  for (const url of detailUrls) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: `${name} with its counts`,
          params: idParamSchema,
          ...(sided ? { querystring: sideQuery } : {}),
          response: { 200: answer.order, ...errorResponses },
        },
      },
      async (request) => service.get(currentUser(request), request.params.id, sideOf(request.query ?? {})),
    );
  }
};

/** The item lines of an order and its boxes. */
const registerLinesAndBoxesRoutes = <
  O extends z.ZodType,
  B extends z.ZodType,
  L extends z.ZodType<ItemLineCells>,
  Q extends z.ZodType<Record<string, unknown>>,
>({
  app,
  route,
  answer,
  side,
  sideOf,
  lineQuery,
  service,
  prefix,
  name,
  boxesUrls,
}: PageContext<O, B, L, Q>) => {
  app.get(
    `${prefix}/:id/report/`,
    route({
      summary: `Item lines of ${name} (per GTIN, expected vs real), ordered by GTIN`,
      params: idParamSchema,
      querystring: lineQuery,
      ok: pageOf(answer.line),
    }),
    async (request) => {
      const page = pageParams(request.query, LINES_PAGE);
      const user = currentUser(request);
      const { count, results } = await service.lines(
        user,
        request.params.id,
        sideOf(request.query),
        gtinFilter(request.query),
        page,
      );
      return toPage(request, page, count, results);
    },
  );

  for (const url of boxesUrls) {
    app.get(
      url,
      route({
        summary: `Boxes of ${name} with their verification counts (40 per page; box__codebar__contains)`,
        params: idParamSchema,
        querystring: orderBoxesQuerySchema.extend(side),
        ok: pageOf(answer.box),
      }),
      async (request) => {
        const page = pageParams(request.query, BOXES_PAGE);
        const query = {
          codebarContains: request.query.box__codebar__contains ?? request.query.codebar,
          orderBy: request.query.order_by,
        };
        const { count, results } = await service.boxes(
          currentUser(request),
          request.params.id,
          sideOf(request.query),
          query,
          page,
        );
        return toPage(request, page, count, results);
      },
    );
  }
};

/** With `boxPages`, one box and its item lines; one GTIN of the order; the items file. */
const registerBoxAndItemRoutes = <
  O extends z.ZodType,
  B extends z.ZodType,
  L extends z.ZodType<ItemLineCells>,
  Q extends z.ZodType<Record<string, unknown>>,
>({
  app,
  route,
  answer,
  sideQuery,
  sideOf,
  lineQuery,
  service,
  prefix,
  name,
  boxPages,
  itemsCsv,
  defaultLanguage,
}: PageContext<O, B, L, Q>) => {
  const { box, boxLines } = service;
  if (boxPages && box && boxLines) {
    app.get(
      `${prefix}/:id/boxes/:boxId/`,
      route({ summary: `A box of ${name}`, params: boxParams, querystring: sideQuery, ok: answer.box }),
      async (request) => box(currentUser(request), request.params.id, request.params.boxId, sideOf(request.query)),
    );

    app.get(
      `${prefix}/:id/boxes/:boxId/report/`,
      route({ summary: `Item lines of a box of ${name}`, params: boxParams, querystring: lineQuery, ok: pageOf(answer.line) }),
      async (request) => {
        const page = pageParams(request.query, LINES_PAGE);
        const { id, boxId } = request.params;
        const { count, results } = await boxLines(
          currentUser(request),
          id,
          boxId,
          sideOf(request.query),
          gtinFilter(request.query),
          page,
        );
        return toPage(request, page, count, results);
      },
    );
  }

  app.get(
    `${prefix}/:id/types/:itemType/`,
    route({
      summary: `A GTIN in ${name}: order header, GTIN attributes and its line`,
      params: typeParams,
      querystring: sideQuery,
      ok: z.object({ order: answer.order, item_type: itemTypeSchema, line: answer.line }),
    }),
    async (request) => {
      const { id, itemType: itemTypeId } = request.params;
      const { order, itemType, line } = await service.itemType(currentUser(request), id, itemTypeId, sideOf(request.query));
      return { order, item_type: toItemTypeDto(itemType), line };
    },
  );

  const itemsTable: ExportTable<z.output<L>> = {
    sheet: itemsCsv.sheet,
    // A line of L is an ItemLineCells (L extends z.ZodType<ItemLineCells>).
    columns: [...(ITEM_COLUMNS as ExportColumn<z.output<L>>[]), ...itemsCsv.moreColumns],
  };
  app.get(
    `${prefix}/:id/items-csv/`,
    route({
      summary: `Items file of ${name}: per GTIN expected vs real (CSV or xlsx; lang es/en)`,
      params: idParamSchema,
      querystring: sideQuery.extend(exportQuerySchema.shape),
    }),
    async (request, reply) => {
      const { order, lines } = await service.itemsCsv(currentUser(request), request.params.id, sideOf(request.query));
      return sendExport(reply, {
        table: itemsTable,
        name: itemsCsv.name(order.id),
        rows: lines,
        // The table has no times: the zone does not matter.
        options: exportOptionsOf(request, { timeZone: DEFAULT_TIME_ZONE, defaultLanguage }),
      });
    },
  );
};

const sideSchema = z.enum(['exit', 'entry']).optional();

/**
 * The pages every order type shows, declared once for inbound, online and movements: the
 * location's list, the order and its delete, its item lines, its boxes (and, with `boxPages`, one
 * box and its lines), a GTIN of the order and the items CSV. Same URLs and answers as before.
 */
export const registerOrderPageRoutes = <
  O extends z.ZodType,
  B extends z.ZodType,
  L extends z.ZodType<ItemLineCells>,
  Q extends z.ZodType<Record<string, unknown>>,
>(
  fastify: FastifyInstance,
  options: OrderPagesOptions<O, B, L, Q>,
): void => {
  const context = pageContext(fastify, options);
  registerOrderRoutes(context);
  registerLinesAndBoxesRoutes(context);
  registerBoxAndItemRoutes(context);
};
