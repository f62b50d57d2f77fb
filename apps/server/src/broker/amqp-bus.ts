import { randomBytes } from 'node:crypto';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
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
import { createWindow } from './window.js';

export type AmqpBusOptions = {
  events?: BusEvents;
  /** The queues' prefix: `<group>:<filter>`, one durable quorum queue per shared filter, consumed by every process. */
  shareGroup?: string;
  /** The topic exchange the broker's MQTT plugin publishes the readers' messages to (RabbitMQ: `amq.topic`). */
  exchange?: string;
  /** Messages a process may hold unacknowledged (the window of `subscribeBatch`). */
  prefetch?: number;
  /** AMQP heartbeat: a stopped or cut-off process's messages go back to the queue after about two of them. */
  heartbeatSeconds?: number;
  reconnectMs?: number;
  probeIntervalMs?: number;
};

/**
 * MQTT topic ↔ AMQP routing key, as RabbitMQ's MQTT plugin maps them: `/` and `.` swap, `+` is `*` (`#` is `#`).
 */
export const toRoutingKey = (topic: string): string =>
  [...topic].map((c) => (c === '/' ? '.' : c === '.' ? '/' : c === '+' ? '*' : c)).join('');
export const toTopic = (routingKey: string): string =>
  [...routingKey].map((c) => (c === '.' ? '/' : c === '/' ? '.' : c)).join('');

type Entry = { filter: string; shared: boolean } & (
  | { handler: BusMessageHandler; batch?: undefined }
  | { batch: BusBatchHandler; handler?: undefined }
);

/**
 * The readers' broker over AMQP 0-9-1 (RabbitMQ; docs/adr/0006-reader-hand-off.md). The readers publish MQTT to the
 * broker's MQTT plugin, which puts each message on the topic exchange; each shared filter is one durable quorum queue
 * bound to it, consumed by every server process: any live process takes the next message, a message is acknowledged
 * after its commit, a dead or cut-off process's unacknowledged messages go back to the queue, and messages published
 * while every process is down wait in it. A filter that is not shared is a queue of this process's own.
 */
