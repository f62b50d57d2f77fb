/**
 * The readers' message broker as the server sees it (docs/adr/0006-reader-hand-off.md): reads and statuses come in,
 * commands go out. Two transports implement it: MQTT (Mosquitto, EMQX, HiveMQ …: `broker/mqtt-bus.ts`) and AMQP
 * 0-9-1 (RabbitMQ, whose MQTT plugin the readers publish to: `broker/amqp-bus.ts`). Without a broker it is a no-op
 * bus (publish does nothing, nothing is received), so every module can depend on it without checking configuration.
 *
 * Handlers are registered first and the bus connects on `start()`: queued messages arrive right after the connection,
 * and a message that arrives before its handler exists would be acknowledged unread. A message whose topic no handler
 * matches is never acknowledged for that reason either.
 */
export type BusMessageHandler = (topic: string, payload: Buffer) => Promise<void> | void;
/** `receivedAt`: when the process got it (ms since the epoch; the bus's window sets it): the commit lag (`/metrics`). */
export type BusMessage = { topic: string; payload: Buffer; receivedAt?: number };
/** Stores a window of messages in one go; they are acknowledged together once it resolved (after its commit). */
export type BusBatchHandler = (messages: BusMessage[]) => Promise<void>;

/** What the readiness check and the metrics read of a bus. */
export type BusStatus = {
  transport: 'none' | 'mqtt' | 'amqp';
  /** Connected to the broker now. */
  connected: boolean;
  /** Every filter's subscription was granted on the current connection (MQTT SUBACK, AMQP consume-ok). */
  subscribed: boolean;
  /**
   * MQTT: `collector` when this process holds the group's session (it takes the readers' messages), `standby` when
   * another does; AMQP: `consumer` (every process takes messages from the group's queues).
   */
  role?: 'collector' | 'standby' | 'consumer';
  /** The session (MQTT client id) or queue group this process takes messages from. */
  session?: string;
  /** When the last probe came back through the broker, and how long it took; absent before the first. */
  lastProbe?: { at: Date; roundTripMs: number };
  /** A probe sent that has not come back yet, and since when. */
  probePendingSince?: Date;
};

export type ReaderBus = {
  isConnected: () => boolean;
  status: () => BusStatus;
  publish: (topic: string, message: unknown, options?: { qos?: 0 | 1 | 2; retain?: boolean }) => Promise<void>;
  /**
   * Topic filter with + and # wildcards; the handler's promise is awaited before the acknowledgement.
   * `shared`: with several server processes each message goes to one of them (MQTT 5 shared subscription, or one
   * queue consumed by every process), instead of to every process.
   */
  subscribe: (filter: string, handler: BusMessageHandler, options?: { shared?: boolean }) => Promise<void>;
  /**
   * As `subscribe`, but the messages are taken in windows: while one window is being stored, the next ones arrive, and
   * each is acknowledged only once the handler stored its window. A reader that sends one read a message is stored a
   * window a transaction.
   */
  subscribeBatch: (filter: string, handler: BusBatchHandler, options?: { shared?: boolean }) => Promise<void>;
  /** Connects and subscribes every registered filter. Idempotent; never throws (it connects in the background). */
  start: () => Promise<void>;
  /** True once `close()` was called: handlers stop retrying and leave the message unacknowledged. */
  isClosing: () => boolean;
  close: () => Promise<void>;
};

export const topicMatches = (filter: string, topic: string): boolean => {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
};

export const DEFAULT_SHARE_GROUP = 'rfid-server';

/** The bus of a server without a broker. */
export const createNoBus = (): ReaderBus => ({
  isConnected: () => false,
  status: () => ({ transport: 'none', connected: false, subscribed: false }),
  publish: async () => {},
  subscribe: async () => {},
  subscribeBatch: async () => {},
  start: async () => {},
  isClosing: () => false,
  close: async () => {},
});
