import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type IConnackPacket, type IPublishPacket, type MqttClient } from 'mqtt';
import { renewEveryMs } from '../workers/lease.js';
import {
  type BusBatchHandler,
  type BusMessageHandler,
  type BusStatus,
  createNoBus,
  DEFAULT_SHARE_GROUP,
  type ReaderBus,
  topicMatches,
} from './bus.js';
import type { CollectorLeaseRepository } from './collector-lease.repository.js';
import type { BusEvents } from './events.js';
import { createWindow } from './window.js';

export type MqttBusOptions = {
  /** What the bus reports (subscription lost and restored, the session taken or handed over, errors). */
  events?: BusEvents;
  /**
   * The server's way (docs/adr/0006-reader-hand-off.md): the group's MQTT session (client id = the group) is held by one
   * process at a time under a lease in the database; the others stand by and take it over when its holder dies, stops,
   * hangs or cannot reach the broker, with everything the broker kept for it meanwhile.
   */
  lease?: { repository: CollectorLeaseRepository; holder: string; leaseMs: number };
  /** Without a lease: a fixed client id with a persistent session (tests); neither: a clean session of its own. */
  clientId?: string;
  /** The group of server processes: its session's client id, and its probe topics. */
  shareGroup?: string;
  /** How long the broker keeps the session and its queued messages while nobody is connected. */
  sessionExpirySeconds?: number;
  /**
   * MQTT 5 receive maximum: how many QoS 1 messages the broker may send before they are acknowledged (the window of
   * `subscribeBatch`). The rest wait in the broker's queue for the session.
   */
  receiveMaximum?: number;
  keepaliveSeconds?: number;
  /** Wait before connecting again after a connection closed. */
  reconnectMs?: number;
  /** How often a probe goes through the broker and back (0: never); the readiness check reads its age. */
  probeIntervalMs?: number;
};

/**
 * The protocol's largest: the broker may send this many before any acknowledgement. A smaller one leaves the rest in
 * the broker's queue for the session, which Mosquitto (`max_queued_messages`, 1,000 by default) and EMQX
 * (`mqtt.max_mqueue_len`, 1,000) bound, dropping what is over: docs/brokers.md says how to raise them.
 */
const DEFAULT_RECEIVE_MAXIMUM = 65_535;
/** Given to MQTT.js for a message whose acknowledgement waits for its window: it reads on and sends no PUBACK. */
const ACK_LATER = new Error('acknowledged once its window is stored');
const DEFAULT_SESSION_EXPIRY_S = 7 * 24 * 3600;

type Entry = { filter: string; shared: boolean } & (
  | { handler: BusMessageHandler; batch?: undefined }
  | { batch: BusBatchHandler; handler?: undefined }
);

type Delivery = { messageId?: number; connection: number };

/**
 * The readers' broker over MQTT 5 (Mosquitto, EMQX, HiveMQ …). Two connections a process:
 * - the link (a clean session of its own): commands to the readers, the probe, and filters every process takes;
 * - the collector (the group's persistent session): the shared filters (the readers' reads and statuses), held by one
 *   process of the group at a time. Not an MQTT 5 shared subscription: Mosquitto 2.0 restores a shared subscription
 *   from its persistence but delivers nothing to it, and drops what the readers publish until the members subscribe
 *   again (measured; docs/adr/0006-reader-hand-off.md), while a plain subscription of a persistent session keeps every
 *   message across a restart. Every connection subscribes again (a restored session's subscriptions are not trusted).
 */
