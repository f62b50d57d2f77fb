import { randomBytes } from 'node:crypto';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import { type BusStatus, createNoBus, DEFAULT_SHARE_GROUP, type ReaderBus } from './bus.js';
import { type Entry, matchEntries, runHandlers, subscribeMethods } from './entries.js';
import type { BusEvents } from './events.js';
import { createProbe } from './probe.js';
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

const withHeartbeat = (raw: string, heartbeatSeconds: number) => {
  const parsed = new URL(raw);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(heartbeatSeconds));
  return parsed.toString();
};

type Deliver = (ch: Channel, message: ConsumeMessage | null) => void;

/** Declares, binds and consumes a queue per filter (durable quorum queues for the shared ones), and the probe's. */
const consumeQueues = async (
  ch: ConfirmChannel,
  {
    entries,
    exchange,
    shareGroup,
    probeKey,
  }: { entries: readonly Entry[]; exchange: string; shareGroup: string; probeKey?: string },
  deliver: Deliver,
) => {
  const consumers: Promise<unknown>[] = [];
  const consume = async (queue: string, key: string) => {
    await ch.bindQueue(queue, exchange, key);
    consumers.push(ch.consume(queue, (message) => deliver(ch, message), { noAck: false }));
  };
  for (const entry of entries) {
    const key = toRoutingKey(entry.filter);
    if (entry.shared) {
      const queue = `${shareGroup}:${entry.filter}`;
      await ch.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await consume(queue, key);
    } else {
      const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
      await consume(queue, key);
    }
  }
  if (probeKey !== undefined) {
    const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
    await consume(queue, probeKey);
  }
  await Promise.all(consumers);
};

type Window = ReturnType<typeof createWindow<{ message: ConsumeMessage; channel: Channel }>>;

/** A consumer's deliveries: the probe's, a batch handler's (to its window), or a handler's, acknowledged after it. */
const deliveryHandler =
  ({
    entries,
    probeKey,
    probe,
    window,
    onError,
    isCurrent,
    reconnect,
  }: {
    entries: readonly Entry[];
    probeKey: string;
    probe: ReturnType<typeof createProbe>;
    window: Window;
    onError: (error: unknown) => void;
    isCurrent: (ch: Channel) => boolean;
    reconnect: () => void;
  }): Deliver =>
  (ch, message) => {
    // null: the broker cancelled the consumer (its queue was deleted): connect again, which declares it again.
    if (!message) {
      onError(new Error('the broker cancelled a consumer'));
      reconnect();
      return;
    }
    const topic = toTopic(message.fields.routingKey);
    if (message.fields.routingKey === probeKey) {
      probe.received();
      ch.ack(message);
      return;
    }
    const { matching, batched } = matchEntries(entries, topic);
    if (batched?.batch) {
      window.push(batched.batch, { topic, payload: message.content }, { message, channel: ch });
      return;
    }
    runHandlers(matching, topic, message.content).then(
      () => {
        if (isCurrent(ch)) ch.ack(message);
      },
      (error: unknown) => {
        // Not acknowledged: it goes back to the queue when this channel ends.
        onError(error);
      },
    );
  };

/** A confirm channel of `model` with its prefetch; a channel the broker closes closes the connection (see below). */
const openChannel = async (
  model: ChannelModel,
  prefetch: number,
  {
    isCurrent,
    isClosing,
    onError,
  }: { isCurrent: (ch: Channel) => boolean; isClosing: () => boolean; onError: (error: unknown) => void },
) => {
  const ch = await model.createConfirmChannel();
  ch.on('error', onError);
  // A channel the broker closed (an error of its own, a refused acknowledgement) while the connection stays: nothing
  // would arrive any more, so the whole connection is opened again (and with it the consumers).
  ch.on('close', () => {
    if (isCurrent(ch) && !isClosing()) void model.close().catch(() => {});
  });
  await ch.prefetch(prefetch);
  return ch;
};

