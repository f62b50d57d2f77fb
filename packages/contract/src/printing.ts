// Request and response shapes of the printing module (Zod); the server validates with them, the web types its calls with them.
// Label printing with RFID encoding: tag types and formats, print orders (their contents and reserved EPCs), the print
// service (ZPL to the printer over TCP) and its log. Spec sections 2 "Printing", 3, 4, 5, 7 "Printing", 8 and 9.
import { z } from 'zod';
import { INT4_MAX, idDescriptionSchema, intId, intIn, orderJobFields, pagingQuerySchema } from './common.js';
import { keysOf, type ValueOf } from './const-enum.js';
import { LIST_PAGE_SIZE } from './paging.js';

/* ------------------------------------------------------------------ constants (spec section 9) */

export const PRINT_ORDERS_PAGE_SIZE = 10;
export const PRINT_TAGS_PAGE_SIZE = 10;
export const PRINT_CONTENTS_PAGE_SIZE = LIST_PAGE_SIZE;
/** The print dialog lists up to 100 printers. */
export const PRINTER_DIALOG_PAGE_SIZE = 100;
/** The wizard's tag format lookup asks for at most 10 formats of a tag type. */
export const TAG_FORMAT_LOOKUP_LIMIT = 10;
/** Wizard print range: from and to between 1 and 500, defaults 1 and 500. */
export const PRINT_RANGE_MIN = 1;
export const PRINT_RANGE_MAX = 500;
/** The manual order's GTIN search starts after this many characters. */
export const PRINT_GTIN_SEARCH_MIN = 8;
/** A GTIN read from a GS1-128 scan has 14 digits. */
export const SCAN_GTIN_LENGTH = 14;
/** Upper bounds the server keeps (labels are reserved when the order is created). */
export const PRINT_ROW_MAX_QUANTITY = 100_000;
export const PRINT_ORDER_MAX_LABELS = 100_000;
export const PRINT_ORDER_MAX_ROWS = 5_000;
/** The printer upload page goes back to the printers list this long after a success. */
export const PRINT_UPLOAD_REDIRECT_MS = 8_000;

/**
 * Print order states (schema/printing.ts): PENDING nothing printed, WORKING a job is sending labels (the only state that
 * may be canceled), PARTIAL stopped, canceled or printed in part, PRINTED every label printed, ERROR the printer could
 * not be reached or reported a fault. Every state but WORKING allows printing.
 */
export const PrintOrderState = {
  Pending: 'PENDING',
  Working: 'WORKING',
  Partial: 'PARTIAL',
  Printed: 'PRINTED',
  Error: 'ERROR',
} as const;
export type PrintOrderState = ValueOf<typeof PrintOrderState>;
export const PRINT_ORDER_STATES = ['PENDING', 'WORKING', 'PARTIAL', 'PRINTED', 'ERROR'] as const;

export const PRINT_ORDER_SOURCES = ['manual', 'csv', 'order', 'stock', 'upload'] as const;
export type PrintOrderSource = (typeof PRINT_ORDER_SOURCES)[number];

/** The spec's messages (section 5 and 8). */
export const PrintMessages = {
  missingGtin: 'No se ha podido crear la orden. Uno de los artículos no existe.',
  selectFile: 'Please select file',
  fromRequired: 'The FROM date is required',
  toRequired: 'The TO date is required',
  csvOnly: 'Only .csv files can be uploaded.',
  selectFormat: 'Please select a tag format',
  selectPrinter: 'Please select a printer',
} as const;

/** The tag format setting's message (issue 17, item 6). */
export const TagFormatMessages = {
  digitalLinkQr: 'digital_link_qr must be true or false (whether the labels carry the GS1 Digital Link QR code).',
} as const;

/* ------------------------------------------------------------------ small helpers */

const idField = (message: string) => intId(message);
const intField = (message: string) => intIn(-INT4_MAX - 1, INT4_MAX, message, message);

/** A GTIN as typed or scanned: 8, 12, 13 or 14 digits; answered and stored as GTIN-14. */
export const normalizePrintGtin = (gtin: string): string | null => {
  const digits = gtin.trim();
  return /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits) ? digits.padStart(14, '0') : null;
};

