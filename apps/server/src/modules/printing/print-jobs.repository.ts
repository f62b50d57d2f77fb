import { LabelVoidReason, PrintOrderState } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { countRow, int8, timestamp } from '../../db/row-schemas.js';
import { parseRows } from '../../db/rows.js';
import { leaseUntil } from '../../workers/lease.js';
import { emitPrintFinished } from '../webhooks/emit-changes.js';

/** The queries of the print jobs (workers/print-spooler.ts): a job is a WORKING print order on its printer's queue. */

const WORKING = PrintOrderState.Working;

const idRow = z.object({ id: z.coerce.number() });
const printerIdRow = z.object({ printer_id: z.number() });
const printOrderIdRow = z.object({ print_order_id: z.number() });
const beginLabelRow = z.object({ has_lease: z.boolean(), is_current: z.boolean(), is_sending: z.boolean() });
const printedLabelRow = z.object({ canceled: z.boolean(), state: z.string(), job_seq: z.number() });

const labelRowSchema = z.object({
  id: z.coerce.number(),
  label_number: z.number(),
  gtin: z.string(),
  serial: int8,
  epc: z.string(),
  /** Sent by an earlier job and never confirmed (in flight when it stopped). */
  sending_at: timestamp.nullable(),
  description: z.string(),
  price: z.string().nullable(),
  size_primary: z.string(),
  sizes: z.array(z.looseObject({ value: z.string() })).nullable(),
  colour: z.string(),
  model: z.string(),
});
export type LabelRow = z.infer<typeof labelRowSchema>;

const printJobRowSchema = z.object({
  order_id: z.number(),
  state: z.string(),
  canceled: z.boolean(),
  job_seq: z.number(),
  job_from: z.number(),
  job_to: z.number(),
  printer_id: z.number(),
  host: z.string(),
  port: z.number(),
  /** The printer's resolution: the template is scaled to it. */
  dpi: z.number(),
  template: z.string(),
  /** The tag format's setting: its labels carry a GS1 Digital Link QR code. */
  digital_link_qr: z.boolean(),
});
export type PrintJobRow = z.infer<typeof printJobRowSchema>;

/** A printer's lease and the process (owner) that holds or wants it. */
export type LeaseHolder = { printerId: number; owner: string };

/**
 * The state a print order settles in once no job runs: PRINTED when every label is printed or voided, PARTIAL with some
 * printed, PENDING with none. `progress`, `voided` and `total` are the expressions to judge by (the columns by default).
 */
export const settledState = (progress: SQL, voided: SQL = sql`voided_labels`, total: SQL = sql`total_quantity`): SQL =>
  sql`(case when ${progress} + ${voided} >= ${total} then ${PrintOrderState.Printed}::text
    when ${progress} > 0 then ${PrintOrderState.Partial}::text else ${PrintOrderState.Pending}::text end)`;

const endedColumns = sql.raw(`po.id, po.company_id, po.name, po.state, po.progress, po.total_quantity, po.voided_labels, po.error,
  (select p.location_id from printers p where p.id = po.printer_id) as location_id`);
const endedRow = z.object({
  id: z.coerce.number(),
  company_id: z.coerce.number(),
  location_id: z.coerce.number().nullable(),
  name: z.string(),
  state: z.string(),
  progress: z.coerce.number(),
  total_quantity: z.coerce.number(),
  voided_labels: z.coerce.number(),
  error: z.string().nullable(),
});

/** Ends a job (the update returns the order) and emits `print.finished` (issue 27) in the same transaction. */
const endJob = (db: DbOrTx, update: SQL): Promise<void> =>
  db.transaction(async (tx) => {
    for (const row of parseRows(endedRow, await tx.execute(update))) {
      await emitPrintFinished(tx, {
        id: row.id,
        companyId: row.company_id,
        locationId: row.location_id,
        name: row.name,
        state: row.state,
        progress: row.progress,
        total: row.total_quantity,
        voided: row.voided_labels,
        error: row.error,
      });
    }
  });

