import { PrintOrderState, printContentSchema } from '@rfid/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import { idRow, int8, timestamp } from '../../db/row-schemas.js';
import { parseRows } from '../../db/rows.js';
import {
  items,
  itemTypes,
  locations,
  printers,
  printOrderContents,
  printOrderLocations,
  printOrders,
  printTags,
} from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleLocations, visibleRow } from '../locations/location-scope.js';
import { createPrintJobsRepository } from './print-jobs.repository.js';
import { visibleOrderSql } from './print-order-scope.repository.js';
import { expectedLabelQueries, nicelabelQueries } from './printing-sources.repository.js';
import { createTagFormatsRepository } from './tag-formats.repository.js';

export type { LabelRow, LeaseHolder, PrintJobRow } from './print-jobs.repository.js';
export type { NicelabelRow } from './printing-sources.repository.js';

const nextSerialRow = z.object({ next_serial: int8 });
/** The label a replacement replaces (print_tags.replaces_tag_id). */
const replacedTags = alias(printTags, 'replaced');

const printOrderRowSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  name: z.string(),
  creation_date: timestamp,
  state: z.enum(PrintOrderState),
  total_quantity: z.number(),
  from_label: z.number(),
  progress: z.number(),
  canceled: z.boolean(),
  error: z.string().nullable(),
  source: z.string(),
  job_from: z.number().nullable(),
  job_to: z.number().nullable(),
  job_done: z.number(),
  voided_labels: z.number(),
  replaced_labels: z.number(),
  tcf_id: z.number(),
  tag_type_id: z.number(),
  tag_type_reference: z.string(),
  tag_format_id: z.number(),
  tag_format_description: z.string(),
  printer_id: z.number().nullable(),
  printer_description: z.string().nullable(),
  brand_id: z.number().nullable(),
  brand_description: z.string().nullable(),
  contents_count: z.number(),
  location: z.array(z.object({ id: z.number(), description: z.string() })).nullable(),
});
export type PrintOrderRow = z.infer<typeof printOrderRowSchema>;

const ORDER_COLUMNS = sql`po.id, po.company_id, po.name, po.creation_date, po.state, po.total_quantity, po.from_label,
  po.progress, po.canceled, po.error, po.source, po.job_from, po.job_to, po.job_done, po.voided_labels,
  po.replaced_labels, tcf.id as tcf_id, tt.id as tag_type_id, tt.reference as tag_type_reference,
  tf.id as tag_format_id, tf.description as tag_format_description, p.id as printer_id, p.description as printer_description,
  b.id as brand_id, b.description as brand_description,
  (select count(*)::int from print_order_contents c where c.print_order_id = po.id) as contents_count,
  (select json_agg(json_build_object('id', l.id, 'description', l.description) order by l.description)
     from print_order_locations pol join locations l on l.id = pol.location_id where pol.print_order_id = po.id) as location`;
const ORDER_FROM = sql`print_orders po
  join tag_company_formats tcf on tcf.id = po.tag_company_format_id
  join tag_types tt on tt.id = tcf.tag_type_id
  join tag_formats tf on tf.id = tcf.tag_format_id
  left join printers p on p.id = po.printer_id
  left join brands b on b.id = po.brand_id`;

export type PrintOrderFilters = {
  state?: string;
  brand?: number;
  name__icontains?: string;
  id?: number;
  tag_company_format?: number;
  printable?: string;
};

