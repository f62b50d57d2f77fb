import {
  alarmCountSchema,
  alarmQuerySchema,
  boxAreaSeenQuerySchema,
  boxAreaSeenSchema,
  boxStockQuerySchema,
  boxStockRowSchema,
  codebarParamSchema,
  contentBoxSchema,
  exportQuerySchema,
  globalStockQuerySchema,
  idParamSchema,
  inventoryFileResultSchema,
  itemStockQuerySchema,
  itemStockRowSchema,
  minimumStockBodySchema,
  minimumStockQuerySchema,
  minimumStockSchema,
  minimumStockUpdateBodySchema,
  RoleThreshold,
  STOCK_PAGE_SIZE,
  stockAlarmSchema,
  stockQuerySchema,
  stockRowSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../http/errors.js';
import { exportGetter } from '../../http/export-route.js';
import { readMultipart } from '../../http/multipart.js';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer, type ZodApp } from '../../http/route.js';
import { conflictErrorResponses, errorResponses } from '../../http/route-schemas.js';
import { msg } from '../../i18n/messages.js';
import { currentUser } from '../../plugins/auth.js';
import { exportTimeZone } from '../locations/location-scope.js';
import type { ModuleDeps } from '../registry.js';
import { BOX_TRACKING_TABLE } from './stock.exports.js';
import { createStockService } from './stock.service.js';

/** Uploading an inventory file and editing minimum stock: roles 1 to 3 (spec section 6, "import an inventory file"). */
const STOCK_EDIT = RoleThreshold.importInventory;
const FILE_MAX_BYTES = 10 * 1024 * 1024;
const SELECT_FILE = 'upload.select_file';

/** The file's text: UTF-8, or Latin-1 when it is not valid UTF-8 (spreadsheets export either). */
const decodeText = (bytes: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
};

type StockService = ReturnType<typeof createStockService>;
/** What the stock routes use: the primary's service, the one lists read through, and the app's config. */
type StockRouteDeps = Pick<ModuleDeps, 'db' | 'config'> & {
  service: StockService;
  reads: StockService;
  /** The stock routes' declarer (tag `stock`) and the paged lists declared with it. */
  route: ReturnType<typeof routeDeclarer>;
  pagedGet: ReturnType<typeof pagedGetter>;
};

/** Stock per GTIN of an area, a location or every visible location, and stock by tag. */
const registerStockPerGtinRoutes = ({ reads, pagedGet }: StockRouteDeps) => {
  pagedGet(
    '/areas/:id/summary/',
    {
      summary:
        'Stock per GTIN of an area: items STOCKED + counted stock, with minimum stock (11 per page; gtin, itemtype, omit, order_by=-count)',
      params: idParamSchema,
      querystring: stockQuerySchema,
      row: stockRowSchema,
      pageSize: STOCK_PAGE_SIZE,
    },
    (user, { params, query }, page) => reads.areaSummary(user, params.id, query, page),
  );

  pagedGet(
    '/global-stock/',
    {
      summary: 'Stock per GTIN of an area (area1), a location (location) or every location the user sees (11 per page)',
      querystring: globalStockQuerySchema,
      row: stockRowSchema,
      pageSize: STOCK_PAGE_SIZE,
    },
    (user, { query }, page) => reads.globalStock(user, query, page),
  );

  pagedGet(
    '/global-item-stock/',
    {
      summary: 'Stock by tag: the items STOCKED in an area (area1), a location or every visible location (11 per page)',
      querystring: itemStockQuerySchema,
      row: itemStockRowSchema,
      pageSize: STOCK_PAGE_SIZE,
    },
    (user, { query }, page) => reads.itemStock(user, query, page),
  );
};

/** Box stock, a box's contents and box tracking (with its file). */
const registerBoxRoutes = (app: ZodApp, { db, config, service, reads, route, pagedGet }: StockRouteDeps) => {
  pagedGet(
    '/boxstock/',
    {
      summary: 'Boxes in stock: barcodes whose last reading set was in the area, location or visible locations (11 per page)',
      querystring: boxStockQuerySchema,
      row: boxStockRowSchema,
      pageSize: STOCK_PAGE_SIZE,
    },
    (user, { query }, page) => reads.boxStock(user, query, page),
  );

  pagedGet(
    '/areas/:id/boxstock/',
    {
      summary: 'Boxes in stock in an area (11 per page; codebar__icontains)',
      params: idParamSchema,
      querystring: boxStockQuerySchema.omit({ area: true, location: true }),
      row: boxStockRowSchema,
      pageSize: STOCK_PAGE_SIZE,
    },
    (user, { params, query }, page) => reads.boxStock(user, { ...query, area: params.id }, page),
  );

  app.get(
    '/contentbox/:codebar/',
    route({ summary: "A box's contents: the GTINs of its last reading set", params: codebarParamSchema, ok: contentBoxSchema }),
    async (request) => service.contentBox(currentUser(request), request.params.codebar),
  );

  pagedGet(
    '/boxareaseens/:id/',
    {
      summary: 'Box tracking of an area: barcodes read there, cycles, detections and last date (11 per page)',
      params: idParamSchema,
      querystring: boxAreaSeenQuerySchema,
      row: boxAreaSeenSchema,
      pageSize: STOCK_PAGE_SIZE,
    },
    (user, { params, query }, page) => reads.boxesSeen(user, params.id, query, page),
  );

  exportGetter(app, route, config.defaultLanguage)(
    '/boxareaseens/:id/csv/',
    {
      summary: 'Box tracking of an area as a file (streamed; CSV or xlsx with format, lang es/en)',
      params: idParamSchema,
      querystring: exportQuerySchema,
      response: errorResponses,
    },
    async (user, { params }) => {
      const { area, chunks } = await service.boxesSeenCsv(user, params.id);
      return {
        table: BOX_TRACKING_TABLE,
        name: { es: `seguimiento-cajas-zona-${area.id}`, en: `box-tracking-area-${area.id}` },
        rows: (async function* () {
          for await (const rows of chunks) yield rows.map((row) => ({ ...row, area }));
        })(),
        timeZone: await exportTimeZone(db, user, area.locationId),
      };
    },
  );
};

