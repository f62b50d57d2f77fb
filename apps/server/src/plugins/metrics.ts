import { JOB_STATES, PRINT_ORDER_STATES, WEBHOOK_DELIVERY_STATES } from '@rfid/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsRepository, MetricsSnapshot } from './metrics.repository.js';

/**
 * The process's Prometheus metrics (`GET /metrics`, text format 0.0.4; docs/observability.md lists them). This module
 * owns every metric: the code that counts something calls one of the functions below. One registry per process:
 * metrics are made once, whatever number of apps a test process builds.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'rfid_' });

/** A gauge of the process's registry: `labelNames`, when it has labels. */
const appGauge = <L extends string = string>(name: string, help: string, labelNames?: readonly L[]): Gauge<L> =>
  new Gauge<L>({ name, help, ...(labelNames ? { labelNames } : {}), registers: [metricsRegistry] });

/** A counter of the process's registry: `labelNames`, when it has labels. */
const appCounter = <L extends string = string>(name: string, help: string, labelNames?: readonly L[]): Counter<L> =>
  new Counter<L>({ name, help, ...(labelNames ? { labelNames } : {}), registers: [metricsRegistry] });

export const brokerMetrics = {
  subscribed: appGauge('rfid_broker_subscribed', 'Whether this process is subscribed to the readers broker now (1) or not (0).'),
  changes: appCounter(
    'rfid_broker_subscription_changes_total',
    'Times the subscription to the readers broker was lost or restored.',
    ['change'],
  ),
  collector: appGauge(
    'rfid_broker_collector',
    'MQTT: whether this process holds the group session that takes the readers messages (1) or stands by (0); summed over the processes it should be 1.',
  ),
  transport: appGauge(
    'rfid_broker_transport',
    'The readers broker this process is configured with: 1 on its transport (none, mqtt, amqp), 0 on the others.',
    ['transport'],
  ),
  probeRoundTrip: appGauge('rfid_broker_probe_round_trip_seconds', 'How long the last probe took through the broker and back.'),
  probeAge: appGauge(
    'rfid_broker_probe_age_seconds',
    'Seconds since the last probe came back through the broker (-1: none yet).',
  ),
};

/** The read replica (DATABASE_READ_URL, db/read-replica.ts), set when one is configured. */
export const readReplicaMetrics = {
  inUse: appGauge(
    'rfid_db_read_replica_in_use',
    'Whether lists and statistics read from the read replica now (1) or from the primary (0).',
  ),
  lag: appGauge(
    'rfid_db_read_replica_lag_seconds',
    "At most this old is the read replica's data (-1: not known: unreachable, no standby, or not checked yet).",
  ),
  fallbacks: appGauge(
    'rfid_db_read_replica_fallbacks',
    'Reads that failed on the read replica for want of a connection and ran on the primary, since the start.',
  ),
};

// --- HTTP ---------------------------------------------------------------------------------------------------------

const httpDuration = new Histogram({
  name: 'rfid_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by method, route template (never the raw URL; "unmatched" for paths no route serves) and status class (2xx … 5xx).',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});
type Observer = { observe: (value: number) => void };
/** The histogram's child per (method, route, status class): prom-client's label lookup hashes the labels each time. */
const httpChildren = new Map<string, Observer>();
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/**
 * Counts one answered request (called by app.ts's log controller when the answer has gone: no hook of its own, so
 * the cost per request is one map lookup and one histogram observation).
 */
export const observeHttpRequest = (request: FastifyRequest, reply: FastifyReply): void => {
  const route = request.routeOptions.url ?? 'unmatched';
  const statusClass = STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? '5xx';
  const key = `${request.method} ${statusClass} ${route}`;
  let child = httpChildren.get(key);
  if (!child) {
    child = httpDuration.labels({ method: request.method, route, status_class: statusClass });
    httpChildren.set(key, child);
  }
  child.observe(reply.elapsedTime / 1000);
};

// --- Reads --------------------------------------------------------------------------------------------------------

/** How reads come in: HTTP (a reader's POST), the readers' broker (MQTT or AMQP), an LLRP reader the server dials. */
export type ReadsTransport = 'http' | 'mqtt' | 'amqp' | 'llrp';
/** A reading set (the reader grouped its reads) or single reads streamed and grouped by the server. */
export type ReadsKind = 'set' | 'stream';

