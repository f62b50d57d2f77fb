import { buildApp } from './app.js';
import { createReaderBus } from './broker/create-bus.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { FolderLockedError } from './db/folder-lock.js';
import { seedDemoIfEmpty } from './db/seed/seed.js';
import { localUrl, newBackupKey, writeServerFile } from './modules/backup/server-file.js';

const config = loadConfig();
// A stray rejection is logged, not a reason to stop serving (the work it belonged to is retried by its owner).
process.on('unhandledRejection', (reason) => console.error('unhandled rejection:', reason));
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (error) => console.warn(`database connection lost: ${error.message}`),
  });
} catch (error) {
  if (!(error instanceof FolderLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// Processes started together on an empty database migrate and seed once, one after the other.
await database.withStartupLock(async () => {
  await database.migrate();
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) console.log('Demo data loaded. Sign in as admin@demo.local / demo1234');
  }
});
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

let removeServerFile = () => {};
const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  removeServerFile();
  await app.close();
  await app.readersBus.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
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