const orderFilters = (filters: PrintOrderFilters): SQL[] => {
  const where: SQL[] = [];
  if (filters.state) where.push(sql`po.state = ${filters.state}`);
  if (filters.brand) where.push(sql`po.brand_id = ${filters.brand}`);
  if (filters.id) where.push(sql`po.id = ${filters.id}`);
  if (filters.tag_company_format) where.push(sql`po.tag_company_format_id = ${filters.tag_company_format}`);
  if (filters.printable === 'true')
    where.push(sql`po.state <> ${PrintOrderState.Working} and po.from_label <= po.total_quantity`);
  if (filters.name__icontains)
    where.push(sql`po.name ilike ${`%${filters.name__icontains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return where;
};

/** Allowed orderings of the list (default: newest first, on the (company, creation_date) index). */
const ORDERINGS = allowList<SQL>({
  id: sql`po.id asc`,
  '-id': sql`po.id desc`,
  creation_date: sql`po.creation_date asc, po.id asc`,
  '-creation_date': sql`po.creation_date desc, po.id desc`,
});

const printLogRowSchema = z.object({
  id: z.coerce.number(),
  printed_at: timestamp,
  print_order_id: z.number(),
  name: z.string(),
  label_number: z.number(),
  gtin: z.string(),
  serial: int8,
  epc: z.string(),
  printer: z.string().nullable(),
  printer_mac: z.string().nullable(),
  /** printed_at exactly as stored (microseconds), the keyset of the next chunk. */
  at_key: z.string(),
});
export type PrintLogRow = z.infer<typeof printLogRowSchema>;

export type ScopedPrinter = {
  id: number;
  description: string;
  host: string;
  port: number;
  companyId: number;
  locationId: number;
};

/** The company's item types (id and GTIN) that `where` picks. */
const itemTypesWhere = (db: DbOrTx, companyId: number, where: SQL) =>
  db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(and(eq(itemTypes.companyId, companyId), where));

/** A printer's address (ScopedPrinter). */
const scopedPrinterColumns = {
  id: printers.id,
  description: printers.description,
  host: printers.ipAddress,
  port: printers.port,
  companyId: printers.companyId,
  locationId: printers.locationId,
};

/** What the user may use: printers, locations, brands and item types. */
const scopeQueries = (db: DbOrTx) => ({
  /** A printer in a location the user may see, with its address. */
  async printer(user: AuthUser, id: number): Promise<ScopedPrinter | undefined> {
    const query = db.select(scopedPrinterColumns).from(printers).innerJoin(locations, eq(locations.id, printers.locationId));
    return visibleRow(query.$dynamic(), printers.id, user, id);
  },

  /** Which of `ids` are locations the user may see. */
  async visibleLocationIds(user: AuthUser, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, ids), visibleLocations(user)));
    return rows.map((r) => r.id);
  },

  async brandOf(companyId: number, brandId: number): Promise<boolean> {
    const rows = parseRows(
      idRow,
      await db.execute(sql`select id from brands where id = ${brandId} and company_id = ${companyId} limit 1`),
    );
    return rows.length > 0;
  },

  /** The company's GTINs among `gtins` (14 digits). */
  async itemTypesByGtin(companyId: number, gtins: string[]) {
    return gtins.length === 0 ? [] : itemTypesWhere(db, companyId, inArray(itemTypes.gtin, gtins));
  },

  async itemTypesById(companyId: number, ids: number[]) {
    return ids.length === 0 ? [] : itemTypesWhere(db, companyId, inArray(itemTypes.id, ids));
  },
});

/** Print orders: the list, one, and a new one with its locations, contents and total. */
const orderQueries = (db: DbOrTx) => ({
  async listOrders(user: AuthUser, filters: PrintOrderFilters, orderBy: string | undefined, page: PageParams) {
    const where = sql.join([visibleOrderSql(user), ...orderFilters(filters)], sql` and `);
    const ordering = ORDERINGS[orderBy ?? ''] ?? ORDERINGS['-creation_date'];
    const rows = parseRows(
      printOrderRowSchema,
      await db.execute(
        sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where ${where} order by ${ordering} limit ${page.limit} offset ${page.offset}`,
      ),
    );
    return {
      count: await listCount(db, { rows: sql`select 1 from print_orders po where ${where}`, page, rowsOnPage: rows.length }),
      rows,
    };
  },

  async order(user: AuthUser, id: number): Promise<PrintOrderRow | undefined> {
    const [row] = parseRows(
      printOrderRowSchema,
      await db.execute(sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where po.id = ${id} and ${visibleOrderSql(user)}`),
    );
    return row;
  },

  async insertOrder(values: typeof printOrders.$inferInsert): Promise<number> {
    const [row] = await db.insert(printOrders).values(values).returning({ id: printOrders.id });
    return row?.id as number;
  },

  async insertOrderLocations(orderId: number, locationIds: number[]) {
    if (locationIds.length === 0) return;
    await db.insert(printOrderLocations).values(locationIds.map((locationId) => ({ printOrderId: orderId, locationId })));
  },

  async insertContent(values: { printOrderId: number; itemTypeId: number; gtin: string; quantity: number }): Promise<number> {
    const [row] = await db.insert(printOrderContents).values(values).returning({ id: printOrderContents.id });
    return row?.id as number;
  },

  async addToTotal(orderId: number, labels: number) {
    await db
      .update(printOrders)
      .set({ totalQuantity: sql`${printOrders.totalQuantity} + ${labels}` })
      .where(eq(printOrders.id, orderId));
  },
});

