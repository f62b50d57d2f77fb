import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LlrpReaderSimulator, startLlrpReader } from '../../../../tools/simulator/src/llrp-reader.js';
import { createEngine } from '../modules/engine/engine.js';
import { readingSetPipeline } from '../modules/engine/pipeline.js';
import { createDeviceDirectory } from '../modules/ingest/ingest.service.js';
import { createStreamGrouper, type StreamGrouper } from '../modules/ingest/stream-grouper.js';
import { locationIdByCode } from '../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { createLlrpClient, type LlrpClient } from './llrp-client.js';

// The app's own LLRP client stays off: the test runs its clients (two "processes") with short timings.
process.env.LLRP = 'off';

/**
 * Short enough for a quick test, long enough that a busy machine's stalls (CI runs the journeys beside, at load 15–20
 * on 2 cores) don't lose a lease between its renewals (1.5 s did there).
 */
const LEASE_MS = 4_000;

/** SGTIN-96 EPCs of the demo company prefix, serials far from the demo's. */
const epcs = (count: number, from: number) =>
  Array.from({ length: count }, (_, i) => `30395DFA831${(from + i).toString(16).toUpperCase().padStart(13, '0')}`);

// Waits of up to 60 s (a loaded machine): each test may take two minutes.
describe('LLRP client against the simulated reader', { timeout: 120_000 }, () => {
  let t: TestApp;
  let areaId: number;
  let grouper: StreamGrouper;
  const clients: LlrpClient[] = [];
  const readers: LlrpReaderSimulator[] = [];

  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const link = async (deviceId: number) =>
    (
      await rows<{ owner: string; state: string; last_error: string | null; connected_at: Date | string | null }>(
        sql`select owner, state, last_error, connected_at from reader_links where device_id = ${deviceId}`,
      )
    )[0];
  /** Polls until `check` holds (never a fixed sleep); fails with `what` at the deadline. */
  const until = (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000, everyMs = 20) =>
    vi.waitFor(
      async () => {
        if (!(await check())) throw new Error(`waiting for ${what}`);
      },
      { timeout: timeoutMs, interval: everyMs },
    );
  const client = (owner: string, overrides: { backoffMinMs?: number } = {}) => {
    const c = createLlrpClient({
      db: t.database.db,
      devices: createDeviceDirectory(t.database.db),
      grouper,
      log: t.app.log,
      owner,
      pollMs: 100,
      leaseMs: LEASE_MS,
      keepaliveMs: 400,
      timeoutMs: 2_000,
      backoffMinMs: overrides.backoffMinMs ?? 100,
      backoffMaxMs: 1_000,
    });
    clients.push(c);
    return c;
  };
  const api = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: await t.login('admin@demo.local') }, ...(payload ? { payload } : {}) });

  /** A simulated LLRP reader on a free local port, closed after the tests. */
  const simulate = async (options: Omit<Parameters<typeof startLlrpReader>[0], 'port' | 'host'>) => {
    const reader = await startLlrpReader({ port: 0, host: '127.0.0.1', ...options });
    readers.push(reader);
    return reader;
  };
  /** Declares `reader` as an LLRP reader of the test area (POST /api/readers/, 201) and gives the device's id. */
  const addLlrpDevice = async (
    reader: LlrpReaderSimulator,
    fields: { serial_number: string; mac_address: string; [field: string]: unknown },
  ) => {
    const created = await api('POST', '/api/readers/', {
      ...fields,
      locationArea1_id: areaId,
      connection_type: 'llrp',
      llrp_host: '127.0.0.1',
      llrp_port: reader.port,
    });
    expect(created.statusCode).toBe(201);
    const deviceId: number = created.json().id;
    return deviceId;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const cdMad = await locationIdByCode(t.database.db, 'CD-MAD');
    areaId = (await api('GET', `/api/locations/${cdMad}/areas/`)).json().results[0].id;
    grouper = createStreamGrouper({
      engine: createEngine({ db: t.database.db, pipeline: readingSetPipeline({ isHandlersOnly: true }) }),
      devices: createDeviceDirectory(t.database.db),
      gapMs: 300,
      log: t.app.log,
    });
  });
  afterAll(async () => {
    for (const c of clients) c.kill();
    for (const r of readers) await r.close();
    await grouper?.close();
    await t?.close();
  });

  it('connects, stores every tag exactly once through a dropped connection, and lets go when the reader stops being LLRP', async () => {
    const tags = epcs(60, 0x1000);
    const reader = await simulate({ tags, ratePerSecond: 60, passes: 1, resendOnReconnect: 5 });
    const deviceId = await addLlrpDevice(reader, {
      serial_number: 'SPEEDWAY-R420-1',
      mac_address: '00:16:25:AA:00:01',
      working_mode: 0,
      llrp_antennas: [1, 2],
    });

    const a = client('process-a', { backoffMinMs: 600 });
    a.start();
    await until('the link CONNECTED', async () => (await link(deviceId))?.state === 'CONNECTED');
    expect(reader.rospecState()).toEqual([{ id: expect.any(Number), state: 'ACTIVE' }]);
    const firstConnectedAt = String((await link(deviceId))?.connected_at);
    const detail = (await api('GET', `/api/readers/${deviceId}/`)).json();
    expect(detail.llrp_link).toMatchObject({ state: 'CONNECTED', last_error: null });
    expect(detail.state).toBe('ON'); // touched on connect and reports

    // mid-stream, the connection is cut (no CLOSE_CONNECTION): the server notices and reconnects with back-off
    await until('some reports', () => reader.reported.length >= 20);
    reader.dropConnection();
    await until('the link RETRYING', async () => (await link(deviceId))?.state === 'RETRYING', 10_000, 10);
    expect((await link(deviceId))?.last_error).toBeTruthy();
    await until('the link CONNECTED again', async () => {
      const now = await link(deviceId);
      return now?.state === 'CONNECTED' && String(now.connected_at) !== firstConnectedAt;
    });
    expect(reader.counters.connections).toBe(2);
    expect(reader.counters.resent).toBeGreaterThan(0); // reports that may have been lost came again

    // every tag read once by the reader (one pass), some reports delivered twice (re-sent after the drop)
    await until('the reader done', () => reader.isDone);
    expect(reader.reported).toHaveLength(tags.length);
    const traced = async () =>
      rows<{ epc: string; n: number | string }>(sql`
        select t.epc, count(*) as n from traces t join reading_sets s on s.id = t.reading_set_id
        where s.device_id = ${deviceId} group by t.epc`);
    await until('every tag stored', async () => (await traced()).length === tags.length);
    await until(
      'nothing staged',
      async () =>
        Number(
          (await rows<{ n: string }>(sql`select count(*) n from reader_stream_reads where device_id = ${deviceId}`))[0]?.n,
        ) === 0,
    );
    const stored = await traced();
    expect(new Set(stored.map((r) => r.epc))).toEqual(reader.reportedEpcs());
    expect(stored.every((r) => Number(r.n) === 1)).toBe(true);
    // the reads keep the reader's antennas and its timestamps
    const antennas = await rows<{ antenna: number }>(sql`
      select distinct t.antenna from traces t join reading_sets s on s.id = t.reading_set_id where s.device_id = ${deviceId}`);
    expect(new Set(antennas.map((r) => Number(r.antenna)))).toEqual(new Set([1, 2]));

    // no longer an LLRP reader: the process closes the connection and gives the link up
    expect((await api('PUT', `/api/readers/${deviceId}/`, { connection_type: 'push' })).statusCode).toBe(200);
    await until('the link given up', async () => (await link(deviceId)) === undefined && a.held().length === 0);
    await until('the reader disconnected', () => !reader.isConnected);
    expect((await api('GET', `/api/readers/${deviceId}/`)).json().llrp_link).toBeNull();
    await a.close();
  });

  it('keeps one connection per reader across two processes; the other takes over when the holder dies', async () => {
    const reader = await simulate({ tags: epcs(10, 0x2000), ratePerSecond: 20 });
    const deviceId = await addLlrpDevice(reader, {
      serial_number: 'R700-1',
      mac_address: '00:16:25:AA:00:02',
      llrp_power_dbm: 27,
    });
    const a = client('process-a2');
    const b = client('process-b2');
    a.start();
    b.start();
    await until('one process CONNECTED', async () => (await link(deviceId))?.state === 'CONNECTED');
    const holderName = (await link(deviceId))?.owner;
    const [holder, other] = holderName === 'process-a2' ? [a, b] : [b, a];
    expect(holder.held()).toEqual([deviceId]);
    // a few lease periods: the other never takes it, the reader never sees a second client
    const quietUntil = Date.now() + LEASE_MS * 2;
    await until('two lease periods', () => Date.now() > quietUntil, LEASE_MS * 4, 100);
    expect(other.held()).toEqual([]);
    expect(reader.counters.connections).toBe(1);
    expect(reader.counters.refused).toBe(0);

    // the holder dies (no close, no release): the other takes the link once its lease ran out
    const diedAt = Date.now();
    holder.kill();
    await until('the other process CONNECTED', async () => {
      const now = await link(deviceId);
      return now?.owner === other.owner && now.state === 'CONNECTED';
    });
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(LEASE_MS / 3); // not before the lease could run out
    expect(other.held()).toEqual([deviceId]);
    const reportsBefore = reader.reported.length;
    await until('reports again', () => reader.reported.length > reportsBefore + 5);
    await other.close();
    expect(await link(deviceId)).toBeUndefined();
  });

  it('treats a reader gone silent (no keepalive for 3.5 periods) as a lost connection and connects again', async () => {
    const reader = await simulate({ tags: epcs(5, 0x3000), ratePerSecond: 10 });
    const deviceId = await addLlrpDevice(reader, { serial_number: 'FX9600-1', mac_address: '00:16:25:AA:00:03' });
    const a = client('process-a3', { backoffMinMs: 300 });
    a.start();
    await until('the link CONNECTED', async () => (await link(deviceId))?.state === 'CONNECTED');
    await until('a keepalive', () => reader.counters.keepalives > 0);
    reader.pause(); // the connection stays open, nothing comes
    await until('the link RETRYING', async () => (await link(deviceId))?.state === 'RETRYING', 10_000, 10);
    expect((await link(deviceId))?.last_error).toMatch(/No keepalive from the reader/);
    reader.pause(false);
    await until('the link CONNECTED again', async () => (await link(deviceId))?.state === 'CONNECTED');
    expect(reader.counters.connections).toBe(2);
    await a.close();
  });

  it('waits while another client holds the reader (RETRYING with the reason) and connects once it leaves', async () => {
    const reader = await simulate({ tags: epcs(3, 0x4000), ratePerSecond: 10 });
    const other = connect({ port: reader.port, host: '127.0.0.1' }); // e.g. a test tool left open
    other.on('error', () => {});
    await until('the other client connected', () => reader.isConnected);
    const deviceId = await addLlrpDevice(reader, { serial_number: 'R220-1', mac_address: '00:16:25:AA:00:04' });
    const a = client('process-a4');
    a.start();
    await until(
      'the link RETRYING',
      async () => (await link(deviceId))?.last_error === 'The reader is connected to another client',
    );
    expect((await link(deviceId))?.state).toBe('RETRYING');
    expect(reader.counters.refused).toBeGreaterThan(0);
    other.destroy();
    await until('the link CONNECTED', async () => (await link(deviceId))?.state === 'CONNECTED');
    expect((await api('GET', `/api/readers/${deviceId}/`)).json().llrp_link).toMatchObject({
      state: 'CONNECTED',
      last_error: null,
    });
    await a.close();
  });
});
