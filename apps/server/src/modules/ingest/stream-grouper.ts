import { MAX_SET_EPCS } from '@rfid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createIngestRepository, type IngestDevice, type SetRead } from './ingest.repository.js';
import { type DeviceDirectory, deterministicUuid, ingestSet } from './ingest.service.js';
import { groupByIdleGap } from './stream.js';

const FLUSH_BATCH = 50_000;

export type StreamGrouper = {
  /** Commits the reads (staged) and schedules the set; resolves once they are durable. */
  stage: (device: IngestDevice, reads: SetRead[]) => Promise<{ accepted: number; duplicates: number }>;
  /** Turns every staged read of a device into reading sets now. */
  flush: (deviceId: number) => Promise<number>;
  /** Flushes every device with staged reads (start-up recovery, shutdown). */
  flushAll: () => Promise<number>;
  close: () => Promise<void>;
};

/**
 * Groups single reads streamed by portal readers into reading sets by an idle gap. Reads are
 * committed to reader_stream_reads before they are acknowledged; when a reader has been
 * silent for `gapMs` its staged reads are grouped by their own timestamps (gap > gapMs starts a
 * new set) and each group is stored as a reading set whose id derives from the reader, the
 * first read's time and EPC. Set and removal of its staged reads commit together, so a crash
 * loses nothing and stores nothing twice; a read redelivered after its set was stored is
 * recognised by its trace and dropped.
 */
export const createStreamGrouper = ({
  db,
  devices,
  gapMs,
  maxEpcs = MAX_SET_EPCS,
  log,
}: {
  db: Db;
  devices: DeviceDirectory;
  gapMs: number;
  maxEpcs?: number;
  log: FastifyBaseLogger;
}): StreamGrouper => {
  const repo = createIngestRepository(db);
  const timers = new Map<number, NodeJS.Timeout>();
  const stagedSinceFlush = new Map<number, number>();
  const chains = new Map<number, Promise<unknown>>();
  let isClosed = false;

  /** One flush at a time per reader. */
  const serialize = <T>(deviceId: number, work: () => Promise<T>): Promise<T> => {
    const previous = chains.get(deviceId) ?? Promise.resolve();
    const next = previous.then(work, work);
    chains.set(
      deviceId,
      next.catch(() => {}),
    );
    return next;
  };

  const schedule = (deviceId: number, delay = gapMs) => {
    if (isClosed) return;
    clearTimeout(timers.get(deviceId));
    const timer = setTimeout(() => {
      timers.delete(deviceId);
      flush(deviceId).catch((error: unknown) => {
        log.error({ err: error, deviceId }, 'stream flush failed; retrying');
        schedule(deviceId, Math.max(gapMs, 5_000));
      });
    }, delay);
    timer.unref();
    timers.set(deviceId, timer);
  };

  const flushOnce = async (deviceId: number, { keepTail }: { keepTail: boolean }): Promise<number> => {
    const device = await devices.byId(deviceId);
    let stored = 0;
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
      if (keepTail && groups.length > 0) groups.pop();
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
          db,
          device,
          {
            id: deterministicUuid(`stream:${device.id}:${first.time.toISOString()}:${first.epc}`),
            startTime: first.time,
            endTime: last.time,
            codebar: null,
            reads: group.map(({ epc, time, antenna, rssi }) => ({ epc, time, antenna, rssi })),
          },
          (tx) => createIngestRepository(tx).deleteStaged(ids),
        );
        stored += 1;
      }
      if (!hasMore || keepTail) break;
    }
    return stored;
  };

  const flush = (deviceId: number): Promise<number> => {
    stagedSinceFlush.set(deviceId, 0);
    return serialize(deviceId, () => flushOnce(deviceId, { keepTail: false }));
  };

  const flushAll = async (): Promise<number> => {
    let stored = 0;
    for (const deviceId of await repo.devicesWithStagedReads()) stored += await flush(deviceId);
    return stored;
  };

  return {
    async stage(device, reads) {
      const accepted = await repo.stageStreamReads({ companyId: device.companyId, deviceId: device.id, reads });
      const pending = (stagedSinceFlush.get(device.id) ?? 0) + accepted;
      stagedSinceFlush.set(device.id, pending);
      if (pending >= maxEpcs) {
        // A reader that never pauses: store its finished groups now, keep the open one.
        stagedSinceFlush.set(device.id, 0);
        serialize(device.id, () => flushOnce(device.id, { keepTail: true })).catch((error: unknown) =>
          log.error({ err: error, deviceId: device.id }, 'stream flush failed'),
        );
      }
      schedule(device.id);
      return { accepted, duplicates: reads.length - accepted };
    },
    flush,
    flushAll,
    async close() {
      isClosed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...chains.values()]);
      await flushAll();
    },
  };
};
