/** The server process (main.ts imports it once tracing, if asked for, has started): the database, the app, the signals. */
import { buildApp } from './app.js';
import { createReaderBus } from './broker/create-bus.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { FolderLockedError } from './db/folder-lock.js';
import { type RetryLog, whileDatabaseAway } from './db/retry.js';
import { seedDemoIfEmpty } from './db/seed/seed.js';
import { localUrl, newBackupKey, writeServerFile } from './modules/backup/server-file.js';
import { stopTracing } from './tracing.js';

const config = loadConfig();
// A stray rejection is logged, not a reason to stop serving (the work it belonged to is retried by its owner).
process.on('unhandledRejection', (reason) => console.error('unhandled rejection:', reason));

/** What start-up writes before the app (and its logger) exists: one line per retry message (db/retry.ts). */
const startupLog: RetryLog = {
  info: (_details, message) => console.log(message),
  warn: (details, message) => {
    const { err, attempt, waitedMs } = details as { err?: unknown; attempt?: number; waitedMs?: number };
    const reason = err instanceof Error ? err.message : err === undefined ? '' : String(err);
    const so = attempt ? ` (attempt ${attempt}, ${Math.round((waitedMs ?? 0) / 1000)} s so far)` : '';
    console.warn(`${message}${so}${reason ? `: ${reason}` : ''}`);
  },
};

// A signal before the server listens (waiting for the database) ends the process at once: every start-up step is
// a transaction, so nothing half done is left.
let stopping: ((signal: string) => Promise<void>) | undefined;
const onSignal = (signal: string) => {
  if (stopping) return void stopping(signal);
  console.log(`${signal}: stopped while starting`);
  process.exit(0);
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (error) => console.warn(`database connection lost: ${error.message}`),
    log: startupLog,
    diskReserveBytes: config.diskReserveMb * 1024 * 1024,
    ...(config.databaseRead ? { read: config.databaseRead } : {}),
  });
  if (config.databaseReadIgnored) {
    console.warn('DATABASE_READ_URL is ignored: read replicas need PostgreSQL (DATABASE_URL); reads use the embedded database');
  }
} catch (error) {
  if (!(error instanceof FolderLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// Processes started together on an empty database migrate and seed once, one after the other. A database that is not
// there yet or restarts meanwhile is waited for (the lock and the work are taken again); nothing else is.
await whileDatabaseAway(
  'start-up: waiting for the database (migrations, demo data)',
  () =>
    database.withStartupLock(async () => {
      await database.migrate();
      if (config.seedDemo) {
        const seeded = await seedDemoIfEmpty(database.db);
        if (seeded) console.log('Demo data loaded. Sign in as admin@demo.local / demo1234');
      }
    }),
  startupLog,
);
// The key of GET /api/backup/ (modules/backup): BACKUP_KEY, else on the embedded database one of this start's, written
// with the server's address to DATA_DIR/server.json once it listens (npm run backup reads it there).
const backupKey = config.backupKey ?? (database.kind === 'pglite' ? newBackupKey() : undefined);
const app = await buildApp({
  config: { ...config, backupKey },
  database,
  // The readers' broker (MQTT_URL or AMQP_URL; none: a no-op bus), logging through the app's logger.
  bus: (log) => createReaderBus({ config, db: database.db, log }),
  logger: { level: config.logLevel },
  webDist: config.webDist,
  stockSnapshots: true,
  trustProxy: config.trustProxy,
  printerAllowLoopback: config.printerAllowLoopback,
  ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
});

// The app's start-up hooks (plugins/workers.ts, the live updates, the token cache) wait out the database the same way.
await app.listen({ port: config.port, host: config.host });
let removeServerFile = () => {};
stopping = async (signal: string) => {
  stopping = async () => {};
  app.log.info(`${signal}: shutting down`);
  removeServerFile();
  await app.close();
  await app.readersBus.close();
  await database.close();
  // The spans still buffered are sent (when tracing is on).
  await stopTracing();
  process.exit(0);
};
const address = app.server.address();
if (database.kind === 'pglite' && backupKey && typeof address === 'object' && address) {
  removeServerFile = writeServerFile(config.dataDir, {
    pid: process.pid,
    url: localUrl(config.host, address.port),
    key: backupKey,
  });
}
console.log(
  `RFID stock tracking on http://localhost:${config.port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
