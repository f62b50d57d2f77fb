import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { itemTypes } from './catalog.js';
import { createdAt, instant, requiredRef, serialId, updatedAt } from './columns.js';
import { printers } from './devices.js';
import { orders } from './orders.js';
import { brands, companies, companyRef, locationRef, locations, users } from './organization.js';

/**
 * A kind of RFID label stock (the spec's tag type: id and reference), e.g. a Zebra ZT411 inlay. It belongs to a company
 * (null only for a row made before they did and linked to no company: seen by none).
 */
export const tagTypes = pgTable('tag_types', {
  id: serialId(),
  companyId: integer('company_id').references(() => companies.id),
  reference: text('reference').notNull(),
  /** EPC memory the inlay holds, in bits (96 for SGTIN-96). */
  epcBits: smallint('epc_bits').notNull().default(96),
});

/** A label layout (the spec's tag format: id and description) with its ZPL template; it belongs to a company, as tag types. */
export const tagFormats = pgTable('tag_formats', {
  id: serialId(),
  companyId: integer('company_id').references(() => companies.id),
  description: text('description').notNull(),
  /**
   * ZPL with placeholders {{epc}}, {{gtin}}, {{serial}}, {{description}}, {{price}}, {{size}},
   * {{colour}}, {{model}}; the print service fills them per label. Must contain the ^RFW write.
   */
  zplTemplate: text('zpl_template').notNull(),
  /**
   * Its labels also carry a QR code of the item's GS1 Digital Link URI (https://id.gs1.org/01/<GTIN>/21/<serial>):
   * at the template's {{digital_link_qr}}, else at the bottom right (modules/printing/zpl.ts).
   */
  digitalLinkQr: boolean('digital_link_qr').notNull().default(false),
});

/** The tag type and format pairs a company prints with (the spec's tag_company_format). */
export const tagCompanyFormats = pgTable(
  'tag_company_formats',
  {
    id: serialId(),
    companyId: companyRef(),
    tagTypeId: requiredRef('tag_type_id', () => tagTypes.id),
    tagFormatId: requiredRef('tag_format_id', () => tagFormats.id),
    /** SGTIN filter value written in the EPC (1: point-of-sale item). */
    filterValue: smallint('filter_value').notNull().default(1),
  },
  (t) => [uniqueIndex('tag_company_formats_uq').on(t.companyId, t.tagTypeId, t.tagFormatId)],
);

/**
 * A print order: GTIN and quantity rows whose EPCs are reserved when it is created (SGTIN-96 from
 * the GTIN and a per-GTIN serial counter, never reused). State: 'PENDING' (nothing printed),
 * 'WORKING' (a print job is sending labels; may be canceled), 'PARTIAL' (stopped or canceled part
 * way), 'PRINTED' (every label printed), 'ERROR' (the printer could not be reached).
 * `from_label` is the next label number to print (1-based); `progress` the labels printed.
 */
export const printOrders = pgTable(
  'print_orders',
  {
    id: serialId(),
    companyId: companyRef(),
    brandId: integer('brand_id').references(() => brands.id),
    name: text('name').notNull().default(''),
    tagCompanyFormatId: requiredRef('tag_company_format_id', () => tagCompanyFormats.id),
    state: text('state').notNull().default('PENDING'),
    totalQuantity: integer('total_quantity').notNull().default(0),
    fromLabel: integer('from_label').notNull().default(1),
    progress: integer('progress').notNull().default(0),
    canceled: boolean('canceled').notNull().default(false),
    /** The printer of the running or last job. */
    printerId: integer('printer_id').references(() => printers.id),
    /** Where it came from: 'manual', 'csv', 'order' (order detail wizard), 'stock' (stock wizard), 'upload' (printer upload). */
    source: text('source').notNull().default('manual'),
    /** Why the last job stopped with ERROR (cleared when a new job starts). */
    error: text('error'),
    creationDate: instant('creation_date').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    /**
     * The job (workers/print-spooler.ts): `job_seq` numbers the order's jobs (a job acts only while it is still the
     * order's current one), labels `job_from`..`job_to` are its range, `job_done` the labels it printed so far and
     * `queued_at` its place in its printer's queue (one job at a time per printer, oldest first, in any process).
     */
    jobSeq: integer('job_seq').notNull().default(0),
    jobFrom: integer('job_from'),
    jobTo: integer('job_to'),
    jobDone: integer('job_done').notNull().default(0),
    queuedAt: instant('queued_at'),
    /**
     * Labels voided: sent to a printer that never confirmed them (the job stopped or its process died with the label in
     * flight). Such a label may have printed, so its EPC is never sent again; the order counts it as done.
     */
    voidedLabels: integer('voided_labels').notNull().default(0),
    /**
     * Voided labels given a replacement (a label of the same GTIN with a new EPC, numbered after the order's last one):
     * `total_quantity` counts the replacements too, so `total_quantity − replaced_labels` labels were asked for.
     */
    replacedLabels: integer('replaced_labels').notNull().default(0),
  },
  (t) => [
    index('print_orders_company_idx').on(t.companyId, t.creationDate),
    // The printers with waiting jobs, and a printer's queue oldest first.
    index('print_orders_queue_idx').on(t.state, t.printerId, t.queuedAt),
  ],
);

