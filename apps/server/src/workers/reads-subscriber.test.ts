import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { BusBatchHandler, ReaderBus } from '../broker/bus.js';
import type { Engine } from '../modules/engine/engine.js';
import type { IngestDevice } from '../modules/ingest/ingest.repository.js';
import type { DeviceDirectory } from '../modules/ingest/ingest.service.js';
import type { StreamGrouper } from '../modules/ingest/stream-grouper.js';
import { READS_TOPIC, startReadsSubscriber } from './reads-subscriber.js';

const device: IngestDevice = {
  id: 5,
  companyId: 1,
  locationId: 2,
  areaId: 3,
  workingMode: 1,
  serialNumber: 'POR-MAD-EXP',
  macAddress: '84:24:8D:00:00:02',
};
const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

const setUp = async (stage: StreamGrouper['stage']) => {
  let handler: BusBatchHandler | undefined;
  const state = { isClosing: false };
  // The subscriber uses subscribeBatch (shared: one process of several gets each message) and isClosing.
  const bus = {
    status: () => ({ transport: 'mqtt', connected: true, subscribed: true }),
    subscribeBatch: async (filter: string, h: BusBatchHandler, options?: { shared?: boolean }) => {
      expect(filter).toBe(READS_TOPIC);
      expect(options?.shared).toBe(true);
      handler = h;
    },
    isClosing: () => state.isClosing,
  } as unknown as ReaderBus;
  const devices = {
    byMac: async (mac: string) => (mac === '84248D000002' ? device : undefined),
    touch: vi.fn(async () => {}),
  } as unknown as DeviceDirectory;
  const grouper = { stage } as unknown as StreamGrouper;
  await startReadsSubscriber({ bus, engine: {} as Engine, devices, grouper, log });
  const message = (topic: string, payload: unknown) => ({
    topic,
    payload: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)),
  });
  /** One window of messages, as the bus hands them over. */
  const deliverWindow = (messages: [string, unknown][]) =>
    (handler as BusBatchHandler)(messages.map(([topic, payload]) => message(topic, payload)));
  const deliver = (topic: string, payload: unknown) => deliverWindow([[topic, payload]]);
  return { deliver, deliverWindow, devices, state };
};

const zebra = { timestamp: '2026-11-20T12:00:00.000Z', data: { idHex: 'abcd', antenna: 1, peakRssi: -50 } };

describe('reads subscriber', () => {
  it('stages a Zebra event of a known reader, then marks the reader as heard from', async () => {
    const stage = vi.fn(async () => ({ accepted: 1, duplicates: 0 }));
    const { deliver, devices } = await setUp(stage);
    await deliver('readers/84248D000002/reads', zebra);
    expect(stage).toHaveBeenCalledWith(device, [{ epc: 'ABCD', time: new Date('2026-11-20T12:00:00Z'), antenna: 1, rssi: -50 }]);
    expect(devices.touch).toHaveBeenCalledWith(5);
  });

  it('a window of one-read messages is staged with one write per reader, each reader marked once', async () => {
    const stage = vi.fn(async () => ({ accepted: 1, duplicates: 0 }));
    const { deliverWindow, devices } = await setUp(stage);
    const event = (idHex: string, second: number) => ({
      timestamp: `2026-11-20T12:00:0${second}.000Z`,
      data: { idHex, antenna: 1, peakRssi: -50 },
    });
    await deliverWindow([
      ['readers/84248D000002/reads', event('aa01', 1)],
      ['readers/000000000000/reads', event('ff01', 1)],
      ['readers/84248D000002/reads', 'not json'],
      ['readers/84248D000002/reads', event('aa02', 2)],
      ['readers/84248D000002/reads', [event('aa03', 3), event('aa04', 4)]],
    ]);
    expect(stage).toHaveBeenCalledTimes(1);
    expect(stage).toHaveBeenCalledWith(
      device,
      ['AA01', 'AA02', 'AA03', 'AA04'].map((epc, i) => ({
        epc,
        time: new Date(`2026-11-20T12:00:0${i + 1}Z`),
        antenna: 1,
        rssi: -50,
      })),
    );
    expect(devices.touch).toHaveBeenCalledTimes(1);
  });

  it('acknowledges what can never be stored: unknown reader, not JSON, not an event', async () => {
    const stage = vi.fn(async () => ({ accepted: 0, duplicates: 0 }));
    const { deliver } = await setUp(stage);
    await expect(deliver('readers/000000000000/reads', zebra)).resolves.toBeUndefined();
    await expect(deliver('readers/84248D000002/reads', 'not json')).resolves.toBeUndefined();
    await expect(deliver('readers/84248D000002/reads', { hello: 1 })).resolves.toBeUndefined();
    expect(stage).not.toHaveBeenCalled();
  });

  it('retries a failed write and resolves (acknowledges) only once it succeeded', async () => {
    let calls = 0;
    const stage = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw new Error('connection terminated');
      return { accepted: 1, duplicates: 0 };
    });
    const { deliver } = await setUp(stage);
    await deliver('readers/84248D000002/reads', [zebra]);
    expect(stage).toHaveBeenCalledTimes(3);
  });

  it('does not acknowledge while the database stays down, and gives up only when the bus closes', async () => {
    vi.useFakeTimers();
    const stage = vi.fn(async () => {
      throw new Error('database is down');
    });
    const { deliver, state } = await setUp(stage);
    let settled = false;
    const delivered = deliver('readers/84248D000002/reads', zebra).finally(() => {
      settled = true;
    });
    const outcome = expect(delivered).rejects.toThrow('database is down');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(settled).toBe(false);
    expect(stage.mock.calls.length).toBeGreaterThan(20);
    state.isClosing = true;
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    vi.useRealTimers();
  });
});
