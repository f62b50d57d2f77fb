import mqtt, { type MqttClient } from 'mqtt';

export type MqttMessageHandler = (topic: string, payload: Buffer) => Promise<void> | void;

/**
 * The readers' broker. Without MQTT_URL it is a no-op bus (publish does nothing, nothing is
 * received), so every module can depend on it without checking configuration.
 */
export type MqttBus = {
  isConnected: () => boolean;
  publish: (topic: string, message: unknown, options?: { qos?: 0 | 1 | 2; retain?: boolean }) => Promise<void>;
  /** Topic filter with + and # wildcards; the handler's promise is awaited before the ack (QoS 1). */
  subscribe: (filter: string, handler: MqttMessageHandler) => Promise<void>;
  close: () => Promise<void>;
};

const matches = (filter: string, topic: string): boolean => {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
};

export const createMqttBus = async (url: string | undefined, { clientId }: { clientId?: string } = {}): Promise<MqttBus> => {
  if (!url) {
    return {
      isConnected: () => false,
      publish: async () => {},
      subscribe: async () => {},
      close: async () => {},
    };
  }
  const handlers: { filter: string; handler: MqttMessageHandler }[] = [];
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: clientId ?? `rfid-server-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    // A stable client id gets a persistent session (clean: false): QoS 1 reads that were not
    // acknowledged because their write failed are redelivered after a reconnect or a restart.
    // Random ids (tests, tools) keep clean sessions so the broker does not pile up old ones.
    clean: clientId === undefined,
    reconnectPeriod: 2000,
    // Ack QoS 1 messages only after our handler has committed them.
    customHandleAcks: (_topic, _message, _packet, done) => done(0),
  });
  client.handleMessage = (packet, callback) => {
    const topic = packet.topic;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const run = async () => {
      for (const { filter, handler } of handlers) if (matches(filter, topic)) await handler(topic, payload);
    };
    run().then(
      () => callback(),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return {
    isConnected: () => client.connected,
    publish: async (topic, message, options = {}) => {
      const body = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
      await client.publishAsync(topic, body, { qos: options.qos ?? 1, retain: options.retain ?? false });
    },
    subscribe: async (filter, handler) => {
      handlers.push({ filter, handler });
      await client.subscribeAsync(filter, { qos: 1 });
    },
    close: async () => {
      await client.endAsync();
    },
  };
};
