import { createServer, type Server, type Socket } from 'node:net';
import {
  ConnectionAttemptStatus,
  capabilitiesResponseBody,
  encodeMessage,
  FrameDecoder,
  type LlrpMessage,
  MessageType,
  microsOfDate,
  ParamType,
  type ParsedRospec,
  parameterErrorParam,
  parseAddRospec,
  parseRospecIdBody,
  parseSetReaderConfig,
  RospecStartTrigger,
  readerEventBody,
  roAccessReportBody,
  StatusCode,
  statusBody,
  type TagReport,
} from '@rfid/llrp';

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

type RospecState = 'DISABLED' | 'INACTIVE' | 'ACTIVE';
type Rospec = ParsedRospec & { state: RospecState };

/**
 * An LLRP reader (Impinj Speedway / R700, Zebra FX series in LLRP mode): listens on TCP, greets a client with a
 * READER_EVENT_NOTIFICATION ConnectionAttemptEvent Success (a second concurrent client gets
 * Failed_A_Client_Initiated_Connection_Already_Exists and is closed), answers GET_READER_CAPABILITIES,
 * SET_READER_CONFIG, ADD/DELETE/ENABLE/DISABLE/START/STOP_ROSPEC and CLOSE_CONNECTION with an LLRPStatus, any other
 * message with an ERROR_MESSAGE, sends RO_ACCESS_REPORTs (one tag each, ROReportSpec N=1) while a ROSpec is active and
 * KEEPALIVEs as configured. ROSpecs live in the reader across connections, as on real readers; reports made while no
 * client is connected are buffered and sent on the next connection.
 */
