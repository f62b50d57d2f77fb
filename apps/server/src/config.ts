import { hostname } from 'node:os';
import path from 'node:path';
import type { TrustProxy } from './app.js';
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
  /** TRUST_PROXY: whose X-Forwarded-* headers are believed (see parseTrustProxy). */
  trustProxy: TrustProxy;
  /** PUBLIC_URL: the address the clients use (absolute links are built on it). */
  publicUrl: URL | undefined;
  /** PRINTER_ALLOW_LOOPBACK: printers may be on this host (127.0.0.0/8, ::1): the demo's printer simulator. */
  printerAllowLoopback: boolean;
};

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
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  publicUrl: parsePublicUrl(env.PUBLIC_URL),
  printerAllowLoopback: ['1', 'true'].includes((env.PRINTER_ALLOW_LOOPBACK ?? '').trim().toLowerCase()),
});