/* ------------------------------------------------------------------ tag types and formats */

/** A tag type (spec: id and reference): a kind of RFID label stock. */
export const tagTypeSchema = z.object({ id: z.number(), reference: z.string(), epc_bits: z.number() });
export type TagType = z.infer<typeof tagTypeSchema>;

/**
 * A tag format (spec: id and description): a label layout; `digital_link_qr` (issue 17, item 6): its labels also carry a
 * QR code of the item's GS1 Digital Link URI (https://id.gs1.org/01/<GTIN-14>/21/<serial>).
 */
export const tagFormatSchema = idDescriptionSchema.extend({ digital_link_qr: z.boolean() });
export type TagFormat = z.infer<typeof tagFormatSchema>;

/** The {{placeholder}} where a template puts the GS1 Digital Link QR code; without it the code goes bottom right. */
export const ZPL_DIGITAL_LINK_QR_PLACEHOLDER = 'digital_link_qr';

/** PATCH /tagformat/{id}/ (role 1): turns the GS1 Digital Link QR code of the format's labels on or off. */
export const tagFormatUpdateBodySchema = z.object({
  digital_link_qr: z.boolean({ error: TagFormatMessages.digitalLinkQr }),
});
export type TagFormatUpdateBody = z.input<typeof tagFormatUpdateBodySchema>;

/** A tag format with its ZPL template (roles 1 and 2). */
export const tagFormatDetailSchema = tagFormatSchema.extend({ zpl_template: z.string() });
export type TagFormatDetail = z.infer<typeof tagFormatDetailSchema>;

/** POST /tag_types/ (role 1). */
export const tagTypeCreateBodySchema = z.object({
  reference: z.string({ error: 'Please enter the reference' }).trim().min(1, 'Please enter the reference').max(120),
  epc_bits: z
    .union([z.literal(96), z.literal(128), z.literal(198)])
    .optional()
    .default(96),
});
export type TagTypeCreateBody = z.input<typeof tagTypeCreateBodySchema>;

/**
 * The placeholders a ZPL template may use; {{epc}} inside a ^RFW write is required. Besides these,
 * {{digital_link_qr}} (ZPL_DIGITAL_LINK_QR_PLACEHOLDER) places the whole QR code field of a format with digital_link_qr.
 */
export const ZPL_PLACEHOLDERS = [
  'epc',
  'gtin',
  'serial',
  'description',
  'price',
  'size',
  'colour',
  'model',
  /** The item's GS1 Digital Link URI, https://id.gs1.org/01/<GTIN-14>/21/<serial> (percent-encoded serial). */
  'digital_link',
] as const;
export type ZplPlaceholder = (typeof ZPL_PLACEHOLDERS)[number];
/** A template writes the EPC: `^RFW,H` (hex, any further parameters) then `^FD{{epc}}`. */
export const ZPL_EPC_WRITE = /\^RFW,H[^^]*\^FD\{\{epc\}\}/;

/** POST /tagformat/ (role 1): a description and a ZPL template that starts a label, ends it and writes the EPC. */
export const tagFormatCreateBodySchema = z.object({
  description: z.string({ error: 'Please enter the description' }).trim().min(1, 'Please enter the description').max(120),
  zpl_template: z
    .string({ error: 'Please enter the ZPL template' })
    .trim()
    .min(1, 'Please enter the ZPL template')
    .max(20_000)
    .refine((zpl) => zpl.includes('^XA') && zpl.includes('^XZ'), 'The template must start with ^XA and end with ^XZ.')
    .refine((zpl) => ZPL_EPC_WRITE.test(zpl), 'The template must write the EPC: ^RFW,H^FD{{epc}}^FS.'),
  digital_link_qr: z.boolean({ error: TagFormatMessages.digitalLinkQr }).optional().default(false),
});
export type TagFormatCreateBody = z.input<typeof tagFormatCreateBodySchema>;

