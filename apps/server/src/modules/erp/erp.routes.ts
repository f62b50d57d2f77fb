import {
  ERP_DIFFERENCES_PAGE_SIZE,
  ERP_SNAPSHOT_MAX_BYTES,
  erpDifferenceSchema,
  erpDifferencesExportQuerySchema,
  erpDifferencesQuerySchema,
  erpSnapshotDetailSchema,
  erpSnapshotListQuerySchema,
  erpSnapshotParamsSchema,
  erpSnapshotSchema,
  erpStockJsonBodySchema,
  idParamSchema,
  inventoryDifferencesQuerySchema,
  inventoryDifferencesSchema,
  inventoryFeedQuerySchema,
  inventoryFeedSchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../http/csv.js';
import { type FieldErrors, fieldError, validationError } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer, type ZodApp } from '../../http/route.js';
import { msg } from '../../i18n/messages.js';
import { fromEnglish, pickLanguage } from '../../i18n/translate.js';
import { exportOptionsOf, sendExport } from '../../lib/export/reply.js';
import { currentUser } from '../../plugins/auth.js';
import { companyTimeZone, exportTimeZone } from '../locations/location-scope.js';
import type { ModuleDeps } from '../registry.js';
import { DIFFERENCE_CSV_COLUMNS, differenceCells, INVENTORY_CSV_COLUMNS, inventoryCells } from './erp.dto.js';
import { ERP_DIFFERENCES_TABLE, INVENTORY_DIFFERENCES_TABLE, inventoryDifferenceRows } from './erp.exports.js';
import { createErpRepository, type ErpRepository } from './erp.repository.js';
import { jsonRows, parseErpCsv, type RawErpRow } from './erp.rules.js';
import { getErpSnapshot } from './use-cases/get-erp-snapshot.js';
import { getInventoryDifferences } from './use-cases/get-inventory-differences.js';
import { importErpStock } from './use-cases/import-erp-stock.js';
import { listErpDifferences } from './use-cases/list-erp-differences.js';
import { listErpSnapshots } from './use-cases/list-erp-snapshots.js';
import { listInventoryFeed } from './use-cases/list-inventory-feed.js';

/** The file's text: UTF-8, or Latin-1 when it is not valid UTF-8 (spreadsheets export either). */
const decodeText = (bytes: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
};

/** The rows of an import: a CSV file of a multipart form, or the JSON body's array (checked by the contract). */
const snapshotRows = async (
  request: FastifyRequest,
): Promise<{ source: 'csv' | 'json'; fileName: string; rows: RawErpRow[] }> => {
  if (request.isMultipart()) {
    const form = await readMultipart(request, {
      fileField: 'file',
      maxFileBytes: ERP_SNAPSHOT_MAX_BYTES,
      notMultipart: fieldError('file', 'erp.file_required'),
      tooLarge: msg('upload.too_large', { mb: ERP_SNAPSHOT_MAX_BYTES / 1024 / 1024 }),
    });
    const [file] = form.files;
    if (!file || file.bytes.length === 0) throw fieldError('file', 'erp.file_required');
    const parsed = parseErpCsv(decodeText(file.bytes));
    if (!parsed.ok) throw fieldError('file', parsed.message);
    return { source: 'csv', fileName: file.filename.slice(0, 200), rows: parsed.rows };
  }
  if (request.body === undefined || request.body === null) throw fieldError('rows', 'erp.file_required');
  const parsed = erpStockJsonBodySchema.safeParse(request.body);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues.slice(0, 20)) {
      const field = issue.path.length ? issue.path.join('.') : 'rows';
      errors[field] = [...(errors[field] ?? []), fromEnglish(issue.message)];
    }
    throw validationError(errors);
  }
  return { source: 'json', fileName: '', rows: jsonRows(parsed.data) };
};

/**
 * ERP stock and differences (issue 27, docs/integrations.md). Imports: roles 1–3 (a location editor or a write API key
 * only for its stores); reads: every role in its scope (4 and 5 read). The approved differences of validated
 * inventories for an ERP to fetch, one inventory or a feed since a time.
 */
export const erpRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const route = routeDeclarer(['erp']);
  const context: ErpRouteContext = { db, config, route, pagedGet: pagedGetter(app, route), repo: createErpRepository(db) };
  registerStockRoutes(app, context);
  registerExportRoutes(app, context);
  app.get(
    '/erp/inventory-differences/',
    route({
      summary:
        'Validated inventories’ differences since a time (since, or cursor: the previous answer’s next_cursor), oldest first, for an ERP that polls',
      querystring: inventoryFeedQuerySchema,
      ok: inventoryFeedSchema,
    }),
    async (request) => listInventoryFeed(context.repo, currentUser(request), request.query),
  );
};

type ErpRouteContext = Pick<ModuleDeps, 'db' | 'config'> & {
  route: ReturnType<typeof routeDeclarer>;
  pagedGet: ReturnType<typeof pagedGetter>;
  repo: ErpRepository;
};