/** Runs `attempt` `ms` after `schedule` (one pending at a time, none once closing), and again after each failure. */
const retrier = (ms: number, isClosing: () => boolean, attempt: () => Promise<void>, onFailure: (error: unknown) => void) => {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (isClosing() || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (isClosing()) return;
      attempt().catch((error: unknown) => {
        onFailure(error);
        schedule();
      });
    }, ms);
  };
  return {
    schedule,
    cancel: () => {
      if (timer) clearTimeout(timer);
    },
  };
};

/** Publishes to the exchange (persistent unless QoS 0) and waits for the broker's confirmation. */
const publishConfirmed = async (ch: ConfirmChannel, exchange: string, topic: string, message: unknown, qos: number) => {
  const body = Buffer.from(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
  ch.publish(exchange, toRoutingKey(topic), body, { persistent: qos > 0 });
  await ch.waitForConfirms();
};

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
  const probe = createProbe();
  const timers: NodeJS.Timeout[] = [];

  const window = createWindow<{ message: ConsumeMessage; channel: Channel }>({
    isLive: (delivery) => delivery.channel === channel,
    acknowledge: (delivery) => delivery.channel.ack(delivery.message),
    onError,
  });

  const dropConnection = () => void connection?.close().catch(() => {});
  // A consumer the broker cancelled: connect again (dropConnection), which declares its queue again.
  const isCurrent = (ch: Channel) => ch === channel;
  const onDelivery = deliveryHandler({ entries, probeKey, probe, window, onError, isCurrent, reconnect: dropConnection });

  const connect = async () => {
    const model = await amqp.connect(withHeartbeat(url, heartbeatSeconds));
    connection = model;
    model.on('error', onError);
    model.on('close', () => {
      if (connection !== model) return;
      channel = undefined;
      if (subscribed) events.unsubscribed?.({ session: shareGroup, reason: isClosing ? 'closing' : 'connection closed' });
      subscribed = false;
      scheduleReconnect();
    });
    const ch = await openChannel(model, prefetch, { isCurrent, isClosing: () => isClosing, onError });
    // The live channel before the first consume: a queue that holds messages delivers them at once, and a window checks
    // its deliveries' channel (set after the consumers, the first window of a full queue was dropped unacknowledged).
    channel = ch;
    await consumeQueues(ch, { entries, exchange, shareGroup, ...(probeIntervalMs > 0 ? { probeKey } : {}) }, onDelivery);
    subscribed = true;
    events.subscribed?.({ session: shareGroup });
    probe.reset();
    sendProbe();
  };

  const onConnectFailed = (error: unknown) => {
    onError(error);
    dropConnection();
    connection = undefined;
  };
  const reconnection = retrier(reconnectMs, () => isClosing, connect, onConnectFailed);
  const scheduleReconnect = reconnection.schedule;

  const sendProbe = () => {
    if (probeIntervalMs <= 0 || !channel || !subscribed || !probe.begin()) return;
    channel.publish(exchange, probeKey, Buffer.from(instance));
  };

  const status = (): BusStatus => ({
    transport: 'amqp',
    connected: channel !== undefined,
    subscribed,
    role: 'consumer',
    session: shareGroup,
    ...probe.status(),
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
      const ch = channel;
      if (!ch) throw new Error('not connected to the broker');
      await publishConfirmed(ch, exchange, topic, message, publishOptions.qos ?? 1);
    },
    ...subscribeMethods(add),
    start: () => {
      const startProbing = () => {
        if (probeIntervalMs > 0) timers.push(setInterval(sendProbe, probeIntervalMs));
      };
      started ??= connect().then(startProbing, (error: unknown) => {
        // A broker that is down at start-up does not stop the server: it connects meanwhile.
        onError(error);
        startProbing();
        scheduleReconnect();
      });
      return started;
    },
    isClosing: () => isClosing,
    close: async () => {
      isClosing = true;
      for (const timer of timers) clearInterval(timer);
      reconnection.cancel();
      await window.settled();
      await connection?.close().catch(() => {});
    },
  };
};