/** A tag type and format pair of the company (the spec's tag_company_format). */
export const tagCompanyFormatSchema = z.object({
  id: z.number(),
  company: z.number(),
  tag_type: tagTypeSchema,
  tag_format: idDescriptionSchema,
  filter_value: z.number(),
});
export type TagCompanyFormat = z.infer<typeof tagCompanyFormatSchema>;

/** POST /printer/tag_company_format/ (roles 1 and 2). */
export const tagCompanyFormatCreateBodySchema = z.object({
  tag_type: idField('Please select a tag type'),
  tag_format: idField(PrintMessages.selectFormat),
  /** SGTIN filter value written in the EPC (1: point-of-sale item). */
  filter_value: z.number().int().min(0).max(7).optional().default(1),
});
export type TagCompanyFormatCreateBody = z.input<typeof tagCompanyFormatCreateBodySchema>;

/** GET /printer/tag_company_format/: the company's pairs, `tag_type` and `tag_format` filters (the wizard asks 10). */
export const tagCompanyFormatQuerySchema = pagingQuerySchema.extend({
  tag_type: intId().optional(),
  tag_format: intId().optional(),
});

/** GET /printer/company/ and /company/admin_company/. */
export const printCompanySchema = z.object({ id: z.number(), name: z.string() });
export type PrintCompany = z.infer<typeof printCompanySchema>;

/* ------------------------------------------------ printer faults and print job errors (workers/print-transport.ts) */

/**
 * A printer fault as the printer reports it: the ~HQES error flags (Zebra ZPL II Programming Guide, ~HQ "Host Query",
 * ES error flags, the same table as ~WQ) and the ~HS flags (paper out, head up, ribbon out, over/under temperature); each
 * with its English words.
 */
const PRINTER_FAULT_WORDS = {
  paper_out: 'paper out',
  ribbon_out: 'ribbon out',
  head_open: 'head open',
  cutter_fault: 'cutter fault',
  printhead_over_temperature: 'print head over temperature',
  motor_over_temperature: 'motor over temperature',
  bad_printhead_element: 'bad print head element',
  printhead_detection_error: 'print head detection error',
  invalid_firmware_config: 'invalid firmware configuration',
  printhead_thermistor_open: 'print head thermistor open',
  paper_jam_during_retract: 'paper jam during retract',
  presenter_not_running: 'presenter not running',
  paper_feed_error: 'paper feed error',
  clear_paper_path_failed: 'clear paper path failed',
  black_mark_calibrate_error: 'black mark calibrate error',
  black_mark_not_found: 'black mark not found',
  over_temperature: 'over temperature',
  under_temperature: 'under temperature',
  unknown_error: 'printer error',
} as const;
export type PrinterFault = keyof typeof PRINTER_FAULT_WORDS;
export const PRINTER_FAULTS = keysOf(PRINTER_FAULT_WORDS);

/**
 * Why a print job stopped, as a code and its values (stored in print_orders.error as JSON, translated by the web):
 * fault: the printer reported `faults`; silent: the printer stopped answering for `seconds`, `faults` are the last ones
 * it reported (the likely fault; none: unknown); paused; not_printed: it answered but did not finish the label in
 * `seconds`; connect_timeout / connect_refused / unreachable / connection_lost / connection_closed: the TCP link to
 * `where`; unknown_status: an answer it could not read; job_failed: anything else (`detail`).
 */
export const PRINT_ERROR_CODES = [
  'fault',
  'silent',
  'paused',
  'not_printed',
  'connect_timeout',
  'connect_refused',
  'unreachable',
  'connection_lost',
  'connection_closed',
  'unknown_status',
  'job_failed',
] as const;
export type PrintErrorCode = (typeof PRINT_ERROR_CODES)[number];

export const printErrorSchema = z.object({
  code: z.enum(PRINT_ERROR_CODES),
  faults: z.array(z.enum(PRINTER_FAULTS)).optional(),
  where: z.string().optional(),
  seconds: z.number().optional(),
  detail: z.string().optional(),
});
export type PrintError = z.infer<typeof printErrorSchema>;

