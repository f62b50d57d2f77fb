import path from 'node:path';
import { z } from 'zod';
import type { TrustProxy } from './app.js';
import { DEFAULT_SHARE_GROUP } from './broker/bus.js';
import { EXACT_COUNT_LIMIT } from './db/counts.js';
import { LANGUAGES, type Language } from './i18n/messages.js';
import { DEFAULT_EXIT_ALARM_WINDOW_S } from './modules/exit-alarms/exit-alarms.rules.js';
import { DEFAULT_IDLE_GAP_MS } from './modules/ingest/stream.js';
import { DEFAULT_COMPANY_PREFIX_LENGTH } from './modules/printing/printing.service.js';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL (PostgreSQL only): a streaming standby for lists and statistics (docs/read-replicas.md), used
   * while its data is at most DATABASE_READ_MAX_LAG_MS old (2000), checked every DATABASE_READ_CHECK_MS (500).
   */
  databaseRead: { url: string; maxLagMs: number; checkMs: number } | undefined;
  /** DATABASE_READ_URL is set without DATABASE_URL: ignored (the embedded database has no standby), said at start. */
  databaseReadIgnored: boolean;
  /** MQTT_URL: the readers' MQTT broker (Mosquitto, EMQX …). */
  mqttUrl: string | undefined;
  /** AMQP_URL: instead, RabbitMQ over AMQP 0-9-1 (the readers publish MQTT to its MQTT plugin). */
  amqpUrl: string | undefined;
  /**
   * MQTT_SHARE_GROUP: the server processes' group: MQTT 5 shared subscription group and session names
   * (`<group>-<n>`), or the AMQP queues' prefix. Each reads message goes to one process of the group.
   */
  mqttShareGroup: string;
  /** MQTT_SESSION_LEASE_MS: a process's MQTT session lease; a dead process's session is drained after it. */
  mqttSessionLeaseMs: number;
  /** BROKER_PROBE_MS: a probe through the broker and back this often; not back within it: not ready. */
  brokerProbeMs: number;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** TRUST_PROXY: whose X-Forwarded-* headers are believed (see parseTrustProxy). */
  trustProxy: TrustProxy;
  /** PUBLIC_URL: the address the clients use (absolute links are built on it). */
  publicUrl: URL | undefined;
  /** PRINTER_ALLOW_LOOPBACK: printers may be on this host (127.0.0.0/8, ::1): the demo's printer simulator. */
  printerAllowLoopback: boolean;
  /** BRAND_DASHBOARD_URL: the http(s) page of the "Brand" dashboard (GET /dashboards/, and allowed as a frame). */
  brandDashboardUrl: string | undefined;
  /** DEFAULT_LANGUAGE (es | en, default es): the language of the messages of a request without `Accept-Language`. */
  defaultLanguage: Language;
  /** READS_IDLE_GAP_MS: a reader's silence after which its streamed reads become a reading set. */
  readsIdleGapMs: number;
  /** JOB_LEASE_MS: a background job's lease; a dead process's job is taken over after it. */
  jobLeaseMs: number;
  /** CATALOG_IMPORT_MAX_MB: the largest catalogue file POST /api/types/import/ takes (default 512 MB). */
  catalogImportMaxBytes: number;
  /** STOCK_SNAPSHOT_INTERVAL_MS: how often today's daily stock snapshot is rewritten. */
  stockSnapshotIntervalMs: number;
  /** EPCIS_SUBSCRIPTIONS_INTERVAL_MS: how often the EPCIS subscriptions run (besides after each capture). */
  epcisSubscriptionsIntervalMs: number;
  /** AUTH_CACHE_MS: how long a process keeps a token's user and location scope (0: never), dropped on any change. */
  authCacheMs: number;
  /** EXIT_ALARM_WINDOW_S: reads of one item at an exit gate this many seconds apart or less make one exit alarm. */
  exitAlarmWindowS: number;
  /** EXACT_COUNT_LIMIT: a list's `count` is exact up to this many rows, then PostgreSQL's estimate (db/counts.ts). */
  exactCountLimit: number;
  /**
   * BACKUP_KEY: the key of GET /api/backup/ (a hot backup of the embedded database, modules/backup). Unset: the server on
   * PGlite makes one at each start and writes it to DATA_DIR/server.json for `npm run backup`.
   */
  backupKey: string | undefined;
  /**
   * DISK_RESERVE_MB (embedded database only, 64 by default, 0: off): below this much free space on DATA_DIR's disk,
   * writes are refused (507) and reads keep working, until there is room again (db/pglite-handle.ts).
   */
  diskReserveMb: number;
  /** Load shedding (http/load-shedding.ts): requests are refused with 503 and Retry-After beyond these (0: off). */
  loadShedding: {
    /** MAX_EVENT_LOOP_DELAY_MS: how long a request may find the event loop busy (what it waited behind). */
    maxEventLoopDelayMs: number;
    /** MAX_DB_WAITING: database calls waiting for a connection. */
    maxDbWaiting: number;
    /**
     * MAX_ACTIVE_REQUESTS: API requests served at once; the next wait their turn in arrival order (0: no limit; unset:
     * 4 on the embedded database, no limit on PostgreSQL).
     */
    maxActiveRequests: number | undefined;
    /** MAX_QUEUE_WAIT_MS: how long a request may wait for its turn before it is refused (503, Retry-After). */
    maxQueueWaitMs: number;
  };
  /** The print service (workers/print-spooler.ts, print-transport.ts). */
  print: {
    /** PRINT_SPOOLER=off: this process answers HTTP but runs no print jobs. */
    spooler: boolean;
    connectTimeoutMs: number;
    labelTimeoutMs: number;
    pollMs: number;
    statusSilenceMs: number;
    leaseMs: number;
    queuePollMs: number;
    /** EPC_COMPANY_PREFIX_LENGTH: the GS1 company prefix length written in the EPCs. */
    companyPrefixLength: number;
  };
  /** Outbound webhooks (modules/webhooks, docs/webhooks.md). */
  webhooks: {
    /** WEBHOOK_SENDER=off: this process delivers no webhooks (another one does). */
    sender: boolean;
    /** WEBHOOK_ALLOW_LOOPBACK: endpoints may be on this host (the tests' and the demo's receivers). */
    allowLoopback: boolean;
    /** WEBHOOK_ALLOW_PRIVATE: endpoints may be on private networks (10/8, 172.16/12, 192.168/16, fc00::/7). */
    allowPrivate: boolean;
    /** WEBHOOK_POLL_MS: how often an idle sender looks for due deliveries. */
    pollMs: number;
    /** WEBHOOK_LEASE_MS: a claimed delivery's lease; a dead process's delivery is attempted again after it. */
    leaseMs: number;
    /** WEBHOOK_TIMEOUT_MS: an HTTP call's limit. */
    timeoutMs: number;
    /** WEBHOOK_CONCURRENCY: HTTP calls under way at once per process. */
    concurrency: number;
    /** WEBHOOK_MAX_ATTEMPTS: attempts of a delivery before it fails. */
    maxAttempts: number;
    /** WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS: the first retry's delay (×4 each time), and the longest. */
    retryBaseMs: number;
    retryMaxMs: number;
    /** WEBHOOK_DISABLE_AFTER_FAILURES: deliveries failed in a row (every attempt) that disable an endpoint. */
    disableAfterFailures: number;
    /** WEBHOOK_DISABLE_AFTER_DAYS: or failing without a success for this many days. */
    disableAfterDays: number;
    /** WEBHOOK_KEEP_DAYS: succeeded deliveries (and their messages) are kept this long in the log. */
    keepDays: number;
  };
  /** Sign-in security (issue 29, docs/security.md). */
  security: {
    /** SESSION_IDLE_MINUTES (720): a session unused this long ends. */
    sessionIdleMs: number;
    /** SESSION_MAX_DAYS (30): a session ends this long after its sign-in, used or not. */
    sessionMaxMs: number;
    /** AUDIT_RETENTION_DAYS (400, 0: kept for ever): audit rows older than this are removed by the retention job. */
    auditRetentionDays: number;
  };
  /** The partitioned histories, traces and EPCIS events (docs/history-at-scale.md). */
  history: {
    /** HISTORY_PARTITIONS_AHEAD (3): months after the current one whose partitions the daily job makes ahead. */
    partitionsAhead: number;
    /** HISTORY_RETENTION_MONTHS (0: kept for ever): full months kept before the current one; older ones are archived and dropped. */
    retentionMonths: number;
    /** HISTORY_ARCHIVE_DIR (DATA_DIR/history-archive): where a month goes as `<table>-<YYYY-MM>.csv.gz` before it is dropped. */
    archiveDir: string;
  };
  /** The LLRP client (workers/llrp-client.ts). */
  llrp: { enabled: boolean; pollMs: number; leaseMs: number; keepaliveMs: number; timeoutMs: number };
};

