import { type PrintLabelRef, PrintOrderState } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import { int8, timestamp } from '../../db/row-schemas.js';
import { parseRows } from '../../db/rows.js';
import { printTags } from '../../db/schema/index.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EpcReservationRepository } from './epc-reservation.js';
import { settledState } from './print-jobs.repository.js';
import { visibleOrderSql } from './print-order-scope.repository.js';
import { createPrintingRepository, type PrintOrderRow } from './printing.repository.js';

/** A print order locked for a replacement (until its transaction ends): what making replacements needs of it. */
export type LockedPrintOrder = {
  id: number;
  companyId: number;
  state: PrintOrderState;
  totalQuantity: number;
  /** Its tag format's SGTIN filter value (the replacements' EPCs are written with it). */
  filterValue: number;
  /** A job of the order still holds a printer (a canceled one finishing its label). */
  holdsPrinter: boolean;
};

/** A voided label as a replacement is made for it: its content row, GTIN and replacement (null: none yet). */
export type VoidedLabelToReplace = PrintLabelRef & { contentId: number; gtin: string; replacement: PrintLabelRef | null };

/** A replacement to add: the voided label it replaces, its content row and GTIN, and its newly reserved serial and EPC. */
export type NewReplacement = { replacesTagId: number; contentId: number; gtin: string; serial: number; epc: string };

const voidedListRowSchema = z.object({
  id: z.coerce.number(),
  label_number: z.number(),
  gtin: z.string(),
  serial: int8,
  epc: z.string(),
  void_reason: z.string().nullable(),
  voided_at: timestamp,
  printer_id: z.number().nullable(),
  printer_description: z.string().nullable(),
  r_id: z.coerce.number().nullable(),
  r_label_number: z.number().nullable(),
  r_epc: z.string().nullable(),
  r_printed_at: timestamp.nullable(),
  r_voided_at: timestamp.nullable(),
});
export type VoidedListRow = z.infer<typeof voidedListRowSchema>;

/** The voided labels of an order and their replacements: the queries of use-cases/list-voided-labels.ts and replace-voided-labels.ts. */
export type VoidedLabelsRepository = EpcReservationRepository & {
  /** A print order the user sees (undefined otherwise), as the API answers it. */
  order: (user: AuthUser, orderId: number) => Promise<PrintOrderRow | undefined>;
  /** The order's voided labels with their printer and replacement, in label order, a page at a time. */
  listVoided: (orderId: number, page: PageParams) => Promise<{ count: number; rows: VoidedListRow[] }>;
  /**
   * A print order the user sees, locked until the transaction ends: a second replacement call for it waits here and
   * then sees the first one's replacements. Undefined when the user does not see it.
   */
  lockOrder: (user: AuthUser, orderId: number) => Promise<LockedPrintOrder | undefined>;
  /** The order's voided labels with their replacement, in label order: every one, or those of `ids`. */
  voidedLabels: (orderId: number, ids: readonly number[] | null) => Promise<VoidedLabelToReplace[]>;
  /**
   * Adds the replacements as the order's next labels (numbered on from its total) and, in the same transaction, grows
   * its total and replaced count, moves its next label on to the first one left to print and gives it the state that
   * follows (PARTIAL or PENDING; ERROR stays). Answers the new labels in `rows` order.
   */
  addReplacements: (order: LockedPrintOrder, rows: readonly NewReplacement[]) => Promise<PrintLabelRef[]>;
};

const lockedRowSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  state: z.enum(PrintOrderState),
  total_quantity: z.number(),
  filter_value: z.number(),
  holds_printer: z.boolean(),
});

const toReplaceRowSchema = z.object({
  id: z.coerce.number(),
  label_number: z.number(),
  content_id: z.number(),
  gtin: z.string(),
  epc: z.string(),
  r_id: z.coerce.number().nullable(),
  r_label_number: z.number().nullable(),
  r_epc: z.string().nullable(),
});