/** The faults in English words: "paper out, head open". */
export const printerFaultWords = (faults: readonly PrinterFault[]): string =>
  faults.map((f) => PRINTER_FAULT_WORDS[f]).join(', ');

/** A print job error in English (the API's `error`; the web shows its own language from the code). */
export const printErrorMessage = (error: PrintError): string => {
  const where = error.where ?? 'the printer';
  const seconds = error.seconds ?? 0;
  switch (error.code) {
    case 'fault':
      return `The printer reports: ${printerFaultWords(error.faults?.length ? error.faults : ['unknown_error'])}.`;
    case 'silent':
      return `The printer does not answer (${seconds} s); likely fault: ${error.faults?.length ? printerFaultWords(error.faults) : 'unknown'}.`;
    case 'paused':
      return 'The printer is paused.';
    case 'not_printed':
      return `The printer at ${where} did not print the label within ${seconds} s.`;
    case 'connect_timeout':
      return `The printer at ${where} did not answer within ${seconds} s.`;
    case 'connect_refused':
      return `The printer at ${where} refused the connection.`;
    case 'unreachable':
      return error.detail
        ? `The printer at ${where} could not be reached (${error.detail}).`
        : `The printer at ${where} could not be reached.`;
    case 'connection_lost':
      return `The connection to the printer at ${where} failed (${error.detail ?? 'unknown'}).`;
    case 'connection_closed':
      return `The printer at ${where} closed the connection.`;
    case 'unknown_status':
      return 'The printer answered an unknown status.';
    case 'job_failed':
      return `The print job stopped: ${error.detail ?? 'unknown error'}.`;
  }
};

/**
 * A stored print_orders.error: JSON of a PrintError (written by the print service), or older plain English text
 * (answered as it is, without a code).
 */
export const parseStoredPrintError = (stored: string | null): { message: string; detail: PrintError | null } | null => {
  if (stored === null || stored === '') return null;
  if (stored.startsWith('{')) {
    try {
      const parsed = printErrorSchema.safeParse(JSON.parse(stored));
      if (parsed.success) return { message: printErrorMessage(parsed.data), detail: parsed.data };
    } catch {
      // not JSON: plain text below
    }
  }
  return { message: stored, detail: null };
};

/* ------------------------------------------------------------------ print orders */

/** One GTIN and quantity row of a print order (the spec's contents: id, gtin, quantity). */
export const printContentSchema = z.object({
  id: z.number(),
  gtin: z.string(),
  quantity: z.number(),
  item_type: z.number(),
  description: z.string(),
  /** Labels of this row already printed. */
  printed: z.number(),
});
export type PrintContent = z.infer<typeof printContentSchema>;

/** The last job's error in English (ERROR only); `error_detail` says the same as a code the web translates. */
const printJobErrorFields = {
  error: z.string().nullable(),
  error_detail: printErrorSchema.nullable().optional(),
};

/**
 * A print order (spec section 3): id, name, location (list with description; empty = all), creation_date,
 * tag_company_format (tag_type with id and reference, tag_format with description), state, total_quantity, from_label
 * (next label number to print), progress (labels printed), canceled; plus the printer of the running or last job, the
 * number of content rows, where it came from and the last job's error.
 */
export const printOrderSchema = z.object({
  id: z.number(),
  name: z.string(),
  location: z.array(idDescriptionSchema),
  brand: idDescriptionSchema.nullable(),
  creation_date: z.string(),
  tag_company_format: z.object({
    id: z.number(),
    tag_type: z.object({ id: z.number(), reference: z.string() }),
    tag_format: idDescriptionSchema,
  }),
  state: z.enum(PRINT_ORDER_STATES),
  total_quantity: z.number(),
  from_label: z.number(),
  progress: z.number(),
  canceled: z.boolean(),
  printer: idDescriptionSchema.nullable(),
  source: z.string(),
  contents_count: z.number(),
  ...printJobErrorFields,
  /** Labels voided (never printed, their EPCs never reused): sent and unconfirmed, or their encode failed. */
  voided_labels: z.number().optional(),
  /**
   * Voided labels given a replacement (printing-voided.ts): each replacement is one more label of the order, with a new
   * EPC, so `total_quantity` counts the voided labels and their replacements, and `total_quantity − replaced_labels`
   * labels were asked for.
   */
  replaced_labels: z.number().optional(),
});
export type PrintOrder = z.infer<typeof printOrderSchema>;