/** Load shedding's defaults (docs/operations.md: how they were chosen). */
const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 2_000;
const DEFAULT_MAX_DB_WAITING = 40;
const DEFAULT_MAX_QUEUE_WAIT_MS = 500;

/** A whole number of the environment: unset or empty is its default; anything else must be one, at least `min`. */
const whole = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(min).max(max).default(fallback),
  );
/** On unless the variable says `off` (or `false`). */
const onUnlessOff = z
  .string()
  .optional()
  .transform((value) => !['off', 'false'].includes((value ?? '').trim().toLowerCase()));
const isOn = z
  .string()
  .optional()
  .transform((value) => ['1', 'true', 'on'].includes((value ?? '').trim().toLowerCase()));
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** The environment variables the server reads, validated (config.ts is the only reader of process.env). */
const envSchema = z.object({
  PORT: whole(3000, 0, 65_535),
  HOST: optionalText,
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText,
  DATABASE_READ_URL: optionalText,
  DATABASE_READ_MAX_LAG_MS: whole(2_000, 0, 3_600_000),
  DATABASE_READ_CHECK_MS: whole(500, 50, 60_000),
  MQTT_URL: optionalText,
  AMQP_URL: optionalText,
  MQTT_SHARE_GROUP: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only (it names sessions, topics and queues)')
        .optional(),
    ),
  MQTT_SESSION_LEASE_MS: whole(15_000, 1_000),
  BROKER_PROBE_MS: whole(10_000, 500),
  SEED_DEMO: onUnlessOff,
  LOG_LEVEL: optionalText,
  WEB_DIST: optionalText,
  TRUST_PROXY: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  PRINTER_ALLOW_LOOPBACK: isOn,
  BRAND_DASHBOARD_URL: optionalText,
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).default('es'),
  READS_IDLE_GAP_MS: whole(DEFAULT_IDLE_GAP_MS),
  JOB_LEASE_MS: whole(30_000, 1_000),
  CATALOG_IMPORT_MAX_MB: whole(512, 1, 4_096),
  STOCK_SNAPSHOT_INTERVAL_MS: whole(300_000),
  EPCIS_SUBSCRIPTIONS_INTERVAL_MS: whole(10_000, 1_000, 86_400_000),
  AUTH_CACHE_MS: whole(5_000, 0, 60_000),
  SESSION_IDLE_MINUTES: whole(720, 1, 525_600),
  SESSION_MAX_DAYS: whole(30, 1, 3_650),
  AUDIT_RETENTION_DAYS: whole(400, 0, 36_500),
  HISTORY_PARTITIONS_AHEAD: whole(3, 1, 24),
  HISTORY_RETENTION_MONTHS: whole(0, 0, 1_200),
  HISTORY_ARCHIVE_DIR: optionalText,
  EXACT_COUNT_LIMIT: whole(EXACT_COUNT_LIMIT, 1, 10_000_000),
  EXIT_ALARM_WINDOW_S: whole(DEFAULT_EXIT_ALARM_WINDOW_S, 1, 86_400),
  BACKUP_KEY: optionalText.refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters'),
  DISK_RESERVE_MB: whole(64, 0, 1_000_000),
  MAX_EVENT_LOOP_DELAY_MS: whole(DEFAULT_MAX_EVENT_LOOP_DELAY_MS, 0, 600_000),
  MAX_DB_WAITING: whole(DEFAULT_MAX_DB_WAITING, 0, 1_000_000),
  MAX_ACTIVE_REQUESTS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(0).max(100_000).optional(),
  ),
  MAX_QUEUE_WAIT_MS: whole(DEFAULT_MAX_QUEUE_WAIT_MS, 1, 600_000),
  PRINT_SPOOLER: onUnlessOff,
  PRINT_CONNECT_TIMEOUT_MS: whole(5_000),
  PRINT_LABEL_TIMEOUT_MS: whole(30_000),
  PRINT_POLL_MS: whole(150),
  PRINT_STATUS_SILENCE_MS: whole(2_000),
  PRINT_LEASE_MS: whole(15_000),
  PRINT_QUEUE_POLL_MS: whole(1_000),
  EPC_COMPANY_PREFIX_LENGTH: whole(DEFAULT_COMPANY_PREFIX_LENGTH, 6, 12),
  WEBHOOK_SENDER: onUnlessOff,
  WEBHOOK_ALLOW_LOOPBACK: isOn,
  WEBHOOK_ALLOW_PRIVATE: isOn,
  WEBHOOK_POLL_MS: whole(1_000, 10),
  WEBHOOK_LEASE_MS: whole(60_000, 1_000),
  WEBHOOK_TIMEOUT_MS: whole(15_000, 100, 300_000),
  WEBHOOK_CONCURRENCY: whole(8, 1, 256),
  WEBHOOK_MAX_ATTEMPTS: whole(10, 1, 100),
  WEBHOOK_RETRY_BASE_MS: whole(5_000, 1),
  WEBHOOK_RETRY_MAX_MS: whole(6 * 3_600_000, 1),
  WEBHOOK_DISABLE_AFTER_FAILURES: whole(5, 1),
  WEBHOOK_DISABLE_AFTER_DAYS: whole(5, 1, 365),
  WEBHOOK_KEEP_DAYS: whole(30, 1, 3_650),
  LLRP: onUnlessOff,
  LLRP_POLL_MS: whole(2_000),
  LLRP_LEASE_MS: whole(15_000),
  LLRP_KEEPALIVE_MS: whole(10_000),
  LLRP_TIMEOUT_MS: whole(10_000),
});

