import type { IConnackPacket } from 'mqtt';
import type { CollectorLeaseRepository } from './collector-lease.repository.js';
import type { BusEvents } from './events.js';
import { type MqttConnection, subscribeFilters } from './mqtt-client.js';

type Collector = MqttConnection & { subscribed: boolean; unsubscribedSince: number };

type CollectorOptions = {
  collectorId: string;
  lease?: { repository: CollectorLeaseRepository; holder: string; leaseMs: number };
  events: BusEvents;
  reconnectMs: number;
  onError: (error: unknown) => void;
  /** Opens the collector's connection (the group's session, or a session of its own). */
  open: () => MqttConnection;
  /** The filters the collector subscribes. */
  filters: () => string[];
  isClosing: () => boolean;
  /** This process reaches the broker (its link is connected). */
  isLinkConnected: () => boolean;
};

/** Ends a collector's connection: what is stored is acknowledged first; what is not comes again to the next holder. */
const endCollecting = async (
  current: Collector,
  reason: string,
  release: boolean,
  { events, collectorId, lease, onError }: CollectorOptions,
) => {
  if (current.subscribed) events.unsubscribed?.({ session: collectorId, reason });
  await current.window.settled();
  await current.client.endAsync(!current.client.connected).catch(onError);
  if (release && lease) await lease.repository.release({ clientId: collectorId, holder: lease.holder }).catch(onError);
};

/**
 * The collector of an MQTT bus: the connection of the group's session, held by one process at a time under a lease
 * (docs/adr/0006-reader-hand-off.md). It subscribes on every connection, reconnects while the lease is this process's,
 * and hands the session over (what is stored acknowledged first) when the lease is lost or the broker out of reach.
 */
export const createCollectorHold = (options: CollectorOptions) => {
  const { collectorId, lease, events, onError } = options;
  let collector: Collector | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** A holder that gave the session up (it could not reach the broker) waits this long before taking it again. */
  let coolDownUntil = 0;
  let firstSubscription: (() => void) | undefined;

  const collect = () => {
    const current: Collector = { ...options.open(), subscribed: false, unsubscribedSince: Date.now() };
    collector = current;
    current.client.on('connect', (connack: IConnackPacket) => {
      subscribeFilters(current.client, options.filters()).then(
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
        events.unsubscribed?.({ session: collectorId, reason: options.isClosing() ? 'closing' : 'connection closed' });
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
    await endCollecting(current, reason, release, options);
  };

  const renew = async (held: NonNullable<typeof lease>) =>
    held.repository.renew({ clientId: collectorId, holder: held.holder, leaseMs: held.leaseMs });

  const scheduleReconnect = (current: Collector) => {
    if (options.isClosing() || reconnectTimer || collector !== current) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (options.isClosing() || collector !== current) return;
      try {
        // Connect again only while the lease is this process's: else the broker would hand the session back and forth.
        if (lease && !(await renew(lease))) {
          await handOver('its lease was taken by another process');
          return;
        }
        if (!current.client.connected) current.client.reconnect();
      } catch (error) {
        // The database is away: connect again only once the lease is known to be ours.
        onError(error);
        scheduleReconnect(current);
      }
    }, options.reconnectMs);
  };

  /** The lease's rhythm: renew it while collecting; give it up when the broker cannot be reached; take it when free. */
  const tendLease = async () => {
    if (!lease || options.isClosing()) return;
    try {
      const current = collector;
      if (current) {
        if (!current.subscribed && Date.now() - current.unsubscribedSince > lease.leaseMs) {
          // This process cannot reach the broker (another may): give the session up for a while.
          coolDownUntil = Date.now() + 2 * lease.leaseMs;
          await handOver(`not connected to the broker for ${Math.round(lease.leaseMs / 1000)} s`, { release: true });
          return;
        }
        const isHeld = await renew(lease);
        if (!isHeld && collector === current) await handOver('its lease was taken by another process');
        return;
      }
      // Standing by: take the session when it is free, while this process reaches the broker itself.
      if (Date.now() < coolDownUntil || !options.isLinkConnected()) return;
      if (await lease.repository.take({ clientId: collectorId, holder: lease.holder, leaseMs: lease.leaseMs })) collect();
    } catch (error) {
      onError(error);
    }
  };

  /** Tests and tools (no lease): collects at once as its own session; resolves once subscribed or first closed. */
  const collectOnce = async () => {
    const subscribedOnce = new Promise<void>((resolve) => {
      firstSubscription = resolve;
    });
    collect();
    const firstClose = new Promise<void>((resolve) => collector?.client.once('close', () => resolve()));
    await Promise.race([subscribedOnce, firstClose]);
    firstSubscription = undefined;
  };

  return {
    current: () => collector,
    collectOnce,
    tendLease,
    handOver,
    /** No reconnection any more (the bus is closing). */
    stopReconnecting: () => {
      if (reconnectTimer) clearTimeout(reconnectTimer);
    },
  };
};