/**
 * GET /printer/print_orders/ (10 per page): state, brand, name__icontains, id, tag_company_format, printable=true (not
 * WORKING and with labels left to print), order_by (id, creation_date; default -creation_date).
 */
export const printOrderListQuerySchema = pagingQuerySchema.extend({
  state: z.enum(PRINT_ORDER_STATES).optional(),
  tag_company_format: intId().optional(),
  printable: z.enum(['true', 'false']).optional(),
  brand: intId().optional(),
  name__icontains: z.string().optional(),
  id: intId().optional(),
});

export const printItemSchema = z.object({
  gtin: z
    .string({ error: 'Please enter a GTIN' })
    .trim()
    .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, 'A GTIN has 8, 12, 13 or 14 digits.'),
  quantity: intField('Enter a whole number.').pipe(
    z
      .number()
      .int()
      .min(1, 'The quantity must be at least 1.')
      .max(PRINT_ROW_MAX_QUANTITY, `The quantity must be at most ${PRINT_ROW_MAX_QUANTITY}.`),
  ),
});
export type PrintItem = z.input<typeof printItemSchema>;

/**
 * POST /printer/print_orders/ (roles 1 to 4): tag_company_format and items [{gtin, quantity}], optionally name,
 * locations (none: all of the company's) and brand. The same GTIN twice is one row with the quantities summed. Every
 * GTIN must exist in the catalog, else 400 with the spec's message and the row under `items.<n>.gtin`. The EPCs of every
 * label are reserved at once.
 */
export const printOrderCreateBodySchema = z.object({
  tag_company_format: idField(PrintMessages.selectFormat),
  items: z
    .array(printItemSchema, { error: 'Add at least one GTIN.' })
    .min(1, 'Add at least one GTIN.')
    .max(PRINT_ORDER_MAX_ROWS, `At most ${PRINT_ORDER_MAX_ROWS} rows.`),
  name: z.string().trim().max(120).optional(),
  locations: z.array(z.number().int().positive()).max(100).optional(),
  brand: z.number().int().positive().nullable().optional(),
  source: z.enum(['manual', 'order', 'stock']).optional(),
});
export type PrintOrderCreateBody = z.input<typeof printOrderCreateBodySchema>;

/** PUT /printer/print_orders/{id}/ {canceled: true}: cancels a WORKING order (409 otherwise). */
export const printOrderUpdateBodySchema = z.object({
  canceled: z.literal(true, { error: 'Only {"canceled": true} can be sent.' }),
});

/** GET /printer/print_orders/{id}/printer_progress/ */
export const printProgressSchema = z.object({
  id: z.number(),
  state: z.enum(PRINT_ORDER_STATES),
  progress: z.number(),
  total_quantity: z.number(),
  from_label: z.number(),
  canceled: z.boolean(),
  /** Labels of the running job sent so far and its size (0 when no job runs). */
  job_done: z.number(),
  job_total: z.number(),
  printer: idDescriptionSchema.nullable(),
  ...printJobErrorFields,
});
export type PrintProgress = z.infer<typeof printProgressSchema>;

/** One label of a print order (spec: print tag id, gtin, item (epc, serial_number)). */
export const printTagSchema = z.object({
  id: z.number(),
  label_number: z.number(),
  gtin: z.string(),
  item: z.object({ epc: z.string(), serial_number: z.string() }),
  /** Null unless printed; a voided label is never printed. */
  printed_at: z.string().nullable(),
  /** When and why the label was voided (LabelVoidReason), or null. */
  voided_at: z.string().nullable().optional(),
  void_reason: z.enum(['unconfirmed', 'encode_failed']).nullable().optional(),
  /** The number of the voided label this one replaces (null: an original label). */
  replaces_label: z.number().nullable().optional(),
});
export type PrintTag = z.infer<typeof printTagSchema>;

