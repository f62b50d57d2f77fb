import {
  errorBodySchema,
  expectedPrintingBodySchema,
  exportQuerySchema,
  fileUploadAnswerSchema,
  idParamSchema,
  NICELABEL_ORDERS_PAGE_SIZE,
  nicelabelListQuerySchema,
  nicelabelOrderSchema,
  nicelabelUpdateBodySchema,
  PRINT_CONTENTS_PAGE_SIZE,
  PRINT_ORDERS_PAGE_SIZE,
  PRINT_TAGS_PAGE_SIZE,
  pagingQuerySchema,
  printBodySchema,
  printContentSchema,
  printCsvBodySchema,
  printingCreateBodySchema,
  printingSchema,
  printLogQuerySchema,
  printOrderCreateBodySchema,
  printOrderListQuerySchema,
  printOrderSchema,
  printOrdersFromOrdersBodySchema,
  printOrderUpdateBodySchema,
  printProgressSchema,
  printTagSchema,
  tprintingBodySchema,
} from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdPoster } from '../../http/created-route.js';
import { fieldError } from '../../http/errors.js';
import { exportGetter } from '../../http/export-route.js';
import { readMultipart } from '../../http/multipart.js';
import { pagedGetter } from '../../http/paged-route.js';
import { recordGetter } from '../../http/record-route.js';
import type { ZodApp } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { PRINT_LOG_TABLE } from './printing.exports.js';
import { READ, route, WRITE } from './printing.http.js';
import { createPrintingService, type PrintingService } from './printing.service.js';
import { relabelRoutes } from './relabel.routes.js';
import { tagFormatsRoutes } from './tag-formats.routes.js';
import { voidedLabelsRoutes } from './voided-labels.routes.js';

/** Largest CSV of labels accepted (10 MB, as the other uploads). */
const CSV_MAX_BYTES = 10 * 1024 * 1024;

type CsvUpload = { fileName: string; text: string; fields: Record<string, string> };

/** A CSV upload (multipart field `file`) through the one multipart reader: every malformed body is a 400 on `file`. */
const readCsvUpload = async (request: FastifyRequest): Promise<CsvUpload> => {
  const { fields, files } = await readMultipart(request, {
    fileField: 'file',
    maxFileBytes: CSV_MAX_BYTES,
    notMultipart: fieldError('file', 'print.select_file'),
  });
  const file = files.find((f) => f.fieldname === 'file');
  if (!file || (!file.filename && file.bytes.length === 0)) throw fieldError('file', 'print.select_file');
  if (!/\.csv$/i.test(file.filename)) throw fieldError('file', 'print.csv_only');
  return { fileName: file.filename, text: file.bytes.toString('utf8'), fields };
};

const optionalFormatId = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d+$/.test(value.trim())) throw fieldError('tag_company_format', 'print.select_format');
  return Number(value);
};

/** A CSV upload of a print order's rows, with the format named in its `tag_company_format` field (if any). */
const readCsvOrder = async (request: FastifyRequest) => {
  const { fileName, text, fields } = await readCsvUpload(request);
  return { fileName, text, tagCompanyFormatId: optionalFormatId(fields.tag_company_format) };
};

/**
 * Label printing (spec section 7 "Printing" and its "Other" calls, all under /api): tag types and formats, print
 * orders with their reserved EPCs, the print service and the print log. Reads for the printer menu (roles ≤ 4), print
 * order creation and printing for roles 1 to 4, tag types and formats for role 1, company formats for roles ≤ 2.
 */
export const printingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, workers }) => {
  const service = createPrintingService({
    db,
    spooler: workers.spooler,
    companyPrefixLength: config.print.companyPrefixLength,
  });

  await app.register(tagFormatsRoutes, { db });
  await app.register(relabelRoutes);
  await app.register(voidedLabelsRoutes, { db, companyPrefixLength: config.print.companyPrefixLength });
  registerPrintOrderRoutes(app, service);
  registerPrintOrderDetailRoutes(app, service);
  registerPrintRoutes(app, service, config.defaultLanguage);
  registerPrinterUploadRoutes(app, service);
  registerExpectedLabelsRoutes(app, service);
  registerPrintingsRoutes(app, service);
};