/**
 * One print job at a time per printer, in any number of processes: the process (`owner`, e.g. host:pid:random) holding
 * a printer's lease runs the job of `print_order_id` on it and renews `lease_until` while it prints. A lease that ran
 * out (its process died or stalled) is claimed by any process, which resumes the printer's oldest WORKING order.
 */
export const printerLeases = pgTable('printer_leases', {
  printerId: integer('printer_id')
    .primaryKey()
    .references(() => printers.id, { onDelete: 'cascade' }),
  printOrderId: requiredRef('print_order_id', () => printOrders.id, { onDelete: 'cascade' }),
  owner: text('owner').notNull(),
  leaseUntil: instant('lease_until').notNull(),
  claimedAt: instant('claimed_at').notNull().defaultNow(),
});

/** The locations a print order is for (none: all of the company's). */
export const printOrderLocations = pgTable(
  'print_order_locations',
  {
    printOrderId: requiredRef('print_order_id', () => printOrders.id, { onDelete: 'cascade' }),
    locationId: locationRef(),
  },
  (t) => [primaryKey({ columns: [t.printOrderId, t.locationId] })],
);

/** One GTIN and quantity row of a print order. */
export const printOrderContents = pgTable(
  'print_order_contents',
  {
    id: serialId(),
    printOrderId: requiredRef('print_order_id', () => printOrders.id, { onDelete: 'cascade' }),
    itemTypeId: requiredRef('item_type_id', () => itemTypes.id),
    gtin: text('gtin').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('print_order_contents_order_idx').on(t.printOrderId)],
);

/**
 * One label of a print order: its reserved EPC and label number; `printed_at` and the printer once
 * printed. The EPC is unique in the company (never reused, and never equal to a read tag's).
 * `sending_at` is committed before the label goes to the printer, so a label is sent at most once:
 * one sent and never confirmed (in flight when its job stopped) gets `voided_at` and is skipped. A voided label keeps
 * the printer of the job that voided it in `printer_id`.
 */
export const printTags = pgTable(
  'print_tags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    printOrderId: requiredRef('print_order_id', () => printOrders.id, { onDelete: 'cascade' }),
    contentId: requiredRef('content_id', () => printOrderContents.id, { onDelete: 'cascade' }),
    labelNumber: integer('label_number').notNull(),
    gtin: text('gtin').notNull(),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    printedAt: instant('printed_at'),
    printerId: integer('printer_id').references(() => printers.id),
    sendingAt: instant('sending_at'),
    voidedAt: instant('voided_at'),
    /** Why the label was voided (LabelVoidReason in @rfid/contract): 'unconfirmed' or 'encode_failed'. */
    voidReason: text('void_reason'),
    /** The voided label of the same order this one replaces (its EPC never sent again); at most one replacement each. */
    replacesTagId: bigint('replaces_tag_id', { mode: 'number' }).references((): AnyPgColumn => printTags.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    uniqueIndex('print_tags_order_label_uq').on(t.printOrderId, t.labelNumber),
    uniqueIndex('print_tags_replaces_uq').on(t.replacesTagId),
    // An order's voided labels, in label order (the voided labels list).
    index('print_tags_voided_idx').on(t.printOrderId, t.labelNumber).where(sql`${t.voidedAt} is not null`),
    uniqueIndex('print_tags_company_epc_uq').on(t.companyId, t.epc),
    index('print_tags_printed_idx').on(t.companyId, t.printedAt),
  ],
);

/** The next SGTIN serial of each GTIN of a company: serials are reserved from it and never reused. */
export const epcSerialCounters = pgTable(
  'epc_serial_counters',
  {
    companyId: companyRef(),
    gtin: text('gtin').notNull(),
    nextSerial: bigint('next_serial', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.gtin] })],
);

/** A support ticket (spec: contact email, topic of 3 to 120 characters, description, screenshot). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serialId(),
    companyId: companyRef(),
    userId: integer('user_id').references(() => users.id),
    locationId: integer('location_id').references(() => locations.id),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    description: text('description').notNull(),
    /** The screenshot, base64, with its MIME type (images only, size-capped by the API). */
    screenshot: text('screenshot'),
    screenshotMime: text('screenshot_mime'),
    createdAt: createdAt(),
  },
  (t) => [index('support_tickets_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A NiceLabel order (spec: status 0 pending, 1 in progress, 2 completed): a purchase order's expected labels handed to
 * a NiceLabel integration instead of the ZPL spooler. The labels (EPCs reserved) are those of its print order; the
 * integration polls the pending ones, moves them forward, and completion counts the labels as printed.
 */
export const nicelabelOrders = pgTable(
  'nicelabel_orders',
  {
    id: serialId(),
    companyId: companyRef(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    printOrderId: requiredRef('print_order_id', () => printOrders.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nicelabel_orders_company_status_idx').on(t.companyId, t.status, t.id),
    // At most one open (not completed) NiceLabel order per purchase order.
    uniqueIndex('nicelabel_orders_open_order_idx').on(t.orderId).where(sql`${t.status} < 2`),
  ],
);
