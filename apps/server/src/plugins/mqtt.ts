import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

export type MqttMessageHandler = (topic: string, payload: Buffer) => Promise<void> | void;

/**
 * The readers' broker. Without MQTT_URL it is a no-op bus (publish does nothing, nothing is
 * received), so every module can depend on it without checking configuration.
 *
 * Handlers are registered first and the bus connects on `start()`: a persistent session's
 * queued messages arrive right after the connection, and a message that arrives before its
 * handler exists would be acknowledged unread (issue 11, defect 1). A message whose topic no
 * handler matches is never acknowledged for that reason either.
 */
export type MqttBus = {
  isConnected: () => boolean;
  publish: (topic: string, message: unknown, options?: { qos?: 0 | 1 | 2; retain?: boolean }) => Promise<void>;
  /**
   * Topic filter with + and # wildcards; the handler's promise is awaited before the ack (QoS 1).
   * `shared`: with several server processes each message goes to one of them (MQTT 5 shared
   * subscription `$share/<group>/<filter>`), instead of to every process.
   */
  subscribe: (filter: string, handler: MqttMessageHandler, options?: { shared?: boolean }) => Promise<void>;
  /** Connects and subscribes every registered filter. Idempotent. */
  start: () => Promise<void>;
  /** True once `close()` was called: handlers stop retrying and leave the message unacknowledged. */
  isClosing: () => boolean;
  close: () => Promise<void>;
};

export type MqttBusOptions = {
  /** Connection and subscription failures (the client reconnects by itself). */
  onError?: (error: unknown) => void;
  /**
   * Stable client id: the broker keeps this process's session (MQTT 5 session expiry), so QoS 1
   * reads sent while it was down or not acknowledged are delivered when it comes back. Each
   * process needs its own. Without one (tests, tools) the session is clean.
   */
  clientId?: string;
  /** Shared subscription group of the server processes (`$share/<group>/…`). */
  shareGroup?: string;
  /** How long the broker keeps a disconnected process's session and its queued messages. */
  sessionExpirySeconds?: number;
};

export const DEFAULT_SHARE_GROUP = 'rfid-server';
const DEFAULT_SESSION_EXPIRY_S = 7 * 24 * 3600;

export const topicMatches = (filter: string, topic: string): boolean => {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
};

/** The filter as subscribed at the broker. */
export const brokerFilter = (filter: string, shareGroup: string | undefined, shared: boolean): string =>
  shared && shareGroup ? `$share/${shareGroup}/${filter}` : filter;

export const createMqttBus = async (url: string | undefined, options: MqttBusOptions = {}): Promise<MqttBus> => {
  if (!url) {
    return {
      isConnected: () => false,
      publish: async () => {},
      subscribe: async () => {},
      start: async () => {},
      isClosing: () => false,
      close: async () => {},
    };
  }
  const { onError = () => {}, clientId, sessionExpirySeconds = DEFAULT_SESSION_EXPIRY_S } = options;
  const isPersistent = clientId !== undefined;
  const ownId = clientId ?? `rfid-${process.pid}-${Math.random().toString(16).slice(2, 10)}`;
  // Every process of a group must share one database (a message goes to one of them): a bus
  // without a stable id (tests, tools) is a group of its own unless told otherwise.
  const shareGroup = options.shareGroup ?? (isPersistent ? DEFAULT_SHARE_GROUP : ownId);
  const handlers: { filter: string; handler: MqttMessageHandler; brokerFilter: string }[] = [];
  const clientOptions: IClientOptions = {
    clientId: ownId,
    protocolVersion: 5,
    clean: !isPersistent,
    ...(isPersistent ? { properties: { sessionExpiryInterval: sessionExpirySeconds } } : {}),
    reconnectPeriod: 2000,
    // The connection is opened by start(), once every handler is registered.
    manualConnect: true,
    // Ack QoS 1 messages only after our handler has committed them.
    customHandleAcks: (_topic, _message, _packet, done) => done(0),
  };
  const client: MqttClient = mqtt.connect(url, clientOptions);
  let isClosing = false;
  let started: Promise<void> | undefined;

  client.handleMessage = (packet, callback) => {
    const topic = packet.topic;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const matching = handlers.filter(({ filter }) => topicMatches(filter, topic));
    const run = async () => {
      if (matching.length === 0) throw new Error(`no handler for ${topic}`);
      for (const { handler } of matching) await handler(topic, payload);
    };
    run().then(
      () => callback(),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };
  // An unacknowledged message (its write failed) is delivered again after a reconnect.
  client.on('error', (error) => onError(error));

  const subscribeAtBroker = async (filters: string[]) => {
    if (filters.length === 0) return;
    await client.subscribeAsync(filters, { qos: 1 });
  };

  return {
    isConnected: () => client.connected,
    publish: async (topic, message, publishOptions = {}) => {
      const body = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
      await client.publishAsync(topic, body, { qos: publishOptions.qos ?? 1, retain: publishOptions.retain ?? false });
    },
    subscribe: async (filter, handler, subscribeOptions = {}) => {
      const entry = { filter, handler, brokerFilter: brokerFilter(filter, shareGroup, subscribeOptions.shared ?? false) };
      handlers.push(entry);
      if (started) {
        await started;
        await subscribeAtBroker([entry.brokerFilter]);
      }
    },
    start: () => {
      started ??= new Promise<void>((resolve) => {
        // Every (re)connection subscribes every filter: a resumed session keeps its
        // subscriptions (harmless to repeat), a new one needs them.
        client.on('connect', () => {
          subscribeAtBroker([...new Set(handlers.map((h) => h.brokerFilter))]).then(resolve, (error: unknown) => {
            onError(error);
            resolve();
          });
        });
        // A broker that is down at start-up does not stop the server: it reconnects meanwhile.
        client.once('error', (error) => {
          onError(error);
          resolve();
        });
        client.connect();
      });
      return started;
    },
    isClosing: () => isClosing,
    close: async () => {
      isClosing = true;
      await client.endAsync();
    },
  };
};