/** The counted-stock upload of an area (roles 1–3). */
const registerInventoryFileRoute = (app: ZodApp, { service, route }: StockRouteDeps) => {
  app.post(
    '/areas/:id/upload_inventory_file/',
    route({
      maxRole: STOCK_EDIT,
      summary:
        'Counted stock of an area from a CSV (multipart field "file"; gtin and quantity columns). A bad row refuses the whole file (roles 1–3)',
      params: idParamSchema,
      ok: inventoryFileResultSchema,
    }),
    async (request) => {
      const form = await readMultipart(request, {
        fileField: 'file',
        maxFileBytes: FILE_MAX_BYTES,
        notMultipart: fieldError('file', SELECT_FILE),
        tooLarge: msg('upload.too_large', { mb: FILE_MAX_BYTES / 1024 / 1024 }),
      });
      const [file] = form.files;
      if (!file) throw fieldError('file', SELECT_FILE);
      if (!/\.csv$/i.test(file.filename)) throw fieldError('file', 'upload.csv_only');
      const bytes = file.bytes;
      if (bytes.length === 0) throw fieldError('file', SELECT_FILE);
      return service.uploadInventoryFile(currentUser(request), request.params.id, decodeText(bytes));
    },
  );
};

/** Minimum stock of a GTIN: read, set and change (roles 1–3 edit). */
const registerMinimumStockRoutes = (app: ZodApp, { service, route }: StockRouteDeps) => {
  app.get(
    '/types/:id/minstock/',
    route({
      summary: "A GTIN's minimum stocks in the areas the user sees (location, area), with the current stock",
      params: idParamSchema,
      querystring: minimumStockQuerySchema,
      ok: z.array(minimumStockSchema),
    }),
    async (request) => service.minimumStocksOfType(currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/minstock/',
    route({
      maxRole: STOCK_EDIT,
      summary: 'Set the minimum stock of a GTIN in an area: 201 created, 200 replaced (roles 1–3)',
      body: minimumStockBodySchema,
      response: { 200: minimumStockSchema, 201: minimumStockSchema, ...errorResponses },
    }),
    async (request, reply) => {
      const { created, record } = await service.setMinimumStock(currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(record);
    },
  );

  app.put(
    '/minstock/:id/',
    route({
      maxRole: STOCK_EDIT,
      summary: "Change a minimum stock's value and area (roles 1–3; 409 when that area has one for the GTIN)",
      params: idParamSchema,
      body: minimumStockUpdateBodySchema,
      ok: minimumStockSchema,
      errors: conflictErrorResponses,
    }),
    async (request) => service.updateMinimumStock(currentUser(request), request.params.id, request.body),
  );
};

/** Stock alarms and their count (the header bell). */
const registerAlarmRoutes = (app: ZodApp, { service, reads, route, pagedGet }: StockRouteDeps) => {
  pagedGet(
    '/alarms/',
    {
      summary: 'Stock alarms: GTINs below their minimum stock (11 per page; location, area, gtin, order_by)',
      querystring: alarmQuerySchema,
      row: stockAlarmSchema,
      pageSize: STOCK_PAGE_SIZE,
    },
    (user, { query }, page) => reads.alarms(user, query, page),
  );

  app.get(
    '/alarms/count/',
    route({
      summary: 'How many stock alarms (the header bell; location, area, gtin)',
      querystring: alarmQuerySchema.omit({ limit: true, offset: true, order_by: true }),
      ok: alarmCountSchema,
    }),
    async (request) => ({ count: await service.alarmCount(currentUser(request), request.query) }),
  );
};

/**
 * Stock (spec sections 2 "Inventory" and "Alarms", 7 "Areas" and "Items and alarms";
 * docs/design/stock.md): stock per GTIN of an area, a location or every visible location; stock
 * by tag; box stock and box tracking; the counted-stock upload; minimum stock; alarms. Reads are
 * open to every role in scope; uploads and minimum stock edits to roles 1–3. Foreign ids are 404.
 */
export const stockRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, readDb, config }) => {
  const service = createStockService(db);
  // The stock lists read through readDb: the read replica while it keeps up (docs/read-replicas.md); the rest, the primary.
  const reads = readDb === db ? service : createStockService(readDb);
  const route = routeDeclarer(['stock']);
  const deps = { db, config, service, reads, route, pagedGet: pagedGetter(app, route) };
  registerStockPerGtinRoutes(deps);
  registerBoxRoutes(app, deps);
  registerInventoryFileRoute(app, deps);
  registerMinimumStockRoutes(app, deps);
  registerAlarmRoutes(app, deps);
};
