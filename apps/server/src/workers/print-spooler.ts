import { LabelVoidReason, type PrintError, PrintOrderState } from '@rfid/contract';
import type { Db } from '../db/client.js';
import type { Engine } from '../modules/engine/engine.js';
import { createPrintJobsRepository, type LabelRow, type PrintJobRow } from '../modules/printing/print-jobs.repository.js';
import {
  type LabelData,
  labelDigitalLink,
  labelPrice,
  labelSize,
  renderLabel,
  templateForPrinter,
  usesDigitalLink,
} from '../modules/printing/zpl.js';
import { processOwner, renewEveryMs } from './lease.js';
import {
  type EncodeResult,
  type PrinterConnection,
  PrinterError,
  type PrinterTransport,
  tcpTransport,
} from './print-transport.js';

export type PrintSpooler = {
  /** This process's id in the printer leases (host:pid:random unless given). */
  owner: string;
  /**
   * Starts the queue poller; resolves after its first round (the start-up recovery): WORKING orders on printers whose
   * lease ran out (their process died or stopped) are claimed and resumed. Live jobs of other processes are left alone.
   */
  start: () => Promise<void>;
  /** Looks for jobs now (a job was queued in the database); nothing before `start`. */
  wake: () => void;
  /** Resolves once no job of this process runs and no poll is under way. */
  idle: () => Promise<void>;
  /**
   * Stops: every job of this process stops after its current label and gives its printer's lease back; the orders stay
   * WORKING, so another process (or this one after a restart) resumes them from their next label.
   */
  close: () => Promise<void>;
  /**
   * Stops at once as if the process died: no more statements, leases neither renewed nor given back, connections cut.
   * For tests of what the other processes do then.
   */
  kill: () => void;
};

type Logger = { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };

/** One printer this process holds: the order it runs and whether the lease is still its own. */
type Held = { printerId: number; orderId: number; isLost: boolean };

/** What one label shows; its Digital Link URI only when the template shows it. */
const labelData = (label: LabelRow, withDigitalLink: boolean): LabelData => ({
  epc: label.epc,
  gtin: label.gtin,
  serial: String(label.serial),
  description: label.description,
  price: labelPrice(label.price),
  size: labelSize(label.size_primary, label.sizes),
  colour: label.colour,
  model: label.model,
  digital_link: withDigitalLink ? labelDigitalLink(label.gtin, String(label.serial)) : '',
});

/** Why the job stopped, as stored in print_orders.error: a PrintError as JSON (the API answers it in English and as a code). */
const storedError = (error: unknown): string => {
  const detail: PrintError =
    error instanceof PrinterError
      ? error.detail
      : { code: 'job_failed', detail: (error instanceof Error ? error.message : String(error)) || 'unknown error' };
  return JSON.stringify(detail);
};

type PrintJobsRepository = ReturnType<typeof createPrintJobsRepository>;

/** What the jobs of one spooler share: its settings, its repository, its open connections and whether it stops. */
type SpoolerContext = {
  repo: PrintJobsRepository;
  engine: Engine | undefined;
  transport: PrinterTransport;
  log: Logger | undefined;
  batch: number;
  owner: string;
  leaseMs: number;
  connections: Set<PrinterConnection>;
  /** Closing or killed: no new label is sent. */
  isStopping: () => boolean;
  /** Killed: nothing more is written, not even what a label sent needs. */
  isKilled: () => boolean;
};

/** A job being run: its printer and row, its template, and its connection once opened. */
type JobRun = {
  held: Held;
  job: PrintJobRow;
  template: string;
  withDigitalLink: boolean;
  connection?: PrinterConnection;
};

/** Voids a label sent and never confirmed (it may have printed: its EPC never goes out again), and logs it. */
const voidUnconfirmed = async (c: SpoolerContext, { printerId, orderId }: Held, label: LabelRow) => {
  if (await c.repo.voidLabel({ printerId, owner: c.owner, orderId, tagId: Number(label.id) })) {
    c.log?.warn({ orderId, printerId, label: label.label_number, epc: label.epc }, 'unconfirmed label voided');
  }
};

/** Records a label printed, in an engine transaction that notes the tag commissioned when there is an engine. */
const recordPrinted = (c: SpoolerContext, printed: Parameters<PrintJobsRepository['labelPrinted']>[0], epc: string) =>
  c.engine
    ? c.engine.transaction(async ({ tx, ledger }) => {
        const row = await createPrintJobsRepository(tx).labelPrinted(printed);
        if (row) ledger.commission([{ epc, printerId: printed.printerId, at: new Date() }]);
        return row;
      })
    : c.repo.labelPrinted(printed);

