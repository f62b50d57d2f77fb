import type { Socket } from 'node:net';
import {
  capabilitiesResponseBody,
  encodeMessage,
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
  roAccessReportBody,
  StatusCode,
  statusBody,
  type TagReport,
} from '@rfid/llrp';
import type { LlrpReaderOptions, ReportedRead } from './llrp-reader.js';

export type RospecState = 'DISABLED' | 'INACTIVE' | 'ACTIVE';
type Rospec = ParsedRospec & { state: RospecState };

/** A simulated reader's options (with their defaults) and what it holds: its ROSpecs, its client, its reads. */
export type ReaderState = {
  ratePerSecond: number;
  passes: number;
  keepaliveMs: number;
  resendOnReconnect: number;
  log: (line: string) => void;
  population: string[];
  client: Socket | undefined;
  isPaused: boolean;
  keepaliveTimer: NodeJS.Timeout | undefined;
  inventoryTimer: NodeJS.Timeout | undefined;
  messageId: number;
  cursor: number;
  lastTimeUs: bigint;
  rospecs: Map<number, Rospec>;
  reported: ReportedRead[];
  buffered: TagReport[];
  recent: TagReport[];
  counters: { connections: number; refused: number; keepalives: number; errors: number; resent: number };
  sockets: Set<Socket>;
};

export const createReaderState = ({
  tags = [],
  ratePerSecond = 50,
  passes = Number.POSITIVE_INFINITY,
  keepaliveMs = 0,
  resendOnReconnect = 5,
  log = () => {},
}: LlrpReaderOptions): ReaderState => ({
  ratePerSecond,
  passes,
  keepaliveMs,
  resendOnReconnect,
  log,
  population: [...tags],
  client: undefined,
  isPaused: false,
  keepaliveTimer: undefined,
  inventoryTimer: undefined,
  messageId: 1,
  cursor: 0,
  lastTimeUs: 0n,
  rospecs: new Map(),
  reported: [],
  buffered: [],
  recent: [],
  counters: { connections: 0, refused: 0, keepalives: 0, errors: 0, resent: 0 },
  sockets: new Set(),
});

export const send = (state: ReaderState, socket: Socket, type: number, body?: Buffer, id = state.messageId++) => {
  if (!socket.destroyed) socket.write(encodeMessage({ type, id, body }));
};
const success = statusBody({ code: StatusCode.Success });
const failure = (code: number, description: string, ...details: Buffer[]) => statusBody({ code, description }, ...details);

const activeRospec = (state: ReaderState): Rospec | undefined => [...state.rospecs.values()].find((r) => r.state === 'ACTIVE');

const antennaOf = (rospec: Rospec, read: number): number => {
  const ids = rospec.antennas.filter((a) => a !== 0);
  const pool = ids.length > 0 ? ids : [1, 2, 3, 4];
  return pool[read % pool.length] as number;
};

/** µs since 1970, strictly increasing (two reads never share a timestamp). */
export const nextTimeUs = (state: ReaderState): bigint => {
  const now = microsOfDate(new Date());
  state.lastTimeUs = now > state.lastTimeUs ? now : state.lastTimeUs + 1000n;
  return state.lastTimeUs;
};

/** Sends reports to the client (keeping the last few to send again after a drop), or buffers them while there is none. */
export const deliver = (state: ReaderState, reports: TagReport[]) => {
  if (reports.length === 0) return;
  const { client, recent } = state;
  if (client && !client.destroyed) {
    send(state, client, MessageType.RoAccessReport, roAccessReportBody(reports));
    recent.push(...reports);
    if (recent.length > state.resendOnReconnect) recent.splice(0, recent.length - state.resendOnReconnect);
  } else {
    state.buffered.push(...reports);
  }
};

const inventoryStep = (state: ReaderState) => {
  const rospec = activeRospec(state);
  const { population } = state;
  if (!rospec || state.isPaused || population.length === 0) return;
  const total = population.length * state.passes;
  if (state.cursor >= total) return;
  const epc = (population[state.cursor % population.length] as string).toUpperCase();
  const antenna = antennaOf(rospec, state.cursor);
  const timeUs = nextTimeUs(state);
  state.cursor += 1;
  state.reported.push({ epc, antenna, timeUs });
  deliver(state, [
    {
      epc,
      antenna,
      rssi: -45 - (state.cursor % 25),
      firstSeenUs: timeUs,
      lastSeenUs: timeUs,
      seenCount: 1,
      rospecId: rospec.rospecId,
    },
  ]);
};

export const startInventory = (state: ReaderState) => {
  clearInterval(state.inventoryTimer);
  state.inventoryTimer = setInterval(() => inventoryStep(state), Math.max(1, Math.round(1000 / state.ratePerSecond)));
  state.inventoryTimer.unref();
};

export const startKeepalive = (state: ReaderState, socket: Socket, periodMs: number) => {
  clearInterval(state.keepaliveTimer);
  state.keepaliveTimer = undefined;
  if (periodMs <= 0) return;
  state.keepaliveTimer = setInterval(() => {
    if (state.isPaused || socket !== state.client) return;
    state.counters.keepalives += 1;
    send(state, socket, MessageType.Keepalive);
  }, periodMs);
  state.keepaliveTimer.unref();
};

