import { createServer, type Server, type Socket } from 'node:net';
import { ConnectionAttemptStatus, FrameDecoder, MessageType, readerEventBody } from '@rfid/llrp';
import {
  createReaderState,
  deliver,
  handleMessage,
  nextTimeUs,
  type ReaderState,
  type RospecState,
  send,
  startInventory,
  startKeepalive,
} from './llrp-reader-state.js';

/** One tag read as the simulator reported it (EPC upper-case hex, time in µs since 1970). */
export type ReportedRead = { epc: string; antenna: number; timeUs: bigint };

export type LlrpReaderOptions = {
  /** TCP port (5084 is LLRP's; 0: any free port, see `port`). */
  port?: number;
  host?: string;
  /** The tag population in the field (EPCs as hex). */
  tags?: readonly string[];
  /** Tag reads per second while a ROSpec is active. */
  ratePerSecond?: number;
  /**
   * How many times each tag is read: 1 = the tags pass the antennas once (a portal), Infinity = they stay in the field
   * (a shelf). Reads are spread over the ROSpec's antennas (antenna 0 = the reader's 4).
   */
  passes?: number;
  /** Keepalive period used when the client's SET_READER_CONFIG carries none (0: none, as readers ship). */
  keepaliveMs?: number;
  /**
   * On an abrupt drop, the reports of the last moment may not have reached the client; like a reader that keeps its
   * report buffer, the simulator sends this many of its last reports again (identical) on the next connection.
   */
  resendOnReconnect?: number;
  log?: (line: string) => void;
};

/**
 * An LLRP reader (Impinj Speedway / R700, Zebra FX series in LLRP mode): listens on TCP, greets a client with a
 * READER_EVENT_NOTIFICATION ConnectionAttemptEvent Success (a second concurrent client gets
 * Failed_A_Client_Initiated_Connection_Already_Exists and is closed), answers GET_READER_CAPABILITIES,
 * SET_READER_CONFIG, ADD/DELETE/ENABLE/DISABLE/START/STOP_ROSPEC and CLOSE_CONNECTION with an LLRPStatus, any other
 * message with an ERROR_MESSAGE, sends RO_ACCESS_REPORTs (one tag each, ROReportSpec N=1) while a ROSpec is active and
 * KEEPALIVEs as configured. ROSpecs live in the reader across connections, as on real readers; reports made while no
 * client is connected are buffered and sent on the next connection.
 */
export const startLlrpReader = async (options: LlrpReaderOptions = {}) => {
  const { port = 5084, host = '0.0.0.0' } = options;
  const state = createReaderState(options);
  startInventory(state);
  const server: Server = createServer((socket) => acceptConnection(state, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  state.log(`LLRP reader listening on ${host}:${boundPort} (${state.population.length} tags, ${state.ratePerSecond} reads/s)`);
  return readerControls(state, server, boundPort);
};

/** A client connecting: refused while another holds the connection, else greeted and sent what it may have missed. */
const acceptConnection = (state: ReaderState, socket: Socket) => {
  const { counters, log } = state;
  state.sockets.add(socket);
  socket.on('close', () => state.sockets.delete(socket));
  socket.on('error', () => {});
  const greet = (status: number) =>
    send(
      state,
      socket,
      MessageType.ReaderEventNotification,
      readerEventBody({ timestampUs: nextTimeUs(state), connectionAttempt: status }),
    );
  if (state.client && !state.client.destroyed) {
    counters.refused += 1;
    greet(ConnectionAttemptStatus.FailedClientInitiatedConnectionExists);
    socket.end();
    log('LLRP: a second client was refused (a client connection exists)');
    return;
  }
  state.client = socket;
  counters.connections += 1;
  log(`LLRP: client connected from ${socket.remoteAddress}:${socket.remotePort}`);
  greet(ConnectionAttemptStatus.Success);
  startKeepalive(state, socket, state.keepaliveMs);
  // What the last connection may have lost, then what was read while nobody was connected.
  counters.resent += state.recent.length;
  const pending = [...state.recent, ...state.buffered];
  state.recent.length = 0;
  state.buffered.length = 0;
  deliver(state, pending);
  const decoder = new FrameDecoder();
  socket.on('data', (chunk: Buffer) => {
    try {
      for (const message of decoder.push(chunk)) handleMessage(state, socket, message);
    } catch (error) {
      log(`LLRP: bad bytes from the client (${(error as Error).message}); closing`);
      socket.destroy();
    }
  });
  socket.on('close', () => {
    if (state.client === socket) {
      state.client = undefined;
      clearInterval(state.keepaliveTimer);
      state.keepaliveTimer = undefined;
      log('LLRP: client disconnected');
    }
  });
};

/** What a test or the CLI sees of and does to a running reader. */
const readerControls = (state: ReaderState, server: Server, boundPort: number) => ({
  port: boundPort,
  /** Whether a client holds the connection. */
  get isConnected() {
    return Boolean(state.client && !state.client.destroyed);
  },
  /** Every read the reader made (sent, or buffered for the next client). */
  get reported(): readonly ReportedRead[] {
    return state.reported;
  },
  /** Distinct EPCs reported so far. */
  reportedEpcs: (): Set<string> => new Set(state.reported.map((r) => r.epc)),
  /** Whether every tag has been read `passes` times. */
  get isDone() {
    return state.population.length > 0 && state.cursor >= state.population.length * state.passes;
  },
  counters: state.counters,
  rospecState: (): Array<{ id: number; state: RospecState }> =>
    [...state.rospecs.values()].map((r) => ({ id: r.rospecId, state: r.state })),
  /** Drops the client's connection abruptly (a cable pulled, a reader rebooting its network): no close message. */
  dropConnection(): void {
    state.client?.destroy();
  },
  /** Stops reading and sending (reports and keepalives) without closing the connection: a hung reader. */
  pause(isOn = true): void {
    state.isPaused = isOn;
  },
  /** Replaces the tag population; the reading starts over with it. */
  setTags(next: readonly string[]): void {
    state.population = [...next];
    state.cursor = 0;
  },
  async close(): Promise<void> {
    clearInterval(state.inventoryTimer);
    clearInterval(state.keepaliveTimer);
    for (const socket of state.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});

export type LlrpReaderSimulator = Awaited<ReturnType<typeof startLlrpReader>>;
