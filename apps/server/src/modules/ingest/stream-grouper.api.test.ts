import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createEngine } from '../engine/engine.js';
import { readingSetPipeline } from '../engine/pipeline.js';
import { createIngestRepository, type IngestDevice } from './ingest.repository.js';
import { createDeviceDirectory } from './ingest.service.js';
import { createStreamGrouper } from './stream-grouper.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, 0) + seconds * 1000);
const read = (epc: string, seconds: number) => ({ epc, time: at(seconds), antenna: 1, rssi: -50 });

describe('stream grouper on the database', () => {
  let t: TestApp;
  let device: IngestDevice;
  const scalar = async (query: ReturnType<typeof sql>): Promise<number> => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const grouperWith = (maxEpcs: number) =>
    createStreamGrouper({
      engine: createEngine({ db: t.database.db, pipeline: readingSetPipeline({ isHandlersOnly: true }) }),
      devices: createDeviceDirectory(t.database.db),
      gapMs: 2_000,
      maxEpcs,
      log: t.app.log,
    });
  const sets = () => scalar(sql`select count(*) n from reading_sets where device_id = ${device.id}`);

  beforeAll(async () => {
    t = await buildTestApp();
    device = (await createIngestRepository(t.database.db).deviceByMac('84:24:8D:00:00:02')) as IngestDevice;
  });
  afterAll(async () => t.close());

  it('stores the finished sets of a reader that never pauses and keeps the open one staged', async () => {
    const grouper = grouperWith(3);
    await grouper.stage(device, [read('AAAA01', 0), read('AAAA02', 1)]);
    // 10 s later a second pass starts; 3 staged reads reach maxEpcs: the first pass is finished
    await grouper.stage(device, [read('AAAA03', 10)]);
    for (let i = 0; i < 300 && (await sets()) < 1; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sets()).toBe(1);
    expect(await scalar(sql`select count(*) n from reader_stream_reads where device_id = ${device.id}`)).toBe(1);
    expect(await grouper.flush(device.id)).toBe(1);
    expect(await sets()).toBe(2);
    await grouper.close();
  });

  it('turns reads staged before a restart into sets, and a replay of them into nothing', async () => {
    const repo = createIngestRepository(t.database.db);
    const reads = [read('BBBB01', 100), read('BBBB02', 100.5), read('BBBB01', 101)];
    expect(await repo.stageStreamReads({ companyId: device.companyId, deviceId: device.id, reads })).toBe(3);
    const before = await sets();
    const grouper = grouperWith(10_000);
    expect(await grouper.flushAll()).toBe(1);
    expect(await sets()).toBe(before + 1);
    expect(await scalar(sql`select count(*) n from traces where epc like 'BBBB%'`)).toBe(3);
    // the same reads again (a redelivery after the set was stored): recognised and dropped
    await repo.stageStreamReads({ companyId: device.companyId, deviceId: device.id, reads });
    expect(await grouper.flushAll()).toBe(0);
    expect(await scalar(sql`select count(*) n from traces where epc like 'BBBB%'`)).toBe(3);
    expect(await scalar(sql`select count(*) n from reader_stream_reads`)).toBe(0);
    await grouper.close();
  });

  it('stores a replay of buffered reads exactly once, beside the demo sets of the same reader (the ingest bench check)', async () => {
    // The demo already holds sets of this reader: only the replay's own tags are counted.
    const demoReads = await scalar(
      sql`select count(*) n from traces t join reading_sets s on s.id = t.reading_set_id where s.device_id = ${device.id}`,
    );
    expect(demoReads).toBeGreaterThan(0);
    const grouper = grouperWith(500); // small sets: the "reader that never pauses" flush runs many times
    const reads: ReturnType<typeof read>[] = [];
    for (let pass = 0; pass < 12; pass++) {
      for (let tag = 0; tag < 60; tag++) {
        for (const antenna of [1, 2]) {
          reads.push({
            epc: `E2801170${String(pass * 100 + tag).padStart(16, '0')}`,
            time: at(1_000 + pass * 30 + tag * 0.05),
            antenna,
            rssi: -60,
          });
        }
      }
    }
    for (let i = 0; i < reads.length; i += 100) await grouper.stage(device, reads.slice(i, i + 100));
    await grouper.flush(device.id);
    const mine = sql`from traces where epc like 'E2801170%'`;
    expect(await scalar(sql`select count(*) n ${mine}`)).toBe(reads.length);
    expect(await scalar(sql`select count(distinct (epc, read_at, antenna)) n ${mine}`)).toBe(reads.length);
    expect(await scalar(sql`select count(distinct reading_set_id) n ${mine}`)).toBe(12);
    expect(await scalar(sql`select count(*) n from reader_stream_reads where device_id = ${device.id}`)).toBe(0);
    await grouper.close();
  });

  it('stores each read once when two processes stage and flush the same reader at the same time', async () => {
    // Two groupers stand for two server processes (on PostgreSQL they use separate connections).
    const one = grouperWith(300);
    const two = grouperWith(300);
    const reads = Array.from({ length: 1_200 }, (_, i) => ({
      epc: `E2801171${String(i % 400).padStart(16, '0')}`,
      time: at(5_000 + Math.floor(i / 400) * 60 + (i % 400) * 0.01),
      antenna: 1 + Math.floor(i / 400),
      rssi: -55,
    }));
    const batches = [];
    for (let i = 0; i < reads.length; i += 50) batches.push(reads.slice(i, i + 50));
    // The same reader's requests spread over both, with flushes racing each other.
    await Promise.all(
      batches.map(async (batch, i) => {
        const grouper = i % 2 === 0 ? one : two;
        await grouper.stage(device, batch);
        if (i % 5 === 0) await grouper.flush(device.id, { force: false });
      }),
    );
    await Promise.all([one.flush(device.id), two.flush(device.id)]);
    const mine = sql`from traces where epc like 'E2801171%'`;
    expect(await scalar(sql`select count(*) n ${mine}`)).toBe(reads.length);
    expect(await scalar(sql`select count(distinct (epc, read_at, antenna)) n ${mine}`)).toBe(reads.length);
    expect(await scalar(sql`select count(*) n from reader_stream_reads where device_id = ${device.id}`)).toBe(0);
    await Promise.all([one.close(), two.close()]);
  });
});
