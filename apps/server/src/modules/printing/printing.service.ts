import { setTimeout as delay } from 'node:timers/promises';
import {
  intId,
  normalizePrintGtin,
  PRINT_ORDER_MAX_LABELS,
  type PrintOrderSource,
  PrintOrderState,
  type PrintProgress,
  type PrintTag,
  parsePrintCsv,
  type printBodySchema,
  printDialogRangeErrors,
  type printOrderCreateBodySchema,
  sumPrintItems,
} from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { parseDateParam } from '../../http/dates.js';
import { AppError, conflict, type FieldErrors, fieldError, notFound, validationError } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import { msg } from '../../i18n/messages.js';
import { fromEnglish } from '../../i18n/translate.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { PrintSpooler } from '../../workers/print-spooler.js';
import { companyTimeZone } from '../locations/location-scope.js';
import { reserveEpcs } from './epc-reservation.js';
import { createExpectedLabelsService } from './expected-labels.service.js';
import { createNicelabelService } from './nicelabel.service.js';
import { toPrintOrderDto, voidReasonOf } from './printing.dto.js';
import { createPrintingRepository, type PrintingRepository, type PrintOrderFilters } from './printing.repository.js';
import { createTagFormatsService } from './tag-formats.service.js';

/** The EPC reservation (epc-reservation.ts), as the demo seed uses it. */
export { type ReservedEpc, reserveEpcs } from './epc-reservation.js';

/** GS1 company prefix length the SGTIN-96 EPCs are written with (the demo company's 8437012 has 7 digits). */
export const DEFAULT_COMPANY_PREFIX_LENGTH = 7;

type CreateBody = z.output<typeof printOrderCreateBodySchema>;
export type NewOrder = {
  tagCompanyFormatId: number;
  /** Rows as sent (GTINs as typed); the same GTIN twice is summed. */
  items: { gtin: string; quantity: number }[];
  name: string;
  locations: number[];
  brand: number | null;
  source: PrintOrderSource;
  printerId?: number;
  /** The field a missing GTIN is reported under, per row index (manual: items.<n>.gtin; CSV: file). */
  fieldOf: (index: number) => string;
};

/** How long a cancel waits for the label on the printer to end, and how often it looks. */
const CANCEL_SETTLE_MS = 3_000;
const CANCEL_POLL_MS = 50;

/** One printed label of the print log. */
export type PrintLogRow = {
  printed_at: Date;
  print_order: number;
  name: string;
  label_number: number;
  gtin: string;
  serial_number: string;
  epc: string;
  printer: string | null;
  printer_mac: string | null;
};

