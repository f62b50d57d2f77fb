import type { FastifyBaseLogger } from 'fastify';
import { brokerMetrics } from '../plugins/metrics.js';

/** What a bus reports as it runs; each is optional. */
export type BusEvents = {
  error?: (error: unknown) => void;
  /** Every filter granted on a new connection (MQTT: whether the broker still had the session). */
  subscribed?: (info: { session: string; sessionPresent?: boolean }) => void;
  /** The subscription is gone until the next connection (closed, refused, or the session given up). */
  unsubscribed?: (info: { session: string; reason: string }) => void;
};

/** The same error again within this long is not logged again (a broker that is down fails every reconnect). */
const REPEAT_MS = 30_000;

/**
 * The server's bus events: a log line when the subscription is taken, lost or restored, the metrics (`/metrics`), and
 * errors logged once per 30 s per message.
 */
export const busEventsFor = (log: Pick<FastifyBaseLogger, 'info' | 'warn'>, transport: 'mqtt' | 'amqp'): BusEvents => {
  const lastLogged = new Map<string, number>();
  let hasBeenSubscribed = false;
  let isSubscribed = false;
  const name = transport.toUpperCase();
  return {
    error: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      const now = Date.now();
      if (now - (lastLogged.get(message) ?? 0) < REPEAT_MS) return;
      lastLogged.set(message, now);
      log.warn(`${name}: ${message}`);
    },
    subscribed: ({ session, sessionPresent }) => {
      isSubscribed = true;
      brokerMetrics.subscribed.set(1);
      const present = sessionPresent === undefined ? '' : `, session ${sessionPresent ? 'present' : 'new'}`;
      // MQTT: the group's session (one process collects); AMQP: the group's queues (every process consumes).
      if (hasBeenSubscribed) {
        brokerMetrics.changes.inc({ change: 'restored' });
        log.warn(`${name}: subscription restored (${session}${present})`);
      } else {
        log.info(`${name}: subscribed (${session}${present})`);
      }
      hasBeenSubscribed = true;
    },
    unsubscribed: ({ session, reason }) => {
      if (!isSubscribed) return;
      isSubscribed = false;
      brokerMetrics.subscribed.set(0);
      brokerMetrics.changes.inc({ change: 'lost' });
      log.warn(`${name}: subscription lost (${session}: ${reason}); reads wait at the broker until it is restored`);
    },
  };
};
