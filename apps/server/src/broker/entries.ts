import type { BusBatchHandler, BusMessageHandler, ReaderBus } from './bus.js';
import { topicMatches } from './bus.js';

/** A subscription of a bus: a filter with its handler (one message at a time) or its batch handler (a window). */
export type Entry = { filter: string; shared: boolean } & (
  | { handler: BusMessageHandler; batch?: undefined }
  | { batch: BusBatchHandler; handler?: undefined }
);

/** The entries whose filter matches `topic` (among those `takes` selects), and the first of them with a batch handler. */
export const matchEntries = (entries: readonly Entry[], topic: string, takes: (entry: Entry) => boolean = () => true) => {
  const matching = entries.filter((entry) => takes(entry) && topicMatches(entry.filter, topic));
  return { matching, batched: matching.find((entry) => entry.batch !== undefined) };
};

/** Runs the message handlers of `matching` in order, each after the previous one has finished. */
export const runHandlers = async (matching: readonly Entry[], topic: string, payload: Buffer): Promise<void> => {
  for (const { handler } of matching) await handler?.(topic, payload);
};

/** A bus's `subscribe` and `subscribeBatch`: each adds an entry (not shared unless asked). */
export const subscribeMethods = (add: (entry: Entry) => Promise<void>): Pick<ReaderBus, 'subscribe' | 'subscribeBatch'> => ({
  subscribe: async (filter, handler, subscribeOptions = {}) => {
    await add({ filter, handler, shared: subscribeOptions.shared ?? false });
  },
  subscribeBatch: async (filter, batch, subscribeOptions = {}) => {
    await add({ filter, batch, shared: subscribeOptions.shared ?? false });
  },
});