export const createAmqpBus = async (url: string | undefined, options: AmqpBusOptions = {}): Promise<ReaderBus> => {
  if (!url) return createNoBus();
  const {
    events = {},
    shareGroup = DEFAULT_SHARE_GROUP,
    exchange = 'amq.topic',
    prefetch = 2_000,
    heartbeatSeconds = 10,
    reconnectMs = 1_000,
    probeIntervalMs = 0,
  } = options;
  const onError = (error: unknown) => events.error?.(error);
  const instance = randomBytes(6).toString('hex');
  const probeKey = toRoutingKey(`${shareGroup}/probe/${instance}`);
  const entries: Entry[] = [];
  let isClosing = false;
  let started: Promise<void> | undefined;
  let connection: ChannelModel | undefined;
  let channel: ConfirmChannel | undefined;
  let subscribed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let probe: { pendingSince?: Date; last?: { at: Date; roundTripMs: number } } = {};
  const timers: NodeJS.Timeout[] = [];

  const window = createWindow<{ message: ConsumeMessage; channel: Channel }>({
    isLive: (delivery) => delivery.channel === channel,
    acknowledge: (delivery) => delivery.channel.ack(delivery.message),
    onError,
  });

  const queueName = (entry: Entry) => `${shareGroup}:${entry.filter}`;
  const withHeartbeat = (raw: string) => {
    const parsed = new URL(raw);
    if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(heartbeatSeconds));
    return parsed.toString();
  };

  const onDelivery = (ch: Channel, message: ConsumeMessage | null) => {
    // null: the broker cancelled the consumer (its queue was deleted): connect again, which declares it again.
    if (!message) {
      onError(new Error('the broker cancelled a consumer'));
      void connection?.close().catch(() => {});
      return;
    }
    const topic = toTopic(message.fields.routingKey);
    if (message.fields.routingKey === probeKey) {
      if (probe.pendingSince) probe = { last: { at: new Date(), roundTripMs: Date.now() - probe.pendingSince.getTime() } };
      ch.ack(message);
      return;
    }
    const matching = entries.filter(({ filter }) => topicMatches(filter, topic));
    const batched = matching.find((entry) => entry.batch !== undefined);
    if (batched?.batch) {
      window.push(batched.batch, { topic, payload: message.content }, { message, channel: ch });
      return;
    }
    const run = async () => {
      for (const { handler } of matching) await handler?.(topic, message.content);
    };
    run().then(
      () => {
        if (ch === channel) ch.ack(message);
      },
      (error: unknown) => {
        // Not acknowledged: it goes back to the queue when this channel ends.
        onError(error);
      },
    );
  };

  const connect = async () => {
    const model = await amqp.connect(withHeartbeat(url));
    connection = model;
    model.on('error', onError);
    model.on('close', () => {
      if (connection !== model) return;
      channel = undefined;
      if (subscribed) events.unsubscribed?.({ session: shareGroup, reason: isClosing ? 'closing' : 'connection closed' });
      subscribed = false;
      scheduleReconnect();
    });
    const ch = await model.createConfirmChannel();
    ch.on('error', onError);
    // A channel the broker closed (an error of its own, a refused acknowledgement) while the connection stays: nothing
    // would arrive any more, so the whole connection is opened again (and with it the consumers).
    ch.on('close', () => {
      if (channel === ch && !isClosing) void model.close().catch(() => {});
    });
    await ch.prefetch(prefetch);
    // The live channel before the first consume: a queue that holds messages delivers them at once, and a window checks
    // its deliveries' channel (set after the consumers, the first window of a full queue was dropped unacknowledged).
    channel = ch;
    const consumers: Promise<unknown>[] = [];
    for (const entry of entries) {
      const key = toRoutingKey(entry.filter);
      if (entry.shared) {
        const queue = queueName(entry);
        await ch.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
        await ch.bindQueue(queue, exchange, key);
        consumers.push(ch.consume(queue, (message) => onDelivery(ch, message), { noAck: false }));
      } else {
        const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
        await ch.bindQueue(queue, exchange, key);
        consumers.push(ch.consume(queue, (message) => onDelivery(ch, message), { noAck: false }));
      }
    }
    if (probeIntervalMs > 0) {
      const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
      await ch.bindQueue(queue, exchange, probeKey);
      consumers.push(ch.consume(queue, (message) => onDelivery(ch, message), { noAck: false }));
    }
    await Promise.all(consumers);
    subscribed = true;
    events.subscribed?.({ session: shareGroup });
    probe = { ...(probe.last ? { last: probe.last } : {}) };
    sendProbe();
  };

  const scheduleReconnect = () => {
    if (isClosing || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (isClosing) return;
      connect().catch((error: unknown) => {
        onError(error);
        void connection?.close().catch(() => {});
        connection = undefined;
        scheduleReconnect();
      });
    }, reconnectMs);
  };

  const sendProbe = () => {
    if (probeIntervalMs <= 0 || !channel || !subscribed || probe.pendingSince) return;
    probe = { ...probe, pendingSince: new Date() };
    channel.publish(exchange, probeKey, Buffer.from(instance));
  };

  const status = (): BusStatus => ({
    transport: 'amqp',
    connected: channel !== undefined,
    subscribed,
    role: 'consumer',
    session: shareGroup,
    ...(probe.last ? { lastProbe: probe.last } : {}),
    ...(probe.pendingSince ? { probePendingSince: probe.pendingSince } : {}),
  });

  const add = async (entry: Entry) => {
    entries.push(entry);
    // A filter added after the start: connect again, which declares and consumes every filter.
    if (started && connection) await connection.close().catch(() => {});
  };

  return {
    isConnected: () => channel !== undefined,
    status,
    publish: async (topic, message, publishOptions = {}) => {
      const body = Buffer.from(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
      const ch = channel;
      if (!ch) throw new Error('not connected to the broker');
      ch.publish(exchange, toRoutingKey(topic), body, { persistent: (publishOptions.qos ?? 1) > 0 });
      await ch.waitForConfirms();
    },
    subscribe: async (filter, handler, subscribeOptions = {}) => {
      await add({ filter, handler, shared: subscribeOptions.shared ?? false });
    },
    subscribeBatch: async (filter, batch, subscribeOptions = {}) => {
      await add({ filter, batch, shared: subscribeOptions.shared ?? false });
    },
    start: () => {
      started ??= connect().then(
        () => {
          if (probeIntervalMs > 0) timers.push(setInterval(sendProbe, probeIntervalMs));
        },
        (error: unknown) => {
          // A broker that is down at start-up does not stop the server: it connects meanwhile.
          onError(error);
          if (probeIntervalMs > 0) timers.push(setInterval(sendProbe, probeIntervalMs));
          scheduleReconnect();
        },
      );
      return started;
    },
    isClosing: () => isClosing,
    close: async () => {
      isClosing = true;
      for (const timer of timers) clearInterval(timer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await window.settled();
      await connection?.close().catch(() => {});
    },
  };
};