const addRospec = (state: ReaderState, socket: Socket, message: LlrpMessage) => {
  let rospec: ParsedRospec;
  try {
    rospec = parseAddRospec(message.body);
  } catch (error) {
    send(state, socket, MessageType.AddRospecResponse, failure(StatusCode.ParameterError, (error as Error).message), message.id);
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
  if (rospec.rospecId === 0 || state.rospecs.has(rospec.rospecId)) {
    const why = rospec.rospecId === 0 ? 'ROSpecID 0 is reserved' : `ROSpec ${rospec.rospecId} already exists`;
    send(state, socket, MessageType.AddRospecResponse, fieldError(why), message.id);
    return;
  }
  if (rospec.currentState !== 0) {
    send(state, socket, MessageType.AddRospecResponse, fieldError('a new ROSpec must be Disabled'), message.id);
    return;
  }
  state.rospecs.set(rospec.rospecId, { ...rospec, state: 'DISABLED' });
  send(state, socket, MessageType.AddRospecResponse, success, message.id);
};

/** The ROSpecs an id names: every one for 0, else the one of that id; undefined when there is none of it. */
const named = (rospecs: Map<number, Rospec>, id: number): Rospec[] | undefined => {
  if (id === 0) return [...rospecs.values()];
  const rospec = rospecs.get(id);
  return rospec ? [rospec] : undefined;
};

/** Changes each ROSpec an id names (`named`): null, or the error when there is none of that id. */
const changeNamed = (rospecs: Map<number, Rospec>, id: number, change: (rospec: Rospec) => void): string | null => {
  const targets = named(rospecs, id);
  if (!targets) return `no ROSpec ${id}`;
  for (const r of targets) change(r);
  return null;
};

/** The ROSpec commands that name a ROSpec by id: what each does (an error's description, or null), and its response. */
const rospecCommands = (rospecs: Map<number, Rospec>): Record<number, [number, (id: number) => string | null]> => ({
  [MessageType.DeleteRospec]: [
    MessageType.DeleteRospecResponse,
    (id) => {
      if (id === 0) rospecs.clear();
      else if (!rospecs.delete(id)) return `no ROSpec ${id}`;
      return null;
    },
  ],
  [MessageType.EnableRospec]: [
    MessageType.EnableRospecResponse,
    (id) =>
      changeNamed(rospecs, id, (r) => {
        if (r.state === 'DISABLED') r.state = r.startTrigger === RospecStartTrigger.Immediate ? 'ACTIVE' : 'INACTIVE';
      }),
  ],
  [MessageType.DisableRospec]: [
    MessageType.DisableRospecResponse,
    (id) =>
      changeNamed(rospecs, id, (r) => {
        r.state = 'DISABLED';
      }),
  ],
  [MessageType.StartRospec]: [
    MessageType.StartRospecResponse,
    (id) => {
      const r = rospecs.get(id);
      if (!r) return `no ROSpec ${id}`;
      if (r.state === 'DISABLED') return `ROSpec ${id} is disabled`;
      r.state = 'ACTIVE';
      return null;
    },
  ],
  [MessageType.StopRospec]: [
    MessageType.StopRospecResponse,
    (id) => {
      const r = rospecs.get(id);
      if (!r) return `no ROSpec ${id}`;
      if (r.state === 'ACTIVE') r.state = 'INACTIVE';
      return null;
    },
  ],
});

/** Answers one message from the client. */
export const handleMessage = (state: ReaderState, socket: Socket, message: LlrpMessage) => {
  const command = rospecCommands(state.rospecs)[message.type];
  if (command) {
    const [responseType, apply] = command;
    const error = apply(parseRospecIdBody(message.body));
    send(state, socket, responseType, error ? failure(StatusCode.FieldInvalid, error) : success, message.id);
    return;
  }
  switch (message.type) {
    case MessageType.GetReaderCapabilities: {
      // 10.00 to 32.50 dBm in steps of 0.25 dBm, as an Impinj R420 answers (index 1..91).
      const powerLevels = Array.from({ length: 91 }, (_, i) => ({ index: i + 1, dbm: 10 + i * 0.25 }));
      send(state, socket, MessageType.GetReaderCapabilitiesResponse, capabilitiesResponseBody({ powerLevels }), message.id);
      return;
    }
    case MessageType.SetReaderConfig: {
      const config = parseSetReaderConfig(message.body);
      if (config.resetToFactoryDefault) state.rospecs.clear();
      startKeepalive(state, socket, config.keepaliveMs ?? state.keepaliveMs);
      send(state, socket, MessageType.SetReaderConfigResponse, success, message.id);
      return;
    }
    case MessageType.AddRospec:
      addRospec(state, socket, message);
      return;
    case MessageType.KeepaliveAck:
      return;
    case MessageType.CloseConnection:
      send(state, socket, MessageType.CloseConnectionResponse, success, message.id);
      state.recent.length = 0; // a clean close: everything sent was received
      socket.end();
      return;
    default:
      state.counters.errors += 1;
      send(
        state,
        socket,
        MessageType.ErrorMessage,
        failure(StatusCode.UnsupportedMessage, `message type ${message.type} is not supported`),
        message.id,
      );
  }
};
