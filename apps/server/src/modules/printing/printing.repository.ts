import { LabelVoidReason, NicelabelStatus, PrintOrderState } from '@rfid/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  boxContents,
  boxes,
  companies,
  items,
  itemTypes,
  locations,
  nicelabelOrders,
  orders,
  printers,
  printOrderContents,
  printOrderLocations,
  printOrders,
  printTags,
  tagCompanyFormats,
  tagFormats,
  tagTypes,
} from '../../db/schema/index.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { leaseUntil } from '../../workers/lease.js';
import { visibleLocations } from '../locations/location-scope.js';
import { visibleOrders } from '../orders/order-scope.js';

const WORKING = PrintOrderState.Working;

const list = (values: readonly number[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * A print order the user may see: one of its company, and, below role 2, one for all locations (no location rows) or
 * for at least one location the user is assigned to. `po` is the print order's alias.
 */
export const visibleOrderSql = (user: AuthUser): SQL => {
  const company = sql`po.company_id = ${user.companyId}`;
  if (user.locationIds === null) return company;
  const forAll = sql`not exists (select 1 from print_order_locations pol where pol.print_order_id = po.id)`;
  if (user.locationIds.length === 0) return sql`${company} and ${forAll}`;
  return sql`${company} and (${forAll} or exists (select 1 from print_order_locations pol
    where pol.print_order_id = po.id and pol.location_id in (${list(user.locationIds)})))`;
};

export type NicelabelRow = {
  id: number;
  status: number;
  created_at: Date | string;
  updated_at: Date | string;
  order_id: number;
  order_code: string;
  print_order_id: number;
  print_order_name: string;
  total_quantity: number;
  print_order_state: string;
};

export type PrintOrderRow = {
  id: number;
  company_id: number;
  name: string;
  creation_date: Date | string;
  state: PrintOrderState;
  total_quantity: number;
  from_label: number;
  progress: number;
  canceled: boolean;
  error: string | null;
  source: string;
  job_from: number | null;
  job_to: number | null;
  job_done: number;
  voided_labels: number;
  tcf_id: number;
  tag_type_id: number;
  tag_type_reference: string;
  tag_format_id: number;
  tag_format_description: string;
  printer_id: number | null;
  printer_description: string | null;
  brand_id: number | null;
  brand_description: string | null;
  contents_count: number;
  location: { id: number; description: string }[] | null;
};

const ORDER_COLUMNS = sql`po.id, po.company_id, po.name, po.creation_date, po.state, po.total_quantity, po.from_label,
  po.progress, po.canceled, po.error, po.source, po.job_from, po.job_to, po.job_done, po.voided_labels, tcf.id as tcf_id, tt.id as tag_type_id, tt.reference as tag_type_reference,
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
  if (filters.printable === 'true') where.push(sql`po.state <> ${WORKING} and po.from_label <= po.total_quantity`);
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

export type LabelRow = {
  id: number;
  label_number: number;
  gtin: string;
  serial: number | string;
  epc: string;
  /** Sent by an earlier job and never confirmed (in flight when it stopped). */
  sending_at: Date | string | null;
  description: string;
  price: string | null;
  size_primary: string;
  sizes: { value: string }[] | null;
  colour: string;
  model: string;
};

export type PrintLogRow = {
  id: number;
  printed_at: Date | string;
  print_order_id: number;
  name: string;
  label_number: number;
  gtin: string;
  serial: number | string;
  epc: string;
  printer: string | null;
  printer_mac: string | null;
  /** printed_at exactly as stored (microseconds), the keyset of the next chunk. */
  at_key: string;
};

export type ScopedPrinter = {
  id: number;
  description: string;
  host: string;
  port: number;
  companyId: number;
  locationId: number;
};

/** A printer's lease and the process (owner) that holds or wants it. */
export type LeaseHolder = { printerId: number; owner: string };

export type PrintJobRow = {
  order_id: number;
  state: string;
  canceled: boolean;
  job_seq: number;
  job_from: number;
  job_to: number;
  printer_id: number;
  host: string;
  port: number;
  /** The printer's resolution: the template is scaled to it. */
  dpi: number;
  template: string;
};

/**
 * The state a print order settles in once no job runs: PRINTED when every label is printed or voided, PARTIAL with some
 * printed, PENDING with none. `progress` and `voided` are the expressions to judge by (the columns by default).
 */
const settledState = (progress: SQL, voided: SQL = sql`voided_labels`): SQL =>
  sql`(case when ${progress} + ${voided} >= total_quantity then ${PrintOrderState.Printed}::text
    when ${progress} > 0 then ${PrintOrderState.Partial}::text else ${PrintOrderState.Pending}::text end)`;

export const createPrintingRepository = (db: DbOrTx) => ({
  /* -------------------------------------------------- tag types, formats, company formats */

  async tagTypes(companyId: number, { onlyWithFormats }: { onlyWithFormats: boolean }, page: PageParams) {
    const where = and(
      eq(tagTypes.companyId, companyId),
      onlyWithFormats
        ? sql`exists (select 1 from tag_company_formats f where f.tag_type_id = ${tagTypes.id} and f.company_id = ${companyId})`
        : undefined,
    );
    const [total] = await db.select({ n: count() }).from(tagTypes).where(where);
    const rows = await db
      .select()
      .from(tagTypes)
      .where(where)
      .orderBy(asc(tagTypes.reference), asc(tagTypes.id))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  },

  async insertTagType(values: { companyId: number; reference: string; epcBits: number }) {
    const [row] = await db.insert(tagTypes).values(values).returning();
    return row as typeof tagTypes.$inferSelect;
  },

  async tagFormats(companyId: number, page: PageParams) {
    const where = eq(tagFormats.companyId, companyId);
    const [total] = await db.select({ n: count() }).from(tagFormats).where(where);
    const rows = await db
      .select({ id: tagFormats.id, description: tagFormats.description })
      .from(tagFormats)
      .where(where)
      .orderBy(asc(tagFormats.description), asc(tagFormats.id))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  },

  /** The company's tag format (another company's is not found). */
  async tagFormat(companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(tagFormats)
      .where(and(eq(tagFormats.id, id), eq(tagFormats.companyId, companyId)))
      .limit(1);
    return row;
  },

  /** The company's tag type (another company's is not found). */
  async tagType(companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(tagTypes)
      .where(and(eq(tagTypes.id, id), eq(tagTypes.companyId, companyId)))
      .limit(1);
    return row;
  },

  async insertTagFormat(values: { companyId: number; description: string; zplTemplate: string }) {
    const [row] = await db.insert(tagFormats).values(values).returning();
    return row as typeof tagFormats.$inferSelect;
  },

  async companyFormats(companyId: number, filters: { tag_type?: number; tag_format?: number }, page: PageParams) {
    const where = and(
      eq(tagCompanyFormats.companyId, companyId),
      filters.tag_type ? eq(tagCompanyFormats.tagTypeId, filters.tag_type) : undefined,
      filters.tag_format ? eq(tagCompanyFormats.tagFormatId, filters.tag_format) : undefined,
    );
    const [total] = await db.select({ n: count() }).from(tagCompanyFormats).where(where);
    const rows = await db
      .select({
        id: tagCompanyFormats.id,
        companyId: tagCompanyFormats.companyId,
        filterValue: tagCompanyFormats.filterValue,
        tagType: { id: tagTypes.id, reference: tagTypes.reference, epcBits: tagTypes.epcBits },
        tagFormat: { id: tagFormats.id, description: tagFormats.description },
      })
      .from(tagCompanyFormats)
      .innerJoin(tagTypes, eq(tagTypes.id, tagCompanyFormats.tagTypeId))
      .innerJoin(tagFormats, eq(tagFormats.id, tagCompanyFormats.tagFormatId))
      .where(where)
      .orderBy(asc(tagFormats.description), asc(tagCompanyFormats.id))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  },

  /** A tag company format of the company, with what printing needs (template, filter value, EPC size). */
  async companyFormat(companyId: number, id: number) {
    const [row] = await db
      .select({
        id: tagCompanyFormats.id,
        filterValue: tagCompanyFormats.filterValue,
        epcBits: tagTypes.epcBits,
        zplTemplate: tagFormats.zplTemplate,
      })
      .from(tagCompanyFormats)
      .innerJoin(tagTypes, eq(tagTypes.id, tagCompanyFormats.tagTypeId))
      .innerJoin(tagFormats, eq(tagFormats.id, tagCompanyFormats.tagFormatId))
      .where(and(eq(tagCompanyFormats.companyId, companyId), eq(tagCompanyFormats.id, id)))
      .limit(1);
    return row;
  },

  /** The company's first tag company format: the one the printer upload prints with when none is named. */
  /** A purchase order the user sees (404 otherwise): its code and locations, for printing its expected labels. */
  async purchaseOrderToPrint(user: AuthUser, orderId: number) {
    const [row] = await db
      .select({
        orderId: orders.id,
        orderCode: orders.orderCode,
        originLocationId: orders.originLocationId,
        destinationLocationId: orders.destinationLocationId,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.type, 'purchase'), visibleOrders(user)));
    return row;
  },

  /** A box of an order the user sees (404 otherwise), with its order's code and locations. */
  async boxToPrint(user: AuthUser, boxId: number) {
    const [row] = await db
      .select({
        orderId: orders.id,
        orderCode: orders.orderCode,
        codebar: boxes.codebar,
        originLocationId: orders.originLocationId,
        destinationLocationId: orders.destinationLocationId,
      })
      .from(boxes)
      .innerJoin(orders, eq(orders.id, boxes.orderId))
      .where(and(eq(boxes.id, boxId), visibleOrders(user)));
    return row;
  },

  /** The expected contents of an order's boxes (or of one box), one row per GTIN, in GTIN order. */
  async expectedContents(target: { orderId: number } | { boxId: number }) {
    const rows = await db
      .select({ itemTypeId: itemTypes.id, gtin: itemTypes.gtin, quantity: sql<number>`sum(${boxContents.quantity})::int` })
      .from(boxContents)
      .innerJoin(boxes, eq(boxes.id, boxContents.boxId))
      .innerJoin(itemTypes, eq(itemTypes.id, boxContents.itemTypeId))
      .where('orderId' in target ? eq(boxes.orderId, target.orderId) : eq(boxes.id, target.boxId))
      .groupBy(itemTypes.id, itemTypes.gtin)
      .orderBy(asc(itemTypes.gtin));
    return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })).filter((r) => r.quantity > 0);
  },

  /* -------------------------------------------------- NiceLabel orders */

  async nicelabelOrders(
    user: AuthUser,
    filters: { id?: number; status?: number; order?: number; openForOrder?: number },
    page: PageParams,
  ): Promise<{ count: number; rows: NicelabelRow[] }> {
    const where = sql.join(
      [
        sql`n.company_id = ${user.companyId}`,
        visibleOrderSql(user),
        ...(filters.id === undefined ? [] : [sql`n.id = ${filters.id}`]),
        ...(filters.status === undefined ? [] : [sql`n.status = ${filters.status}`]),
        ...(filters.order === undefined ? [] : [sql`n.order_id = ${filters.order}`]),
        ...(filters.openForOrder === undefined
          ? []
          : [sql`n.order_id = ${filters.openForOrder} and n.status < ${NicelabelStatus.completed}`]),
      ],
      sql` and `,
    );
    const from = sql`nicelabel_orders n join print_orders po on po.id = n.print_order_id join orders o on o.id = n.order_id`;
    const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} where ${where}`));
    const rows = rowsOf<NicelabelRow>(
      await db.execute(sql`select n.id, n.status, n.created_at, n.updated_at, o.id as order_id, o.order_code,
        po.id as print_order_id, po.name as print_order_name, po.total_quantity, po.state as print_order_state
        from ${from} where ${where} order by n.id desc limit ${page.limit} offset ${page.offset}`),
    );
    return { count: Number(total?.n ?? 0), rows };
  },

  /** Inserts the order's open NiceLabel order; undefined when another one is open already (the partial unique index). */
  async insertNicelabelOrder(values: {
    companyId: number;
    orderId: number;
    printOrderId: number;
    createdBy: number;
  }): Promise<number | undefined> {
    const [row] = await db.insert(nicelabelOrders).values(values).onConflictDoNothing().returning({ id: nicelabelOrders.id });
    return row?.id;
  },

  /** Moves a NiceLabel order forward only; false when it is at `status` or beyond already. */
  async advanceNicelabelOrder(id: number, status: number): Promise<boolean> {
    const rows = await db
      .update(nicelabelOrders)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(nicelabelOrders.id, id), sql`${nicelabelOrders.status} < ${status}`))
      .returning({ id: nicelabelOrders.id });
    return rows.length > 0;
  },

  /**
   * Every label of a print order printed now (those not printed yet), the order PRINTED: NiceLabel printed them. Voided
   * labels (sent to a printer that never confirmed them) stay voided: their EPCs are never printed again.
   */
  async completePrintOrder(printOrderId: number): Promise<void> {
    await db.execute(sql`update print_tags set printed_at = now()
      where print_order_id = ${printOrderId} and printed_at is null and voided_at is null`);
    await db
      .update(printOrders)
      .set({
        state: PrintOrderState.Printed,
        progress: sql`${printOrders.totalQuantity} - ${printOrders.voidedLabels}`,
        fromLabel: sql`${printOrders.totalQuantity} + 1`,
      })
      .where(eq(printOrders.id, printOrderId));
  },

  async deletePrintOrder(printOrderId: number): Promise<void> {
    await db.delete(printOrders).where(eq(printOrders.id, printOrderId));
  },

  async defaultCompanyFormatId(companyId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: tagCompanyFormats.id })
      .from(tagCompanyFormats)
      .where(eq(tagCompanyFormats.companyId, companyId))
      .orderBy(asc(tagCompanyFormats.id))
      .limit(1);
    return row?.id;
  },

  /** Adds a pair, or returns the id of the same pair already there. */
  async insertCompanyFormat(values: { companyId: number; tagTypeId: number; tagFormatId: number; filterValue: number }) {
    const [row] = await db.insert(tagCompanyFormats).values(values).onConflictDoNothing().returning({ id: tagCompanyFormats.id });
    if (row) return { id: row.id, isNew: true };
    const [existing] = await db
      .select({ id: tagCompanyFormats.id })
      .from(tagCompanyFormats)
      .where(
        and(
          eq(tagCompanyFormats.companyId, values.companyId),
          eq(tagCompanyFormats.tagTypeId, values.tagTypeId),
          eq(tagCompanyFormats.tagFormatId, values.tagFormatId),
        ),
      )
      .limit(1);
    return { id: existing?.id as number, isNew: false };
  },

  async company(companyId: number) {
    const [row] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
    return row;
  },

  /* -------------------------------------------------- scope helpers */

  /** A printer in a location the user may see, with its address. */
  async printer(user: AuthUser, id: number): Promise<ScopedPrinter | undefined> {
    const [row] = await db
      .select({
        id: printers.id,
        description: printers.description,
        host: printers.ipAddress,
        port: printers.port,
        companyId: printers.companyId,
        locationId: printers.locationId,
      })
      .from(printers)
      .innerJoin(locations, eq(locations.id, printers.locationId))
      .where(and(eq(printers.id, id), visibleLocations(user)))
      .limit(1);
    return row;
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
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`select id from brands where id = ${brandId} and company_id = ${companyId} limit 1`),
    );
    return rows.length > 0;
  },

  /** The company's GTINs among `gtins` (14 digits). */
  async itemTypesByGtin(companyId: number, gtins: string[]) {
    if (gtins.length === 0) return [];
    return db
      .select({ id: itemTypes.id, gtin: itemTypes.gtin })
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.gtin, gtins)));
  },

  async itemTypesById(companyId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: itemTypes.id, gtin: itemTypes.gtin })
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.id, ids)));
  },

  /* -------------------------------------------------- print orders */

  async listOrders(user: AuthUser, filters: PrintOrderFilters, orderBy: string | undefined, page: PageParams) {
    const where = sql.join([visibleOrderSql(user), ...orderFilters(filters)], sql` and `);
    const ordering = ORDERINGS[orderBy ?? ''] ?? ORDERINGS['-creation_date'];
    const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from print_orders po where ${where}`));
    const rows = rowsOf<PrintOrderRow>(
      await db.execute(
        sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where ${where} order by ${ordering} limit ${page.limit} offset ${page.offset}`,
      ),
    );
    return { count: Number(total?.n ?? 0), rows };
  },

  async order(user: AuthUser, id: number): Promise<PrintOrderRow | undefined> {
    const [row] = rowsOf<PrintOrderRow>(
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

  /**
   * Reserves `n` serials of a GTIN for the company: the counter moves on in one statement (a row lock on PostgreSQL),
   * so two orders never get the same serial, even at the same time. Returns the first serial.
   */
  async reserveSerials(companyId: number, gtin: string, n: number): Promise<number> {
    const [row] = rowsOf<{ next_serial: number | string }>(
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

  async contents(orderId: number, page: PageParams) {
    const [total] = await db.select({ n: count() }).from(printOrderContents).where(eq(printOrderContents.printOrderId, orderId));
    const rows = rowsOf<{ id: number; gtin: string; quantity: number; item_type: number; description: string; printed: number }>(
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
    const [total] = await db.select({ n: count() }).from(printTags).where(eq(printTags.printOrderId, orderId));
    const rows = await db
      .select({
        id: printTags.id,
        labelNumber: printTags.labelNumber,
        gtin: printTags.gtin,
        serial: printTags.serial,
        epc: printTags.epc,
        printedAt: printTags.printedAt,
        voidedAt: printTags.voidedAt,
        voidReason: printTags.voidReason,
      })
      .from(printTags)
      .where(eq(printTags.printOrderId, orderId))
      .orderBy(asc(printTags.labelNumber))
      .limit(page.limit)
      .offset(page.offset);
    return { count: total?.n ?? 0, rows };
  },

  /* -------------------------------------------------- print jobs (workers/print-spooler.ts) */

  /**
   * Queues a job on `printerId` for labels from..to: the order WORKING, behind the printer's older jobs. Refused (false)
   * while the order is WORKING, or while a job of it still holds a printer (a canceled one finishing its label).
   */
  async startJob({ orderId, printerId, from, to }: { orderId: number; printerId: number; from: number; to: number }) {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        update print_orders po set state = ${WORKING}, canceled = false, error = null, printer_id = ${printerId},
          job_seq = po.job_seq + 1, job_from = ${from}, job_to = ${to}, job_done = 0, queued_at = clock_timestamp()
        where po.id = ${orderId} and po.state <> ${WORKING}
          and not exists (select 1 from printer_leases l where l.print_order_id = po.id and l.lease_until > now())
        returning po.id`),
    );
    return rows.length > 0;
  },

  /** Labels from..to of an order that may still be sent (not printed, not sent, not voided). */
  async sendableLabels(orderId: number, from: number, to: number): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from print_tags
        where print_order_id = ${orderId} and label_number between ${from} and ${to}
          and printed_at is null and sending_at is null and voided_at is null`),
    );
    return Number(row?.n ?? 0);
  },

  /** Cancels a WORKING order: canceled, and the state its labels printed so far give (its job stops between labels). */
  async cancel(orderId: number): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`update print_orders set canceled = true, state = ${settledState(sql`progress`)}
        where id = ${orderId} and state = ${WORKING} returning id`),
    );
    return rows.length > 0;
  },

  /** Printers with a WORKING order and no live lease: a job waits there for any process to claim it. */
  async claimablePrinters(): Promise<number[]> {
    const rows = rowsOf<{ printer_id: number }>(
      await db.execute(sql`select distinct po.printer_id from print_orders po
        where po.state = ${WORKING} and po.printer_id is not null
          and not exists (select 1 from printer_leases l where l.printer_id = po.printer_id and l.lease_until > now())`),
    );
    return rows.map((r) => r.printer_id);
  },

  /**
   * Claims a printer in one statement: its lease, when none is live, goes to `owner` for `leaseMs` with the printer's
   * oldest WORKING order (a job whose process died is resumed this way). Answers the order, or undefined.
   */
  async claimPrinter({ printerId, owner, leaseMs }: LeaseHolder & { leaseMs: number }): Promise<number | undefined> {
    const [row] = rowsOf<{ print_order_id: number }>(
      await db.execute(sql`
        with next as (
          select id from print_orders where printer_id = ${printerId} and state = ${WORKING}
          order by queued_at nulls first, id limit 1
        )
        insert into printer_leases as l (printer_id, print_order_id, owner, lease_until, claimed_at)
        select ${printerId}, next.id, ${owner}, ${leaseUntil(leaseMs)}, now() from next
        on conflict (printer_id) do update set print_order_id = excluded.print_order_id, owner = excluded.owner,
          lease_until = excluded.lease_until, claimed_at = excluded.claimed_at
        where l.lease_until <= now()
        returning l.print_order_id`),
    );
    return row?.print_order_id;
  },

  /** Renews the owner's lease of a printer; false when it is no longer the owner's (it ran out and was claimed). */
  async renewLease({ printerId, owner, leaseMs }: LeaseHolder & { leaseMs: number }): Promise<boolean> {
    const rows = rowsOf<{ printer_id: number }>(
      await db.execute(sql`update printer_leases set lease_until = ${leaseUntil(leaseMs)}
        where printer_id = ${printerId} and owner = ${owner} returning printer_id`),
    );
    return rows.length > 0;
  },

  async releaseLease({ printerId, owner }: LeaseHolder): Promise<void> {
    await db.execute(sql`delete from printer_leases where printer_id = ${printerId} and owner = ${owner}`);
  },

  /** The order's current job as a spooler runs it: its range, printer and template. */
  async jobToRun(orderId: number): Promise<PrintJobRow | undefined> {
    const [row] = rowsOf<PrintJobRow>(
      await db.execute(sql`
        select po.id as order_id, po.state, po.canceled, po.job_seq, coalesce(po.job_from, po.from_label) as job_from,
          coalesce(po.job_to, po.total_quantity) as job_to, p.id as printer_id, p.ip_address as host, p.port,
          p.dpi, tf.zpl_template as template
        from print_orders po join printers p on p.id = po.printer_id
          join tag_company_formats tcf on tcf.id = po.tag_company_format_id join tag_formats tf on tf.id = tcf.tag_format_id
        where po.id = ${orderId}`),
    );
    return row;
  },

  /**
   * Labels from..to of an order not printed or voided yet, with what their labels show, `limit` at a time (on the
   * (order, label) index). `sending_at` set: sent by an earlier job and never confirmed.
   */
  async jobLabels(orderId: number, from: number, to: number, limit: number): Promise<LabelRow[]> {
    return rowsOf<LabelRow>(
      await db.execute(sql`
        select t.id, t.label_number, t.gtin, t.serial, t.epc, t.sending_at, it.description, it.price::text as price,
          it.size_primary, it.sizes, it.colour, it.model
        from print_tags t join print_order_contents c on c.id = t.content_id join item_types it on it.id = c.item_type_id
        where t.print_order_id = ${orderId} and t.label_number between ${from} and ${to}
          and t.printed_at is null and t.voided_at is null
        order by t.label_number limit ${limit}`),
    );
  },

  /**
   * Before a label goes to the printer, in one statement: renews the lease (only while it is the owner's and live),
   * checks the job is still the order's current one (WORKING, not canceled), and records the label as sent (only if it
   * never was). The label may be sent only when all three hold.
   */
  async beginLabel({
    printerId,
    owner,
    leaseMs,
    orderId,
    jobSeq,
    tagId,
  }: LeaseHolder & { leaseMs: number; orderId: number; jobSeq: number; tagId: number }): Promise<{
    hasLease: boolean;
    isCurrent: boolean;
    isSending: boolean;
  }> {
    const [row] = rowsOf<{ has_lease: boolean; is_current: boolean; is_sending: boolean }>(
      await db.execute(sql`
        with lease as (
          update printer_leases set lease_until = ${leaseUntil(leaseMs)}
          where printer_id = ${printerId} and owner = ${owner} and print_order_id = ${orderId} and lease_until > now()
          returning printer_id
        ),
        job as (
          select id from print_orders
          where id = ${orderId} and state = ${WORKING} and not canceled and job_seq = ${jobSeq}
        ),
        tag as (
          update print_tags set sending_at = now()
          where id = ${tagId} and print_order_id = ${orderId} and printed_at is null and sending_at is null
            and voided_at is null and exists (select 1 from lease) and exists (select 1 from job)
          returning id
        )
        select exists (select 1 from lease) as has_lease, exists (select 1 from job) as is_current,
          exists (select 1 from tag) as is_sending`),
    );
    return { hasLease: row?.has_lease === true, isCurrent: row?.is_current === true, isSending: row?.is_sending === true };
  },

  /**
   * Voids a label that was sent and never printed: `unconfirmed` when the printer never confirmed it (it may have
   * printed), `encode_failed` when the printer reported that it could not encode its tag (it printed VOID over it). Its
   * EPC is never sent again and the order counts it as voided, not printed. Only the printer's lease owner voids.
   * Answers whether it was voided now.
   */
  async voidLabel({
    printerId,
    owner,
    orderId,
    tagId,
    reason = LabelVoidReason.Unconfirmed,
  }: LeaseHolder & { orderId: number; tagId: number; reason?: LabelVoidReason }): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        with tag as (
          update print_tags set voided_at = now(), void_reason = ${reason}
          where id = ${tagId} and print_order_id = ${orderId} and sending_at is not null and printed_at is null
            and voided_at is null
            and exists (select 1 from printer_leases where printer_id = ${printerId} and owner = ${owner})
          returning id
        )
        update print_orders set voided_labels = voided_labels + 1
        where id = ${orderId} and exists (select 1 from tag)
        returning id`),
    );
    return rows.length > 0;
  },

  /**
   * Records one printed label in one statement: its time and printer, the order's progress and next label, the job's
   * count (while it is the order's current job). A label voided meanwhile (its lease ran out while it printed) counts
   * as printed after all; an order canceled meanwhile gets the state its progress now gives. Answers the order's state.
   */
  async labelPrinted({
    orderId,
    jobSeq,
    tagId,
    labelNumber,
    printerId,
  }: {
    orderId: number;
    jobSeq: number;
    tagId: number;
    labelNumber: number;
    printerId: number;
  }): Promise<{ canceled: boolean; state: string; job_seq: number } | undefined> {
    const [row] = rowsOf<{ canceled: boolean; state: string; job_seq: number }>(
      await db.execute(sql`
        with before as (select (voided_at is not null)::int as was_voided from print_tags where id = ${tagId} and printed_at is null),
        tag as (
          update print_tags set printed_at = now(), printer_id = ${printerId}, voided_at = null, void_reason = null
          where id = ${tagId} and printed_at is null and void_reason is distinct from ${LabelVoidReason.EncodeFailed}
          returning id
        ),
        counts as (select (select count(*)::int from tag) as fresh, coalesce((select was_voided from before), 0) as unvoided)
        update print_orders po set progress = po.progress + counts.fresh,
          voided_labels = po.voided_labels - least(counts.unvoided, counts.fresh),
          job_done = po.job_done + case when po.job_seq = ${jobSeq} then counts.fresh else 0 end,
          from_label = greatest(po.from_label, ${labelNumber + 1}),
          state = case when po.state in (${WORKING}, ${PrintOrderState.Error}) then po.state
            else ${settledState(sql`(po.progress + counts.fresh)`, sql`(po.voided_labels - least(counts.unvoided, counts.fresh))`)} end
        from counts
        where po.id = ${orderId} and counts.fresh > 0
        returning po.canceled, po.state, po.job_seq`),
    );
    return row;
  },

  /** The job ended: PRINTED when every label is printed (or voided), else PARTIAL (PENDING with none), unless stopped meanwhile. */
  async finishJob(orderId: number, jobSeq: number) {
    await db.execute(sql`update print_orders set state = ${settledState(sql`progress`)}
      where id = ${orderId} and state = ${WORKING} and job_seq = ${jobSeq}`);
  },

  async failJob(orderId: number, jobSeq: number, error: string) {
    await db.execute(sql`update print_orders set state = ${PrintOrderState.Error}, error = ${error}
      where id = ${orderId} and state = ${WORKING} and job_seq = ${jobSeq}`);
  },

  /* -------------------------------------------------- print log */

  /** Printed labels in [from, to] of orders the user sees, `limit` at a time by keyset on (printed_at, id). */
  async printLogChunk(
    user: AuthUser,
    { from, to, after, limit }: { from: Date; to: Date; after: { at: string; id: number } | null; limit: number },
  ): Promise<PrintLogRow[]> {
    const keyset = after ? sql` and (t.printed_at, t.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
    return rowsOf<PrintLogRow>(
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
export type PrintingRepository = ReturnType<typeof createPrintingRepository>;
