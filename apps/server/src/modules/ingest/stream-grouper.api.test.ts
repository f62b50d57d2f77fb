import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
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
      db: t.database.db,
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
});