/** POST /printer/print_orders/create_by_csv/ multipart: `file` (.csv of gtin and quantity rows) and `tag_company_format`. */
export const PRINT_CSV_FIELDS = ['file', 'tag_company_format'] as const;

/* ------------------------------------------------------------------ printing */

/**
 * POST /printer/print/ {print_order, printer, from, to}: prints labels from..to (1-based, inclusive) of the order on the
 * printer; both left out prints every label not printed yet (from_label to total_quantity). Rules of the print dialog:
 * from ≥ the order's from_label, to ≤ total_quantity, from ≤ to. 202 with the order, now WORKING.
 */
export const printBodySchema = z
  .object({
    print_order: idField('Please select a print order'),
    printer: idField(PrintMessages.selectPrinter),
    from: intField('Required').optional().nullable(),
    to: intField('Required').optional().nullable(),
  })
  .superRefine((body, ctx) => {
    const hasFrom = body.from !== undefined && body.from !== null;
    const hasTo = body.to !== undefined && body.to !== null;
    if (hasFrom && !hasTo) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Required' });
    if (hasTo && !hasFrom) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Required' });
  });
export type PrintBody = z.input<typeof printBodySchema>;

export type PrintRangeError = 'error_required' | 'error_min' | 'error_max';
export type PrintRangeErrors = { from?: PrintRangeError; to?: PrintRangeError };

const isBlank = (value: number | string | null | undefined) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const toInt = (value: number | string | null | undefined): number | null => {
  if (isBlank(value)) return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(n) ? n : Number.NaN;
};

/**
 * The print dialog's range (spec section 5): from at least the order's from_label (error_min), to at most its
 * total_quantity (error_max); both required, to not below from.
 */
export const printDialogRangeErrors = ({
  from,
  to,
  fromLabel,
  total,
}: {
  from: number | string | null | undefined;
  to: number | string | null | undefined;
  fromLabel: number;
  total: number;
}): PrintRangeErrors => {
  const errors: PrintRangeErrors = {};
  const a = toInt(from);
  const b = toInt(to);
  if (a === null) errors.from = 'error_required';
  else if (Number.isNaN(a) || a < Math.max(1, fromLabel)) errors.from = 'error_min';
  else if (a > total) errors.from = 'error_max';
  if (b === null) errors.to = 'error_required';
  else if (Number.isNaN(b) || b > total) errors.to = 'error_max';
  else if (b < 1 || (a !== null && !Number.isNaN(a) && b < a)) errors.to = 'error_min';
  return errors;
};

/**
 * The wizards' range (spec section 5): from and to required (error_required), above 0 (error_min), at most 500
 * (error_max); to not below from.
 */
export const wizardRangeErrors = ({
  from,
  to,
}: {
  from: number | string | null | undefined;
  to: number | string | null | undefined;
}): PrintRangeErrors => {
  const errors: PrintRangeErrors = {};
  const check = (value: number | string | null | undefined): PrintRangeError | undefined => {
    const n = toInt(value);
    if (n === null) return 'error_required';
    if (Number.isNaN(n) || n < PRINT_RANGE_MIN) return 'error_min';
    if (n > PRINT_RANGE_MAX) return 'error_max';
    return undefined;
  };
  const a = check(from);
  const b = check(to);
  if (a) errors.from = a;
  if (b) errors.to = b;
  if (!a && !b && Number(toInt(to)) < Number(toInt(from))) errors.to = 'error_min';
  return errors;
};

/* ------------------------------------------------------------------ print log */

/** GET /printer/print_log/?printed_at__gte&printed_at__lte: the labels printed in the range, as CSV. */
export const printLogQuerySchema = z.object({
  printed_at__gte: z
    .string({ error: PrintMessages.fromRequired })
    .trim()
    .min(1, PrintMessages.fromRequired)
    .refine((v) => !Number.isNaN(new Date(v.includes(' ') ? v.replace(' ', 'T') : v).getTime()), 'Enter a valid date/time.'),
  printed_at__lte: z
    .string({ error: PrintMessages.toRequired })
    .trim()
    .min(1, PrintMessages.toRequired)
    .refine((v) => !Number.isNaN(new Date(v.includes(' ') ? v.replace(' ', 'T') : v).getTime()), 'Enter a valid date/time.'),
});