/** Queuing, refusing and canceling a job. */
const jobQueueQueries = (db: DbOrTx) => ({
  /**
   * Queues a job on `printerId` for labels from..to: the order WORKING, behind the printer's older jobs. Refused (false)
   * while the order is WORKING, or while a job of it still holds a printer (a canceled one finishing its label).
   */
  async startJob({ orderId, printerId, from, to }: { orderId: number; printerId: number; from: number; to: number }) {
    const rows = parseRows(
      idRow,
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
    const [row] = parseRows(
      countRow,
      await db.execute(sql`select count(*)::int as n from print_tags
        where print_order_id = ${orderId} and label_number between ${from} and ${to}
          and printed_at is null and sending_at is null and voided_at is null`),
    );
    return Number(row?.n ?? 0);
  },

  /** Cancels a WORKING order: canceled, and the state its labels printed so far give (its job stops between labels). */
  async cancel(orderId: number): Promise<boolean> {
    const rows = parseRows(
      idRow,
      await db.execute(sql`update print_orders set canceled = true, state = ${settledState(sql`progress`)}
        where id = ${orderId} and state = ${WORKING} returning id`),
    );
    return rows.length > 0;
  },

  /** Whether a job of the order still holds its printer (a canceled one finishing the label on the printer). */
  async jobHoldsPrinter(orderId: number): Promise<boolean> {
    const [row] = parseRows(
      countRow,
      await db.execute(sql`select count(*)::int as n from printer_leases where print_order_id = ${orderId}`),
    );
    return Number(row?.n ?? 0) > 0;
  },
});

/** The printer leases: which process runs the jobs of a printer, renewed while it does. */
const printerLeaseQueries = (db: DbOrTx) => ({
  /** Printers with a WORKING order and no live lease: a job waits there for any process to claim it. */
  async claimablePrinters(): Promise<number[]> {
    const rows = parseRows(
      printerIdRow,
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
    const [row] = parseRows(
      printOrderIdRow,
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
    const rows = parseRows(
      printerIdRow,
      await db.execute(sql`update printer_leases set lease_until = ${leaseUntil(leaseMs)}
        where printer_id = ${printerId} and owner = ${owner} returning printer_id`),
    );
    return rows.length > 0;
  },

  async releaseLease({ printerId, owner }: LeaseHolder): Promise<void> {
    await db.execute(sql`delete from printer_leases where printer_id = ${printerId} and owner = ${owner}`);
  },
});

/** The job a lease holder runs and its labels, in label order. */
const jobReadQueries = (db: DbOrTx) => ({
  /** The order's current job as a spooler runs it: its range, printer and template. */
  async jobToRun(orderId: number): Promise<PrintJobRow | undefined> {
    const [row] = parseRows(
      printJobRowSchema,
      await db.execute(sql`
        select po.id as order_id, po.state, po.canceled, po.job_seq, coalesce(po.job_from, po.from_label) as job_from,
          coalesce(po.job_to, po.total_quantity) as job_to, p.id as printer_id, p.ip_address as host, p.port,
          p.dpi, tf.zpl_template as template, tf.digital_link_qr
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
    return parseRows(
      labelRowSchema,
      await db.execute(sql`
        select t.id, t.label_number, t.gtin, t.serial, t.epc, t.sending_at, it.description, it.price::text as price,
          it.size_primary, it.sizes, it.colour, it.model
        from print_tags t join print_order_contents c on c.id = t.content_id join item_types it on it.id = c.item_type_id
        where t.print_order_id = ${orderId} and t.label_number between ${from} and ${to}
          and t.printed_at is null and t.voided_at is null
        order by t.label_number limit ${limit}`),
    );
  },
});

/** A label of the job: sent, voided, or printed. */
const jobLabelQueries = (db: DbOrTx) => ({
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
    const [row] = parseRows(
      beginLabelRow,
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
   * EPC is never sent again and the order counts it as voided, not printed; the label keeps the printer it was sent to.
   * Only the printer's lease owner voids. Answers whether it was voided now.
   */
  async voidLabel({
    printerId,
    owner,
    orderId,
    tagId,
    reason = LabelVoidReason.Unconfirmed,
  }: LeaseHolder & { orderId: number; tagId: number; reason?: LabelVoidReason }): Promise<boolean> {
    const rows = parseRows(
      idRow,
      await db.execute(sql`
        with tag as (
          update print_tags set voided_at = now(), void_reason = ${reason}, printer_id = ${printerId}
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
   * as printed after all, unless it has a replacement by now (the replacement took its place: it stays voided, to be
   * thrown away); an order canceled meanwhile gets the state its progress now gives. Answers the order's state.
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
    const [row] = parseRows(
      printedLabelRow,
      await db.execute(sql`
        with before as (select (voided_at is not null)::int as was_voided from print_tags where id = ${tagId} and printed_at is null),
        tag as (
          update print_tags set printed_at = now(), printer_id = ${printerId}, voided_at = null, void_reason = null
          where id = ${tagId} and printed_at is null and void_reason is distinct from ${LabelVoidReason.EncodeFailed}
            and not exists (select 1 from print_tags r where r.replaces_tag_id = ${tagId})
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
});

/** How a job ends: done, or failed with its error. */
const jobEndQueries = (db: DbOrTx) => ({
  /** The job ended: PRINTED when every label is printed (or voided), else PARTIAL (PENDING with none), unless stopped meanwhile. */
  async finishJob(orderId: number, jobSeq: number) {
    await endJob(
      db,
      sql`update print_orders po set state = ${settledState(sql`progress`)}
      where id = ${orderId} and state = ${WORKING} and job_seq = ${jobSeq}
      returning ${endedColumns}`,
    );
  },

  async failJob(orderId: number, jobSeq: number, error: string) {
    await endJob(
      db,
      sql`update print_orders po set state = ${PrintOrderState.Error}, error = ${error}
      where id = ${orderId} and state = ${WORKING} and job_seq = ${jobSeq}
      returning ${endedColumns}`,
    );
  },
});

export const createPrintJobsRepository = (db: DbOrTx) => ({
  ...jobQueueQueries(db),
  ...printerLeaseQueries(db),
  ...jobReadQueries(db),
  ...jobLabelQueries(db),
  ...jobEndQueries(db),
});
