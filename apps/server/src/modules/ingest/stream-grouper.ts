import { MAX_SET_EPCS } from '@rfid/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createGroupCommit } from '../../lib/group-commit.js';
import { countStaged, observeStageBatch } from '../../plugins/metrics.js';
import type { Engine } from '../engine/engine.js';
import {
  createIngestRepository,
  type IngestDevice,
  type IngestRepository,
  type SetRead,
  type StagedStream,
} from './ingest.repository.js';
import type { DeviceDirectory } from './ingest.service.js';
import { createQuietTimers, createSerializer, type FlushContext, flushStaged, type KeepTail } from './stream-flush.js';

/** How often every process looks for readers whose staged reads nobody is flushing (their process died). */
const DEFAULT_SWEEP_MS = 5_000;
/** The most requests whose reads are staged by one statement (a group commit). */
const STAGE_BATCH = 500;
/**
 * PostgreSQL: how many staging batches may commit at once, each on a pooled connection of its own (of the pool's 10):
 * a batch need not wait for the network round trip and the WAL flush of the one before it (issue 30, one event a
 * POST). PGlite has one connection: one batch at a time.
 */
export const POSTGRES_STAGING_SLOTS = 4;
/**
 * PGlite: a staging batch gathers requests this long before it commits. Its statement runs in this process and costs
 * about the same for 1 read as for 20: with readers posting one read a request, batches of ~4 became batches of ~15.
 */
export const PGLITE_STAGING_COLLECT_MS = 2;
/**
 * A reader that never pauses: once `maxEpcs` of its reads are staged, its finished sets are stored when staging has
 * been quiet this long (no stage call of any reader; at most half the idle gap), so that a burst is acknowledged
 * first: on PGlite a set of 10,000 reads holds the one connection for seconds, and every staging behind it waited
 * (issue 30). Long enough for the decoding of the next MQTT window on a loaded machine…
 */
const STAGING_QUIET_MS = 250;
/** … or at once when this many sets' worth of its reads are staged (the staging table stays bounded under any load). */
const DEFERRED_SETS = 4;

export type FlushOptions = {
  /**
   * true: every staged read becomes a set now (an explicit flush, tests). false: the reader's
   * last pass stays staged while it is still arriving, i.e. while its newest staged read was
   * received less than the idle gap ago (database clock) — maybe by another process.
   */
  force?: boolean;
};

export type StreamGrouper = {
  /**
   * Commits the reads (staged) and schedules the set; resolves once they are durable. Concurrent calls (one HTTP
   * request or MQTT window each) are committed together, one statement for a batch (lib/group-commit.ts).
   */
  stage: (device: IngestDevice, reads: SetRead[]) => Promise<{ accepted: number; duplicates: number }>;
  /** Turns the staged reads of a device into reading sets (all of them unless `force: false`). */
  flush: (deviceId: number, options?: FlushOptions) => Promise<number>;
  /** Flushes every device with staged reads (start-up recovery, shutdown). */
  flushAll: (options?: FlushOptions) => Promise<number>;
  /**
   * Starts the background part (plugins/workers.ts): the sweep every `sweepMs`, and, once the idle gap has passed, the
   * recovery of the reads staged before a restart. Staging and flushing work without it.
   */
  start: () => void;
  close: () => Promise<void>;
};

type StreamGrouperOptions = {
  engine: Engine;
  devices: DeviceDirectory;
  gapMs: number;
  maxEpcs?: number;
  sweepMs?: number;
  /** Staging batches committing at once (lib/group-commit.ts; default 1, POSTGRES_STAGING_SLOTS on PostgreSQL). */
  stagingSlots?: number;
  /** How long a staging batch gathers requests (lib/group-commit.ts; default 0, PGLITE_STAGING_COLLECT_MS on PGlite). */
  stagingCollectMs?: number;
  log: FastifyBaseLogger;
};

/** The reads of concurrent requests, staged by one statement a batch, readers in id order (one lock order). */
const stagingCommit = (
  repo: IngestRepository,
  { stagingSlots = 1, stagingCollectMs = 0 }: Pick<StreamGrouperOptions, 'stagingSlots' | 'stagingCollectMs'>,
) =>
  createGroupCommit<StagedStream, number>({
    commit: (streams) => {
      observeStageBatch(streams.length);
      return repo.stageStreams(streams);
    },
    maxBatch: STAGE_BATCH,
    order: (a, b) => a.deviceId - b.deviceId,
    concurrency: stagingSlots,
    collectMs: stagingCollectMs,
  });

/** An interval and a timeout that do not keep the process alive. */
const every = (ms: number, run: () => void) => {
  const timer = setInterval(run, ms);
  timer.unref();
  return timer;
};
const after = (ms: number, run: () => void) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return timer;
};

/**
 * Groups single reads streamed by portal readers into reading sets by an idle gap. Reads are
 * committed to reader_stream_reads before they are acknowledged; when a reader has been
 * silent for `gapMs` its staged reads are grouped by their own timestamps (gap > gapMs starts a
 * new set) and each group is stored as a reading set.
 *
 * Nothing in process memory decides what is stored, so any number of processes may stage and
 * flush the same reader: each set's transaction first takes the reader's advisory lock, then
 * deletes exactly the staged reads it is made of; if any of them is gone (another process
 * stored it meanwhile) the transaction is rolled back and the flush starts again from what is
 * staged. A set and the removal of its staged reads commit together, so a crash loses nothing
 * and stores nothing twice; a read redelivered after its set was stored is recognised by its
 * trace and dropped. Timers are only a hint: every process also sweeps the readers whose
 * staged reads have been quiet for the gap (those of a process that died).
 */
