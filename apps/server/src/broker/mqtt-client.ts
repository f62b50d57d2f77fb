import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { type Entry, matchEntries, runHandlers } from './entries.js';
import { createWindow } from './window.js';

/** Given to MQTT.js for a message whose acknowledgement waits for its window: it reads on and sends no PUBACK. */
const ACK_LATER = new Error('acknowledged once its window is stored');

type Delivery = { messageId?: number; connection: number };

/** What every connection of a bus shares. */
export type MqttSettings = {
  url: string;
  receiveMaximum: number;
  sessionExpirySeconds: number;
  keepaliveSeconds: number;
  reconnectMs: number;
  entries: readonly Entry[];
  probeTopic: string;
  /** The probe came back through the broker. */
  onProbe: () => void;
  onError: (error: unknown) => void;
};

/** Connects `client`; resolves once it is connected or has failed a first time (it goes on connecting meanwhile). */
export const connectFirst = async (client: MqttClient) => {
  const linked = new Promise<void>((resolve) => {
    client.once('connect', () => resolve());
    // A broker that is down at start-up does not stop the server: it connects meanwhile.
    client.once('error', () => resolve());
  });
  client.connect();
  await linked;
};

/** Subscribes `filters` at QoS 1; a filter the broker refuses is an error. */
export const subscribeFilters = async (client: MqttClient, filters: string[]) => {
  if (filters.length === 0) return;
  const granted = await client.subscribeAsync(filters, { qos: 1 });
  // MQTT 5: the SUBACK's reason code per filter; 0x80 and above refuses it (an ACL, a topic not allowed …).
  const refused = granted.filter((grant) => grant.qos >= 0x80);
  if (refused.length > 0) {
    throw new Error(`the broker refused ${refused.map((grant) => `${grant.topic} (reason ${grant.qos})`).join(', ')}`);
  }
};

/** An MQTT.js client whose messages go to the entries `takes` selects, each QoS 1 one acknowledged after its handler. */
export const openMqttClient = (
  settings: MqttSettings,
  {
    clientId,
    persistent,
    takes,
    autoReconnect,
  }: {
    clientId: string;
    persistent: boolean;
    takes: (entry: Entry) => boolean;
    autoReconnect: boolean;
  },
) => {
  const { receiveMaximum, sessionExpirySeconds, onError } = settings;
  const clientOptions: IClientOptions = {
    clientId,
    protocolVersion: 5,
    clean: !persistent,
    properties: { receiveMaximum, ...(persistent ? { sessionExpiryInterval: sessionExpirySeconds } : {}) },
    keepalive: settings.keepaliveSeconds,
    reconnectPeriod: autoReconnect ? settings.reconnectMs : 0,
    manualConnect: true,
    // MQTT.js would skip our SUBSCRIBE on every connection after the first (it remembers the filters) and send its own
    // only when the broker has no session: a restored session at a restarted Mosquitto then received nothing
    // (issue 25). We subscribe on every connection ourselves.
    resubscribe: false,
    // Ack QoS 1 messages only after our handler has committed them.
    customHandleAcks: (_topic, _message, _packet, done) => done(0),
  };
  const client = mqtt.connect(settings.url, clientOptions);
  const state = { connection: 0 };
  const window = createWindow<Delivery>({
    isLive: (delivery) => delivery.connection === state.connection && client.connected,
    acknowledge: ({ messageId }) => {
      // MQTT.js sends a PUBACK itself only when handleMessage's callback succeeds, and reads the next message only
      // then: a window's messages are acknowledged here, by its own packet writer, once they are stored.
      // biome-ignore lint/complexity/useLiteralKeys: `_sendPacket` is private in MQTT.js's types; the brackets reach it.
      if (messageId !== undefined) client['_sendPacket']({ cmd: 'puback', messageId }, undefined);
    },
    onError,
  });
  client.on('close', () => {
    state.connection += 1;
  });
  client.on('error', onError);
  client.handleMessage = (packet: IPublishPacket, callback) => {
    const topic = packet.topic;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (topic === settings.probeTopic) {
      settings.onProbe();
      callback();
      return;
    }
    const { matching, batched } = matchEntries(settings.entries, topic, takes);
    if (batched?.batch) {
      window.push(batched.batch, { topic, payload }, { messageId: packet.messageId, connection: state.connection });
      // QoS 1: read on without a PUBACK (it follows the window's commit); QoS 0 has none.
      callback(packet.qos === 1 ? ACK_LATER : undefined);
      return;
    }
    const run = async () => {
      if (matching.length === 0) throw new Error(`no handler for ${topic}`);
      await runHandlers(matching, topic, payload);
    };
    run().then(
      () => callback(),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return { client, window };
};
export type MqttConnection = ReturnType<typeof openMqttClient>;