/* ------------------------------------------------------------------ the printer upload ("Other" calls) */

/** PUT /fileupload/ multipart `file` (.csv of gtin and quantity rows): a pending print order, its code returned. */
export const fileUploadAnswerSchema = z.object({ filecode: z.string(), print_order: z.number(), total_quantity: z.number() });
export type FileUploadAnswer = z.infer<typeof fileUploadAnswerSchema>;

/** POST /printcsv/ {code, printer_id}: prints the uploaded file's order on the printer. */
export const printCsvBodySchema = z.object({
  code: z.string({ error: PrintMessages.selectFile }).trim().min(1, PrintMessages.selectFile),
  printer_id: idField(PrintMessages.selectPrinter),
});

/** How many purchase orders one print order of expected labels may gather (the dashboard's ticked rows). */
export const PRINT_ORDERS_MAX_ORDERS = 100;

/**
 * POST /printer/print_orders/create_by_orders/ {orders, tag_company_format}: one print order of the expected labels of
 * several purchase orders (summed per GTIN, named after the order codes), then printed as any other.
 */
export const printOrdersFromOrdersBodySchema = z.object({
  orders: z
    .array(idField('Select at least one order.'), { error: 'Select at least one order.' })
    .min(1, 'Select at least one order.')
    .max(PRINT_ORDERS_MAX_ORDERS, `At most ${PRINT_ORDERS_MAX_ORDERS} orders in one print order.`),
  tag_company_format: idField(PrintMessages.selectFormat),
});
export type PrintOrdersFromOrdersBody = z.input<typeof printOrdersFromOrdersBodySchema>;

/** POST /porders/{id}/printing/ and /rboxes/{id}/printing/: print the expected labels of an order or a box. */
export const expectedPrintingBodySchema = z.object({ printer_id: idField(PrintMessages.selectPrinter) });

/** POST /printings/ {printer_id, datetime}: an empty print order for the printer (its printing). */
export const printingCreateBodySchema = z.object({
  printer_id: idField(PrintMessages.selectPrinter),
  datetime: z.string().optional(),
});
export const printingSchema = z.object({ id: z.number(), printer_id: z.number(), datetime: z.string() });

/** POST /tprintings/ {printing_id, item_types[{item_type_id, quantity}]}: the printing's labels, then printed. */
export const tprintingBodySchema = z.object({
  printing_id: idField('Please select a printing'),
  item_types: z
    .array(
      z.object({
        item_type_id: idField('Please select a GTIN'),
        quantity: intField('Enter a whole number.').pipe(z.number().int().min(1).max(PRINT_ROW_MAX_QUANTITY)),
      }),
    )
    .min(1, 'Add at least one GTIN.')
    .max(PRINT_ORDER_MAX_ROWS),
});

/* ------------------------------------------------------------------ CSV of a print order */

export type PrintCsvRow = { line: number; gtin: string; quantity: number };
export type PrintCsvProblem = { line: number; message: string };

/**
 * Rows of a print order CSV: `gtin` and `quantity` per line, separated by ',' ';' or a tab; a first line naming the
 * columns (gtin/ean and quantity/cantidad, any order) is skipped; blank lines are ignored. Returns the rows and, per bad line, what is wrong.
 */
