import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './db/seed/seed.js';
import { createMqttBus } from './plugins/mqtt.js';
import { startStockSnapshotWorker } from './workers/stock-snapshot.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(database.db);
  if (seeded) console.log('Demo data loaded. Sign in as admin@demo.local / demo1234');
}
const bus = await createMqttBus(config.mqttUrl, { clientId: config.mqttClientId });
const app = await buildApp({ database, bus, logger: { level: config.logLevel }, webDist: config.webDist });
const stockSnapshots = startStockSnapshotWorker({ db: database.db, log: app.log });

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  stockSnapshots.stop();
  await app.close();
  await bus.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(
  `RFID stock tracking on http://localhost:${config.port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
