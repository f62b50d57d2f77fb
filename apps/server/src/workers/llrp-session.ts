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
import type { LinksRepository, LlrpTarget } from '../llrp/links.repository.js';
import type { IngestDevice, SetRead } from '../modules/ingest/ingest.repository.js';
import type { DeviceDirectory } from '../modules/ingest/ingest.service.js';
import type { StreamGrouper } from '../modules/ingest/stream-grouper.js';
import { countReads, newestOf } from '../plugins/metrics.js';

/** The ROSpec the server adds to every reader (any ROSpecs already there are deleted first). */
export const SERVER_ROSPEC_ID = 0x5246; // "RF"

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

export class LinkError extends Error {}

/** One reader's connection as held by this process. */
export type Link = {
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

/** What a session needs of the client that runs it. */
export type SessionEnv = {
  devices: DeviceDirectory;
  grouper: StreamGrouper;
  log: FastifyBaseLogger;
  repo: LinksRepository;
  owner: string;
  keepaliveMs: number;
  timeoutMs: number;
  /** Database writes about a link: never fatal to the link (the database may be away for a while). */
  quietly: (what: string, work: () => Promise<unknown>) => Promise<void>;
  isKilled: () => boolean;
};

type Pending = { type: number; resolve: (message: LlrpMessage) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** What changes during one session. */
type SessionState = {
  lastHeardAt: number;
  /** A chunk's messages are being handled (the socket is paused; silence then is not the reader's). */
  isBusy: boolean;
  lastReportMark: number;
  watchdog?: NodeJS.Timeout;
  onGreeting?: (status: number) => void;
};

/** The session's socket with its requests: `ended` rejects with why the session ended. */
type Wire = {
  socket: Socket;
  ended: Promise<never>;
  send: (type: number, body?: Buffer, id?: number) => number;
  call: (type: number, body?: Buffer) => Promise<LlrpMessage>;
};

/** The promise of the session's end: a socket error, its close or a connection timeout (also `link.endSession`). */
const watchEnd = (
  link: Link,
  socket: Socket,
  state: SessionState,
  pending: Map<number, Pending>,
  timeoutMs: number,
): Promise<never> => {
  const { host, port } = link.target;
  const ended = new Promise<never>((_resolve, reject) => {
    const end = (error: Error) => {
      clearInterval(state.watchdog);
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
  return ended;
};

/** Sends a request and waits for its response; a status other than success is an error. */
const requester =
  (send: Wire['send'], pending: Map<number, Pending>, timeoutMs: number) =>
  (type: number, body?: Buffer): Promise<LlrpMessage> =>
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

/** Stages a report's tags through the stream grouper, retried until committed (or the link is stopped). */
const stageReport = async (env: SessionEnv, link: Link, device: IngestDevice, state: SessionState, tags: TagReport[]) => {
  const { deviceId } = link.target;
  const receivedAt = new Date();
  const reads = tags.map((tag) => toSetRead(tag, receivedAt));
  // Nothing is lost: the report stays in hand until it is committed (retried while the database is away).
  for (let attempt = 0; ; attempt++) {
    try {
      await env.grouper.stage(device, reads);
      countReads('llrp', 'stream', reads.length, newestOf(reads), receivedAt.getTime());
      break;
    } catch (error) {
      if (link.isStopped || env.isKilled()) throw new LinkError('Stopped while storing a report');
      env.log.warn({ err: error, deviceId }, 'llrp: staging a report failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 200 * 2 ** attempt)));
    }
  }
  if (Date.now() - state.lastReportMark > 1_000) {
    state.lastReportMark = Date.now();
    await env.quietly('last report', () => env.repo.reported({ deviceId, owner: env.owner }));
  }
  await env.quietly('touch', () => env.devices.touch(deviceId));
};

const handleMessage = async (
  env: SessionEnv,
  link: Link,
  device: IngestDevice,
  wire: Wire,
  pending: Map<number, Pending>,
  state: SessionState,
  message: LlrpMessage,
) => {
  const { deviceId } = link.target;
  state.lastHeardAt = Date.now();
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
      if (event.connectionAttempt !== null) state.onGreeting?.(event.connectionAttempt);
      if (event.isConnectionClose) env.log.info({ deviceId }, 'llrp: the reader is closing the connection');
      return;
    }
    case MessageType.Keepalive:
      wire.send(MessageType.KeepaliveAck, undefined, message.id);
      await env.quietly('touch', () => env.devices.touch(deviceId));
      return;
    case MessageType.RoAccessReport: {
      const tags = parseRoAccessReport(message.body);
      if (tags.length > 0) await stageReport(env, link, device, state, tags);
      return;
    }
    case MessageType.ErrorMessage:
      env.log.warn({ deviceId, status: parseStatus(message.body) }, 'llrp: the reader sent an error');
      return;
    default:
      return;
  }
};

/** Back-pressure: the socket is paused while a chunk's messages are handled (a report is committed before the next). */
const pumpMessages = (link: Link, socket: Socket, state: SessionState, handle: (message: LlrpMessage) => Promise<void>) => {
  const decoder = new FrameDecoder();
  let queue: Promise<void> = Promise.resolve();
  socket.on('data', (chunk: Buffer) => {
    socket.pause();
    state.isBusy = true;
    queue = queue
      .then(async () => {
        for (const message of decoder.push(chunk)) await handle(message);
      })
      .then(
        () => {
          state.isBusy = false;
          state.lastHeardAt = Date.now();
          if (!socket.destroyed) socket.resume();
        },
        (error: unknown) => {
          state.isBusy = false;
          link.endSession?.(
            error instanceof LinkError ? error : new LinkError(`Bad message from the reader: ${(error as Error).message}`),
          );
        },
      );
  });
};

/** Waits for the TCP connection and the reader's ConnectionAttemptEvent; anything but success ends the session. */
const awaitGreeting = async (wire: Wire, state: SessionState, timeoutMs: number) => {
  const { socket, ended } = wire;
  let greetingTimer: NodeJS.Timeout | undefined;
  const greeting = new Promise<number>((resolve, reject) => {
    state.onGreeting = resolve;
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
};

/** Keepalive, every ROSpec deleted, the server's added (at the nearest power level asked for) and enabled. */
const setupRospec = async (call: Wire['call'], target: LlrpTarget, keepaliveMs: number) => {
  let transmit = null;
  if (target.powerDbm !== null) {
    const capabilities = parseCapabilities((await call(MessageType.GetReaderCapabilities, getReaderCapabilitiesBody())).body);
    const index = nearestPowerIndex(capabilities.powerLevels, target.powerDbm);
    if (index !== null) transmit = transmitterFor(capabilities, index);
  }
  await call(MessageType.SetReaderConfig, setReaderConfigBody({ keepaliveMs }));
  await call(MessageType.DeleteRospec, rospecIdBody(0));
  await call(
    MessageType.AddRospec,
    addRospecBody({
      rospecId: SERVER_ROSPEC_ID,
      antennas: target.antennas,
      startTrigger: RospecStartTrigger.Immediate,
      reportEveryNTags: 1,
      transmit,
    }),
  );
  await call(MessageType.EnableRospec, rospecIdBody(SERVER_ROSPEC_ID));
};

/** A silence of 3.5 keepalive periods (while no chunk is being handled) ends the session. */
const startWatchdog = (link: Link, state: SessionState, keepaliveMs: number) => {
  state.watchdog = setInterval(
    () => {
      const silentMs = Date.now() - state.lastHeardAt;
      if (!state.isBusy && silentMs > keepaliveMs * 3.5) {
        link.endSession?.(new LinkError(`No keepalive from the reader for ${Math.round(silentMs / 1000)} s`));
      }
    },
    Math.max(100, keepaliveMs / 2),
  );
  state.watchdog.unref();
};

/** One connection to the reader, from TCP connect to its loss; throws why it ended. */
export const runSession = async (env: SessionEnv, link: Link, device: IngestDevice): Promise<never> => {
  const { deviceId, host, port } = link.target;
  const { owner, keepaliveMs, timeoutMs } = env;
  const socket = connect({ host, port });
  link.socket = socket;
  socket.setNoDelay(true);
  const pending = new Map<number, Pending>();
  const state: SessionState = { lastHeardAt: Date.now(), isBusy: false, lastReportMark: 0 };
  const ended = watchEnd(link, socket, state, pending, timeoutMs);
  let nextId = 1;
  const send = (type: number, body?: Buffer, id = nextId++): number => {
    if (!socket.destroyed) socket.write(encodeMessage({ type, id, body }));
    return id;
  };
  const wire: Wire = { socket, ended, send, call: requester(send, pending, timeoutMs) };
  pumpMessages(link, socket, state, (message) => handleMessage(env, link, device, wire, pending, state, message));
  await awaitGreeting(wire, state, timeoutMs);
  await Promise.race([setupRospec(wire.call, link.target, keepaliveMs), ended]);

  link.hasConnected = true;
  env.log.info({ deviceId, host, port }, 'llrp: reader connected, ROSpec enabled');
  await env.quietly('link state', () =>
    env.repo.setState({ deviceId, owner, state: ReaderLinkState.Connected, lastError: null, isConnected: true }),
  );
  await env.quietly('touch', () => env.devices.touch(deviceId));
  startWatchdog(link, state, keepaliveMs);
  return ended;
};
