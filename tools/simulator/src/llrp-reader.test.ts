import { connect, type Socket } from 'node:net';
import {
  addRospecBody,
  encodeMessage,
  FrameDecoder,
  type LlrpMessage,
  MessageType,
  parseCapabilities,
  parseReaderEvent,
  parseRoAccessReport,
  parseStatus,
  RospecStartTrigger,
  rospecIdBody,
  setReaderConfigBody,
} from '@rfid/llrp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LlrpReaderSimulator, startLlrpReader } from './llrp-reader.js';

/** A bare LLRP client: sends messages, collects what the reader sends. */
/** Polls `isDone` (vitest's waitFor): the state the test expects, never a fixed sleep. */
const waitUntil = (isDone: () => boolean, timeout = 5_000) =>
  vi.waitFor(
    () => {
      if (!isDone()) throw new Error('not yet');
    },
    { timeout, interval: 10 },
  );

const open = async (port: number) => {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  const decoder = new FrameDecoder();
  const received: LlrpMessage[] = [];
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => received.push(...decoder.push(chunk)));
  socket.on('close', () => {
    isClosed = true;
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let id = 100;
  const waitFor = (match: (m: LlrpMessage) => boolean, what: string): Promise<LlrpMessage> =>
    vi.waitFor(
      () => {
        const found = received.find(match);
        if (!found) throw new Error(`no ${what}`);
        return found;
      },
      { timeout: 5_000, interval: 10 },
    );
  return {
    socket,
    received,
    get isClosed() {
      return isClosed;
    },
    waitFor,
    /** Sends a request and waits for its response (same message id). */
    async call(type: number, body?: Buffer) {
      const messageId = ++id;
      socket.write(encodeMessage({ type, id: messageId, body }));
      return waitFor((m) => m.id === messageId && m.type !== MessageType.RoAccessReport, `answer to ${type}`);
    },
  };
};

const EPCS = Array.from({ length: 20 }, (_, i) => `30395DFA8318D840000000${String(i).padStart(2, '0')}`);

describe('LLRP reader simulator', () => {
  let reader: LlrpReaderSimulator | undefined;
  afterEach(async () => {
    await reader?.close();
    reader = undefined;
  });

  it('greets, takes a ROSpec, reports only while it is enabled, and refuses a second client', async () => {
    const sim = await startLlrpReader({ port: 0, host: '127.0.0.1', tags: EPCS, ratePerSecond: 200, passes: 1 });
    reader = sim;
    const client = await open(sim.port);
    const hello = await client.waitFor((m) => m.type === MessageType.ReaderEventNotification, 'greeting');
    expect(parseReaderEvent(hello.body).connectionAttempt).toBe(0);

    // a second client at the same time: Failed_A_Client_Initiated_Connection_Already_Exists (2), then closed
    const second = await open(sim.port);
    const refused = await second.waitFor((m) => m.type === MessageType.ReaderEventNotification, 'refusal');
    expect(parseReaderEvent(refused.body).connectionAttempt).toBe(2);
    await waitUntil(() => second.isClosed);
    expect(second.isClosed).toBe(true);

    const capabilities = await client.call(MessageType.GetReaderCapabilities, Buffer.from([3]));
    expect(capabilities.type).toBe(MessageType.GetReaderCapabilitiesResponse);
    expect(parseCapabilities(capabilities.body).powerLevels.length).toBeGreaterThan(10);
    const config = await client.call(MessageType.SetReaderConfig, setReaderConfigBody({ keepaliveMs: 100 }));
    expect(parseStatus(config.body).code).toBe(0);
    expect((await client.call(MessageType.DeleteRospec, rospecIdBody(0))).type).toBe(MessageType.DeleteRospecResponse);
    const spec = addRospecBody({
      rospecId: 7,
      antennas: [1, 2],
      startTrigger: RospecStartTrigger.Immediate,
      reportEveryNTags: 1,
    });
    expect(parseStatus((await client.call(MessageType.AddRospec, spec)).body).code).toBe(0);
    // the same id again: refused
    expect(parseStatus((await client.call(MessageType.AddRospec, spec)).body).code).toBe(100);
    expect(sim.reported).toHaveLength(0); // disabled: no reports
    // an unknown message: ERROR_MESSAGE
    const error = await client.call(MessageType.GetReaderCapabilities + 1);
    expect(error.type).toBe(MessageType.ErrorMessage);
    expect(parseStatus(error.body).code).toBe(109);

    expect(parseStatus((await client.call(MessageType.EnableRospec, rospecIdBody(7))).body).code).toBe(0);
    await client.waitFor((m) => m.type === MessageType.Keepalive, 'keepalive');
    await waitUntil(() => sim.isDone);
    expect(sim.isDone).toBe(true);
    const reports = () =>
      client.received.filter((m) => m.type === MessageType.RoAccessReport).flatMap((m) => parseRoAccessReport(m.body));
    await client.waitFor(() => reports().length === EPCS.length, 'all reports');
    expect(new Set(reports().map((t) => t.epc))).toEqual(new Set(EPCS));
    expect(new Set(reports().map((t) => t.antenna))).toEqual(new Set([1, 2]));
    expect(reports().every((t) => t.rospecId === 7 && t.lastSeenUs !== null)).toBe(true);

    const closed = await client.call(MessageType.CloseConnection);
    expect(closed.type).toBe(MessageType.CloseConnectionResponse);
  });

  it('keeps reading through a dropped connection and sends the buffered reports to the next client', async () => {
    const sim = await startLlrpReader({
      port: 0,
      host: '127.0.0.1',
      tags: EPCS,
      ratePerSecond: 100,
      passes: 1,
      resendOnReconnect: 3,
    });
    reader = sim;
    const first = await open(sim.port);
    await first.call(MessageType.AddRospec, addRospecBody({ rospecId: 1, antennas: [], startTrigger: 1, reportEveryNTags: 1 }));
    await first.call(MessageType.EnableRospec, rospecIdBody(1));
    await waitUntil(() => sim.reported.length >= 5);
    sim.dropConnection();
    await waitUntil(() => sim.isDone);
    const second = await open(sim.port);
    const got = () =>
      new Set(
        [...first.received, ...second.received]
          .filter((m) => m.type === MessageType.RoAccessReport)
          .flatMap((m) => parseRoAccessReport(m.body).map((t) => t.epc)),
      );
    await second.waitFor(() => got().size === EPCS.length, 'every tag');
    expect(sim.counters.connections).toBe(2);
  });
});