export const createPrintingService = ({
  db,
  spooler,
  companyPrefixLength = DEFAULT_COMPANY_PREFIX_LENGTH,
}: {
  db: Db;
  /** Only told when a job is queued: the jobs themselves live in the database. */
  spooler: Pick<PrintSpooler, 'wake'>;
  companyPrefixLength?: number;
}) => {
  const repo = createPrintingRepository(db);

  const loadOrder = async (user: AuthUser, id: number, r: PrintingRepository = repo) => {
    const row = await r.order(user, id);
    if (!row) throw notFound('print.order_not_found');
    return row;
  };
  const dto = toPrintOrderDto;
  const loadPrinter = async (user: AuthUser, id: number, r: PrintingRepository = repo) => {
    const printer = await r.printer(user, id);
    if (!printer) throw notFound('admin.printer_not_found');
    return printer;
  };
  const loadFormat = async (user: AuthUser, id: number) => {
    const format = await repo.companyFormat(user.companyId, id);
    if (!format) throw notFound('print.tag_format_not_found');
    return format;
  };

  /** Creates the order with its contents and reserves the EPC of every label, all in one transaction. */
  const createOrder = async (user: AuthUser, order: NewOrder): Promise<number> => {
    const format = await loadFormat(user, order.tagCompanyFormatId);
    const locationIds = [...new Set(order.locations)];
    if (locationIds.length) {
      const visible = await repo.visibleLocationIds(user, locationIds);
      if (visible.length !== locationIds.length) throw notFound('location.not_found');
    }
    if (order.brand !== null && !(await repo.brandOf(user.companyId, order.brand))) throw notFound('brand.not_found');

    const normalized = order.items.map((item) => ({ gtin: normalizePrintGtin(item.gtin) ?? item.gtin, quantity: item.quantity }));
    const rows = sumPrintItems(normalized);
    const known = new Map(
      (
        await repo.itemTypesByGtin(
          user.companyId,
          rows.map((r) => r.gtin),
        )
      ).map((t) => [t.gtin, t.id]),
    );
    const missing = normalized.flatMap((item, index) => (known.has(item.gtin) ? [] : [index]));
    if (missing.length) {
      const errors: FieldErrors = {};
      for (const index of missing) {
        const field = order.fieldOf(index);
        errors[field] = [...(errors[field] ?? []), msg('catalog.gtin_missing', { gtin: order.items[index]?.gtin ?? '' })];
      }
      throw new AppError('VALIDATION', { message: 'print.missing_gtin', errors });
    }
    const total = rows.reduce((sum, row) => sum + row.quantity, 0);
    if (total > PRINT_ORDER_MAX_LABELS) {
      throw fieldError('items', msg('print.max_labels_this', { max: PRINT_ORDER_MAX_LABELS, total }));
    }

    return db.transaction(async (tx) => {
      const txRepo = createPrintingRepository(tx);
      const orderId = await txRepo.insertOrder({
        companyId: user.companyId,
        brandId: order.brand,
        name: order.name,
        tagCompanyFormatId: format.id,
        source: order.source,
        createdBy: user.id,
        ...(order.printerId ? { printerId: order.printerId } : {}),
      });
      await txRepo.insertOrderLocations(orderId, locationIds);
      await addContents(txRepo, { companyId: user.companyId, orderId, filter: format.filterValue, firstLabel: 1, rows, known });
      return orderId;
    });
  };

  /** Content rows and their labels (numbered on from `firstLabel`), with their EPCs reserved; the order's total grows. */
  const addContents = async (
    txRepo: PrintingRepository,
    {
      companyId,
      orderId,
      filter,
      firstLabel,
      rows,
      known,
    }: {
      companyId: number;
      orderId: number;
      filter: number;
      firstLabel: number;
      rows: { gtin: string; quantity: number }[];
      known: Map<string, number>;
    },
  ) => {
    // Counters are taken in GTIN order, so two orders over the same GTINs never wait on each other in a cycle.
    const reserved = new Map<string, Awaited<ReturnType<typeof reserveEpcs>>>();
    for (const row of [...rows].sort((x, y) => x.gtin.localeCompare(y.gtin))) {
      reserved.set(
        row.gtin,
        await reserveEpcs(txRepo, { companyId, gtin: row.gtin, count: row.quantity, filter, companyPrefixLength }),
      );
    }
    let label = firstLabel;
    for (const row of rows) {
      const itemTypeId = known.get(row.gtin) as number;
      const contentId = await txRepo.insertContent({ printOrderId: orderId, itemTypeId, gtin: row.gtin, quantity: row.quantity });
      await txRepo.insertTags(
        (reserved.get(row.gtin) ?? []).map(({ serial, epc }) => ({
          companyId,
          printOrderId: orderId,
          contentId,
          labelNumber: label++,
          gtin: row.gtin,
          serial,
          epc,
        })),
      );
    }
    await txRepo.addToTotal(orderId, label - firstLabel);
  };

  /** Starts a job: from..to checked against the order (the print dialog's rules), the order WORKING, the job queued. */
  /** Queues the order's job on the printer (`r`: the repository of the caller's transaction, if any). */
  const startPrint = async (
    user: AuthUser,
    { orderId, printerId, from, to }: { orderId: number; printerId: number; from?: number | null; to?: number | null },
    r: PrintingRepository = repo,
  ) => {
    const order = await loadOrder(user, orderId, r);
    const printer = await loadPrinter(user, printerId, r);
    const isAll = from === undefined || from === null;
    const first = isAll ? order.from_label : from;
    const last = isAll ? order.total_quantity : (to as number);
    if (order.total_quantity === 0) throw conflict('print.no_labels');
    if (isAll && first > last) throw conflict('print.all_printed');
    if (!isAll) {
      const errors = printDialogRangeErrors({ from: first, to: last, fromLabel: order.from_label, total: order.total_quantity });
      const field: FieldErrors = {};
      if (errors.from)
        field.from = [
          errors.from === 'error_max'
            ? msg('print.range_max', { max: order.total_quantity })
            : msg('print.range_min', { min: order.from_label }),
        ];
      if (errors.to)
        field.to = [
          errors.to === 'error_max'
            ? msg('print.range_max', { max: order.total_quantity })
            : msg('print.range_min', { min: Math.max(first, 1) }),
        ];
      const [firstField] = Object.keys(field);
      if (firstField) throw validationError(field);
    }
    if (order.state === PrintOrderState.Working) throw conflict('print.printing_already');
    // Labels printed, sent (in flight) or voided are never sent again.
    if ((await r.sendableLabels(orderId, first, last)) === 0) {
      throw conflict(isAll ? 'print.all_printed' : 'print.range_printed');
    }
    if (!(await r.startJob({ orderId, printerId: printer.id, from: first, to: last }))) {
      const now = await loadOrder(user, orderId, r);
      throw conflict(now.state === PrintOrderState.Working ? 'print.printing_already' : 'print.finishing_job');
    }
    // Any process may run the job (the printer's lease decides); this one looks at once (after the commit: the job
    // of a transaction still open is not seen, and the next poll finds it).
    spooler.wake();
    return dto(await loadOrder(user, orderId, r));
  };

  const expected = createExpectedLabelsService({ repo, createOrder });
  const { expectedPrintOrder } = expected;

  const csvOrder = async (
    user: AuthUser,
    {
      fileName,
      text,
      tagCompanyFormatId,
      source,
    }: { fileName: string; text: string; tagCompanyFormatId: number; source: PrintOrderSource },
  ) => {
    const { rows, problems } = parsePrintCsv(text);
    if (problems.length) {
      throw new AppError('VALIDATION', {
        message: fromEnglish(problems[0]?.message ?? ''),
        errors: { file: problems.map((p) => fromEnglish(p.message)) },
      });
    }
    if (rows.length === 0) throw fieldError('file', 'print.file_no_rows');
    const id = await createOrder(user, {
      tagCompanyFormatId,
      items: rows.map((r) => ({ gtin: r.gtin, quantity: r.quantity })),
      name: fileName.replace(/\.csv$/i, '').slice(0, 120),
      locations: [],
      brand: null,
      source,
      fieldOf: () => 'file',
    });
    return loadOrder(user, id);
  };

  return {
    ...createTagFormatsService(db),
    ...createNicelabelService({ db, expectedPrintOrder }),

    /* ---------------------------------------------- print orders */
    async list(user: AuthUser, query: PrintOrderFilters & { order_by?: string }, page: PageParams) {
      const { order_by, ...filters } = query;
      const { count, rows } = await repo.listOrders(user, filters, order_by, page);
      return { count, results: rows.map(dto) };
    },
    get: async (user: AuthUser, id: number) => dto(await loadOrder(user, id)),

    /** POST /printer/print_orders/create_by_orders/: one print order of the ticked purchase orders' expected labels. */
    async createFromOrders(user: AuthUser, body: { orders: number[]; tag_company_format: number }) {
      return dto(await loadOrder(user, await expected.ordersPrintOrder(user, body.orders, body.tag_company_format)));
    },

    async create(user: AuthUser, body: CreateBody) {
      const id = await createOrder(user, {
        tagCompanyFormatId: body.tag_company_format,
        items: body.items,
        name: body.name ?? '',
        locations: body.locations ?? [],
        brand: body.brand ?? null,
        source: body.source ?? 'manual',
        fieldOf: (index) => `items.${index}.gtin`,
      });
      return dto(await loadOrder(user, id));
    },

    async createFromCsv(user: AuthUser, input: { fileName: string; text: string; tagCompanyFormatId: number }) {
      return dto(await csvOrder(user, { ...input, source: 'csv' }));
    },

    async cancel(user: AuthUser, id: number) {
      await loadOrder(user, id);
      // The job, in whichever process runs it, sees the cancel before its next label.
      if (!(await repo.cancel(id))) throw conflict('print.cancel_only_printing');
      // The answer says what happened: the label on the printer when the cancel came is usually done within a second
      // (then a late cancel of the last label answers PRINTED, not PARTIAL with nothing left). A slower label is
      // recorded when it ends; the lists poll while a canceled job still holds its printer.
      const until = Date.now() + CANCEL_SETTLE_MS;
      while ((await repo.jobHoldsPrinter(id)) && Date.now() < until) await delay(CANCEL_POLL_MS);
      return dto(await loadOrder(user, id));
    },

    async progress(user: AuthUser, id: number): Promise<PrintProgress> {
      const row = await loadOrder(user, id);
      const order = dto(row);
      const isJob = order.state === PrintOrderState.Working && row.job_from !== null && row.job_to !== null;
      const job = isJob ? { done: row.job_done, total: Math.max(0, (row.job_to ?? 0) - (row.job_from ?? 0) + 1) } : undefined;
      return {
        id: order.id,
        state: order.state,
        progress: order.progress,
        total_quantity: order.total_quantity,
        from_label: order.from_label,
        canceled: order.canceled,
        job_done: job?.done ?? 0,
        job_total: job?.total ?? 0,
        printer: order.printer,
        error: order.error,
        error_detail: order.error_detail ?? null,
      };
    },

    async contents(user: AuthUser, id: number, page: PageParams) {
      await loadOrder(user, id);
      return repo.contents(id, page);
    },

    async tags(user: AuthUser, id: number, page: PageParams) {
      await loadOrder(user, id);
      const { count, rows } = await repo.tags(id, page);
      const results: PrintTag[] = rows.map((r) => ({
        id: r.id,
        label_number: r.labelNumber,
        gtin: r.gtin,
        item: { epc: r.epc, serial_number: String(r.serial) },
        // A voided label is never shown as printed.
        printed_at: r.printedAt && !r.voidedAt ? r.printedAt.toISOString() : null,
        voided_at: r.voidedAt ? r.voidedAt.toISOString() : null,
        void_reason: r.voidedAt ? voidReasonOf(r.voidReason) : null,
        replaces_label: r.replacesLabel,
      }));
      return { count, results };
    },

    print: (user: AuthUser, body: z.output<typeof printBodySchema>) =>
      startPrint(user, { orderId: body.print_order, printerId: body.printer, from: body.from, to: body.to }),

    /** The labels printed in [from, to] as CSV rows, 1,000 at a time. */
    /** The labels printed in a range, in chunks; and the zone the range was read in (the company's: the log is company-wide). */
    async printLog(user: AuthUser, range: { printed_at__gte: string; printed_at__lte: string }) {
      // Both are required by the route's schema; a date-only end is the end of that day, days and
      // wall-clock times of the company's zone.
      const zone = await companyTimeZone(db, user);
      const from = parseDateParam(range.printed_at__gte, 'printed_at__gte', 'start', zone) ?? new Date(0);
      const to = parseDateParam(range.printed_at__lte, 'printed_at__lte', 'end', zone) ?? new Date();
      async function* chunks(): AsyncGenerator<PrintLogRow[]> {
        let after: { at: string; id: number } | null = null;
        for (;;) {
          const rows = await repo.printLogChunk(user, { from, to, after, limit: 1000 });
          if (rows.length === 0) return;
          yield rows.map((r) => ({
            printed_at: new Date(r.printed_at),
            print_order: r.print_order_id,
            name: r.name,
            label_number: r.label_number,
            gtin: r.gtin,
            serial_number: String(r.serial),
            epc: r.epc,
            printer: r.printer,
            printer_mac: r.printer_mac,
          }));
          const last = rows[rows.length - 1] as (typeof rows)[number];
          after = { at: last.at_key, id: Number(last.id) };
          if (rows.length < 1000) return;
        }
      }
      return { timeZone: zone, chunks: chunks() };
    },

    /* ---------------------------------------------- the printer upload ("Other" calls) */

    /** PUT /fileupload/: the CSV becomes a pending print order (the company's first format unless one is named). */
    async upload(user: AuthUser, input: { fileName: string; text: string; tagCompanyFormatId?: number }) {
      const tagCompanyFormatId = input.tagCompanyFormatId ?? (await repo.defaultCompanyFormatId(user.companyId));
      if (!tagCompanyFormatId) throw conflict('print.no_tag_format');
      const order = await csvOrder(user, { fileName: input.fileName, text: input.text, tagCompanyFormatId, source: 'upload' });
      return { filecode: String(order.id), print_order: order.id, total_quantity: order.total_quantity };
    },

    /** POST /printcsv/: the uploaded file's order, every label, on the printer. */
    async printUpload(user: AuthUser, { code, printerId }: { code: string; printerId: number }) {
      // The file code is the print order's id: anything that cannot be one is a 400 on `code` (never a query out of range).
      const parsed = intId().safeParse(code);
      if (!parsed.success) throw fieldError('code', 'print.not_upload_code');
      if (!(await repo.order(user, parsed.data))) throw notFound('print.file_not_found');
      const orderId = parsed.data;
      return startPrint(user, { orderId, printerId });
    },

    /** POST /printings/: an empty print order for the printer (its labels come with /tprintings/). */
    async createPrinting(user: AuthUser, { printerId, datetime }: { printerId: number; datetime?: string }) {
      const printer = await loadPrinter(user, printerId);
      const tagCompanyFormatId = await repo.defaultCompanyFormatId(user.companyId);
      if (!tagCompanyFormatId) throw conflict('print.no_tag_format');
      const when = parseDateParam(datetime, 'datetime') ?? new Date();
      // The printing is the printer's location's: only who sees the printer sees it (none: every location).
      const id = await db.transaction(async (tx) => {
        const txRepo = createPrintingRepository(tx);
        const orderId = await txRepo.insertOrder({
          companyId: user.companyId,
          name: `${printer.description || 'Printer'} ${when.toISOString().slice(0, 16).replace('T', ' ')}`,
          tagCompanyFormatId,
          source: 'upload',
          printerId: printer.id,
          createdBy: user.id,
          creationDate: when,
        });
        await txRepo.insertOrderLocations(orderId, [printer.locationId]);
        return orderId;
      });
      return { id, printer_id: printer.id, datetime: when.toISOString() };
    },

    /** POST /tprintings/: the printing's labels (item types and quantities), reserved, then printed on its printer. */
    async addToPrinting(
      user: AuthUser,
      { printingId, itemTypes }: { printingId: number; itemTypes: { item_type_id: number; quantity: number }[] },
    ) {
      const order = await loadOrder(user, printingId);
      if (order.printer_id === null) throw conflict('print.no_printer');
      // Access first: a user who may not see the printing's printer gets 404 before anything is reserved.
      const printer = await loadPrinter(user, order.printer_id);
      if (order.total_quantity > 0 || order.state === PrintOrderState.Working) throw conflict('print.has_labels');
      const types = new Map(
        (
          await repo.itemTypesById(
            user.companyId,
            itemTypes.map((t) => t.item_type_id),
          )
        ).map((t) => [t.id, t.gtin]),
      );
      const unknown = itemTypes.findIndex((t) => !types.has(t.item_type_id));
      if (unknown >= 0) throw notFound('catalog.gtin_not_found');
      const rows = sumPrintItems(itemTypes.map((t) => ({ gtin: types.get(t.item_type_id) as string, quantity: t.quantity })));
      const known = new Map([...types].map(([id, gtin]) => [gtin, id]));
      const total = rows.reduce((sum, r) => sum + r.quantity, 0);
      if (total > PRINT_ORDER_MAX_LABELS)
        throw fieldError('item_types', msg('print.max_labels', { max: PRINT_ORDER_MAX_LABELS }));
      const format = await loadFormat(user, order.tcf_id);
      // Labels reserved and the job queued in one transaction: a refused start reserves nothing.
      const started = await db.transaction(async (tx) => {
        const txRepo = createPrintingRepository(tx);
        await addContents(txRepo, {
          companyId: user.companyId,
          orderId: order.id,
          filter: format.filterValue,
          firstLabel: 1,
          rows,
          known,
        });
        return startPrint(user, { orderId: order.id, printerId: printer.id }, txRepo);
      });
      spooler.wake();
      return started;
    },

    /**
     * POST /porders/{id}/printing/ and /rboxes/{id}/printing/ (the dashboard's "tick for printing"): a print order
     * with the expected labels of a purchase order's boxes, or of one box, reserved and printed on the printer.
     */
    async printExpected(user: AuthUser, target: { orderId: number } | { boxId: number }, printerId: number) {
      const printer = await loadPrinter(user, printerId);
      const id = await expectedPrintOrder(user, target, printer.id);
      return startPrint(user, { orderId: id, printerId: printer.id });
    },
  };
};
export type PrintingService = ReturnType<typeof createPrintingService>;