/** Sends one label of the job and records what became of it; false when the job must stop (it stays as it is). */
const printOne = async (c: SpoolerContext, run: JobRun, label: LabelRow): Promise<boolean> => {
  const { held, job } = run;
  const { printerId, orderId } = held;
  const jobSeq = job.job_seq;
  const tagId = Number(label.id);
  if (label.sending_at !== null) {
    // Sent by a job that stopped before the printer confirmed it (maybe in a process that died): it may have
    // printed, so its EPC never goes out again.
    await voidUnconfirmed(c, held, label);
    return true;
  }
  if (!run.connection) {
    run.connection = await c.transport({ host: job.host, port: job.port });
    c.connections.add(run.connection);
    if (c.isKilled()) return false;
  }
  const connection = run.connection;
  const begun = await c.repo.beginLabel({ printerId, owner: c.owner, leaseMs: c.leaseMs, orderId, jobSeq, tagId });
  if (!begun.hasLease) {
    held.isLost = true;
    return false;
  }
  // Canceled (from any process) or superseded: the cancel has set the order's state.
  if (!begun.isCurrent) return false;
  if (!begun.isSending) return true;
  // A label recorded as sent goes out even while closing (the close waits for it); a dead process sends nothing.
  if (c.isKilled()) return false;
  let result: EncodeResult;
  try {
    result = await connection.printLabel(renderLabel(run.template, labelData(label, run.withDigitalLink)));
  } catch (error) {
    if (c.isKilled()) return false;
    // Nothing left in the printer's buffer prints by itself once the fault is cleared (~JA, best effort).
    await connection.cancelAll();
    // Sent and never confirmed: the printer may have printed it before the cancel.
    await voidUnconfirmed(c, held, label);
    throw error;
  }
  if (!result.isEncoded) {
    if (c.isKilled()) return false;
    // The printer could not write the EPC into the tag and printed VOID over it: the EPC is void, never reused.
    if (await c.repo.voidLabel({ printerId, owner: c.owner, orderId, tagId, reason: LabelVoidReason.EncodeFailed })) {
      c.log?.warn(
        { orderId, printerId, label: label.label_number, epc: label.epc, retries: result.retries },
        'label encode failed: voided',
      );
    }
    return true;
  }
  if (c.isKilled()) return false;
  const printed = { orderId, jobSeq, tagId, labelNumber: label.label_number, printerId };
  const recorded = await recordPrinted(c, printed, label.epc);
  return !(!recorded || recorded.canceled || recorded.state !== PrintOrderState.Working || recorded.job_seq !== jobSeq);
};

/** Runs the order's current job on the held printer until it ends, stops or loses the printer. */
const runJob = async (c: SpoolerContext, held: Held, job: PrintJobRow) => {
  const { printerId, orderId } = held;
  const mustStop = () => c.isStopping() || held.isLost;
  const template = templateForPrinter(job.template, job.dpi, { digitalLinkQr: job.digital_link_qr });
  const run: JobRun = { held, job, template, withDigitalLink: usesDigitalLink(template) };
  try {
    let next = job.job_from;
    while (next <= job.job_to) {
      const labels = await c.repo.jobLabels(orderId, next, job.job_to, c.batch);
      if (labels.length === 0) break;
      for (const label of labels) {
        if (mustStop()) return;
        if (!(await printOne(c, run, label))) return;
      }
      next = (labels[labels.length - 1] as LabelRow).label_number + 1;
    }
    if (c.isKilled()) return;
    await c.repo.finishJob(orderId, job.job_seq);
  } catch (error) {
    // Stopping: the order stays WORKING for the next holder of the printer to resume.
    if (mustStop()) return;
    c.log?.warn({ orderId, printerId, err: error }, 'print job failed');
    await c.repo.failJob(orderId, job.job_seq, storedError(error)).catch(() => {});
  } finally {
    if (run.connection) {
      c.connections.delete(run.connection);
      run.connection.close();
    }
  }
};

/** Holds a claimed printer: renews its lease while the order's job runs, then gives it back. */
const holdPrinter = async (c: SpoolerContext, held: Held) => {
  const { repo, owner, leaseMs, log } = c;
  let renewing: Promise<void> = Promise.resolve();
  const renewer = setInterval(() => {
    if (c.isKilled()) return;
    renewing = repo
      .renewLease({ printerId: held.printerId, owner, leaseMs })
      .then((isOwn) => {
        if (!isOwn) held.isLost = true;
      })
      .catch((error: unknown) => log?.warn({ printerId: held.printerId, err: error }, 'print lease renewal failed'));
  }, renewEveryMs(leaseMs));
  try {
    const job = await repo.jobToRun(held.orderId);
    if (job && job.state === PrintOrderState.Working && !job.canceled) {
      log?.info({ orderId: held.orderId, printerId: held.printerId, owner }, 'print job claimed');
      await runJob(c, held, job);
    }
  } finally {
    clearInterval(renewer);
    await renewing;
    if (!c.isKilled() && !held.isLost) await repo.releaseLease({ printerId: held.printerId, owner });
  }
};

