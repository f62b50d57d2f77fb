import type { BusBatchHandler, BusMessage } from './bus.js';

/** Messages a batch handler gets at the most in one call. */
export const MAX_BATCH = 1_000;

/**
 * The messages of `subscribeBatch` not stored yet, in arrival order, whatever the transport: each is stored by its
 * handler in windows of up to MAX_BATCH, then acknowledged, and only if its delivery is still live (an MQTT PUBACK
 * goes only on the connection the message came on, an AMQP ack only on its channel: after a reconnect the broker
 * sends it again). A window whose store throws is not acknowledged: the broker delivers it again after the next
 * connection.
 */
export const createWindow = <D>({
  isLive,
  acknowledge,
  onError,
}: {
  isLive: (delivery: D) => boolean;
  acknowledge: (delivery: D) => void;
  onError: (error: unknown) => void;
}) => {
  type Item = { batch: BusBatchHandler; message: BusMessage; delivery: D };
  const items: Item[] = [];
  let flushing: Promise<void> | undefined;
  const store = async (): Promise<void> => {
    while (items.length > 0) {
      const live = items.splice(0, MAX_BATCH).filter((item) => isLive(item.delivery));
      // One call per handler, in arrival order within it.
      const byHandler = new Map<BusBatchHandler, BusMessage[]>();
      for (const item of live) {
        const messages = byHandler.get(item.batch) ?? [];
        messages.push(item.message);
        byHandler.set(item.batch, messages);
      }
      try {
        for (const [batch, messages] of byHandler) await batch(messages);
      } catch (error) {
        onError(error);
        continue;
      }
      for (const item of live) if (isLive(item.delivery)) acknowledge(item.delivery);
    }
  };
  const flushSoon = () => {
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(store).finally(() => {
      flushing = undefined;
      if (items.length > 0) flushSoon();
    });
  };
  return {
    push: (batch: BusBatchHandler, message: BusMessage, delivery: D) => {
      message.receivedAt ??= Date.now();
      items.push({ batch, message, delivery });
      flushSoon();
    },
    /** Resolves once every message pushed so far is stored and acknowledged (or its store failed). */
    settled: async (): Promise<void> => {
      while (flushing) await flushing.catch(() => {});
    },
  };
};