/** The print orders: the list, one, and adding one (typed, from a CSV, or from purchase orders' expected labels). */
const registerPrintOrderRoutes = (app: ZodApp, service: PrintingService) => {
  const postCreated = createdPoster(app, route);
  const pagedGet = pagedGetter(app, route);

  pagedGet(
    '/printer/print_orders/',
    {
      maxRole: READ,
      summary: `Print orders (${PRINT_ORDERS_PAGE_SIZE} per page; state, brand, name__icontains, id; order_by -creation_date)`,
      querystring: printOrderListQuerySchema,
      row: printOrderSchema,
      pageSize: PRINT_ORDERS_PAGE_SIZE,
    },
    (user, { query: { limit: _l, offset: _o, ...query } }, page) => service.list(user, { query, page }),
  );

  postCreated(
    '/printer/print_orders/',
    {
      maxRole: WRITE,
      summary: 'Add a print order (roles 1 to 4): tag_company_format, items [{gtin, quantity}]; reserves every EPC',
      body: printOrderCreateBodySchema,
      created: printOrderSchema,
    },
    (user, { body }) => service.create(user, body),
  );

  app.post(
    '/printer/print_orders/create_by_csv/',
    route({
      maxRole: WRITE,
      summary: 'Add a print order from a .csv of gtin and quantity rows (multipart: file, tag_company_format)',
      created: printOrderSchema,
    }),
    async (request, reply) => {
      const { tagCompanyFormatId, ...file } = await readCsvOrder(request);
      if (tagCompanyFormatId === undefined) throw fieldError('tag_company_format', 'print.select_format');
      const order = await service.createFromCsv(currentUser(request), { ...file, tagCompanyFormatId });
      return reply.status(201).send(order);
    },
  );

  postCreated(
    '/printer/print_orders/create_by_orders/',
    {
      maxRole: WRITE,
      summary:
        "Add one print order of several purchase orders' expected labels, summed per GTIN: {orders: [id], tag_company_format}",
      body: printOrdersFromOrdersBodySchema,
      created: printOrderSchema,
    },
    (user, { body }) => service.createFromOrders(user, body),
  );

  recordGetter(app, route)('/printer/print_orders/:id/', { maxRole: READ, ok: printOrderSchema }, (user, orderId) =>
    service.get(user, { orderId }),
  );
};

/** A print order's cancel, progress, contents and labels. */
const registerPrintOrderDetailRoutes = (app: ZodApp, service: PrintingService) => {
  const pagedGet = pagedGetter(app, route);

  app.put(
    '/printer/print_orders/:id/',
    route({
      maxRole: WRITE,
      summary: 'Cancel a WORKING print order: {canceled: true} (409 in any other state)',
      params: idParamSchema,
      body: printOrderUpdateBodySchema,
      ok: printOrderSchema,
    }),
    async (request) => service.cancel(currentUser(request), { orderId: request.params.id }),
  );

  recordGetter(app, route)(
    '/printer/print_orders/:id/printer_progress/',
    { maxRole: READ, ok: printProgressSchema },
    (user, orderId) => service.progress(user, { orderId }),
  );

  pagedGet(
    '/printer/print_orders/:id/print_contents/',
    {
      maxRole: READ,
      summary: `The order's GTIN and quantity rows (${PRINT_CONTENTS_PAGE_SIZE} per page)`,
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: printContentSchema,
      pageSize: PRINT_CONTENTS_PAGE_SIZE,
    },
    (user, { params }, page) => service.contents(user, { orderId: params.id, page }),
  );

  pagedGet(
    '/printer/print_orders/:id/items/',
    {
      maxRole: READ,
      summary: `The order's labels: id, EPC, GTIN, serial number (${PRINT_TAGS_PAGE_SIZE} per page)`,
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: printTagSchema,
      pageSize: PRINT_TAGS_PAGE_SIZE,
    },
    (user, { params }, page) => service.tags(user, { orderId: params.id, page }),
  );
};

/** Printing a print order's labels, and the print log. */
const registerPrintRoutes = (app: ZodApp, service: PrintingService, defaultLanguage: ModuleDeps['config']['defaultLanguage']) => {
  /* ------------------------------------------------ printing and its log */

  app.post(
    '/printer/print/',
    route({
      maxRole: WRITE,
      summary: 'Print labels from..to (or every label not printed yet) of a print order on a printer; 202, WORKING',
      body: printBodySchema,
      accepted: printOrderSchema,
    }),
    async (request, reply) => reply.status(202).send(await service.print(currentUser(request), request.body)),
  );

  exportGetter(app, route, defaultLanguage)(
    '/printer/print_log/',
    {
      maxRole: READ,
      summary: 'The labels printed between printed_at__gte and printed_at__lte, as a file (CSV or xlsx with format, lang es/en)',
      querystring: printLogQuerySchema.extend(exportQuerySchema.shape),
      response: { 400: errorBodySchema, 403: errorBodySchema },
    },
    async (user, { query }) => {
      const stamp = new Date().toISOString().slice(0, 10);
      const { timeZone, chunks } = await service.printLog(user, query);
      return {
        table: PRINT_LOG_TABLE,
        name: { es: `registro-impresion-${stamp}`, en: `print-log-${stamp}` },
        rows: chunks,
        timeZone,
      };
    },
  );
};