export const parsePrintCsv = (text: string): { rows: PrintCsvRow[]; problems: PrintCsvProblem[] } => {
  const rows: PrintCsvRow[] = [];
  const problems: PrintCsvProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let gtinAt = 0;
  let quantityAt = 1;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const cells = raw.split(/[;,\t]/).map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    const lower = cells.map((cell) => cell.toLowerCase());
    if (index === 0 && lower.some((cell) => /gtin|ean|item|quant|cant|qty|c[oó]digo|code/.test(cell))) {
      const g = lower.findIndex((cell) => cell.includes('gtin') || cell === 'ean' || cell === 'item_type');
      const q = lower.findIndex((cell) => cell.startsWith('quant') || cell.startsWith('cant') || cell === 'qty');
      if (g >= 0) gtinAt = g;
      if (q >= 0) quantityAt = q;
      return;
    }
    const gtin = normalizePrintGtin(cells[gtinAt] ?? '');
    const quantityText = cells[quantityAt] ?? '';
    const quantity = Number(quantityText);
    if (!gtin) problems.push({ line, message: `Line ${line}: '${cells[gtinAt] ?? ''}' is not a GTIN.` });
    else if (!/^\d+$/.test(quantityText) || quantity < 1 || quantity > PRINT_ROW_MAX_QUANTITY) {
      problems.push({ line, message: `Line ${line}: the quantity must be a whole number from 1 to ${PRINT_ROW_MAX_QUANTITY}.` });
    } else rows.push({ line, gtin, quantity });
  });
  return { rows, problems };
};

/** Rows with the same GTIN become one, their quantities summed as numbers (spec section 5). */
export const sumPrintItems = <T extends { gtin: string; quantity: number }>(
  items: readonly T[],
): { gtin: string; quantity: number }[] => {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(item.gtin, (sums.get(item.gtin) ?? 0) + Number(item.quantity));
  return [...sums].map(([gtin, quantity]) => ({ gtin, quantity }));
};

/* ------------------------------------------------ NiceLabel orders */

/** Spec section 4: 0 pending, 1 in progress, 2 completed. Only forward. */
export const NicelabelStatus = { pending: 0, inProgress: 1, completed: 2 } as const;
export const NICELABEL_ORDERS_PAGE_SIZE = 20;

export const nicelabelOrderSchema = z.object({
  ...orderJobFields,
  print_order: z.object({ id: z.number().int(), name: z.string(), total_quantity: z.number().int(), state: z.string() }),
  /** The labels to print (label number, GTIN, serial, EPC), paged: the print order's items. */
  labels: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NicelabelOrder = z.infer<typeof nicelabelOrderSchema>;

export const nicelabelListQuerySchema = pagingQuerySchema.extend({
  status: intIn(0, 2).optional(),
  order: intId().optional(),
});

const NICELABEL_STATUS_MESSAGE = 'The status is 0 (pending), 1 (in progress) or 2 (completed).';

export const nicelabelUpdateBodySchema = z.object({
  status: intIn(0, 2, NICELABEL_STATUS_MESSAGE, NICELABEL_STATUS_MESSAGE, NICELABEL_STATUS_MESSAGE),
});

/**
 * Why a label was voided (print_tags.void_reason). A voided label's EPC is never sent again nor counted as printed:
 * 'unconfirmed': sent to a printer that never confirmed it (the job stopped with it in flight), so it may have printed;
 * 'encode_failed': the printer could not write the EPC into the label's tag (it printed VOID over it).
 */
export const LabelVoidReason = { Unconfirmed: 'unconfirmed', EncodeFailed: 'encode_failed' } as const;
export type LabelVoidReason = ValueOf<typeof LabelVoidReason>;

/** Print head resolutions a printer may have (printers.dpi); templates are drawn at 203 dpi and scaled. */
export const PRINTER_DPIS = [203, 300, 600] as const;
export type PrinterDpi = (typeof PRINTER_DPIS)[number];

/* ------------------------------------------------------------------ relabelling (feature flag, off) */

/**
 * A relabelling (spec: `GET /relabel/`, `GET /relabel_item/`, `PUT /relabel/{id}/`, `GET /locations/{id}/relabels/`).
 * The feature is behind a flag that is off in this version, so the lists are always empty and every id is unknown
 * (issue 29, finding 6): the calls answer as the spec says rather than 404 for the path.
 */
export const relabelSchema = z.object({ id: z.number().int(), location: z.number().int().nullable() });
export type Relabel = z.infer<typeof relabelSchema>;
/** One item (EPC) of a relabelling. */
export const relabelItemSchema = z.object({ id: z.number().int(), relabel: z.number().int(), epc: z.string() });
export type RelabelItem = z.infer<typeof relabelItemSchema>;
