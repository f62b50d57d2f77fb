import { hostname } from 'node:os';
import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  /** Stable MQTT client id: the broker keeps this server's session, so unacknowledged reads are redelivered after a reconnect. */
  mqttClientId: string;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
};

/** Environment → typed configuration. Everything has a default that starts the demo. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => ({
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || undefined,
  mqttUrl: env.MQTT_URL || undefined,
  mqttClientId: env.MQTT_CLIENT_ID || `rfid-server-${hostname()}`,
  seedDemo: env.SEED_DEMO !== 'false',
  logLevel: env.LOG_LEVEL ?? 'info',
  webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
});