/** The printer upload ("Other" calls): a CSV file as a print order, and its printing. */
const registerPrinterUploadRoutes = (app: ZodApp, service: PrintingService) => {
  app.put(
    '/fileupload/',
    route({
      maxRole: WRITE,
      summary: 'Upload a .csv of gtin and quantity rows (multipart file): a pending print order, its code',
      created: fileUploadAnswerSchema,
    }),
    async (request, reply) => {
      const { tagCompanyFormatId, ...file } = await readCsvOrder(request);
      const answer = await service.upload(currentUser(request), {
        ...file,
        ...(tagCompanyFormatId ? { tagCompanyFormatId } : {}),
      });
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/printcsv/',
    route({
      maxRole: WRITE,
      summary: "Print an uploaded file's labels on a printer {code, printer_id}",
      body: printCsvBodySchema,
      accepted: printOrderSchema,
    }),
    async (request, reply) => reply.status(202).send(await service.printUpload(currentUser(request), request.body)),
  );
};

/** The expected labels of an order or a box: printed at once, or as a NiceLabel order. */
const registerExpectedLabelsRoutes = (app: ZodApp, service: PrintingService) => {
  const pagedGet = pagedGetter(app, route);
  for (const [url, summary, target] of [
    ['/porders/:id/printing/', "Print the expected labels of a purchase order's boxes on a printer {printer_id}", 'order'],
    ['/rboxes/:id/printing/', 'Print the expected labels of a box on a printer {printer_id}', 'box'],
  ] as const) {
    app.post(
      url,
      route({ maxRole: WRITE, summary, params: idParamSchema, body: expectedPrintingBodySchema, accepted: printOrderSchema }),
      async (request, reply) => {
        const { id } = request.params;
        const order = await service.printExpected(currentUser(request), {
          target: target === 'order' ? { orderId: id } : { boxId: id },
          body: request.body,
        });
        return reply.status(202).send(order);
      },
    );
  }

  /* ------------------------------------------------ NiceLabel orders */

  app.get(
    '/porders/:id/nicelabel/',
    route({
      maxRole: WRITE,
      summary: "The purchase order's open NiceLabel order, created on the first call with its expected labels reserved",
      params: idParamSchema,
      ok: nicelabelOrderSchema,
    }),
    async (request) => service.nicelabelForOrder(currentUser(request), request.params.id),
  );

  pagedGet(
    '/nicelabelorder/',
    {
      maxRole: READ,
      summary: 'NiceLabel orders, newest first (status: 0 pending, 1 in progress, 2 completed; order: a purchase order)',
      querystring: nicelabelListQuerySchema,
      row: nicelabelOrderSchema,
      pageSize: NICELABEL_ORDERS_PAGE_SIZE,
    },
    (user, { query: { status, order } }, page) =>
      service.nicelabelOrders(
        user,
        { ...(status === undefined ? {} : { status }), ...(order === undefined ? {} : { order }) },
        page,
      ),
  );

  app.put(
    '/nicelabelorder/:id/',
    route({
      maxRole: WRITE,
      summary: 'Move a NiceLabel order forward {status}; completed counts its labels as printed',
      params: idParamSchema,
      body: nicelabelUpdateBodySchema,
      ok: nicelabelOrderSchema,
    }),
    async (request) => service.updateNicelabel(currentUser(request), request.params.id, request.body.status),
  );
};

/** The printings of a printer ("Other" calls): an empty print order, then its labels printed. */
const registerPrintingsRoutes = (app: ZodApp, service: PrintingService) => {
  app.post(
    '/printings/',
    route({
      maxRole: WRITE,
      summary: 'A printing for a printer {printer_id, datetime}: an empty print order',
      body: printingCreateBodySchema,
      created: printingSchema,
    }),
    async (request, reply) => reply.status(201).send(await service.createPrinting(currentUser(request), request.body)),
  );

  app.post(
    '/tprintings/',
    route({
      maxRole: WRITE,
      summary: "A printing's labels {printing_id, item_types[{item_type_id, quantity}]}, printed on its printer",
      body: tprintingBodySchema,
      accepted: printOrderSchema,
    }),
    async (request, reply) => reply.status(202).send(await service.addToPrinting(currentUser(request), request.body)),
  );
};
