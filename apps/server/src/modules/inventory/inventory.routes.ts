import {
  errorBodySchema,
  exportQuerySchema,
  fileCreationProgressSchema,
  fileCreationTaskParamSchema,
  handheldSetBodySchema,
  INVENTORY_ARTICLES_PAGE_SIZE,
  INVENTORY_LIST_PAGE_SIZE,
  INVENTORY_TAGS_PAGE_SIZE,
  idParamSchema,
  ingestedSetSchema,
  inventoryCreateBodySchema,
  inventoryCsvTaskSchema,
  inventoryGtinParamsSchema,
  inventoryGtinSchema,
  inventoryListQuerySchema,
  inventorySchema,
  inventoryStatsQuerySchema,
  inventoryStatsSchema,
  inventorySummaryQuerySchema,
  inventorySummaryRowSchema,
  inventoryTagQuerySchema,
  inventoryTagSchema,
  inventoryUpdateBodySchema,
  inventoryUserSchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdPoster } from '../../http/created-route.js';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer, type ZodApp } from '../../http/route.js';
import { conflictErrorResponses, errorResponses, locationParams } from '../../http/route-schemas.js';
import { pickLanguage } from '../../i18n/translate.js';
import { currentUser } from '../../plugins/auth.js';
import { recordAtLocation } from '../recorded-route.js';
import type { ModuleDeps } from '../registry.js';
import { createHandheldSetRepository } from './handheld-set.repository.js';
import { createCsvJobs } from './inventory.csv.js';
import { createInventoryService, type InventoryService } from './inventory.service.js';
import type { SummaryKind, TagKind } from './inventory-reports.repository.js';
import { recordHandheldSet } from './use-cases/record-handheld-set.js';

/** What the inventory routes use: the database, the engine, the app's config and the inventory service. */
type InventoryRouteDeps = Pick<ModuleDeps, 'db' | 'engine' | 'config'> & { service: InventoryService };

/** A location's inventories: list, open, the handheld app's sets, statistics; one inventory and its state. */
const registerInventoryRoutes = (app: ZodApp, { db, engine, service }: InventoryRouteDeps) => {
  const route = routeDeclarer(['inventory']);
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  const writeRole = RoleThreshold.importInventory;
  pagedGet(
    '/locations/:id/inventories/',
    {
      summary:
        'Inventories of a location (11 per page; state, id__icontains, location_area, inventorypartial__isnull, order_by, default -id)',
      params: locationParams,
      querystring: inventoryListQuerySchema,
      row: inventorySchema,
      pageSize: INVENTORY_LIST_PAGE_SIZE,
    },
    (user, { params, query }, page) => service.list(user, params.id, query, page),
  );

  postCreated(
    '/locations/:id/inventories/',
    {
      maxRole: writeRole,
      summary: 'Open an inventory of an area (total, or partial with item_types); 409 while the area has one open',
      params: locationParams,
      body: inventoryCreateBodySchema,
      created: inventorySchema,
      errors: conflictErrorResponses,
    },
    (user, { params, body }) => service.create(user, params.id, body),
  );

  const handheldSets = createHandheldSetRepository(db, engine);
  app.post(
    '/locations/:id/handheld_sets/',
    route({
      maxRole: writeRole,
      summary:
        "The handheld app's count of an area (issue 32): its EPCs as one reading set of the area's handheld reader; idempotent on the app's id (201, then 200); 409 when the area has no handheld reader",
      params: locationParams,
      body: handheldSetBodySchema,
      response: { 200: ingestedSetSchema, 201: ingestedSetSchema, 409: errorBodySchema, ...errorResponses },
    }),
    recordAtLocation(
      ingestedSetSchema,
      (user, input) => recordHandheldSet(handheldSets, user, input),
      (recorded) => recorded.set,
    ),
  );

  app.get(
    '/locations/:id/inventorystats/',
    route({
      summary: 'Inventory statistics of a location (date_start, date_end; default the last 30 days)',
      params: locationParams,
      querystring: inventoryStatsQuerySchema,
      ok: inventoryStatsSchema,
    }),
    async (request) => service.stats(currentUser(request), request.params.id, request.query),
  );

  app.get('/inventorys/:id/', route({ summary: 'An inventory', params: idParamSchema, ok: inventorySchema }), async (request) =>
    service.get(currentUser(request), request.params.id),
  );

  app.put(
    '/inventorys/:id/',
    route({
      maxRole: writeRole,
      summary: 'Validate (state 2, only pending) or cancel (state 3, pending or computing) an inventory; 409 otherwise',
      params: idParamSchema,
      body: inventoryUpdateBodySchema,
      ok: inventorySchema,
      errors: conflictErrorResponses,
    }),
    async (request) => service.changeState(currentUser(request), request.params.id, request.body),
  );
};

