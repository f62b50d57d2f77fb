import type { Socket } from 'node:net';
import { ReaderLinkState } from '@rfid/contract';
import { encodeMessage, MessageType } from '@rfid/llrp';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { createLinksRepository, type LlrpTarget } from '../llrp/links.repository.js';
import type { DeviceDirectory } from '../modules/ingest/ingest.service.js';
import type { StreamGrouper } from '../modules/ingest/stream-grouper.js';
import { processOwner, renewEveryMs } from './lease.js';
import { type Link, LinkError, runSession, type SessionEnv } from './llrp-session.js';

export type LlrpClientOptions = {
  db: Db;
  devices: DeviceDirectory;
  grouper: StreamGrouper;
  log: FastifyBaseLogger;
  owner?: string;
  /** Between two looks for LLRP readers nobody holds (LLRP_POLL_MS, 2 s). */
  pollMs?: number;
  /** A reader's lease, renewed every third of it (LLRP_LEASE_MS, 15 s). */
  leaseMs?: number;
  /** Asked of the reader (KeepaliveSpec); silence longer than 3.5 periods is a lost connection (LLRP_KEEPALIVE_MS). */
  keepaliveMs?: number;
  /** Giving up on connecting and on each answer of the reader. */
  timeoutMs?: number;
  /** Reconnection back-off: from `backoffMinMs`, doubling, at most `backoffMaxMs`, with jitter. */
  backoffMinMs?: number;
  backoffMaxMs?: number;
};

/** The back-off before reconnection attempt `attempt` (0-based): doubling from min to max, ±25 % jitter. */
export const backoffDelay = (attempt: number, minMs: number, maxMs: number, random = Math.random): number => {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 20));
  return Math.round(base * (0.75 + random() * 0.5));
};

const sameTarget = (a: LlrpTarget, b: LlrpTarget): boolean =>
  a.host === b.host && a.port === b.port && a.powerDbm === b.powerDbm && a.antennas.join(',') === b.antennas.join(',');

/** Waits `delay` ms, or until the link is woken (stopped, or its configuration changed). */
const napOrWake = (link: Link, delay: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, delay);
    link.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

/** Connects, and reconnects with back-off, until the link is stopped. */
const runLink = async (env: SessionEnv, link: Link, backoffMinMs: number, backoffMaxMs: number) => {
  const { devices, log, repo, owner, quietly } = env;
  let attempt = 0;
  while (!link.isStopped && !env.isKilled()) {
    let lastError = 'Could not connect';
    link.hasConnected = false;
    try {
      const device = await devices.byId(link.target.deviceId);
      if (!device) throw new LinkError('The reader was deleted');
      await runSession(env, link, device);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (!(error instanceof LinkError)) log.warn({ err: error, deviceId: link.target.deviceId }, 'llrp: link error');
      // Whatever failed (a refused setup, a missing answer), the connection is closed before the next attempt.
      link.endSession?.(new LinkError(lastError));
    }
    link.socket = undefined;
    link.endSession = undefined;
    if (link.isStopped || env.isKilled()) break;
    if (link.hasConnected) attempt = 0;
    const delay = backoffDelay(attempt, backoffMinMs, backoffMaxMs);
    attempt += 1;
    log.info({ deviceId: link.target.deviceId, error: lastError, retryInMs: delay }, 'llrp: connection lost; retrying');
    await quietly('link state', () =>
      repo.setState({
        deviceId: link.target.deviceId,
        owner,
        state: ReaderLinkState.Retrying,
        lastError: lastError.slice(0, 200),
      }),
    );
    await napOrWake(link, delay);
    link.wake = undefined;
  }
};

/** Database writes about a link: never fatal to the link (the database may be away for a while). */
const quietWriter =
  (log: FastifyBaseLogger, isKilled: () => boolean) =>
  async (what: string, work: () => Promise<unknown>): Promise<void> => {
    if (isKilled()) return;
    try {
      await work();
    } catch (error) {
      log.warn({ err: error }, `llrp: ${what} failed`);
    }
  };

/** A renewed lease's target: a new host, port, antennas or power connects again with them. */
const retarget = (link: Link, current: LlrpTarget) => {
  if (!sameTarget(current, link.target)) {
    link.target = current;
    link.endSession?.(new LinkError('The reader configuration changed'));
    link.wake?.();
  }
};

/** A link stopped as if the process died: its connection cut, nothing written. */
const cutLink = (link: Link) => {
  link.isStopped = true;
  clearInterval(link.renewTimer);
  link.socket?.destroy();
  link.wake?.();
};

/** CLOSE_CONNECTION; the reader answers and closes (at most a second is waited for). */
const closePolitely = async (socket: Socket) => {
  socket.write(encodeMessage({ type: MessageType.CloseConnection, id: 0xfffffff0 }));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
};