/**
 * The print service of one process, one of any number sharing the database (docs/design.md §8). Print jobs live in
 * the database: a job is a WORKING print order with its printer and range, queued on its printer oldest first. Every
 * process polls for printers with a waiting job and no live lease, claims the printer's lease in one statement and runs
 * that printer's oldest job, renewing the lease while it prints; so a printer prints one job at a time, whichever
 * process runs it, and a job whose process died is resumed by another once its lease runs out.
 *
 * A label is recorded as sent (committed) before it goes to the printer and as printed once the printer reports that it
 * encoded its tag (~RV, workers/print-transport.ts). A label whose encode failed (the printer printed VOID over it) is
 * voided as `encode_failed` and the job goes on with the next label: the order ends with fewer labels printed, never
 * with a label whose tag does not carry its EPC. A label found sent and never confirmed (its job stopped with it on
 * the printer) may have printed: it is voided as `unconfirmed`, never sent again, and the job goes on with the next
 * one. On any printer error the printer's buffer is canceled (~JA) before the connection closes, so the label in
 * flight cannot print later by itself. So no EPC is ever sent twice. Cancel is the database's:
 * the job checks, before each label, that it is still the order's current job and the printer still its own.
 */
export const createPrintSpooler = ({
  db,
  transport = tcpTransport(),
  log,
  batch = 100,
  owner = processOwner(),
  leaseMs = 15_000,
  pollMs = 1_000,
  engine,
}: {
  db: Db;
  /** Records each printed label in an engine transaction whose ledger notes the tag commissioned (EPCIS); none: plain. */
  engine?: Engine;
  transport?: PrinterTransport;
  log?: Logger;
  /** Labels read from the database at a time. */
  batch?: number;
  owner?: string;
  /** How long a printer's lease lasts without renewal (renewed every third of it while printing). */
  leaseMs?: number;
  /** Between two looks for waiting jobs. */
  pollMs?: number;
}): PrintSpooler => {
  const repo = createPrintJobsRepository(db);
  /** The printers this process runs a job on, and that job's promise. */
  const running = new Map<number, Promise<void>>();
  const connections = new Set<PrinterConnection>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let isPollAgain = false;
  let isStarted = false;
  let isClosing = false;
  let isKilled = false;

  const isStopping = () => isClosing || isKilled;
  const context: SpoolerContext = {
    repo,
    engine,
    transport,
    log,
    batch,
    owner,
    leaseMs,
    connections,
    isStopping,
    isKilled: () => isKilled,
  };

  const poll = (): Promise<void> => {
    if (!isStarted || isStopping()) return Promise.resolve();
    if (polling) {
      isPollAgain = true;
      return polling;
    }
    const round = (async () => {
      do {
        isPollAgain = false;
        for (const printerId of await repo.claimablePrinters()) {
          if (isStopping()) return;
          if (running.has(printerId)) continue;
          const orderId = await repo.claimPrinter({ printerId, owner, leaseMs });
          if (orderId === undefined || isStopping()) continue;
          const run = holdPrinter(context, { printerId, orderId, isLost: false })
            .catch((error: unknown) => log?.warn({ printerId, orderId, err: error }, 'print queue failed'))
            .finally(() => {
              running.delete(printerId);
              // The printer's next job (this process or another takes it).
              void poll();
            });
          running.set(printerId, run);
        }
      } while (isPollAgain && !isStopping());
    })()
      .catch((error: unknown) => log?.warn({ err: error }, 'print queue poll failed'))
      .finally(() => {
        polling = undefined;
      });
    polling = round;
    return round;
  };

  const settle = async () => {
    while (polling || running.size > 0) await Promise.allSettled([polling, ...running.values()]);
  };

  return {
    owner,
    async start() {
      if (isStarted || isStopping()) return;
      isStarted = true;
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
      await poll();
    },
    wake() {
      void poll();
    },
    idle: settle,
    async close() {
      isClosing = true;
      clearInterval(timer);
      // A label waiting for a silent printer would hold the shutdown up to its timeout: cut the connections.
      const grace = setTimeout(() => {
        for (const connection of connections) connection.close();
      }, 2_000);
      await settle();
      clearTimeout(grace);
    },
    kill() {
      isKilled = true;
      clearInterval(timer);
      for (const connection of connections) connection.close();
    },
  };
};
