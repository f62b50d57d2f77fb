import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

export type MqttMessageHandler = (topic: string, payload: Buffer) => Promise<void> | void;
export type MqttMessage = { topic: string; payload: Buffer };
/** Stores a window of messages in one go; they are acknowledged together once it resolved (after its commit). */
export type MqttBatchHandler = (messages: MqttMessage[]) => Promise<void>;

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
  /**
   * As `subscribe`, but the messages are taken in windows: while one window is being stored, the next ones arrive
   * (up to the bus's receive maximum unacknowledged, which the broker respects), and each is acknowledged only once
   * the handler stored its window. A reader that sends one read a message is stored a window a transaction.
   */
  subscribeBatch: (filter: string, handler: MqttBatchHandler, options?: { shared?: boolean }) => Promise<void>;
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
  /**
   * MQTT 5 receive maximum: how many QoS 1 messages the broker may send before this process acknowledged them (the
   * window of `subscribeBatch`). The rest wait in the broker's queue for this session.
   */
  receiveMaximum?: number;
};

/** Messages a batch handler gets at the most in one call. */
const MAX_BATCH = 1_000;
/**
 * The protocol's largest: the broker may send this many before any acknowledgement. A smaller one leaves the rest in
 * the broker's queue for this session, which Mosquitto (`max_queued_messages`, 1,000 by default) and EMQX
 * (`mqtt.max_mqueue_len`, 1,000) bound, dropping what is over: a burst larger than both together is lost there.
 */
const DEFAULT_RECEIVE_MAXIMUM = 65_535;
/** Given to MQTT.js for a message whose acknowledgement waits for its window: it reads on and sends no PUBACK. */
const ACK_LATER = new Error('acknowledged once its window is stored');

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
      subscribeBatch: async () => {},
      start: async () => {},
      isClosing: () => false,
      close: async () => {},
    };
  }
  const {
    onError = () => {},
    clientId,
    sessionExpirySeconds = DEFAULT_SESSION_EXPIRY_S,
    receiveMaximum = DEFAULT_RECEIVE_MAXIMUM,
  } = options;
  const isPersistent = clientId !== undefined;
  const ownId = clientId ?? `rfid-${process.pid}-${Math.random().toString(16).slice(2, 10)}`;
  // Every process of a group must share one database (a message goes to one of them): a bus
  // without a stable id (tests, tools) is a group of its own unless told otherwise.
  const shareGroup = options.shareGroup ?? (isPersistent ? DEFAULT_SHARE_GROUP : ownId);
  type Entry =
    | { filter: string; brokerFilter: string; handler: MqttMessageHandler; batch?: undefined }
    | { filter: string; brokerFilter: string; batch: MqttBatchHandler; handler?: undefined };
  const handlers: Entry[] = [];
  const clientOptions: IClientOptions = {
    clientId: ownId,
    protocolVersion: 5,
    clean: !isPersistent,
    properties: { receiveMaximum, ...(isPersistent ? { sessionExpiryInterval: sessionExpirySeconds } : {}) },
    reconnectPeriod: 2000,
    // The connection is opened by start(), once every handler is registered.
    manualConnect: true,
    // Ack QoS 1 messages only after our handler has committed them.
    customHandleAcks: (_topic, _message, _packet, done) => done(0),
  };
  const client: MqttClient = mqtt.connect(url, clientOptions);
  let isClosing = false;
  let started: Promise<void> | undefined;

  /**
   * The window of batch messages not stored yet, in arrival order. `connection` counts the connections: a message's
   * PUBACK goes only on the connection it came on (after a reconnect the broker sends it again, and the ids are reused).
   */
  const window: { entry: Entry & { batch: MqttBatchHandler }; message: MqttMessage; messageId?: number; connection: number }[] =
    [];
  let connection = 0;
  let flushing: Promise<void> | undefined;
  const acknowledge = (messageId: number) => {
    // MQTT.js sends a PUBACK itself only when handleMessage's callback succeeds, and reads the next message only then:
    // a window's messages are acknowledged here, by its own packet writer, once they are stored.
    // biome-ignore lint/complexity/useLiteralKeys: `_sendPacket` is private in MQTT.js's types; the brackets reach it.
    client['_sendPacket']({ cmd: 'puback', messageId }, undefined);
  };
  const storeWindow = async (): Promise<void> => {
    while (window.length > 0) {
      const taken = window.splice(0, MAX_BATCH);
      const live = taken.filter((item) => item.connection === connection);
      // One call per handler, in arrival order within it.
      const byEntry = new Map<Entry & { batch: MqttBatchHandler }, MqttMessage[]>();
      for (const item of live) {
        const messages = byEntry.get(item.entry) ?? [];
        messages.push(item.message);
        byEntry.set(item.entry, messages);
      }
      try {
        for (const [entry, messages] of byEntry) await entry.batch(messages);
      } catch (error) {
        // Not acknowledged: the broker sends them again after the next connection.
        onError(error);
        continue;
      }
      for (const item of live) {
        if (item.messageId !== undefined && item.connection === connection && client.connected) acknowledge(item.messageId);
      }
    }
  };
  const flushSoon = () => {
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(storeWindow).finally(() => {
      flushing = undefined;
      if (window.length > 0) flushSoon();
    });
  };
  client.on('close', () => {
    connection += 1;
  });

  client.handleMessage = (packet, callback) => {
    const topic = packet.topic;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const matching = handlers.filter(({ filter }) => topicMatches(filter, topic));
    const batched = matching.find((entry): entry is Entry & { batch: MqttBatchHandler } => entry.batch !== undefined);
    if (batched) {
      window.push({ entry: batched, message: { topic, payload }, messageId: packet.messageId, connection });
      flushSoon();
      // QoS 1: read on without a PUBACK (it follows the window's commit); QoS 0 has none.
      callback(packet.qos === 1 ? ACK_LATER : undefined);
      return;
    }
    const run = async () => {
      if (matching.length === 0) throw new Error(`no handler for ${topic}`);
      for (const { handler } of matching) await handler?.(topic, payload);
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

  const add = async (entry: Entry) => {
    handlers.push(entry);
    if (started) {
      await started;
      await subscribeAtBroker([entry.brokerFilter]);
    }
  };

  return {
    isConnected: () => client.connected,
    publish: async (topic, message, publishOptions = {}) => {
      const body = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
      await client.publishAsync(topic, body, { qos: publishOptions.qos ?? 1, retain: publishOptions.retain ?? false });
    },
    subscribe: async (filter, handler, subscribeOptions = {}) => {
      await add({ filter, handler, brokerFilter: brokerFilter(filter, shareGroup, subscribeOptions.shared ?? false) });
    },
    subscribeBatch: async (filter, batch, subscribeOptions = {}) => {
      await add({ filter, batch, brokerFilter: brokerFilter(filter, shareGroup, subscribeOptions.shared ?? false) });
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
      // The window being stored is acknowledged before the connection ends (what is not yet stored comes again).
      await flushing?.catch(() => {});
      await client.endAsync();
    },
  };
};