/** The ERP stock: its imports (one imported, the list, one read) and its differences with the RFID stock. */
const registerStockRoutes = (app: ZodApp, { config, route, pagedGet, repo }: ErpRouteContext) => {
  const languageOf = (request: FastifyRequest) => pickLanguage(request.headers['accept-language'], config.defaultLanguage);
  app.post(
    '/erp/stock/',
    {
      ...route({
        summary:
          'Import an ERP stock snapshot: a CSV file (multipart "file"; store;gtin;quantity, "," or ";") or a JSON array of { store, gtin, quantity }. Replaces the ERP stock of the stores it names; bad rows are kept with their reason (roles 1–3)',
        maxRole: RoleThreshold.importInventory,
        consumes: ['application/json', 'multipart/form-data'],
        created: erpSnapshotDetailSchema,
      }),
      bodyLimit: ERP_SNAPSHOT_MAX_BYTES,
    },
    async (request, reply) => {
      const input = await snapshotRows(request);
      const snapshot = await importErpStock({ repo, now: () => new Date() }, currentUser(request), {
        ...input,
        language: languageOf(request),
      });
      return reply.status(201).send(snapshot);
    },
  );

  pagedGet(
    '/erp/snapshots/',
    {
      summary: 'The ERP stock imports, newest first (who, when, rows taken and refused, stores)',
      querystring: erpSnapshotListQuerySchema,
      row: erpSnapshotSchema,
      pageSize: ERP_DIFFERENCES_PAGE_SIZE,
    },
    async (user, _input, page) => listErpSnapshots(repo, user, page),
  );

  app.get(
    '/erp/snapshots/:id/',
    route({
      summary: 'One ERP stock import with its refused rows',
      params: erpSnapshotParamsSchema,
      ok: erpSnapshotDetailSchema,
    }),
    async (request) => getErpSnapshot(repo, currentUser(request), request.params.id),
  );

  pagedGet(
    '/erp/differences/',
    {
      summary:
        'Per store and GTIN: ERP quantity, RFID stock and difference (RFID − ERP); location, gtin, only_differences, order_by (25 per page)',
      querystring: erpDifferencesQuerySchema,
      row: erpDifferenceSchema,
      pageSize: ERP_DIFFERENCES_PAGE_SIZE,
    },
    async (user, { query }, page) => listErpDifferences(repo, user, query, page),
  );
};

/** The differences as files: the ERP stock's, and one inventory's. */
const registerExportRoutes = (app: ZodApp, { db, config, route, repo }: ErpRouteContext) => {
  /**
   * The people's file (the user's language, CSV or xlsx) unless `dialect=plain` asks for the machine-readable CSV an ERP
   * reads (English column names, `,`, ISO times, no BOM); `dialect=es` is the Spanish file (lang=es).
   */
  const fileOptions = async (request: FastifyRequest, query: { dialect?: 'es' | 'plain' | undefined }) => {
    const options = exportOptionsOf(request, {
      timeZone: await companyTimeZone(db, currentUser(request)),
      defaultLanguage: config.defaultLanguage,
    });
    return query.dialect === 'es' ? { ...options, language: 'es' as const } : options;
  };

  app.get(
    '/erp/differences/export/',
    route({
      summary:
        "The differences as a file: CSV or xlsx in the user's language (lang es/en); dialect=plain: the machine CSV (`,`, English columns)",
      querystring: erpDifferencesExportQuerySchema,
    }),
    async (request, reply) => {
      const { results } = await listErpDifferences(repo, currentUser(request), request.query, null);
      if (request.query.dialect === 'plain') {
        return sendCsv(reply, {
          filename: 'erp-differences.csv',
          columns: DIFFERENCE_CSV_COLUMNS,
          rows: results.map(differenceCells),
          dialect: 'plain',
        });
      }
      return sendExport(reply, {
        table: ERP_DIFFERENCES_TABLE,
        name: { es: 'diferencias-erp', en: 'erp-differences' },
        rows: results,
        options: await fileOptions(request, request.query),
      });
    },
  );

  app.get(
    '/inventorys/:id/differences/',
    route({
      summary:
        'An inventory’s differences per GTIN for an ERP: expected, counted, difference, approved (validated); format=csv or xlsx for a file (dialect=plain: the machine CSV)',
      params: idParamSchema,
      querystring: inventoryDifferencesQuerySchema,
      ok: inventoryDifferencesSchema,
    }),
    async (request, reply) => {
      const differences = await getInventoryDifferences(repo, currentUser(request), {
        id: request.params.id,
        onlyDifferences: request.query.only_differences === 'true',
      });
      const { format } = request.query;
      if (format !== 'csv' && format !== 'xlsx') return differences;
      if (format === 'csv' && request.query.dialect === 'plain') {
        return sendCsv(reply, {
          filename: `inventory-${differences.id}-differences.csv`,
          columns: INVENTORY_CSV_COLUMNS,
          rows: inventoryCells(differences),
          dialect: 'plain',
        });
      }
      const options = await fileOptions(request, request.query);
      return sendExport(reply, {
        table: INVENTORY_DIFFERENCES_TABLE,
        name: { es: `inventario-${differences.id}-diferencias`, en: `inventory-${differences.id}-differences` },
        rows: inventoryDifferenceRows(differences),
        options: {
          ...options,
          format,
          timeZone: await exportTimeZone(db, currentUser(request), differences.location.id),
        },
      });
    },
  );
};