export const createMqttBus = async (url: string | undefined, options: MqttBusOptions = {}): Promise<ReaderBus> => {
  if (!url) return createNoBus();
  const {
    events = {},
    lease,
    sessionExpirySeconds = DEFAULT_SESSION_EXPIRY_S,
    receiveMaximum = DEFAULT_RECEIVE_MAXIMUM,
    keepaliveSeconds = 15,
    reconnectMs = 1_000,
    probeIntervalMs = 0,
  } = options;
  const onError = (error: unknown) => events.error?.(error);
  const instance = randomBytes(6).toString('hex');
  const group = options.shareGroup ?? (lease || options.clientId ? DEFAULT_SHARE_GROUP : `rfid-${instance}`);
  const collectorId = lease ? group : (options.clientId ?? `${group}-collector-${instance}`);
  const isPersistent = lease !== undefined || options.clientId !== undefined;
  const probeTopic = `${group}/probe/${instance}`;
  const entries: Entry[] = [];
  /**
   * Which connection takes a filter: with a lease (the server), the collector the shared ones and the link the others
   * (every process gets those); without (tests, tools), the collector every one, as its own session.
   */
  const isCollected = (entry: Entry) => !lease || entry.shared;
  let isClosing = false;
  let started: Promise<void> | undefined;
  let probe: { pendingSince?: Date; last?: { at: Date; roundTripMs: number } } = {};
  const timers: NodeJS.Timeout[] = [];

  const subscribe = async (client: MqttClient, filters: string[]) => {
    if (filters.length === 0) return;
    const granted = await client.subscribeAsync(filters, { qos: 1 });
    // MQTT 5: the SUBACK's reason code per filter; 0x80 and above refuses it (an ACL, a topic not allowed …).
    const refused = granted.filter((grant) => grant.qos >= 0x80);
    if (refused.length > 0) {
      throw new Error(`the broker refused ${refused.map((grant) => `${grant.topic} (reason ${grant.qos})`).join(', ')}`);
    }
  };

  /** An MQTT.js client whose messages go to the entries `takes` selects, each QoS 1 one acknowledged after its handler. */
  const openClient = ({
    clientId,
    persistent,
    takes,
    autoReconnect,
  }: {
    clientId: string;
    persistent: boolean;
    takes: (entry: Entry) => boolean;
    autoReconnect: boolean;
  }) => {
    const clientOptions: IClientOptions = {
      clientId,
      protocolVersion: 5,
      clean: !persistent,
      properties: { receiveMaximum, ...(persistent ? { sessionExpiryInterval: sessionExpirySeconds } : {}) },
      keepalive: keepaliveSeconds,
      reconnectPeriod: autoReconnect ? reconnectMs : 0,
      manualConnect: true,
      // MQTT.js would skip our SUBSCRIBE on every connection after the first (it remembers the filters) and send its own
      // only when the broker has no session: a restored session at a restarted Mosquitto then received nothing
      // (issue 25). We subscribe on every connection ourselves.
      resubscribe: false,
      // Ack QoS 1 messages only after our handler has committed them.
      customHandleAcks: (_topic, _message, _packet, done) => done(0),
    };
    const client = mqtt.connect(url, clientOptions);
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
      if (topic === probeTopic) {
        if (probe.pendingSince) probe = { last: { at: new Date(), roundTripMs: Date.now() - probe.pendingSince.getTime() } };
        callback();
        return;
      }
      const matching = entries.filter((entry) => takes(entry) && topicMatches(entry.filter, topic));
      const batched = matching.find((entry) => entry.batch !== undefined);
      if (batched?.batch) {
        window.push(batched.batch, { topic, payload }, { messageId: packet.messageId, connection: state.connection });
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
    return { client, window };
  };

  /* ---------------------------------------------------------------- the link: every process */

  const link = openClient({
    clientId: `${group}-link-${instance}`,
    persistent: false,
    takes: (entry) => !isCollected(entry),
    autoReconnect: true,
  });
  const linkFilters = () => [
    ...new Set(entries.filter((entry) => !isCollected(entry)).map((entry) => entry.filter)),
    ...(probeIntervalMs > 0 ? [probeTopic] : []),
  ];
  let isLinkSubscribed = false;
  link.client.on('connect', () => {
    subscribe(link.client, linkFilters()).then(
      () => {
        isLinkSubscribed = true;
        probe = { ...(probe.last ? { last: probe.last } : {}) };
        sendProbe();
      },
      (error: unknown) => {
        onError(error);
        link.client.end(true, () => link.client.reconnect());
      },
    );
  });
  link.client.on('close', () => {
    isLinkSubscribed = false;
  });

  const sendProbe = () => {
    if (probeIntervalMs <= 0 || !isLinkSubscribed || probe.pendingSince) return;
    probe = { ...probe, pendingSince: new Date() };
    link.client.publishAsync(probeTopic, instance, { qos: 1 }).catch(onError);
  };

  /* ---------------------------------------------------------------- the collector: the group's session */

  type Collector = ReturnType<typeof openClient> & { subscribed: boolean; unsubscribedSince: number };
  let collector: Collector | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** A holder that gave the session up (it could not reach the broker) waits this long before taking it again. */
  let coolDownUntil = 0;
  let firstSubscription: (() => void) | undefined;

  const collectorFilters = () => [...new Set(entries.filter(isCollected).map((entry) => entry.filter))];

  const collect = () => {
    const opened = openClient({
      clientId: collectorId,
      persistent: isPersistent,
      takes: isCollected,
      autoReconnect: false,
    });
    const current: Collector = { ...opened, subscribed: false, unsubscribedSince: Date.now() };
    collector = current;
    current.client.on('connect', (connack: IConnackPacket) => {
      subscribe(current.client, collectorFilters()).then(
        () => {
          if (collector !== current) return;
          current.subscribed = true;
          events.subscribed?.({ session: collectorId, sessionPresent: connack.sessionPresent });
          firstSubscription?.();
        },
        (error: unknown) => {
          onError(error);
          current.client.end(true);
          scheduleReconnect(current);
        },
      );
    });
    current.client.on('close', () => {
      if (collector !== current) return;
      if (current.subscribed) {
        current.unsubscribedSince = Date.now();
        events.unsubscribed?.({ session: collectorId, reason: isClosing ? 'closing' : 'connection closed' });
      }
      current.subscribed = false;
      scheduleReconnect(current);
    });
    current.client.on('disconnect', (packet) => {
      // 0x8E: another connection took the session over (the process that took the lease after this one hung).
      if (packet.reasonCode === 0x8e) onError(new Error(`MQTT session ${collectorId} taken over by another connection`));
    });
    current.client.connect();
  };

  /** Ends this process's hold of the group's session: another process (or this one, later) takes it over. */
  const handOver = async (reason: string, { release = false } = {}) => {
    const current = collector;
    if (!current) return;
    collector = undefined;
    if (current.subscribed) events.unsubscribed?.({ session: collectorId, reason });
    // What is stored is acknowledged first; what is not comes again to the next holder.
    await current.window.settled();
    await current.client.endAsync(!current.client.connected).catch(onError);
    if (release && lease) await lease.repository.release({ clientId: collectorId, holder: lease.holder }).catch(onError);
  };

  const scheduleReconnect = (current: Collector) => {
    if (isClosing || reconnectTimer || collector !== current) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (isClosing || collector !== current) return;
      try {
        // Connect again only while the lease is this process's: else the broker would hand the session back and forth.
        if (lease && !(await lease.repository.renew({ clientId: collectorId, holder: lease.holder, leaseMs: lease.leaseMs }))) {
          await handOver('its lease was taken by another process');
          return;
        }
        if (!current.client.connected) current.client.reconnect();
      } catch (error) {
        // The database is away: connect again only once the lease is known to be ours.
        onError(error);
        scheduleReconnect(current);
      }
    }, reconnectMs);
  };

  /** The lease's rhythm: renew it while collecting; give it up when the broker cannot be reached; take it when free. */
  const tendLease = async () => {
    if (!lease || isClosing) return;
    try {
      const current = collector;
      if (current) {
        if (!current.subscribed && Date.now() - current.unsubscribedSince > lease.leaseMs) {
          // This process cannot reach the broker (another may): give the session up for a while.
          coolDownUntil = Date.now() + 2 * lease.leaseMs;
          await handOver(`not connected to the broker for ${Math.round(lease.leaseMs / 1000)} s`, { release: true });
          return;
        }
        const isHeld = await lease.repository.renew({ clientId: collectorId, holder: lease.holder, leaseMs: lease.leaseMs });
        if (!isHeld && collector === current) await handOver('its lease was taken by another process');
        return;
      }
      // Standing by: take the session when it is free, while this process reaches the broker itself.
      if (Date.now() < coolDownUntil || !link.client.connected) return;
      if (await lease.repository.take({ clientId: collectorId, holder: lease.holder, leaseMs: lease.leaseMs })) collect();
    } catch (error) {
      onError(error);
    }
  };

  const status = (): BusStatus => ({
    transport: 'mqtt',
    connected: link.client.connected,
    subscribed: collector?.subscribed ?? false,
    role: collector ? 'collector' : 'standby',
    ...(collector ? { session: collectorId } : {}),
    ...(probe.last ? { lastProbe: probe.last } : {}),
    ...(probe.pendingSince ? { probePendingSince: probe.pendingSince } : {}),
  });

  const add = async (entry: Entry) => {
    entries.push(entry);
    if (!started) return;
    // A filter added after the start: subscribed on the connection that takes it.
    if (!isCollected(entry) && link.client.connected) await subscribe(link.client, [entry.filter]);
    if (isCollected(entry) && collector?.subscribed) await subscribe(collector.client, [entry.filter]);
  };

  return {
    isConnected: () => link.client.connected,
    status,
    publish: async (topic, message, publishOptions = {}) => {
      const body = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
      await link.client.publishAsync(topic, body, { qos: publishOptions.qos ?? 1, retain: publishOptions.retain ?? false });
    },
    subscribe: async (filter, handler, subscribeOptions = {}) => {
      await add({ filter, handler, shared: subscribeOptions.shared ?? false });
    },
    subscribeBatch: async (filter, batch, subscribeOptions = {}) => {
      await add({ filter, batch, shared: subscribeOptions.shared ?? false });
    },
    start: () => {
      started ??= (async () => {
        const linked = new Promise<void>((resolve) => {
          link.client.once('connect', () => resolve());
          // A broker that is down at start-up does not stop the server: it connects meanwhile.
          link.client.once('error', () => resolve());
        });
        link.client.connect();
        await linked;
        if (probeIntervalMs > 0) timers.push(setInterval(sendProbe, probeIntervalMs));
        if (!lease) {
          // Tests and tools: this bus collects at once (its own session).
          const subscribedOnce = new Promise<void>((resolve) => {
            firstSubscription = resolve;
          });
          collect();
          const firstClose = new Promise<void>((resolve) => collector?.client.once('close', () => resolve()));
          await Promise.race([subscribedOnce, firstClose]);
          firstSubscription = undefined;
          return;
        }
        timers.push(setInterval(() => void tendLease(), renewEveryMs(lease.leaseMs)));
        await tendLease();
      })();
      return started;
    },
    isClosing: () => isClosing,
    close: async () => {
      isClosing = true;
      for (const timer of timers) clearInterval(timer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      // The session stays at the broker (reads published meanwhile wait in it); another process may take it at once.
      await handOver('closing', { release: true });
      await link.window.settled();
      await link.client.endAsync().catch(onError);
    },
  };
};