/** A variable the server cannot start with: its name and why. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * TRUST_PROXY → Fastify's `trustProxy`. Unset or `false`: no proxy is trusted (the client address is the
 * socket's, X-Forwarded-* are ignored); `true`: any (only behind a proxy that overwrites them); a number:
 * that many hops; otherwise a comma-separated list of proxy addresses or CIDRs (`127.0.0.1,10.0.0.0/8`).
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
};

/** PUBLIC_URL (http or https), or undefined; anything else stops the start with a message. */
export const parsePublicUrl = (value: string | undefined): URL | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http(s) address such as https://rfid.example.com, got ${JSON.stringify(text)}`);
  }
  return url;
};

/** Environment → typed configuration. Everything has a default that starts the demo; a bad value stops the start. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`The configuration is not valid: ${problems}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  if (e.MQTT_URL && e.AMQP_URL) {
    throw new ConfigError("The configuration is not valid: MQTT_URL and AMQP_URL: set one of them (the readers' broker)");
  }
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    // The embedded database has no standby: DATABASE_READ_URL counts only beside DATABASE_URL (main.ts says so).
    databaseRead:
      e.DATABASE_READ_URL && e.DATABASE_URL
        ? { url: e.DATABASE_READ_URL, maxLagMs: e.DATABASE_READ_MAX_LAG_MS, checkMs: e.DATABASE_READ_CHECK_MS }
        : undefined,
    databaseReadIgnored: Boolean(e.DATABASE_READ_URL && !e.DATABASE_URL),
    mqttUrl: e.MQTT_URL,
    amqpUrl: e.AMQP_URL,
    mqttShareGroup: e.MQTT_SHARE_GROUP ?? DEFAULT_SHARE_GROUP,
    mqttSessionLeaseMs: e.MQTT_SESSION_LEASE_MS,
    brokerProbeMs: e.BROKER_PROBE_MS,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL ?? 'info',
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: parsePublicUrl(e.PUBLIC_URL),
    printerAllowLoopback: e.PRINTER_ALLOW_LOOPBACK,
    brandDashboardUrl: e.BRAND_DASHBOARD_URL,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    readsIdleGapMs: e.READS_IDLE_GAP_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    catalogImportMaxBytes: e.CATALOG_IMPORT_MAX_MB * 1024 * 1024,
    stockSnapshotIntervalMs: e.STOCK_SNAPSHOT_INTERVAL_MS,
    epcisSubscriptionsIntervalMs: e.EPCIS_SUBSCRIPTIONS_INTERVAL_MS,
    authCacheMs: e.AUTH_CACHE_MS,
    exactCountLimit: e.EXACT_COUNT_LIMIT,
    exitAlarmWindowS: e.EXIT_ALARM_WINDOW_S,
    backupKey: e.BACKUP_KEY,
    diskReserveMb: e.DISK_RESERVE_MB,
    loadShedding: {
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      maxDbWaiting: e.MAX_DB_WAITING,
      maxActiveRequests: e.MAX_ACTIVE_REQUESTS,
      maxQueueWaitMs: e.MAX_QUEUE_WAIT_MS,
    },
    print: {
      spooler: e.PRINT_SPOOLER,
      connectTimeoutMs: e.PRINT_CONNECT_TIMEOUT_MS,
      labelTimeoutMs: e.PRINT_LABEL_TIMEOUT_MS,
      pollMs: e.PRINT_POLL_MS,
      statusSilenceMs: e.PRINT_STATUS_SILENCE_MS,
      leaseMs: e.PRINT_LEASE_MS,
      queuePollMs: e.PRINT_QUEUE_POLL_MS,
      companyPrefixLength: e.EPC_COMPANY_PREFIX_LENGTH,
    },
    webhooks: {
      sender: e.WEBHOOK_SENDER,
      allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      pollMs: e.WEBHOOK_POLL_MS,
      // A claim outlives the HTTP call it covers.
      leaseMs: Math.max(e.WEBHOOK_LEASE_MS, e.WEBHOOK_TIMEOUT_MS + 5_000),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
      disableAfterDays: e.WEBHOOK_DISABLE_AFTER_DAYS,
      keepDays: e.WEBHOOK_KEEP_DAYS,
    },
    security: {
      sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.SESSION_MAX_DAYS * 86_400_000,
      auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    },
    history: {
      partitionsAhead: e.HISTORY_PARTITIONS_AHEAD,
      retentionMonths: e.HISTORY_RETENTION_MONTHS,
      archiveDir: path.resolve(e.HISTORY_ARCHIVE_DIR ?? path.join(e.DATA_DIR ?? './data', 'history-archive')),
    },
    llrp: {
      enabled: e.LLRP,
      pollMs: e.LLRP_POLL_MS,
      leaseMs: e.LLRP_LEASE_MS,
      keepaliveMs: e.LLRP_KEEPALIVE_MS,
      timeoutMs: e.LLRP_TIMEOUT_MS,
    },
  };
};