export const createStreamGrouper = ({
  engine,
  devices,
  gapMs,
  maxEpcs = MAX_SET_EPCS,
  sweepMs = DEFAULT_SWEEP_MS,
  log,
  ...stagingOptions
}: StreamGrouperOptions): StreamGrouper => {
  const repo = createIngestRepository(engine.db);
  const timers = new Map<number, NodeJS.Timeout>();
  const stagedSinceFlush = new Map<number, number>();
  /** The deferred flushes of readers that never pause (STAGING_QUIET_MS), by reader. */
  const longFlushes = createQuietTimers();
  let lastStagedAt = 0;
  let isClosed = false;
  const staging = stagingCommit(repo, stagingOptions);

  /** One flush at a time per reader in this process (other processes are kept out by the database lock). */
  const { serialize, chains } = createSerializer();

  const schedule = (deviceId: number, delay = gapMs) => {
    if (isClosed) return;
    clearTimeout(timers.get(deviceId));
    const timer = setTimeout(() => {
      timers.delete(deviceId);
      flush(deviceId, { force: false })
        .then(async () => {
          // Still arriving (here or in another process): look again after another gap.
          const quiet = await repo.quietMs(deviceId);
          if (quiet !== null) schedule(deviceId, Math.max(50, gapMs - quiet + 10));
        })
        .catch((error: unknown) => {
          log.error({ err: error, deviceId }, 'stream flush failed; retrying');
          schedule(deviceId, Math.max(gapMs, 5_000));
        });
    }, delay);
    timer.unref();
    timers.set(deviceId, timer);
  };

  const flushCtx: FlushContext = { engine, devices, repo, gapMs, maxEpcs };
  const flushOnce = (deviceId: number, keepTail: KeepTail) => flushStaged(flushCtx, deviceId, keepTail);

  const flush = (deviceId: number, { force = true }: FlushOptions = {}): Promise<number> => {
    stagedSinceFlush.set(deviceId, 0);
    longFlushes.cancel(deviceId);
    return serialize(deviceId, () => flushOnce(deviceId, force ? 'never' : 'if-arriving'));
  };

  const flushAll = async (options: FlushOptions = {}): Promise<number> => {
    let stored = 0;
    for (const deviceId of await repo.devicesWithStagedReads()) stored += await flush(deviceId, options);
    return stored;
  };

  /** A reader that never pauses: store its finished groups, keep the open one. */
  const flushLongStream = (deviceId: number) => {
    longFlushes.cancel(deviceId);
    stagedSinceFlush.set(deviceId, 0);
    serialize(deviceId, () => flushOnce(deviceId, 'always')).catch((error: unknown) =>
      log.error({ err: error, deviceId }, 'stream flush failed'),
    );
  };
  const deferLongFlush = (deviceId: number, pending: number) => {
    if (pending >= DEFERRED_SETS * maxEpcs) {
      flushLongStream(deviceId);
      return;
    }
    if (longFlushes.has(deviceId) || isClosed) return;
    longFlushes.afterQuiet(deviceId, Math.min(STAGING_QUIET_MS, gapMs / 2), () => lastStagedAt, flushLongStream);
  };

  const sweep = async () => {
    for (const deviceId of await repo.quietDevicesWithStagedReads(gapMs)) {
      if (isClosed) return;
      if (!timers.has(deviceId) && !chains.has(deviceId)) await flush(deviceId, { force: false });
    }
  };
  let sweeper: NodeJS.Timeout | undefined;
  let recovery: NodeJS.Timeout | undefined;

  return {
    async stage(device, reads) {
      lastStagedAt = Date.now();
      const accepted = reads.length === 0 ? 0 : await staging.submit({ companyId: device.companyId, deviceId: device.id, reads });
      lastStagedAt = Date.now();
      const pending = (stagedSinceFlush.get(device.id) ?? 0) + accepted;
      stagedSinceFlush.set(device.id, pending);
      if (pending >= maxEpcs) deferLongFlush(device.id, pending);
      schedule(device.id);
      const result = { accepted, duplicates: reads.length - accepted };
      countStaged(result);
      return result;
    },
    flush,
    flushAll,
    start() {
      if (sweeper || isClosed) return;
      sweeper = every(sweepMs, () => sweep().catch((error: unknown) => log.warn({ err: error }, 'stream sweep failed')));
      // Reads staged before a restart become sets once the idle gap has passed.
      recovery = after(gapMs, () =>
        flushAll({ force: false }).catch((error: unknown) => log.error({ err: error }, 'stream recovery failed')),
      );
    },
    async close() {
      isClosed = true;
      clearInterval(sweeper);
      clearTimeout(recovery);
      await staging.drain();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      longFlushes.clear();
      await Promise.allSettled([...chains.values()]);
      // Passes that are over become sets now; one still arriving (maybe through another
      // process) stays staged for that process or the next start.
      await flushAll({ force: false });
    },
  };
};
