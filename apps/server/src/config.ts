import { hostname } from 'node:os';
import path from 'node:path';
import { DEFAULT_SHARE_GROUP } from './plugins/mqtt.js';

const portOf = (env: NodeJS.ProcessEnv): number => Number(env.PORT ?? 3000);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  /**
   * Stable MQTT client id, one per process: the broker keeps this process's session, so reads
   * queued while it was down or not acknowledged are delivered when it is back.
   */
  mqttClientId: string;
  /** Shared subscription group of the server processes: each reads message goes to one of them. */
  mqttShareGroup: string;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
};

/** Environment → typed configuration. Everything has a default that starts the demo. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => ({
  port: portOf(env),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || undefined,
  mqttUrl: env.MQTT_URL || undefined,
  // Host and port tell the processes of one host apart and stay the same across restarts.
  mqttClientId: env.MQTT_CLIENT_ID || `rfid-server-${hostname()}-${portOf(env)}`,
  mqttShareGroup: env.MQTT_SHARE_GROUP || DEFAULT_SHARE_GROUP,
  seedDemo: env.SEED_DEMO !== 'false',
  logLevel: env.LOG_LEVEL ?? 'info',
  webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
});
