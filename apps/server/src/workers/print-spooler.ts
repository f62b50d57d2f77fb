import type { Db } from '../db/client.js';
import { createPrintingRepository, type LabelRow, type ScopedPrinter } from '../modules/printing/printing.repository.js';
import { type LabelData, labelPrice, labelSize, renderLabel } from '../modules/printing/zpl.js';
import { type PrinterConnection, PrinterError, type PrinterTransport, tcpTransport } from './print-transport.js';

/** Labels from..to (1-based, inclusive) of a print order, to a printer, with the order's ZPL template. */
export type PrintJob = { orderId: number; printer: ScopedPrinter; from: number; to: number; template: string };

export type JobProgress = { done: number; total: number };

export type PrintSpooler = {
  /** Queues a job behind the printer's current one (one job at a time per printer). The order is WORKING already. */
  enqueue: (job: PrintJob) => void;
  /** Stops the order's job between two labels (or drops it from the queue). */
  cancel: (orderId: number) => void;
  /** The order's job in this process, queued or running (also while a canceled one finishes its label). */
  progress: (orderId: number) => JobProgress | undefined;
  /** Resolves once no job is queued or running. */
  idle: () => Promise<void>;
  /** Stops every job after its current label; the orders end PARTIAL, as if canceled. */
  close: () => Promise<void>;
};

type Logger = { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };

type ActiveJob = PrintJob & JobProgress & { isCanceled: boolean };

const labelData = (label: LabelRow): LabelData => ({
  epc: label.epc,
  gtin: label.gtin,
  serial: String(label.serial),
  description: label.description,
  price: labelPrice(label.price),
  size: labelSize(label.size_primary, label.sizes),
  colour: label.colour,
  model: label.model,
});

/**
 * The print service: jobs run in this process, one at a time per printer, each on its own TCP connection. A label is
 * recorded (time, printer, the order's progress and next label) as soon as the printer reports it printed, so
 * progress is live and a canceled or failed job leaves exactly what was printed. Cancel is checked between labels,
 * both here and in the database (a cancel answered by another process stops the job too).
 */
export const createPrintSpooler = ({
  db,
  transport = tcpTransport(),
  log,
  batch = 100,
}: {
  db: Db;
  transport?: PrinterTransport;
  log?: Logger;
  /** Labels read from the database at a time. */
  batch?: number;
}): PrintSpooler => {
  const repo = createPrintingRepository(db);
  const queues = new Map<number, ActiveJob[]>();
  const active = new Map<number, ActiveJob>();
  const running = new Set<Promise<void>>();
  const connections = new Set<PrinterConnection>();
  let isClosing = false;

  const runJob = async (job: ActiveJob) => {
    if (job.isCanceled) return;
    if (isClosing) {
      await repo.finishJob(job.orderId).catch(() => {});
      return;
    }
    let connection: PrinterConnection | undefined;
    try {
      connection = await transport({ host: job.printer.host, port: job.printer.port });
      connections.add(connection);
      let next = job.from;
      while (next <= job.to) {
        const labels = await repo.labels(job.orderId, next, job.to, batch);
        if (labels.length === 0) break;
        for (const label of labels) {
          if (job.isCanceled) return;
          if (isClosing) {
            await repo.finishJob(job.orderId);
            return;
          }
          await connection.printLabel(renderLabel(job.template, labelData(label)));
          const recorded = await repo.labelPrinted({
            orderId: job.orderId,
            tagId: Number(label.id),
            labelNumber: label.label_number,
            printerId: job.printer.id,
          });
          job.done += 1;
          // Canceled meanwhile (maybe through another process): the cancel already set the state.
          if (!recorded || recorded.canceled || recorded.state !== 'WORKING') return;
        }
        next = (labels[labels.length - 1] as LabelRow).label_number + 1;
      }
      await repo.finishJob(job.orderId);
    } catch (error) {
      if (isClosing || job.isCanceled) {
        await repo.finishJob(job.orderId).catch(() => {});
        return;
      }
      const message =
        error instanceof PrinterError ? error.message : `The print job stopped: ${(error as Error).message ?? 'unknown error'}.`;
      log?.warn({ orderId: job.orderId, printerId: job.printer.id, err: error }, 'print job failed');
      await repo.failJob(job.orderId, message).catch(() => {});
    } finally {
      if (connection) {
        connections.delete(connection);
        connection.close();
      }
    }
  };

  const drain = async (printerId: number) => {
    const queue = queues.get(printerId) ?? [];
    for (let job = queue.shift(); job; job = queue.shift()) {
      await runJob(job);
      if (active.get(job.orderId) === job) active.delete(job.orderId);
    }
    queues.delete(printerId);
  };

  return {
    enqueue(job) {
      if (isClosing) throw new PrinterError('The print service is stopping.');
      const entry: ActiveJob = { ...job, done: 0, total: Math.max(0, job.to - job.from + 1), isCanceled: false };
      active.set(job.orderId, entry);
      const queue = queues.get(job.printer.id);
      if (queue) {
        queue.push(entry);
        return;
      }
      queues.set(job.printer.id, [entry]);
      const run = drain(job.printer.id).catch((error: unknown) =>
        log?.warn({ printerId: job.printer.id, err: error }, 'print queue failed'),
      );
      running.add(run);
      void run.finally(() => running.delete(run));
    },
    cancel(orderId) {
      const job = active.get(orderId);
      if (job) job.isCanceled = true;
    },
    progress(orderId) {
      const job = active.get(orderId);
      return job ? { done: job.done, total: job.total } : undefined;
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async close() {
      isClosing = true;
      // A label waiting for a silent printer would hold the shutdown up to its timeout: cut the connections.
      const grace = setTimeout(() => {
        for (const connection of connections) connection.close();
      }, 2_000);
      while (running.size > 0) await Promise.allSettled([...running]);
      clearTimeout(grace);
    },
  };
};
