/**
 * Group commit: writes submitted one at a time by concurrent callers (HTTP requests, MQTT windows) are committed
 * together, one transaction for a batch, and each caller's promise settles only after the commit that holds its item
 * (or with its own error). The same batching serves reads that concurrent requests each make (one query for the
 * batch, e.g. the readers' key lookups): each is still made after its request arrived.
 *
 * - Natural batching, no delay timer: when a commit slot is free, a batch starts at the end of the current turn of
 *   the event loop (setImmediate: the requests parsed in that turn join it); while every slot commits, what arrives
 *   waits and becomes the next batch as soon as one ends. An idle process adds no latency; a busy one commits bigger
 *   batches.
 * - `concurrency` slots (1 unless told): with more than one, a batch does not wait for the one committing before it
 *   (PostgreSQL: its own pooled connection; the waits on the network and on the WAL's flush overlap). Each caller is
 *   still answered after its own batch's commit.
 * - Bounded: at most `maxBatch` items a batch (the rest make the next one).
 * - One order: a batch is sorted with `order` before it is committed (e.g. by reader id), so two processes' batches
 *   take their locks in the same order.
 * - Failure isolation: when a batch's commit throws (bad data, a constraint), each of its items is committed again
 *   alone, in turn, and gets its own result or its own error: one bad item never fails the others.
 */
export type GroupCommit<I, R> = {
  /** Queues `item`; resolves with its result once the transaction that holds it has committed. */
  submit: (item: I) => Promise<R>;
  /** Resolves once everything submitted so far is settled. */
  drain: () => Promise<void>;
};

export type GroupCommitOptions<I, R> = {
  /** Commits the items in one transaction; answers one result an item, in the order given. */
  commit: (items: I[]) => Promise<R[]>;
  /** The most items in a batch. */
  maxBatch?: number;
  /** The order the items of a batch are committed in. */
  order?: (a: I, b: I) => number;
  /** The most batches committing at once (default 1: one after the other). */
  concurrency?: number;
  /**
   * How long a batch gathers items before it commits (default 0: until the end of the event loop's turn). Where a
   * commit's cost is mostly its own (PGlite: one statement runs in this process, whatever its size), a millisecond or
   * two lets the requests of that time join it.
   */
  collectMs?: number;
};

const DEFAULT_MAX_BATCH = 500;

type Waiting<I, R> = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void };

export const createGroupCommit = <I, R>({
  commit,
  maxBatch = DEFAULT_MAX_BATCH,
  order,
  concurrency = 1,
  collectMs = 0,
}: GroupCommitOptions<I, R>): GroupCommit<I, R> => {
  const queue: Waiting<I, R>[] = [];

  const commitBatch = async (batch: Waiting<I, R>[]): Promise<void> => {
    const sorted = order ? [...batch].sort((a, b) => order(a.item, b.item)) : batch;
    let results: R[];
    try {
      results = await commit(sorted.map((w) => w.item));
      if (results.length !== sorted.length) throw new Error(`group commit: ${results.length} results for ${sorted.length} items`);
    } catch (error) {
      if (sorted.length === 1) {
        sorted[0]?.reject(error);
        return;
      }
      // Which item failed is not known: each is committed again alone and answered with its own outcome.
      for (const waiting of sorted) {
        try {
          const [result] = await commit([waiting.item]);
          // One item, one result (checked above for a batch; an empty answer is the commit's own bug).
          waiting.resolve(result as R);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
      return;
    }
    for (const [index, waiting] of sorted.entries()) waiting.resolve(results[index] as R);
  };

  let active = 0;
  let isScheduled = false;
  const running = new Set<Promise<void>>();

  /** Starts batches while a slot is free and items wait. */
  const pump = () => {
    while (active < concurrency && queue.length > 0) {
      active += 1;
      const batch = commitBatch(queue.splice(0, maxBatch)).finally(() => {
        active -= 1;
        running.delete(batch);
        // What arrived while the slots were busy: the next batch at once (or once it has gathered for collectMs).
        if (collectMs > 0) start();
        else pump();
      });
      running.add(batch);
    }
  };

  const start = () => {
    if (isScheduled || active >= concurrency) return;
    isScheduled = true;
    // The end of this turn of the event loop (or collectMs): what was submitted meanwhile joins the batch.
    const go = () => {
      isScheduled = false;
      pump();
    };
    if (collectMs > 0) setTimeout(go, collectMs);
    else setImmediate(go);
  };

  return {
    submit: (item) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        start();
      }),
    drain: async () => {
      while (isScheduled || running.size > 0 || queue.length > 0) {
        if (running.size > 0) await Promise.allSettled([...running]);
        else await new Promise<void>((resolve) => setTimeout(resolve, collectMs));
      }
    },
  };
};