export const startLlrpReader = async ({
  port = 5084,
  host = '0.0.0.0',
  tags = [],
  ratePerSecond = 50,
  passes = Number.POSITIVE_INFINITY,
  keepaliveMs = 0,
  resendOnReconnect = 5,
  log = () => {},
}: LlrpReaderOptions = {}) => {
  let population = [...tags];
  let client: Socket | undefined;
  let isPaused = false;
  let keepaliveTimer: NodeJS.Timeout | undefined;
  let inventoryTimer: NodeJS.Timeout | undefined;
  let messageId = 1;
  let cursor = 0;
  let lastTimeUs = 0n;
  const rospecs = new Map<number, Rospec>();
  const reported: ReportedRead[] = [];
  const buffered: TagReport[] = [];
  const recent: TagReport[] = [];
  const counters = { connections: 0, refused: 0, keepalives: 0, errors: 0, resent: 0 };
  const sockets = new Set<Socket>();

  const send = (socket: Socket, type: number, body?: Buffer, id = messageId++) => {
    if (!socket.destroyed) socket.write(encodeMessage({ type, id, body }));
  };
  const success = statusBody({ code: StatusCode.Success });
  const failure = (code: number, description: string, ...details: Buffer[]) => statusBody({ code, description }, ...details);

  const activeRospec = (): Rospec | undefined => [...rospecs.values()].find((r) => r.state === 'ACTIVE');

  const antennaOf = (rospec: Rospec, read: number): number => {
    const ids = rospec.antennas.filter((a) => a !== 0);
    const pool = ids.length > 0 ? ids : [1, 2, 3, 4];
    return pool[read % pool.length] as number;
  };

  /** µs since 1970, strictly increasing (two reads never share a timestamp). */
  const nextTimeUs = (): bigint => {
    const now = microsOfDate(new Date());
    lastTimeUs = now > lastTimeUs ? now : lastTimeUs + 1000n;
    return lastTimeUs;
  };

  const deliver = (reports: TagReport[]) => {
    if (reports.length === 0) return;
    if (client && !client.destroyed) {
      send(client, MessageType.RoAccessReport, roAccessReportBody(reports));
      recent.push(...reports);
      if (recent.length > resendOnReconnect) recent.splice(0, recent.length - resendOnReconnect);
    } else {
      buffered.push(...reports);
    }
  };

  const inventoryStep = () => {
    const rospec = activeRospec();
    if (!rospec || isPaused || population.length === 0) return;
    const total = population.length * passes;
    if (cursor >= total) return;
    const epc = (population[cursor % population.length] as string).toUpperCase();
    const antenna = antennaOf(rospec, cursor);
    const timeUs = nextTimeUs();
    cursor += 1;
    reported.push({ epc, antenna, timeUs });
    deliver([
      {
        epc,
        antenna,
        rssi: -45 - (cursor % 25),
        firstSeenUs: timeUs,
        lastSeenUs: timeUs,
        seenCount: 1,
        rospecId: rospec.rospecId,
      },
    ]);
  };

  const restartInventory = () => {
    clearInterval(inventoryTimer);
    inventoryTimer = setInterval(inventoryStep, Math.max(1, Math.round(1000 / ratePerSecond)));
    inventoryTimer.unref();
  };
  restartInventory();

  const startKeepalive = (socket: Socket, periodMs: number) => {
    clearInterval(keepaliveTimer);
    keepaliveTimer = undefined;
    if (periodMs <= 0) return;
    keepaliveTimer = setInterval(() => {
      if (isPaused || socket !== client) return;
      counters.keepalives += 1;
      send(socket, MessageType.Keepalive);
    }, periodMs);
    keepaliveTimer.unref();
  };

  const rospecCommand = (socket: Socket, message: LlrpMessage, responseType: number, apply: (id: number) => string | null) => {
    const id = parseRospecIdBody(message.body);
    const error = apply(id);
    send(socket, responseType, error ? failure(StatusCode.FieldInvalid, error) : success, message.id);
  };

  const handle = (socket: Socket, message: LlrpMessage) => {
    switch (message.type) {
      case MessageType.GetReaderCapabilities: {
        // 10.00 to 32.50 dBm in steps of 0.25 dBm, as an Impinj R420 answers (index 1..91).
        const powerLevels = Array.from({ length: 91 }, (_, i) => ({ index: i + 1, dbm: 10 + i * 0.25 }));
        send(socket, MessageType.GetReaderCapabilitiesResponse, capabilitiesResponseBody({ powerLevels }), message.id);
        return;
      }
      case MessageType.SetReaderConfig: {
        const config = parseSetReaderConfig(message.body);
        if (config.resetToFactoryDefault) rospecs.clear();
        startKeepalive(socket, config.keepaliveMs ?? keepaliveMs);
        send(socket, MessageType.SetReaderConfigResponse, success, message.id);
        return;
      }
      case MessageType.AddRospec: {
        let rospec: ParsedRospec;
        try {
          rospec = parseAddRospec(message.body);
        } catch (error) {
          send(socket, MessageType.AddRospecResponse, failure(StatusCode.ParameterError, (error as Error).message), message.id);
          return;
        }
        const fieldError = (description: string) =>
          failure(
            StatusCode.ParameterError,
            description,
            parameterErrorParam({
              paramType: ParamType.Rospec,
              code: StatusCode.ParamFieldError,
              field: { index: 0, code: StatusCode.FieldInvalid },
            }),
          );
        if (rospec.rospecId === 0 || rospecs.has(rospec.rospecId)) {
          const why = rospec.rospecId === 0 ? 'ROSpecID 0 is reserved' : `ROSpec ${rospec.rospecId} already exists`;
          send(socket, MessageType.AddRospecResponse, fieldError(why), message.id);
          return;
        }
        if (rospec.currentState !== 0) {
          send(socket, MessageType.AddRospecResponse, fieldError('a new ROSpec must be Disabled'), message.id);
          return;
        }
        rospecs.set(rospec.rospecId, { ...rospec, state: 'DISABLED' });
        send(socket, MessageType.AddRospecResponse, success, message.id);
        return;
      }
      case MessageType.DeleteRospec:
        rospecCommand(socket, message, MessageType.DeleteRospecResponse, (id) => {
          if (id === 0) rospecs.clear();
          else if (!rospecs.delete(id)) return `no ROSpec ${id}`;
          return null;
        });
        return;
      case MessageType.EnableRospec:
        rospecCommand(socket, message, MessageType.EnableRospecResponse, (id) => {
          const targets = id === 0 ? [...rospecs.values()] : [rospecs.get(id)];
          if (targets.some((r) => !r)) return `no ROSpec ${id}`;
          for (const r of targets as Rospec[]) {
            if (r.state === 'DISABLED') r.state = r.startTrigger === RospecStartTrigger.Immediate ? 'ACTIVE' : 'INACTIVE';
          }
          return null;
        });
        return;
      case MessageType.DisableRospec:
        rospecCommand(socket, message, MessageType.DisableRospecResponse, (id) => {
          const targets = id === 0 ? [...rospecs.values()] : [rospecs.get(id)];
          if (targets.some((r) => !r)) return `no ROSpec ${id}`;
          for (const r of targets as Rospec[]) r.state = 'DISABLED';
          return null;
        });
        return;
      case MessageType.StartRospec:
        rospecCommand(socket, message, MessageType.StartRospecResponse, (id) => {
          const r = rospecs.get(id);
          if (!r) return `no ROSpec ${id}`;
          if (r.state === 'DISABLED') return `ROSpec ${id} is disabled`;
          r.state = 'ACTIVE';
          return null;
        });
        return;
      case MessageType.StopRospec:
        rospecCommand(socket, message, MessageType.StopRospecResponse, (id) => {
          const r = rospecs.get(id);
          if (!r) return `no ROSpec ${id}`;
          if (r.state === 'ACTIVE') r.state = 'INACTIVE';
          return null;
        });
        return;
      case MessageType.KeepaliveAck:
        return;
      case MessageType.CloseConnection:
        send(socket, MessageType.CloseConnectionResponse, success, message.id);
        recent.length = 0; // a clean close: everything sent was received
        socket.end();
        return;
      default:
        counters.errors += 1;
        send(
          socket,
          MessageType.ErrorMessage,
          failure(StatusCode.UnsupportedMessage, `message type ${message.type} is not supported`),
          message.id,
        );
    }
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const greet = (status: number) =>
      send(
        socket,
        MessageType.ReaderEventNotification,
        readerEventBody({ timestampUs: nextTimeUs(), connectionAttempt: status }),
      );
    if (client && !client.destroyed) {
      counters.refused += 1;
      greet(ConnectionAttemptStatus.FailedClientInitiatedConnectionExists);
      socket.end();
      log('LLRP: a second client was refused (a client connection exists)');
      return;
    }
    client = socket;
    counters.connections += 1;
    log(`LLRP: client connected from ${socket.remoteAddress}:${socket.remotePort}`);
    greet(ConnectionAttemptStatus.Success);
    startKeepalive(socket, keepaliveMs);
    // What the last connection may have lost, then what was read while nobody was connected.
    counters.resent += recent.length;
    const pending = [...recent, ...buffered];
    recent.length = 0;
    buffered.length = 0;
    deliver(pending);
    const decoder = new FrameDecoder();
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const message of decoder.push(chunk)) handle(socket, message);
      } catch (error) {
        log(`LLRP: bad bytes from the client (${(error as Error).message}); closing`);
        socket.destroy();
      }
    });
    socket.on('close', () => {
      if (client === socket) {
        client = undefined;
        clearInterval(keepaliveTimer);
        keepaliveTimer = undefined;
        log('LLRP: client disconnected');
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  log(`LLRP reader listening on ${host}:${boundPort} (${population.length} tags, ${ratePerSecond} reads/s)`);

  return {
    port: boundPort,
    /** Whether a client holds the connection. */
    get isConnected() {
      return Boolean(client && !client.destroyed);
    },
    /** Every read the reader made (sent, or buffered for the next client). */
    get reported(): readonly ReportedRead[] {
      return reported;
    },
    /** Distinct EPCs reported so far. */
    reportedEpcs: (): Set<string> => new Set(reported.map((r) => r.epc)),
    /** Whether every tag has been read `passes` times. */
    get isDone() {
      return population.length > 0 && cursor >= population.length * passes;
    },
    counters,
    rospecState: (): Array<{ id: number; state: RospecState }> =>
      [...rospecs.values()].map((r) => ({ id: r.rospecId, state: r.state })),
    /** Drops the client's connection abruptly (a cable pulled, a reader rebooting its network): no close message. */
    dropConnection(): void {
      client?.destroy();
    },
    /** Stops reading and sending (reports and keepalives) without closing the connection: a hung reader. */
    pause(isOn = true): void {
      isPaused = isOn;
    },
    /** Replaces the tag population; the reading starts over with it. */
    setTags(next: readonly string[]): void {
      population = [...next];
      cursor = 0;
    },
    async close(): Promise<void> {
      clearInterval(inventoryTimer);
      clearInterval(keepaliveTimer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type LlrpReaderSimulator = Awaited<ReturnType<typeof startLlrpReader>>;
