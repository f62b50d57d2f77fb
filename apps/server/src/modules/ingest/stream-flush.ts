import type { Engine } from '../engine/engine.js';
import type { IngestRepository } from './ingest.repository.js';
import { createIngestRepository } from './ingest.repository.js';
import { type DeviceDirectory, deterministicUuid, ingestSet, StaleStreamFlushError } from './ingest.service.js';
import { groupByIdleGap } from './stream.js';

/** The flushes of the stream grouper (stream-grouper.ts): staged reads into reading sets, and their timing. */

const FLUSH_BATCH = 50_000;
/** A flush that lost a race with another process's starts again from what is staged; a few times at most. */
const STALE_RETRIES = 20;

/** The last group of staged reads: kept staged always (a reader that never pauses), while it is arriving, or never. */
export type KeepTail = 'always' | 'if-arriving' | 'never';

export type FlushContext = {
  engine: Engine;
  devices: DeviceDirectory;
  repo: IngestRepository;
  gapMs: number;
  maxEpcs: number;
};

/** One pass over the staged reads; throws StaleStreamFlushError when another flush took some of them. */
const flushPass = async (ctx: FlushContext, deviceId: number, keepTail: KeepTail, onStored: () => void): Promise<void> => {
  const { engine, devices, repo, gapMs, maxEpcs } = ctx;
  const device = await devices.byId(deviceId);
  for (;;) {
    const rows = await repo.stagedReads(deviceId, FLUSH_BATCH);
    if (rows.length === 0) break;
    if (!device) {
      // The reader was deleted: its staged reads cannot belong to any set.
      await repo.deleteStaged(rows.map((r) => r.id));
      continue;
    }
    const traced = rows.filter((r) => r.isTraced).map((r) => r.id);
    const groups = groupByIdleGap(
      rows.filter((r) => !r.isTraced),
      { gapMs, maxEpcs },
    );
    const hasMore = rows.length === FLUSH_BATCH;
    // While the reader still streams, its last group may still grow: leave it staged.
    const isArriving = keepTail === 'if-arriving' && !hasMore && ((await repo.quietMs(deviceId)) ?? gapMs) < gapMs;
    if ((keepTail === 'always' || isArriving) && groups.length > 0) groups.pop();
    if (groups.length === 0) {
      await repo.deleteStaged(traced);
      break;
    }
    for (const [index, group] of groups.entries()) {
      const first = group[0] as (typeof group)[number];
      const last = group[group.length - 1] as (typeof group)[number];
      const ids = group.map((r) => r.id);
      if (index === 0) ids.push(...traced);
      await ingestSet(
        engine,
        device,
        {
          // Named by its first staged row (unique for ever): a regrouping after a lost race or a crash cannot collide.
          id: deterministicUuid(`stream:${device.id}:${first.id}`),
          startTime: first.time,
          endTime: last.time,
          codebar: null,
          reads: group.map(({ epc, time, antenna, rssi }) => ({ epc, time, antenna, rssi })),
        },
        async (tx) => {
          const txRepo = createIngestRepository(tx);
          await txRepo.lockStreamOf(device.id);
          const taken = await txRepo.takeStaged(ids);
          if (taken !== ids.length) throw new StaleStreamFlushError(`${ids.length - taken} staged reads already taken`);
        },
      );
      onStored();
    }
    if (!hasMore || keepTail === 'always') break;
  }
};

/** Turns a reader's staged reads into sets, again from what is staged after a lost race; answers how many were stored. */
export const flushStaged = async (ctx: FlushContext, deviceId: number, keepTail: KeepTail): Promise<number> => {
  let stored = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      await flushPass(ctx, deviceId, keepTail, () => {
        stored += 1;
      });
      return stored;
    } catch (error) {
      if (!(error instanceof StaleStreamFlushError) || attempt >= STALE_RETRIES) throw error;
      // Another process stored some of these reads: start again from what is still staged.
    }
  }
};

/** One piece of work at a time per reader in this process; `chains` holds the readers with work under way. */
export const createSerializer = () => {
  const chains = new Map<number, Promise<unknown>>();
  const serialize = <T>(deviceId: number, work: () => Promise<T>): Promise<T> => {
    const previous = chains.get(deviceId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    chains.set(deviceId, settled);
    void settled.then(() => {
      if (chains.get(deviceId) === settled) chains.delete(deviceId);
    });
    return next;
  };
  return { serialize, chains: chains as ReadonlyMap<number, Promise<unknown>> };
};

/** Timers by reader, each firing once staging has been quiet for a while. */
export const createQuietTimers = () => {
  const timers = new Map<number, NodeJS.Timeout>();
  return {
    has: (deviceId: number) => timers.has(deviceId),
    cancel: (deviceId: number) => {
      clearTimeout(timers.get(deviceId));
      timers.delete(deviceId);
    },
    /** Runs `run` once nothing was staged for `quietMs` (the last staging at `lastAt()`), looking again until then. */
    afterQuiet: (deviceId: number, quietMs: number, lastAt: () => number, run: (deviceId: number) => void) => {
      const wait = (delay: number) => {
        const timer = setTimeout(() => {
          const quiet = Date.now() - lastAt();
          if (quiet < quietMs) wait(quietMs - quiet);
          else run(deviceId);
        }, delay);
        timer.unref();
        timers.set(deviceId, timer);
      };
      wait(quietMs);
    },
    clear: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
};