/**
 * The LLRP client of one server process (docs/design.md §8): the server connects to readers whose connection type is
 * LLRP, one process per reader at a time under a lease in reader_links. For each reader it holds it connects over TCP,
 * waits for the reader's ConnectionAttemptEvent, sets a periodic keepalive, deletes every ROSpec and adds and enables
 * its own (start trigger Immediate, a report per tag with antenna, peak RSSI and timestamps), and stages every tag of
 * every RO_ACCESS_REPORT through the stream grouper, as the HTTP stream endpoint does. A report is committed before
 * the next one is read (the socket is paused meanwhile). A lost connection, an error or a silence of 3.5 keepalive
 * periods makes it reconnect with exponential back-off; the link's state and last error are kept in reader_links.
 */
export const createLlrpClient = ({
  db,
  devices,
  grouper,
  log,
  owner = processOwner(),
  pollMs = 2_000,
  leaseMs = 15_000,
  keepaliveMs = 10_000,
  timeoutMs = 10_000,
  backoffMinMs = 1_000,
  backoffMaxMs = 30_000,
}: LlrpClientOptions) => {
  const repo = createLinksRepository(db);
  const links = new Map<number, Link>();
  let pollTimer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let isKilled = false;
  let polling: Promise<void> = Promise.resolve();

  const quietly = quietWriter(log, () => isKilled);
  const env: SessionEnv = { devices, grouper, log, repo, owner, keepaliveMs, timeoutMs, quietly, isKilled: () => isKilled };

  const stopLink = async (link: Link, { isReleased, isPolite }: { isReleased: boolean; isPolite: boolean }) => {
    if (link.isStopped) return;
    link.isStopped = true;
    clearInterval(link.renewTimer);
    links.delete(link.target.deviceId);
    const socket = link.socket;
    if (isPolite && socket && !socket.destroyed && !socket.connecting) await closePolitely(socket);
    link.endSession?.(new LinkError('Stopped'));
    socket?.destroy();
    link.wake?.();
    await link.done;
    if (isReleased) await quietly('release', () => repo.release({ deviceId: link.target.deviceId, owner }));
  };

  const hold = (target: LlrpTarget) => {
    const link: Link = { target, isStopped: false, hasConnected: false, done: Promise.resolve() };
    links.set(target.deviceId, link);
    link.renewTimer = setInterval(
      () => {
        repo
          .renew({ deviceId: target.deviceId, owner, leaseMs })
          .then(async (current) => {
            if (link.isStopped || isKilled) return;
            if (!current) {
              log.info({ deviceId: target.deviceId }, 'llrp: lease lost or reader no longer LLRP; letting it go');
              await stopLink(link, { isReleased: true, isPolite: true });
              return;
            }
            retarget(link, current);
          })
          .catch((error: unknown) => log.warn({ err: error, deviceId: target.deviceId }, 'llrp: lease renewal failed'));
      },
      renewEveryMs(leaseMs, 50),
    );
    link.renewTimer.unref();
    link.done = runLink(env, link, backoffMinMs, backoffMaxMs).catch((error: unknown) =>
      log.error({ err: error }, 'llrp: link stopped on an error'),
    );
  };

  const poll = async () => {
    if (isStopped || isKilled) return;
    const candidates = await repo.unheld();
    for (const candidate of candidates) {
      if (isStopped || isKilled) return;
      if (links.has(candidate.deviceId)) continue;
      const target = await repo.claim({ deviceId: candidate.deviceId, owner, leaseMs });
      if (target && !isStopped && !isKilled) {
        log.info({ deviceId: target.deviceId, host: target.host, port: target.port }, 'llrp: took the reader link');
        hold(target);
      }
    }
  };

  const tick = () => {
    polling = polling.then(poll).catch((error: unknown) => log.warn({ err: error }, 'llrp: looking for readers failed'));
  };

  return {
    owner,
    /** The readers this process holds (device ids). */
    held: (): number[] => [...links.keys()],
    start(): void {
      if (pollTimer) return;
      tick();
      pollTimer = setInterval(tick, pollMs);
      pollTimer.unref();
    },
    /** Closes every connection (CLOSE_CONNECTION) and gives the leases up. */
    async close(): Promise<void> {
      isStopped = true;
      clearInterval(pollTimer);
      await polling;
      await Promise.all([...links.values()].map((link) => stopLink(link, { isReleased: true, isPolite: true })));
    },
    /** Stops as if the process died (tests): connections cut, nothing written, leases left to run out. */
    kill(): void {
      isKilled = true;
      isStopped = true;
      clearInterval(pollTimer);
      for (const link of links.values()) cutLink(link);
      links.clear();
    },
  };
};
export type LlrpClient = ReturnType<typeof createLlrpClient>;
