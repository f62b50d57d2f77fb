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
import type { BusEvents } from './events.js';
import type { SessionSlotRepository } from './session-slots.repository.js';
import { createWindow } from './window.js';

export type MqttBusOptions = {
  /** What the bus reports (subscription lost and restored, sessions drained, errors); silent when absent. */
  events?: BusEvents;
  /**
   * The server's way (docs/adr/0006-reader-hand-off.md): this process's MQTT session is leased from the database
   * (`broker_sessions`), `<share group>-<n>`; a session whose lease ran out is taken by a starting process, or drained
   * and retired by a live one, so a dead, stopped or replaced process strands nothing at the broker.
   */
  slots?: { repository: SessionSlotRepository; holder: string; leaseMs: number };
  /** Without `slots`: a fixed client id with a persistent session (tests); neither: a clean session of its own. */
  clientId?: string;
  /** Shared subscription group of the server processes (`$share/<group>/…`). */
  shareGroup?: string;
  /** How long the broker keeps a disconnected session and its queued messages (until another process drains it). */
  sessionExpirySeconds?: number;
  /**
   * MQTT 5 receive maximum: how many QoS 1 messages the broker may send before this process acknowledged them (the
   * window of `subscribeBatch`). The rest wait in the broker's queue for this session.
   */
  receiveMaximum?: number;
  keepaliveSeconds?: number;
  /** Wait before connecting again after the connection closed. */
  reconnectMs?: number;
  /** How often a probe goes through the broker and back (0: never); the readiness check reads its age. */
  probeIntervalMs?: number;
};

/**
 * The protocol's largest: the broker may send this many before any acknowledgement. A smaller one leaves the rest in
 * the broker's queue for this session, which Mosquitto (`max_queued_messages`, 1,000 by default) and EMQX
 * (`mqtt.max_mqueue_len`, 1,000) bound, dropping what is over: docs/brokers.md says how to raise them.
 */
const DEFAULT_RECEIVE_MAXIMUM = 65_535;
/** Given to MQTT.js for a message whose acknowledgement waits for its window: it reads on and sends no PUBACK. */
const ACK_LATER = new Error('acknowledged once its window is stored');
const DEFAULT_SESSION_EXPIRY_S = 7 * 24 * 3600;
/** A drain gives up (and is tried again later) after this long without a message. */
const DRAIN_SILENCE_MS = 30_000;

/** The filter as subscribed at the broker. */
export const brokerFilter = (filter: string, shareGroup: string | undefined, shared: boolean): string =>
  shared && shareGroup ? `$share/${shareGroup}/${filter}` : filter;

type Entry = { filter: string; brokerFilter: string } & (
  | { handler: BusMessageHandler; batch?: undefined }
  | { batch: BusBatchHandler; handler?: undefined }
);

/** One MQTT connection under one client id: the process's own session, or a dead process's being drained. */
type Session = {
  clientId: string;
  client: MqttClient;
  /** Counts the connections: a message's PUBACK goes only on the connection it came on. */
  connection: number;
  /** Every filter granted on the current connection. */
  subscribed: boolean;
  connack?: IConnackPacket;
  window: ReturnType<typeof createWindow<{ messageId?: number; connection: number }>>;
  /** Messages received (for the drain's report). */
  received: number;
  lastMessageAt: number;
  /** Called when this session's drain marker arrives. */
  onMarker?: () => void;
};

