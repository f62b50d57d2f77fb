import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReaderBus } from '../broker/bus.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { whileDatabaseAway } from '../db/retry.js';
import { AUDIT_PRUNE_EVERY_MS, AUDIT_PRUNE_JOB, auditPruneJob } from '../modules/audit/audit.job.js';
import { catalogImportJob } from '../modules/catalog/catalog-import.job.js';
import type { Engine } from '../modules/engine/engine.js';
import { EPCIS_SUBSCRIPTIONS_JOB, epcisSubscriptionsJob } from '../modules/epcis/epcis.subscriptions-job.js';
import {
  HISTORY_PARTITIONS_EVERY_MS,
  HISTORY_PARTITIONS_JOB,
  historyPartitionsJob,
} from '../modules/history/history-partitions.job.js';
import { createDeviceDirectory, type DeviceDirectory } from '../modules/ingest/ingest.service.js';
import {
  createStreamGrouper,
  PGLITE_STAGING_COLLECT_MS,
  POSTGRES_STAGING_SLOTS,
  type StreamGrouper,
} from '../modules/ingest/stream-grouper.js';
import { inventoryCsvJob } from '../modules/inventory/inventory.csv.js';
import { LIVE_PRUNE_JOB, livePruneJob } from '../modules/live/live.service.js';
import { isAllowedPrinterAddress, type PrinterAddressPolicy } from '../modules/printing/printer-address.js';
import { SESSIONS_PRUNE_JOB, sessionsPruneJob } from '../modules/sessions/sessions.job.js';
import { createStickerJobs, stickerPdfJob } from '../modules/stickers/stickers.service.js';
import type { WebhookSender } from '../modules/webhooks/webhooks.sender.js';
import { createConfiguredSender, WEBHOOK_PRUNE_JOB, webhookPruneJob } from '../modules/webhooks/webhooks.service.js';
import { createJobRunner, type JobRunner } from '../workers/job-runner.js';
import { createLlrpClient } from '../workers/llrp-client.js';
import { createPrintSpooler, type PrintSpooler } from '../workers/print-spooler.js';
import { tcpTransport } from '../workers/print-transport.js';
import { startReadsSubscriber } from '../workers/reads-subscriber.js';
import { registerStockSnapshotJobs } from '../workers/stock-snapshot.js';

/**
 * The background workers of one server process (docs/background-jobs.md, docs/adr/0002-connection-holders.md): what
 * runs besides the HTTP routes. The routes only queue work (`jobs.enqueue`, `spooler.wake`, `grouper.stage`); this
 * plugin creates every worker, registers every job kind, starts them when the app is ready and stops them on close.
 *
 * - the job runner (`jobs` table): the stickers' PDFs, the inventory CSV files, the stock snapshots, the cleanup;
 * - the print spooler: one printer's queue at a time under the printer's lease (PRINT_SPOOLER=off: none);
 * - the LLRP client: one reader link at a time under the link's lease (LLRP=off: none);
 * - the stream grouper's sweep and start-up recovery, and the readers' MQTT subscriber;
 * - the webhook sender: due deliveries under their leases (WEBHOOK_SENDER=off: none; modules/webhooks).
 */
export type Workers = {
  jobs: JobRunner;
  webhooks: WebhookSender;
  spooler: PrintSpooler;
  devices: DeviceDirectory;
  grouper: StreamGrouper;
};

export type WorkersOptions = {
  db: Db;
  /** The database behind `db`: PostgreSQL's pool commits several staging batches at once. */
  dbKind: 'pglite' | 'postgres';
  /** The engine the stream grouper hands its sets to (modules/engine). */
  engine: Engine;
  config: Config;
  log: FastifyBaseLogger;
  /** Where printers may be (modules/printing/printer-address.ts). */
  printers: PrinterAddressPolicy;
};

/** Creates the workers (nothing runs yet): the routes get them to queue work; `workersPlugin` runs them. */
export const createWorkers = ({ db, dbKind, engine, config, log, printers }: WorkersOptions): Workers => {
  // JOB_LEASE_MS: how long a dead process's job waits before another takes it (the runner's default when unset).
  const jobs = createJobRunner({ db, log, leaseMs: config.jobLeaseMs });
  const spooler = createPrintSpooler({
    db,
    transport: tcpTransport({
      connectTimeoutMs: config.print.connectTimeoutMs,
      labelTimeoutMs: config.print.labelTimeoutMs,
      pollMs: config.print.pollMs,
      statusSilenceMs: config.print.statusSilenceMs,
      isAllowedAddress: (address, port) => isAllowedPrinterAddress(address, printers, port),
    }),
    log,
    leaseMs: config.print.leaseMs,
    pollMs: config.print.queuePollMs,
    engine,
  });
  // Readers are kept by key as long as users by token (AUTH_CACHE_MS); app.ts listens for their changes.
  const devices = createDeviceDirectory(db, { keyCacheMs: config.authCacheMs });
  // The idle gap that closes a streamed set (READS_IDLE_GAP_MS, 2 s).
  const grouper = createStreamGrouper({
    engine,
    devices,
    gapMs: config.readsIdleGapMs,
    stagingSlots: dbKind === 'postgres' ? POSTGRES_STAGING_SLOTS : 1,
    stagingCollectMs: dbKind === 'pglite' ? PGLITE_STAGING_COLLECT_MS : 0,
    log,
  });
  const webhooks = createConfiguredSender(db, config.webhooks, log);
  return { jobs, spooler, devices, grouper, webhooks };
};