/** The labels of an order: serials reserved, EPCs already seen, labels written. */
const labelQueries = (db: DbOrTx) => ({
  /**
   * Reserves `n` serials of a GTIN for the company: the counter moves on in one statement (a row lock on PostgreSQL),
   * so two orders never get the same serial, even at the same time. Returns the first serial.
   */
  async reserveSerials(companyId: number, gtin: string, n: number): Promise<number> {
    const [row] = parseRows(
      nextSerialRow,
      await db.execute(sql`insert into epc_serial_counters (company_id, gtin, next_serial) values (${companyId}, ${gtin}, ${1 + n})
        on conflict (company_id, gtin) do update set next_serial = epc_serial_counters.next_serial + ${n}
        returning next_serial`),
    );
    return Number(row?.next_serial) - n;
  },

  /** The EPCs among `epcs` that a reader already saw (items of the company): a printed tag must never equal one. */
  async existingItemEpcs(companyId: number, epcs: string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let at = 0; at < epcs.length; at += 1000) {
      const chunk = epcs.slice(at, at + 1000);
      const rows = await db
        .select({ epc: items.epc })
        .from(items)
        .where(and(eq(items.companyId, companyId), inArray(items.epc, chunk)));
      for (const row of rows) taken.add(row.epc);
    }
    return taken;
  },

  async insertTags(rows: (typeof printTags.$inferInsert)[]) {
    for (let at = 0; at < rows.length; at += 1000) await db.insert(printTags).values(rows.slice(at, at + 1000));
  },
});

/** An order's content rows and labels, a page at a time. */
const orderContentQueries = (db: DbOrTx) => ({
  async contents(orderId: number, page: PageParams) {
    const [total] = await db.select({ n: count() }).from(printOrderContents).where(eq(printOrderContents.printOrderId, orderId));
    // The query answers the API's content rows as they are.
    const rows = parseRows(
      printContentSchema,
      await db.execute(sql`
        with page as (
          select c.id, c.gtin, c.quantity, c.item_type_id from print_order_contents c
          where c.print_order_id = ${orderId} order by c.id limit ${page.limit} offset ${page.offset}
        )
        select page.id, page.gtin, page.quantity, page.item_type_id as item_type, it.description,
          (select count(*)::int from print_tags t where t.print_order_id = ${orderId} and t.content_id = page.id and t.printed_at is not null) as printed
        from page join item_types it on it.id = page.item_type_id order by page.id`),
    );
    return { count: total?.n ?? 0, rows };
  },

  async tags(orderId: number, page: PageParams) {
    const selected = db
      .select({
        id: printTags.id,
        labelNumber: printTags.labelNumber,
        gtin: printTags.gtin,
        serial: printTags.serial,
        epc: printTags.epc,
        printedAt: printTags.printedAt,
        voidedAt: printTags.voidedAt,
        voidReason: printTags.voidReason,
        replacesLabel: replacedTags.labelNumber,
      })
      .from(printTags)
      .leftJoin(replacedTags, eq(replacedTags.id, printTags.replacesTagId))
      .where(eq(printTags.printOrderId, orderId))
      .$dynamic();
    return pageOf(db, selected, [asc(printTags.labelNumber)], page);
  },
});

/** The print log. */
const printLogQueries = (db: DbOrTx) => ({
  /** Printed labels in [from, to] of orders the user sees, `limit` at a time by keyset on (printed_at, id). */
  async printLogChunk(
    user: AuthUser,
    { from, to, after, limit }: { from: Date; to: Date; after: { at: string; id: number } | null; limit: number },
  ): Promise<PrintLogRow[]> {
    const keyset = after ? sql` and (t.printed_at, t.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
    return parseRows(
      printLogRowSchema,
      await db.execute(sql`
        select t.id, t.printed_at, t.print_order_id, po.name, t.label_number, t.gtin, t.serial, t.epc,
          p.description as printer, p.mac as printer_mac, t.printed_at::text as at_key
        from print_tags t join print_orders po on po.id = t.print_order_id left join printers p on p.id = t.printer_id
        where t.company_id = ${user.companyId} and t.printed_at >= ${from.toISOString()}::timestamptz
          and t.printed_at <= ${to.toISOString()}::timestamptz and ${visibleOrderSql(user)}${keyset}
        order by t.printed_at, t.id limit ${limit}`),
    );
  },
});

export const createPrintingRepository = (db: DbOrTx) => ({
  ...createTagFormatsRepository(db),
  ...createPrintJobsRepository(db),
  ...expectedLabelQueries(db),
  ...nicelabelQueries(db),
  ...scopeQueries(db),
  ...orderQueries(db),
  ...labelQueries(db),
  ...orderContentQueries(db),
  ...printLogQueries(db),
});
export type PrintingRepository = ReturnType<typeof createPrintingRepository>;

/** Runs `work` in one transaction with the printing repository of that transaction. */
export const inPrintingTransaction =
  (db: Db) =>
  <T>(work: (repo: PrintingRepository) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(createPrintingRepository(tx)));