export const createMqttBus = async (url: string | undefined, options: MqttBusOptions = {}): Promise<ReaderBus> => {
  if (!url) return createNoBus();
  const {
    events = {},
    slots,
    sessionExpirySeconds = DEFAULT_SESSION_EXPIRY_S,
    receiveMaximum = DEFAULT_RECEIVE_MAXIMUM,
    keepaliveSeconds = 15,
    reconnectMs = 1_000,
    probeIntervalMs = 0,
  } = options;
  const onError = (error: unknown) => events.error?.(error);
  const isPersistent = slots !== undefined || options.clientId !== undefined;
  const instance = randomBytes(6).toString('hex');
  // Every process of a group must share one database (a message goes to one of them): a bus without a lease or a
  // stable id (tests, tools) is a group of its own unless told otherwise.
  const shareGroup = options.shareGroup ?? (isPersistent ? DEFAULT_SHARE_GROUP : `rfid-${instance}`);
  const probeTopic = `${shareGroup}/probe/${instance}`;
  const drainTopic = (clientId: string) => `${shareGroup}/drain/${clientId}`;
  const entries: Entry[] = [];
  let isClosing = false;
  let started: Promise<void> | undefined;
  let drained = 0;
  let probe: { pendingSince?: Date; last?: { at: Date; roundTripMs: number } } = {};
  const timers: NodeJS.Timeout[] = [];

  const subscribeAll = async (session: Session) => {
    const filters = [...new Set(entries.map((entry) => entry.brokerFilter)), ...(probeIntervalMs > 0 ? [probeTopic] : [])];
    if (filters.length === 0) return;
    const granted = await session.client.subscribeAsync(filters, { qos: 1 });
    // MQTT 5: the SUBACK's reason code per filter; 0x80 and above refuses it (no shared subscriptions, an ACL …).
    const refused = granted.filter((grant) => grant.qos >= 0x80);
    if (refused.length > 0) {
      throw new Error(`the broker refused ${refused.map((grant) => `${grant.topic} (reason ${grant.qos})`).join(', ')}`);
    }
  };

  /** An MQTT.js client for `clientId`; connecting, reconnecting and subscribing are the caller's. */
  const openSession = (clientId: string, persistent: boolean): Session => {
    const clientOptions: IClientOptions = {
      clientId,
      protocolVersion: 5,
      clean: !persistent,
      properties: { receiveMaximum, ...(persistent ? { sessionExpiryInterval: sessionExpirySeconds } : {}) },
      keepalive: keepaliveSeconds,
      // Reconnecting is ours: a leased session connects again only while its lease is still this process's.
      reconnectPeriod: 0,
      manualConnect: true,
      // MQTT.js would skip our SUBSCRIBE on every connection after the first (it remembers the filters) and send its
      // own only when the broker has no session: a restored session at a restarted Mosquitto then received nothing
      // (issue 25). We subscribe on every connection ourselves.
      resubscribe: false,
      // Ack QoS 1 messages only after our handler has committed them.
      customHandleAcks: (_topic, _message, _packet, done) => done(0),
    };
    const client = mqtt.connect(url, clientOptions);
    const session: Session = {
      clientId,
      client,
      connection: 0,
      subscribed: false,
      received: 0,
      lastMessageAt: Date.now(),
      window: createWindow({
        isLive: (delivery) => delivery.connection === session.connection && client.connected,
        acknowledge: ({ messageId }) => {
          // MQTT.js sends a PUBACK itself only when handleMessage's callback succeeds, and reads the next message only
          // then: a window's messages are acknowledged here, by its own packet writer, once they are stored.
          // biome-ignore lint/complexity/useLiteralKeys: `_sendPacket` is private in MQTT.js's types; the brackets reach it.
          if (messageId !== undefined) client['_sendPacket']({ cmd: 'puback', messageId }, undefined);
        },
        onError,
      }),
    };
    client.on('connect', (connack) => {
      session.connack = connack;
    });
    client.on('close', () => {
      session.connection += 1;
      session.subscribed = false;
    });
    client.on('error', (error) => onError(error));
    client.handleMessage = (packet: IPublishPacket, callback) => {
      const topic = packet.topic;
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      session.received += 1;
      session.lastMessageAt = Date.now();
      if (topic === probeTopic) {
        if (probe.pendingSince) {
          probe = { last: { at: new Date(), roundTripMs: Date.now() - probe.pendingSince.getTime() } };
        }
        callback();
        return;
      }
      if (topic === drainTopic(clientId)) {
        callback();
        session.onMarker?.();
        return;
      }
      const matching = entries.filter(({ filter }) => topicMatches(filter, topic));
      const batched = matching.find((entry) => entry.batch !== undefined);
      if (batched?.batch) {
        session.window.push(batched.batch, { topic, payload }, { messageId: packet.messageId, connection: session.connection });
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
    return session;
  };

  /* ---------------------------------------------------------------- the process's own session */

  const claimClientId = async (): Promise<string> => {
    if (!slots) return options.clientId ?? `rfid-${process.pid}-${instance}`;
    for (let attempt = 0; ; attempt++) {
      try {
        return await slots.repository.claim({ group: shareGroup, holder: slots.holder, leaseMs: slots.leaseMs });
      } catch (error) {
        if (isClosing) throw error;
        if (attempt % 10 === 0) onError(error);
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
      }
    }
  };

  let serving: Session | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let firstSubscription: (() => void) | undefined;

  const serve = (clientId: string) => {
    const session = openSession(clientId, isPersistent);
    serving = session;
    session.client.on('connect', (connack) => {
      subscribeAll(session).then(
        () => {
          if (serving !== session) return;
          session.subscribed = true;
          events.subscribed?.({ session: clientId, sessionPresent: connack.sessionPresent });
          firstSubscription?.();
          sendProbe();
        },
        (error: unknown) => {
          onError(error);
          // Not subscribed: connect again (the broker may have been restarting).
          session.client.end(true);
          scheduleReconnect(session);
        },
      );
    });
    session.client.on('close', () => {
      if (serving !== session) return;
      events.unsubscribed?.({ session: clientId, reason: isClosing ? 'closing' : 'connection closed' });
      scheduleReconnect(session);
    });
    session.client.on('disconnect', (packet) => {
      // 0x8E: another connection took this client id over (a process that took the lease after this one stopped).
      if (packet.reasonCode === 0x8e) events.error?.(new Error(`MQTT session ${clientId} taken over by another connection`));
    });
    session.client.connect();
  };

  /** Another session for this process: the current one's lease is another's now. */
  const switchSession = async (reason: string) => {
    const old = serving;
    serving = undefined;
    old?.client.end(true);
    if (old) events.unsubscribed?.({ session: old.clientId, reason });
    const clientId = await claimClientId();
    if (isClosing) return;
    serve(clientId);
  };

  const scheduleReconnect = (session: Session) => {
    if (isClosing || reconnectTimer || serving !== session) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (isClosing || serving !== session) return;
      try {
        if (slots) {
          const isHeld = await slots.repository.renew({
            clientId: session.clientId,
            holder: slots.holder,
            leaseMs: slots.leaseMs,
          });
          if (!isHeld) {
            await switchSession('its lease was taken by another process');
            return;
          }
        }
        if (!session.client.connected) session.client.reconnect();
      } catch (error) {
        // The database is away: connect again only once the lease is known to be ours.
        onError(error);
        scheduleReconnect(session);
      }
    }, reconnectMs);
  };

  const sendProbe = () => {
    const session = serving;
    if (probeIntervalMs <= 0 || !session?.subscribed || probe.pendingSince) return;
    probe = { ...probe, pendingSince: new Date() };
    session.client.publishAsync(probeTopic, instance, { qos: 1 }).catch(onError);
  };

  /* ---------------------------------------------------------------- dead processes' sessions */

  let draining = false;
  /**
   * Takes over a dead process's session, stores what the broker kept for it and retires it: no new messages are
   * routed to it (its shared subscriptions are removed), a marker published to it arrives after everything queued
   * before it (the broker's queue of a session is in order), then it ends with session expiry 0 and is forgotten.
   */
  const drain = async (clientId: string) => {
    if (!slots) return;
    const session = openSession(clientId, true);
    try {
      const connack = await new Promise<IConnackPacket>((resolve, reject) => {
        session.client.once('connect', resolve);
        session.client.once('close', () => reject(new Error(`the drain of ${clientId} lost its connection`)));
        session.client.connect();
      });
      if (connack.sessionPresent) {
        const filters = [...new Set(entries.map((entry) => entry.brokerFilter))];
        if (filters.length > 0) await session.client.unsubscribeAsync(filters);
        const marker = new Promise<void>((resolve) => {
          session.onMarker = resolve;
        });
        await session.client.subscribeAsync(drainTopic(clientId), { qos: 1 });
        await session.client.publishAsync(drainTopic(clientId), 'drained', { qos: 1 });
        await new Promise<void>((resolve, reject) => {
          const timer = setInterval(() => {
            if (Date.now() - session.lastMessageAt > DRAIN_SILENCE_MS) reject(new Error(`the drain of ${clientId} went silent`));
            if (!session.client.connected) reject(new Error(`the drain of ${clientId} lost its connection`));
          }, 500);
          marker.then(resolve, reject).finally(() => clearInterval(timer));
        });
        await session.window.settled();
      }
      // Session expiry 0: the broker forgets the session and its subscriptions now.
      await session.client.endAsync(false, { reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
      await slots.repository.remove({ clientId, holder: slots.holder });
      drained += 1;
      events.drained?.({
        session: clientId,
        messages: Math.max(0, session.received - 1),
        sessionPresent: connack.sessionPresent,
      });
    } catch (error) {
      onError(error);
      session.client.end(true);
      // Another try later, by this process or another: what was stored and not acknowledged comes again, stored once.
      await slots.repository.release({ clientId, holder: slots.holder }).catch(onError);
    }
  };

  const lookForOrphans = async () => {
    if (!slots || draining || isClosing || !serving?.subscribed) return;
    draining = true;
    try {
      for (;;) {
        const orphan = await slots.repository.claimOrphan({ group: shareGroup, holder: slots.holder, leaseMs: slots.leaseMs });
        if (!orphan || isClosing) break;
        const renewal = setInterval(() => {
          slots.repository.renew({ clientId: orphan, holder: slots.holder, leaseMs: slots.leaseMs }).catch(onError);
        }, renewEveryMs(slots.leaseMs));
        try {
          await drain(orphan);
        } finally {
          clearInterval(renewal);
        }
      }
    } catch (error) {
      onError(error);
    } finally {
      draining = false;
    }
  };

  const renewLease = async () => {
    const session = serving;
    if (!slots || !session || isClosing) return;
    try {
      const isHeld = await slots.repository.renew({ clientId: session.clientId, holder: slots.holder, leaseMs: slots.leaseMs });
      if (!isHeld && serving === session) await switchSession('its lease was taken by another process');
    } catch (error) {
      onError(error);
    }
  };

  const status = (): BusStatus => ({
    transport: 'mqtt',
    connected: serving?.client.connected ?? false,
    subscribed: serving?.subscribed ?? false,
    ...(serving ? { session: serving.clientId } : {}),
    ...(probe.last ? { lastProbe: probe.last } : {}),
    ...(probe.pendingSince ? { probePendingSince: probe.pendingSince } : {}),
    drained,
  });

  const add = async (entry: Entry) => {
    entries.push(entry);
    if (started && serving?.subscribed) await serving.client.subscribeAsync(entry.brokerFilter, { qos: 1 });
  };

  return {
    isConnected: () => serving?.client.connected ?? false,
    status,
    publish: async (topic, message, publishOptions = {}) => {
      const body = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
      if (!serving) throw new Error('not connected to the broker');
      await serving.client.publishAsync(topic, body, { qos: publishOptions.qos ?? 1, retain: publishOptions.retain ?? false });
    },
    subscribe: async (filter, handler, subscribeOptions = {}) => {
      await add({ filter, handler, brokerFilter: brokerFilter(filter, shareGroup, subscribeOptions.shared ?? false) });
    },
    subscribeBatch: async (filter, batch, subscribeOptions = {}) => {
      await add({ filter, batch, brokerFilter: brokerFilter(filter, shareGroup, subscribeOptions.shared ?? false) });
    },
    start: () => {
      started ??= (async () => {
        const clientId = await claimClientId();
        // Resolves once subscribed, or at once when the broker does not answer (it connects meanwhile).
        const subscribedOnce = new Promise<void>((resolve) => {
          firstSubscription = resolve;
        });
        serve(clientId);
        const firstClose = new Promise<void>((resolve) => serving?.client.once('close', () => resolve()));
        await Promise.race([subscribedOnce, firstClose]);
        firstSubscription = undefined;
        if (slots) {
          timers.push(setInterval(() => void renewLease(), renewEveryMs(slots.leaseMs)));
          timers.push(setInterval(() => void lookForOrphans(), Math.max(250, Math.floor(slots.leaseMs / 2))));
          void lookForOrphans();
        }
        if (probeIntervalMs > 0) timers.push(setInterval(sendProbe, probeIntervalMs));
      })();
      return started;
    },
    isClosing: () => isClosing,
    close: async () => {
      isClosing = true;
      for (const timer of timers) clearInterval(timer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const session = serving;
      if (!session) return;
      // The window being stored is acknowledged before the connection ends (what is not yet stored comes again).
      await session.window.settled();
      await session.client.endAsync();
      // The session stays at the broker (reads published meanwhile wait in it); any process may take it at once.
      if (slots) await slots.repository.release({ clientId: session.clientId, holder: slots.holder }).catch(onError);
    },
  };
};