const readsReceived = appCounter(
  'rfid_reads_received_total',
  'Tag reads taken in, by transport (http, mqtt, amqp, llrp) and kind (set: a reading set; stream: single reads grouped by the server).',
  ['transport', 'kind'],
);
const readAge = new Histogram({
  name: 'rfid_reads_age_at_receipt_seconds',
  help: "Seconds from a message's newest read (the reader's own timestamp) to the server receiving it, by transport: the reader's and the broker's delay (and any clock skew).",
  labelNames: ['transport'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});
const busCommitLag = new Histogram({
  name: 'rfid_bus_reads_commit_lag_seconds',
  help: 'Seconds from a readers message arriving from the broker to its reads committed (then it is acknowledged), by transport (mqtt, amqp).',
  labelNames: ['transport'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Counts reads taken in; `newestReadAt` (the reads' own newest time) gives their age at receipt. */
export const countReads = (
  transport: ReadsTransport,
  kind: ReadsKind,
  count: number,
  newestReadAt?: Date,
  receivedAt = Date.now(),
): void => {
  if (count === 0) return;
  readsReceived.inc({ transport, kind }, count);
  if (newestReadAt) readAge.observe({ transport }, Math.max(0, (receivedAt - newestReadAt.getTime()) / 1000));
};

/** The newest of some reads' times (undefined when none). */
export const newestOf = (reads: readonly { time: Date }[]): Date | undefined => {
  let newest: Date | undefined;
  for (const read of reads) if (!newest || read.time > newest) newest = read.time;
  return newest;
};

/** A broker message's reads are committed: the time since the message arrived (`receivedAt`, ms since the epoch). */
export const observeBusCommit = (transport: 'mqtt' | 'amqp', receivedAt: number, now = Date.now()): void => {
  busCommitLag.observe({ transport }, Math.max(0, (now - receivedAt) / 1000));
};

const streamStaged = appCounter(
  'rfid_stream_reads_staged_total',
  'Streamed reads staged (committed to reader_stream_reads before being acknowledged), by outcome: staged, duplicate (already staged).',
  ['outcome'],
);
const stageBatch = new Histogram({
  name: 'rfid_stream_stage_batch_requests',
  help: 'Requests or broker windows whose streamed reads one staging statement committed together (the group commit).',
  buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
  registers: [metricsRegistry],
});

export const countStaged = ({ accepted, duplicates }: { accepted: number; duplicates: number }): void => {
  if (accepted > 0) streamStaged.inc({ outcome: 'staged' }, accepted);
  if (duplicates > 0) streamStaged.inc({ outcome: 'duplicate' }, duplicates);
};
export const observeStageBatch = (requests: number): void => stageBatch.observe(requests);

// --- Jobs, webhooks -------------------------------------------------------------------------------------------------

const jobRuns = appCounter(
  'rfid_job_runs_total',
  'Runs of background jobs ended by this process, by kind and outcome: done, retry (failed, will run again), failed (failed for good).',
  ['kind', 'outcome'],
);
export type JobRunOutcome = 'done' | 'retry' | 'failed';
export const countJobRun = (kind: string, outcome: JobRunOutcome): void => jobRuns.inc({ kind, outcome });

const webhookAttempts = appCounter(
  'rfid_webhook_attempts_total',
  'Webhook delivery attempts by this process, by outcome: succeeded, retry (failed, tried again later), failed (given up).',
  ['outcome'],
);
export type WebhookAttemptOutcome = 'succeeded' | 'retry' | 'failed';
export const countWebhookAttempt = (outcome: WebhookAttemptOutcome): void => webhookAttempts.inc({ outcome });

// --- Read from the database (and the pool) on scrape ----------------------------------------------------------------

const jobsGauge = appGauge(
  'rfid_jobs',
  'Background jobs in the jobs table now, by kind and state (queued, running, done, failed; done and failed ones are deleted after a while). From the database: the same in every process.',
  ['kind', 'state'],
);
const printOrdersGauge = appGauge(
  'rfid_print_orders',
  'Print orders by state (PENDING, WORKING, PARTIAL, PRINTED, ERROR). From the database.',
  ['state'],
);
const webhookDeliveriesGauge = appGauge(
  'rfid_webhook_deliveries',
  'Webhook deliveries by state: pending (waiting for their turn or next attempt), failed (given up, replayable). From the database.',
  ['state'],
);
const readersOnline = appGauge(
  'rfid_readers_online',
  "Readers heard from within the last minute (the readers list's ON). From the database.",
);
const readersRegistered = appGauge('rfid_readers_registered', 'Readers registered. From the database.');
const dbConnections = appGauge(
  'rfid_db_pool_connections',
  "The database connections: PostgreSQL's pool (state total, idle, waiting: calls waiting for a connection); embedded PGlite: total 1 and waiting, its queue of calls.",
  ['state'],
);
const dbRefreshFailures = appCounter(
  'rfid_metrics_database_refresh_failures_total',
  'Scrapes whose database-read gauges (jobs, print orders, webhook deliveries, readers) could not be refreshed; they keep their last values.',
);

/** Only the states a table still holds are read; the others are set to 0 so that every series exists. */
const setByState = <S extends string>(
  gauge: Gauge<'state'>,
  states: readonly S[],
  rows: readonly { state: string; count: number }[],
) => {
  const counts = new Map(rows.map((row) => [row.state, row.count]));
  for (const state of states) gauge.set({ state }, counts.get(state) ?? 0);
};

export const applySnapshot = (snapshot: MetricsSnapshot): void => {
  jobsGauge.reset();
  const kinds = new Set(snapshot.jobs.map((row) => row.kind));
  for (const kind of kinds) for (const state of JOB_STATES) jobsGauge.set({ kind, state }, 0);
  for (const row of snapshot.jobs) jobsGauge.set({ kind: row.kind, state: row.state }, row.count);
  setByState(printOrdersGauge, PRINT_ORDER_STATES, snapshot.printOrders);
  setByState(
    webhookDeliveriesGauge,
    WEBHOOK_DELIVERY_STATES.filter((state) => state !== 'succeeded'),
    snapshot.webhookDeliveries,
  );
  readersOnline.set(snapshot.readers.online);
  readersRegistered.set(snapshot.readers.registered);
};

export type PoolStats = { total: number; idle: number; waiting: number };
export const applyPool = (pool: PoolStats): void => {
  dbConnections.set({ state: 'total' }, pool.total);
  dbConnections.set({ state: 'idle' }, pool.idle);
  dbConnections.set({ state: 'waiting' }, pool.waiting);
};

/** The database is read at most this often for the gauges (Prometheus scrapes every 15 s by default; two at once share one read). */
export const DATABASE_REFRESH_MS = 5_000;

/**
 * The gauges read from the database, refreshed on scrape at most every `everyMs` (one read for scrapes close
 * together); a failed read keeps the last values and counts the failure (the scrape still answers: the database
 * being away is for the health checks to say).
 */
export const createDatabaseGauges = ({
  repository,
  log,
  everyMs = DATABASE_REFRESH_MS,
  now = Date.now,
}: {
  repository: MetricsRepository;
  log: Pick<FastifyBaseLogger, 'warn'>;
  everyMs?: number;
  now?: () => number;
}) => {
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  return {
    refresh: async (): Promise<void> => {
      if (reading) return reading;
      if (now() - readAt < everyMs) return;
      reading = repository
        .snapshot()
        .then(applySnapshot, (error: unknown) => {
          dbRefreshFailures.inc();
          log.warn({ err: error }, 'metrics: reading the database gauges failed');
        })
        .finally(() => {
          readAt = now();
          reading = undefined;
        });
      return reading;
    },
  };
};

/** `GET /metrics` (public, as Prometheus scrapes it; no tenant data): `refresh` updates the gauges read on demand. */
export const registerMetricsRoute = (app: FastifyInstance, refresh: () => Promise<void> | void) => {
  app.get('/metrics', { config: { public: true, loadShedding: false }, schema: { hide: true } }, async (_request, reply) => {
    await refresh();
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
};
