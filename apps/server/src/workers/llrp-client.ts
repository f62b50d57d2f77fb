import { connect, type Socket } from 'node:net';
import { ReaderLinkState } from '@rfid/contract';
import {
  addRospecBody,
  ConnectionAttemptStatus,
  dateOfMicros,
  encodeMessage,
  FrameDecoder,
  getReaderCapabilitiesBody,
  type LlrpMessage,
  MessageType,
  nearestPowerIndex,
  parseCapabilities,
  parseReaderEvent,
  parseRoAccessReport,
  parseStatus,
  RESPONSE_OF,
  RospecStartTrigger,
  rospecIdBody,
  StatusCode,
  setReaderConfigBody,
  type TagReport,
  transmitterFor,
} from '@rfid/llrp';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { createLinksRepository, type LlrpTarget } from '../llrp/links.repository.js';
import type { IngestDevice, SetRead } from '../modules/ingest/ingest.repository.js';
import type { DeviceDirectory } from '../modules/ingest/ingest.service.js';
import type { StreamGrouper } from '../modules/ingest/stream-grouper.js';
import { countReads, newestOf } from '../plugins/metrics.js';
import { processOwner, renewEveryMs } from './lease.js';

/** The ROSpec the server adds to every reader (any ROSpecs already there are deleted first). */
export const SERVER_ROSPEC_ID = 0x5246; // "RF"

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

/** A tag report as a staged stream read: its last (else first) seen time, else when it arrived. */
export const toSetRead = (tag: TagReport, receivedAt: Date): SetRead => ({
  epc: tag.epc,
  time:
    tag.lastSeenUs !== null
      ? dateOfMicros(tag.lastSeenUs)
      : tag.firstSeenUs !== null
        ? dateOfMicros(tag.firstSeenUs)
        : receivedAt,
  antenna: tag.antenna,
  rssi: tag.rssi,
});

const sameTarget = (a: LlrpTarget, b: LlrpTarget): boolean =>
  a.host === b.host && a.port === b.port && a.powerDbm === b.powerDbm && a.antennas.join(',') === b.antennas.join(',');

class LinkError extends Error {}