export type WorkersPluginOptions = {
  workers: Workers;
  engine: Engine;
  db: Db;
  config: Config;
  bus: ReaderBus;
  /** Runs the daily stock snapshot jobs (the server does; API tests build apps without them). */
  stockSnapshots: boolean;
};

/** Registers the job kinds and runs every worker from the app's `onReady` to its `onClose`. */
export const workersPlugin = fp(
  async (app: FastifyInstance, { workers, engine, db, config, bus, stockSnapshots }: WorkersPluginOptions) => {
    const { jobs, spooler, devices, grouper, webhooks } = workers;
    jobs.add(stickerPdfJob(db));
    jobs.add(inventoryCsvJob(db));
    jobs.add(catalogImportJob(db));
    // Live update rows older than a day are deleted every hour, by one process (the job's period key).
    jobs.add(livePruneJob(db, app.log));
    jobs.every({ kind: LIVE_PRUNE_JOB, everyMs: 3_600_000 });
    jobs.add(webhookPruneJob(db, config.webhooks.keepDays));
    jobs.every({ kind: WEBHOOK_PRUNE_JOB, everyMs: 3_600_000 });
    // Audit rows older than AUDIT_RETENTION_DAYS leave the log, the chain's anchor moving with them (modules/audit).
    jobs.add(auditPruneJob(db, config.security.auditRetentionDays));
    jobs.every({ kind: AUDIT_PRUNE_JOB, everyMs: AUDIT_PRUNE_EVERY_MS });
    // Sessions past their absolute or idle end are deleted every hour (they are refused already; issue 29).
    jobs.add(sessionsPruneJob(db, app.log, config.security.sessionIdleMs));
    jobs.every({ kind: SESSIONS_PRUNE_JOB, everyMs: 3_600_000 });
    // The histories' partitions made months ahead, and HISTORY_RETENTION_MONTHS's archive-then-drop, daily, at start too.
    jobs.add(
      historyPartitionsJob(db, app.log, {
        monthsAhead: config.history.partitionsAhead,
        retentionMonths: config.history.retentionMonths,
        archiveDir: config.history.archiveDir,
      }),
    );
    jobs.every({ kind: HISTORY_PARTITIONS_JOB, everyMs: HISTORY_PARTITIONS_EVERY_MS, isCurrentPeriodDue: true });
    jobs.add(epcisSubscriptionsJob(db));
    jobs.every({ kind: EPCIS_SUBSCRIPTIONS_JOB, everyMs: config.epcisSubscriptionsIntervalMs });
    if (stockSnapshots) {
      registerStockSnapshotJobs({ jobs, db, log: app.log, intervalMs: config.stockSnapshotIntervalMs });
    }
    await startReadsSubscriber({ bus, engine, devices, grouper, log: app.log });
    // LLRP readers: this process connects to those whose link nobody holds (one process per reader); LLRP=off: none.
    const { pollMs, leaseMs, keepaliveMs, timeoutMs } = config.llrp;
    const llrp = config.llrp.enabled
      ? createLlrpClient({ db, devices, grouper, log: app.log, pollMs, leaseMs, keepaliveMs, timeoutMs })
      : undefined;

    // The database may be away while the process starts (not there yet, restarting): no step here ends the process
    // for that. The spooler, the LLRP client, the grouper and the job runner poll, and a poll that fails is logged and
    // tried again at the next one; the one-off recovery below waits for the database (db/retry.ts).
    app.addHook('onReady', async () => {
      // Every process runs print jobs (one per printer, under the printer's lease) unless PRINT_SPOOLER=off (a process
      // that only answers HTTP). Starting resumes the jobs whose process died; live jobs of other processes are left alone.
      if (config.print.spooler) await spooler.start();
      llrp?.start();
      grouper.start();
      // Pending stickers without a job (made before the runner, or by hand) get one; the key makes it one per sticker.
      const stickerJobs = createStickerJobs({ db, jobs });
      await whileDatabaseAway('start-up: queueing the PDFs of pending stickers', () => stickerJobs.recover(), app.log);
      jobs.start();
      if (config.webhooks.sender) webhooks.start();
    });
    app.addHook('onClose', async () => {
      await spooler.close();
      await llrp?.close();
      await grouper.close();
      await jobs.stop();
      await webhooks.stop();
    });
  },
  { name: 'workers' },
);
