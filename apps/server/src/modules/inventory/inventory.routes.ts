import {
  errorBodySchema,
  fileCreationProgressSchema,
  fileCreationTaskParamSchema,
  INVENTORY_ARTICLES_PAGE_SIZE,
  INVENTORY_LIST_PAGE_SIZE,
  INVENTORY_TAGS_PAGE_SIZE,
  idParamSchema,
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
  pageOf,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageParams, toPage } from '../../http/paging.js';
import { errorResponses, locationParams } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createCsvJobs } from './inventory.csv.js';
import { createInventoryService } from './inventory.service.js';
import type { SummaryKind, TagKind } from './inventory-reports.repository.js';

/**
 * Inventories (spec section 7 "Inventory", docs/design/inventory.md). Reads: every role that sees
 * the location. Open (POST), validate and cancel (PUT): roles 1 to 3, as importing an inventory
 * file (spec section 6); a visualizer (5) or printer operator (4) gets 403.
 */
export const inventoryRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, jobs, engine }) => {
  const service = createInventoryService(db, createCsvJobs({ db, jobs }), engine);
  const tags = ['inventory'];
  const writeConfig = { maxRole: RoleThreshold.importInventory };

  app.get(
    '/locations/:id/inventories/',
    {
      schema: {
        tags,
        summary:
          'Inventories of a location (11 per page; state, id__icontains, location_area, inventorypartial__isnull, order_by, default -id)',
        params: locationParams,
        querystring: inventoryListQuerySchema,
        response: { 200: pageOf(inventorySchema), ...errorResponses },
      },
    },
    async (request) => {
      const page = pageParams(request.query, INVENTORY_LIST_PAGE_SIZE);
      const { count, results } = await service.list(currentUser(request), request.params.id, request.query, page);
      return toPage(request, page, count, results);
    },
  );

  app.post(
    '/locations/:id/inventories/',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: 'Open an inventory of an area (total, or partial with item_types); 409 while the area has one open',
        params: locationParams,
        body: inventoryCreateBodySchema,
        response: { 201: inventorySchema, 409: errorBodySchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/locations/:id/inventorystats/',
    {
      schema: {
        tags,
        summary: 'Inventory statistics of a location (date_start, date_end; default the last 30 days)',
        params: locationParams,
        querystring: inventoryStatsQuerySchema,
        response: { 200: inventoryStatsSchema, ...errorResponses },
      },
    },
    async (request) => service.stats(currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/inventorys/:id/',
    { schema: { tags, summary: 'An inventory', params: idParamSchema, response: { 200: inventorySchema, ...errorResponses } } },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.put(
    '/inventorys/:id/',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: 'Validate (state 2, only pending) or cancel (state 3, pending or computing) an inventory; 409 otherwise',
        params: idParamSchema,
        body: inventoryUpdateBodySchema,
        response: { 200: inventorySchema, 409: errorBodySchema, ...errorResponses },
      },
    },
    async (request) => service.changeState(currentUser(request), request.params.id, request.body.state),
  );

  app.get(
    '/inventorys/:id/users/',
    {
      schema: {
        tags,
        summary: 'Who opened the inventory and who validated or canceled it',
        params: idParamSchema,
        response: { 200: z.array(inventoryUserSchema), ...errorResponses },
      },
    },
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
    app.get(
      `/inventorys/:id/${path}/`,
      {
        schema: {
          tags,
          summary: `${summary} (25 per page; order_by item_type; GTIN attribute filters)`,
          params: idParamSchema,
          querystring: inventorySummaryQuerySchema,
          response: { 200: pageOf(inventorySummaryRowSchema), ...errorResponses },
        },
      },
      async (request) => {
        const page = pageParams(request.query, INVENTORY_ARTICLES_PAGE_SIZE);
        const { count, results } = await service.summary(currentUser(request), request.params.id, kind, request.query, page);
        return toPage(request, page, count, results);
      },
    );
  }

  const tagLists: Array<{ path: string; kind: TagKind; summary: string }> = [
    { path: 'items', kind: 'read', summary: 'EPCs read (quantity 1; status matched or excess)' },
    { path: 'unchecked_items', kind: 'lost', summary: 'Lost EPCs: expected and not read (quantity 0; status missing)' },
  ];
  for (const { path, kind, summary } of tagLists) {
    app.get(
      `/inventorys/:id/${path}/`,
      {
        schema: {
          tags,
          summary: `${summary} (20 per page; itemType__gtin__contains, epc__contains; order_by itemType)`,
          params: idParamSchema,
          querystring: inventoryTagQuerySchema,
          response: { 200: pageOf(inventoryTagSchema), ...errorResponses },
        },
      },
      async (request) => {
        const page = pageParams(request.query, INVENTORY_TAGS_PAGE_SIZE);
        const { count, results } = await service.tags(currentUser(request), request.params.id, kind, request.query, page);
        return toPage(request, page, count, results);
      },
    );
  }

  app.get(
    '/inventorys/:id/types/:itemType/',
    {
      schema: {
        tags,
        summary: 'A GTIN in an inventory: its figures and product card',
        params: inventoryGtinParamsSchema,
        response: { 200: inventoryGtinSchema, ...errorResponses },
      },
    },
    async (request) => service.gtin(currentUser(request), request.params.id, request.params.itemType),
  );

  app.get(
    '/inventorys/:id/start_csv_creation/',
    {
      schema: {
        tags,
        summary: 'Start creating the inventory CSV; poll /file_creation_progress/{task_id}/ every 2 s until 100',
        params: idParamSchema,
        response: { 200: inventoryCsvTaskSchema, ...errorResponses },
      },
    },
    async (request) => service.startCsv(currentUser(request), request.params.id),
  );

  app.get(
    '/file_creation_progress/:taskId/',
    {
      schema: {
        tags,
        summary: 'Progress (0 to 100) of a file creation task',
        params: fileCreationTaskParamSchema,
        response: { 200: fileCreationProgressSchema, ...errorResponses },
      },
    },
    async (request) => service.progress(currentUser(request), request.params.taskId),
  );

  app.get(
    '/inventorys/:id/csv/',
    {
      schema: {
        tags,
        summary: 'The inventory CSV created last (Content-Disposition: Inventory-{id}.csv); 404 before one is created',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const file = await service.csv(currentUser(request), request.params.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`);
      return reply.send(file.content);
    },
  );
};