type Pending = { type: number; resolve: (message: LlrpMessage) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** One reader's connection as held by this process. */
type Link = {
  target: LlrpTarget;
  isStopped: boolean;
  /** The current session got as far as an enabled ROSpec (the back-off starts again after it is lost). */
  hasConnected: boolean;
  socket?: Socket;
  /** Ends the current session (a changed configuration, a lost lease, shutdown). */
  endSession?: (reason: Error) => void;
  renewTimer?: NodeJS.Timeout;
  wake?: () => void;
  done: Promise<void>;
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

  /** Database writes about a link: never fatal to the link (the database may be away for a while). */
  const quietly = async (what: string, work: () => Promise<unknown>) => {
    if (isKilled) return;
    try {
      await work();
    } catch (error) {
      log.warn({ err: error }, `llrp: ${what} failed`);
    }
  };

  /** One connection to the reader, from TCP connect to its loss; throws why it ended. */
  const session = async (link: Link, device: IngestDevice): Promise<never> => {
    const { deviceId, host, port } = link.target;
    const socket = connect({ host, port });
    link.socket = socket;
    socket.setNoDelay(true);
    const decoder = new FrameDecoder();
    const pending = new Map<number, Pending>();
    let nextId = 1;
    let lastHeardAt = Date.now();
    let isBusy = false;
    let lastReportMark = 0;
    let watchdog: NodeJS.Timeout | undefined;
    let onGreeting: ((status: number) => void) | undefined;

    const ended = new Promise<never>((_resolve, reject) => {
      const end = (error: Error) => {
        clearInterval(watchdog);
        for (const p of pending.values()) {
          clearTimeout(p.timer);
          p.reject(error);
        }
        pending.clear();
        socket.destroy();
        reject(error);
      };
      link.endSession = end;
      socket.once('error', (error: NodeJS.ErrnoException) =>
        end(
          new LinkError(
            error.code === 'ECONNREFUSED' ? `Connection refused by ${host}:${port}` : `Network error: ${error.message}`,
          ),
        ),
      );
      socket.once('close', () => end(new LinkError('The reader closed the connection')));
      socket.setTimeout(timeoutMs, () => {
        if (socket.connecting) end(new LinkError(`No answer from ${host}:${port} (connection timed out)`));
      });
    });
    ended.catch(() => {});

    const send = (type: number, body?: Buffer, id = nextId++): number => {
      if (!socket.destroyed) socket.write(encodeMessage({ type, id, body }));
      return id;
    };

    /** Sends a request and waits for its response; a status other than success is an error. */
    const call = (type: number, body?: Buffer): Promise<LlrpMessage> =>
      new Promise<LlrpMessage>((resolve, reject) => {
        const id = send(type, body);
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new LinkError(`No answer from the reader to message ${type}`));
        }, timeoutMs);
        pending.set(id, { type: RESPONSE_OF[type] ?? -1, resolve, reject, timer });
      }).then((message) => {
        if (message.type === MessageType.ErrorMessage) {
          throw new LinkError(`The reader refused message ${type}: ${parseStatus(message.body).description || 'error'}`);
        }
        const status = parseStatus(message.body);
        if (status.code !== StatusCode.Success) {
          throw new LinkError(`The reader refused message ${type}: ${status.description || `status ${status.code}`}`);
        }
        return message;
      });

    const stage = async (tags: TagReport[]) => {
      const receivedAt = new Date();
      const reads = tags.map((tag) => toSetRead(tag, receivedAt));
      // Nothing is lost: the report stays in hand until it is committed (retried while the database is away).
      for (let attempt = 0; ; attempt++) {
        try {
          await grouper.stage(device, reads);
          countReads('llrp', 'stream', reads.length, newestOf(reads), receivedAt.getTime());
          break;
        } catch (error) {
          if (link.isStopped || isKilled) throw new LinkError('Stopped while storing a report');
          log.warn({ err: error, deviceId }, 'llrp: staging a report failed; retrying');
          await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 200 * 2 ** attempt)));
        }
      }
      if (Date.now() - lastReportMark > 1_000) {
        lastReportMark = Date.now();
        await quietly('last report', () => repo.reported({ deviceId, owner }));
      }
      await quietly('touch', () => devices.touch(deviceId));
    };

    const handle = async (message: LlrpMessage) => {
      lastHeardAt = Date.now();
      const waiting = pending.get(message.id);
      if (waiting && (message.type === waiting.type || message.type === MessageType.ErrorMessage)) {
        pending.delete(message.id);
        clearTimeout(waiting.timer);
        waiting.resolve(message);
        return;
      }
      switch (message.type) {
        case MessageType.ReaderEventNotification: {
          const event = parseReaderEvent(message.body);
          if (event.connectionAttempt !== null) onGreeting?.(event.connectionAttempt);
          if (event.isConnectionClose) log.info({ deviceId }, 'llrp: the reader is closing the connection');
          return;
        }
        case MessageType.Keepalive:
          send(MessageType.KeepaliveAck, undefined, message.id);
          await quietly('touch', () => devices.touch(deviceId));
          return;
        case MessageType.RoAccessReport: {
          const tags = parseRoAccessReport(message.body);
          if (tags.length > 0) await stage(tags);
          return;
        }
        case MessageType.ErrorMessage:
          log.warn({ deviceId, status: parseStatus(message.body) }, 'llrp: the reader sent an error');
          return;
        default:
          return;
      }
    };

    // Back-pressure: the socket is paused while a chunk's messages are handled (a report is committed before the next).
    let queue: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      socket.pause();
      isBusy = true;
      queue = queue
        .then(async () => {
          for (const message of decoder.push(chunk)) await handle(message);
        })
        .then(
          () => {
            isBusy = false;
            lastHeardAt = Date.now();
            if (!socket.destroyed) socket.resume();
          },
          (error: unknown) => {
            isBusy = false;
            link.endSession?.(
              error instanceof LinkError ? error : new LinkError(`Bad message from the reader: ${(error as Error).message}`),
            );
          },
        );
    });

    let greetingTimer: NodeJS.Timeout | undefined;
    const greeting = new Promise<number>((resolve, reject) => {
      onGreeting = resolve;
      greetingTimer = setTimeout(() => reject(new LinkError('The reader did not greet the connection')), timeoutMs);
      greetingTimer.unref();
    });
    greeting.catch(() => {});
    ended.catch(() => clearTimeout(greetingTimer));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      ended.catch(reject);
    });
    socket.setTimeout(0);
    const status = await Promise.race([greeting, ended]);
    clearTimeout(greetingTimer);
    if (status !== ConnectionAttemptStatus.Success) {
      throw new LinkError(
        status === ConnectionAttemptStatus.FailedClientInitiatedConnectionExists ||
          status === ConnectionAttemptStatus.FailedReaderInitiatedConnectionExists
          ? 'The reader is connected to another client'
          : `The reader refused the connection (status ${status})`,
      );
    }

    const setup = async () => {
      let transmit = null;
      if (link.target.powerDbm !== null) {
        const capabilities = parseCapabilities((await call(MessageType.GetReaderCapabilities, getReaderCapabilitiesBody())).body);
        const index = nearestPowerIndex(capabilities.powerLevels, link.target.powerDbm);
        if (index !== null) transmit = transmitterFor(capabilities, index);
      }
      await call(MessageType.SetReaderConfig, setReaderConfigBody({ keepaliveMs }));
      await call(MessageType.DeleteRospec, rospecIdBody(0));
      await call(
        MessageType.AddRospec,
        addRospecBody({
          rospecId: SERVER_ROSPEC_ID,
          antennas: link.target.antennas,
          startTrigger: RospecStartTrigger.Immediate,
          reportEveryNTags: 1,
          transmit,
        }),
      );
      await call(MessageType.EnableRospec, rospecIdBody(SERVER_ROSPEC_ID));
    };
    await Promise.race([setup(), ended]);

    link.hasConnected = true;
    log.info({ deviceId, host, port }, 'llrp: reader connected, ROSpec enabled');
    await quietly('link state', () =>
      repo.setState({ deviceId, owner, state: ReaderLinkState.Connected, lastError: null, isConnected: true }),
    );
    await quietly('touch', () => devices.touch(deviceId));
    watchdog = setInterval(
      () => {
        const silentMs = Date.now() - lastHeardAt;
        if (!isBusy && silentMs > keepaliveMs * 3.5) {
          link.endSession?.(new LinkError(`No keepalive from the reader for ${Math.round(silentMs / 1000)} s`));
        }
      },
      Math.max(100, keepaliveMs / 2),
    );
    watchdog.unref();
    return ended;
  };

  /** Connects, and reconnects with back-off, until the link is stopped. */
  const run = async (link: Link) => {
    let attempt = 0;
    while (!link.isStopped && !isKilled) {
      let lastError = 'Could not connect';
      link.hasConnected = false;
      try {
        const device = await devices.byId(link.target.deviceId);
        if (!device) throw new LinkError('The reader was deleted');
        await session(link, device);
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (!(error instanceof LinkError)) log.warn({ err: error, deviceId: link.target.deviceId }, 'llrp: link error');
        // Whatever failed (a refused setup, a missing answer), the connection is closed before the next attempt.
        link.endSession?.(new LinkError(lastError));
      }
      link.socket = undefined;
      link.endSession = undefined;
      if (link.isStopped || isKilled) break;
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
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        link.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      link.wake = undefined;
    }
  };

  const stopLink = async (link: Link, { isReleased, isPolite }: { isReleased: boolean; isPolite: boolean }) => {
    if (link.isStopped) return;
    link.isStopped = true;
    clearInterval(link.renewTimer);
    links.delete(link.target.deviceId);
    const socket = link.socket;
    if (isPolite && socket && !socket.destroyed && !socket.connecting) {
      // CLOSE_CONNECTION; the reader answers and closes (at most a second is waited for).
      socket.write(encodeMessage({ type: MessageType.CloseConnection, id: 0xfffffff0 }));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1_000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
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
            if (!sameTarget(current, link.target)) {
              // New host, port, antennas or power: connect again with them.
              link.target = current;
              link.endSession?.(new LinkError('The reader configuration changed'));
              link.wake?.();
            }
          })
          .catch((error: unknown) => log.warn({ err: error, deviceId: target.deviceId }, 'llrp: lease renewal failed'));
      },
      renewEveryMs(leaseMs, 50),
    );
    link.renewTimer.unref();
    link.done = run(link).catch((error: unknown) => log.error({ err: error }, 'llrp: link stopped on an error'));
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
      for (const link of links.values()) {
        link.isStopped = true;
        clearInterval(link.renewTimer);
        link.socket?.destroy();
        link.wake?.();
      }
      links.clear();
    },
  };
};
export type LlrpClient = ReturnType<typeof createLlrpClient>;