/** An inventory's people, its summaries and tag lists per kind, and one GTIN of it. */
const registerInventoryReportRoutes = (app: ZodApp, { service }: InventoryRouteDeps) => {
  const route = routeDeclarer(['inventory']);
  const pagedGet = pagedGetter(app, route);
  app.get(
    '/inventorys/:id/users/',
    route({
      summary: 'Who opened the inventory and who validated or canceled it',
      params: idParamSchema,
      ok: z.array(inventoryUserSchema),
    }),
    async (request) => service.users(currentUser(request), request.params.id),
  );

  const summaries: Array<{ path: string; kind: SummaryKind; summary: string }> = [
    {
      path: 'summary',
      kind: 'all',
      summary: 'Per GTIN: expected (theorical_quantity), read (quantity), matched, missing, excess',
    },
    { path: 'remaining_summary', kind: 'remaining', summary: 'GTINs with missing items (expected, not read)' },
    { path: 'surplus_summary', kind: 'surplus', summary: 'GTINs with excess items (read, not expected)' },
  ];
  for (const { path, kind, summary } of summaries) {
    pagedGet(
      `/inventorys/:id/${path}/`,
      {
        summary: `${summary} (25 per page; order_by item_type; GTIN attribute filters)`,
        params: idParamSchema,
        querystring: inventorySummaryQuerySchema,
        row: inventorySummaryRowSchema,
        pageSize: INVENTORY_ARTICLES_PAGE_SIZE,
      },
      (user, { params, query }, page) => service.summary(user, params.id, kind, query, page),
    );
  }

  const tagLists: Array<{ path: string; kind: TagKind; summary: string }> = [
    { path: 'items', kind: 'read', summary: 'EPCs read (quantity 1; status matched or excess)' },
    { path: 'unchecked_items', kind: 'lost', summary: 'Lost EPCs: expected and not read (quantity 0; status missing)' },
  ];
  for (const { path, kind, summary } of tagLists) {
    pagedGet(
      `/inventorys/:id/${path}/`,
      {
        summary: `${summary} (20 per page; itemType__gtin__contains, epc__contains; order_by itemType)`,
        params: idParamSchema,
        querystring: inventoryTagQuerySchema,
        row: inventoryTagSchema,
        pageSize: INVENTORY_TAGS_PAGE_SIZE,
      },
      (user, { params, query }, page) => service.tags(user, params.id, kind, query, page),
    );
  }

  app.get(
    '/inventorys/:id/types/:itemType/',
    route({
      summary: 'A GTIN in an inventory: its figures and product card',
      params: inventoryGtinParamsSchema,
      ok: inventoryGtinSchema,
    }),
    async (request) => service.gtin(currentUser(request), request.params.id, request.params.itemType),
  );
};

/** The inventory file: start it, follow it, download it. */
const registerInventoryFileRoutes = (app: ZodApp, { config, service }: InventoryRouteDeps) => {
  const route = routeDeclarer(['inventory']);
  app.get(
    '/inventorys/:id/start_csv_creation/',
    route({
      summary:
        "Start creating the inventory CSV (in lang es/en, else the user's language); poll /file_creation_progress/{task_id}/ every 2 s until 100",
      params: idParamSchema,
      querystring: exportQuerySchema.pick({ lang: true }),
      ok: inventoryCsvTaskSchema,
    }),
    async (request) =>
      service.startCsv(
        currentUser(request),
        request.params.id,
        request.query.lang ?? pickLanguage(request.headers['accept-language'], config.defaultLanguage),
      ),
  );

  app.get(
    '/file_creation_progress/:taskId/',
    route({
      summary: 'Progress (0 to 100) of a file creation task',
      params: fileCreationTaskParamSchema,
      ok: fileCreationProgressSchema,
    }),
    async (request) => service.progress(currentUser(request), request.params.taskId),
  );

  app.get(
    '/inventorys/:id/csv/',
    route({
      summary: 'The inventory CSV created last (Content-Disposition: Inventory-{id}.csv); 404 before one is created',
      params: idParamSchema,
    }),
    async (request, reply) => {
      const file = await service.csv(currentUser(request), request.params.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`);
      return reply.send(file.content);
    },
  );
};

/**
 * Inventories (spec section 7 "Inventory", docs/design/inventory.md). Reads: every role that sees
 * the location. Open (POST), validate and cancel (PUT): roles 1 to 3, as importing an inventory
 * file (spec section 6); a visualizer (5) or printer operator (4) gets 403.
 */
export const inventoryRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, jobs, engine, config }) => {
  const service = createInventoryService(db, createCsvJobs({ db, jobs }), engine);
  const deps = { db, engine, config, service };
  registerInventoryRoutes(app, deps);
  registerInventoryReportRoutes(app, deps);
  registerInventoryFileRoutes(app, deps);
};
