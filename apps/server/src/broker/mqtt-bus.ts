import { randomBytes } from 'node:crypto';
import { renewEveryMs } from '../workers/lease.js';
import { type BusStatus, createNoBus, DEFAULT_SHARE_GROUP, type ReaderBus } from './bus.js';
import type { CollectorLeaseRepository } from './collector-lease.repository.js';
import { type Entry, subscribeMethods } from './entries.js';
import type { BusEvents } from './events.js';
import { connectFirst, type MqttSettings, openMqttClient, subscribeFilters } from './mqtt-client.js';
import { createCollectorHold } from './mqtt-collector.js';
import { createProbe } from './probe.js';

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
const DEFAULT_SESSION_EXPIRY_S = 7 * 24 * 3600;

/**
 * The link: a clean session of this process's own for commands, the probe and the filters every process takes. It
 * subscribes on every connection (and starts a probe); a refused subscription connects again.
 */
const openLink = (
  settings: MqttSettings,
  {
    clientId,
    filters,
    takes,
    probe,
    probeIntervalMs,
    instance,
  }: {
    clientId: string;
    filters: () => string[];
    takes: (entry: Entry) => boolean;
    probe: ReturnType<typeof createProbe>;
    probeIntervalMs: number;
    instance: string;
  },
) => {
  const { probeTopic, onError } = settings;
  const link = openMqttClient(settings, { clientId, persistent: false, takes, autoReconnect: true });
  const linkFilters = () => [...filters(), ...(probeIntervalMs > 0 ? [probeTopic] : [])];
  let isLinkSubscribed = false;
  link.client.on('connect', () => {
    subscribeFilters(link.client, linkFilters()).then(
      () => {
        isLinkSubscribed = true;
        probe.reset();
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
    if (probeIntervalMs <= 0 || !isLinkSubscribed || !probe.begin()) return;
    link.client.publishAsync(probeTopic, instance, { qos: 1 }).catch(onError);
  };
  return { link, sendProbe };
};

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
  const probe = createProbe();
  const timers: NodeJS.Timeout[] = [];
  const settings: MqttSettings = {
    url,
    receiveMaximum,
    sessionExpirySeconds,
    keepaliveSeconds,
    reconnectMs,
    entries,
    probeTopic,
    onProbe: probe.received,
    onError,
  };

  /* ---------------------------------------------------------------- the link: every process */

  const { link, sendProbe } = openLink(settings, {
    clientId: `${group}-link-${instance}`,
    filters: () => [...new Set(entries.filter((entry) => !isCollected(entry)).map((entry) => entry.filter))],
    takes: (entry) => !isCollected(entry),
    probe,
    probeIntervalMs,
    instance,
  });

  /* ---------------------------------------------------------------- the collector: the group's session */

  const hold = createCollectorHold({
    collectorId,
    lease,
    events,
    reconnectMs,
    onError,
    open: () =>
      openMqttClient(settings, { clientId: collectorId, persistent: isPersistent, takes: isCollected, autoReconnect: false }),
    filters: () => [...new Set(entries.filter(isCollected).map((entry) => entry.filter))],
    isClosing: () => isClosing,
    isLinkConnected: () => link.client.connected,
  });

  const status = (): BusStatus => {
    const collector = hold.current();
    return {
      transport: 'mqtt',
      connected: link.client.connected,
      subscribed: collector?.subscribed ?? false,
      role: collector ? 'collector' : 'standby',
      ...(collector ? { session: collectorId } : {}),
      ...probe.status(),
    };
  };

  const add = async (entry: Entry) => {
    entries.push(entry);
    if (!started) return;
    // A filter added after the start: subscribed on the connection that takes it.
    if (!isCollected(entry) && link.client.connected) await subscribeFilters(link.client, [entry.filter]);
    const collector = hold.current();
    if (isCollected(entry) && collector?.subscribed) await subscribeFilters(collector.client, [entry.filter]);
  };

  return {
    isConnected: () => link.client.connected,
    status,
    publish: async (topic, message, publishOptions = {}) => {
      const body = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
      await link.client.publishAsync(topic, body, { qos: publishOptions.qos ?? 1, retain: publishOptions.retain ?? false });
    },
    ...subscribeMethods(add),
    start: () => {
      started ??= (async () => {
        await connectFirst(link.client);
        if (probeIntervalMs > 0) timers.push(setInterval(sendProbe, probeIntervalMs));
        // Tests and tools: this bus collects at once (its own session).
        if (!lease) return hold.collectOnce();
        timers.push(setInterval(() => void hold.tendLease(), renewEveryMs(lease.leaseMs)));
        await hold.tendLease();
      })();
      return started;
    },
    isClosing: () => isClosing,
    close: async () => {
      isClosing = true;
      for (const timer of timers) clearInterval(timer);
      hold.stopReconnecting();
      // The session stays at the broker (reads published meanwhile wait in it); another process may take it at once.
      await hold.handOver('closing', { release: true });
      await link.window.settled();
      await link.client.endAsync().catch(onError);
    },
  };
};
