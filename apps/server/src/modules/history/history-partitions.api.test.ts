import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { traces } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createHistoryArchive } from './history-archive.js';
import { createHistoryPartitionsRepository } from './history-partitions.repository.js';
import { maintainHistoryPartitions } from './use-cases/maintain-history-partitions.js';

/**
 * The partitioned histories (migration 0032) and their daily job, on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): months made ahead with a clock of the test's, and an old month archived, then dropped.
 */
describe('history partitions', () => {
  let t: TestApp;
  let dir: string;
  const db = () => t.database.db;
  const exists = async (name: string) =>
    rowsOf<{ found: string | null }>(await db().execute(sql`select to_regclass(${name})::text as found`))[0]?.found ?? null;
  const trace = (readAt: string, epc: string) => ({
    companyId: 1,
    itemId: 1,
    epc,
    readingSetId: randomUUID(),
    readAt: new Date(readAt),
    state: 0,
  });

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    dir = await mkdtemp(path.join(process.env.TEST_TMP_DIR ?? tmpdir(), 'history-archive-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("makes this month's and the next months' partitions ahead, once, and moves the month's strays out of the default", async () => {
    const repo = createHistoryPartitionsRepository(db());
    // A reader with a clock years ahead: its read waits in the default partition until its month is made.
    await db().insert(traces).values(trace('2031-06-20T08:00:00Z', 'STRAY'));
    expect(await exists('traces_p203106')).toBeNull();

    const now = new Date('2031-05-31T23:30:00Z');
    const settings = { monthsAhead: 1, retentionMonths: 0, now };
    const first = await maintainHistoryPartitions(repo, createHistoryArchive(dir), settings);
    expect(first.created).toEqual(['traces:2031-05', 'traces:2031-06', 'epcis_events:2031-05', 'epcis_events:2031-06']);
    const again = await maintainHistoryPartitions(repo, createHistoryArchive(dir), settings);
    expect(again.created).toEqual([]);

    expect(await exists('traces_p203106')).toBe('traces_p203106');
    const [where] = rowsOf<{ partition: string }>(
      await db().execute(sql`select tableoid::regclass::text as partition from traces where epc = 'STRAY'`),
    );
    expect(where?.partition).toBe('traces_p203106');
    // The next read of that month goes straight to its partition.
    await db().insert(traces).values(trace('2031-06-01T00:00:00Z', 'FIRST-OF-JUNE'));
    const [june] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from traces_p203106`));
    expect(june?.n).toBe(2);
  });

  it('archives a month older than the retention to a gzip CSV holding its rows, then drops it; newer months stay', async () => {
    const repo = createHistoryPartitionsRepository(db());
    await repo.createMonth('traces', '2019-03');
    await repo.createMonth('traces', '2019-04');
    await db()
      .insert(traces)
      .values([
        trace('2019-03-01T00:00:00Z', 'MARCH-1'),
        { ...trace('2019-03-15T12:00:00Z', 'MARCH "2", with, commas'), area1Id: 7, rssi: -61.25 },
        trace('2019-03-31T23:59:59Z', ''),
        trace('2019-04-01T00:00:00Z', 'APRIL-1'),
      ]);

    const report = await maintainHistoryPartitions(repo, createHistoryArchive(dir), {
      monthsAhead: 0,
      retentionMonths: 1,
      now: new Date('2019-05-10T09:00:00Z'),
      pageSize: 2,
    });

    expect(report.archived.map(({ table, month, rows }) => ({ table, month, rows }))).toEqual([
      { table: 'traces', month: '2019-03', rows: 3 },
    ]);
    const records = parse(gunzipSync(await readFile(path.join(dir, 'traces-2019-03.csv.gz'))), {
      columns: true,
    }) as Record<string, string>[];
    expect(records.map((r) => r.epc).sort()).toEqual(['', 'MARCH "2", with, commas', 'MARCH-1']);
    const second = records.find((r) => r.epc?.startsWith('MARCH "2"'));
    expect(second?.area1_id).toBe('7');
    expect(second?.rssi).toBe('-61.25');
    const manifest = JSON.parse(await readFile(path.join(dir, 'traces-2019-03.manifest.json'), 'utf8')) as {
      rows: number;
    };
    expect(manifest.rows).toBe(3);

    expect(await exists('traces_p201903')).toBeNull();
    expect(await exists('traces_p201904')).toBe('traces_p201904');
    const left = rowsOf<{ epc: string }>(
      await db().execute(sql`select epc from traces where read_at < '2019-05-01' order by read_at`),
    );
    expect(left.map((r) => r.epc)).toEqual(['APRIL-1']);
  });
});