const idList = (values: readonly number[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** What lists each voided label: the label, its printer and its replacement (`r`). */
const VOIDED_FROM = sql`print_tags t left join printers p on p.id = t.printer_id
  left join print_tags r on r.replaces_tag_id = t.id`;

export const createVoidedLabelsRepository = (db: DbOrTx): VoidedLabelsRepository => {
  const printing = createPrintingRepository(db);
  return {
    order: printing.order,
    reserveSerials: printing.reserveSerials,
    existingItemEpcs: printing.existingItemEpcs,

    async listVoided(orderId, page) {
      const where = sql`t.print_order_id = ${orderId} and t.voided_at is not null`;
      const rows = parseRows(
        voidedListRowSchema,
        await db.execute(sql`
          select t.id, t.label_number, t.gtin, t.serial, t.epc, t.void_reason, t.voided_at,
            p.id as printer_id, p.description as printer_description, r.id as r_id, r.label_number as r_label_number,
            r.epc as r_epc, r.printed_at as r_printed_at, r.voided_at as r_voided_at
          from ${VOIDED_FROM} where ${where}
          order by t.label_number limit ${page.limit} offset ${page.offset}`),
      );
      return {
        count: await listCount(db, { rows: sql`select 1 from print_tags t where ${where}`, page, rowsOnPage: rows.length }),
        rows,
      };
    },

    async lockOrder(user, orderId) {
      const [row] = parseRows(
        lockedRowSchema,
        await db.execute(sql`
          select po.id, po.company_id, po.state, po.total_quantity, tcf.filter_value,
            exists (select 1 from printer_leases l where l.print_order_id = po.id and l.lease_until > now()) as holds_printer
          from print_orders po join tag_company_formats tcf on tcf.id = po.tag_company_format_id
          where po.id = ${orderId} and ${visibleOrderSql(user)}
          for update of po`),
      );
      return (
        row && {
          id: row.id,
          companyId: row.company_id,
          state: row.state,
          totalQuantity: row.total_quantity,
          filterValue: row.filter_value,
          holdsPrinter: row.holds_printer,
        }
      );
    },

    async voidedLabels(orderId, ids) {
      if (ids?.length === 0) return [];
      const chosen = ids ? sql` and t.id in (${idList(ids)})` : sql``;
      const rows = parseRows(
        toReplaceRowSchema,
        await db.execute(sql`
          select t.id, t.label_number, t.content_id, t.gtin, t.epc, r.id as r_id, r.label_number as r_label_number, r.epc as r_epc
          from print_tags t left join print_tags r on r.replaces_tag_id = t.id
          where t.print_order_id = ${orderId} and t.voided_at is not null${chosen}
          order by t.label_number`),
      );
      return rows.map((row) => ({
        id: row.id,
        label_number: row.label_number,
        epc: row.epc,
        contentId: row.content_id,
        gtin: row.gtin,
        replacement: row.r_id === null ? null : { id: row.r_id, label_number: row.r_label_number ?? 0, epc: row.r_epc ?? '' },
      }));
    },

    async addReplacements(order, rows) {
      if (rows.length === 0) return [];
      const inserted = await db
        .insert(printTags)
        .values(
          rows.map((row, index) => ({
            companyId: order.companyId,
            printOrderId: order.id,
            contentId: row.contentId,
            labelNumber: order.totalQuantity + index + 1,
            gtin: row.gtin,
            serial: row.serial,
            epc: row.epc,
            replacesTagId: row.replacesTagId,
          })),
        )
        .returning({ id: printTags.id, labelNumber: printTags.labelNumber, epc: printTags.epc });
      const added = rows.length;
      const total = sql`(po.total_quantity + ${added})`;
      // The next label: the first one from the current next label on that is neither printed nor voided (a label sent
      // and never confirmed stops it: the next job voids it), so printing "all" starts at the replacements.
      await db.execute(sql`
        update print_orders po set total_quantity = ${total}, replaced_labels = po.replaced_labels + ${added},
          from_label = coalesce((select min(t.label_number) from print_tags t where t.print_order_id = po.id
            and t.label_number >= po.from_label and t.printed_at is null and t.voided_at is null), ${total} + 1),
          state = case when po.state = ${PrintOrderState.Error} then po.state
            else ${settledState(sql`po.progress`, sql`po.voided_labels`, total)} end
        where po.id = ${order.id}`);
      const byNumber = new Map(inserted.map((r) => [r.labelNumber, r]));
      return rows.map((_, index) => {
        const label = byNumber.get(order.totalQuantity + index + 1);
        if (!label) throw new Error('a replacement label was not inserted');
        return { id: label.id, label_number: label.labelNumber, epc: label.epc };
      });
    },
  };
};

/** Runs `work` in one transaction with the voided labels repository of that transaction. */
export const inVoidedLabelsTransaction =
  (db: Db) =>
  <T>(work: (repo: VoidedLabelsRepository) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(createVoidedLabelsRepository(tx)));
