import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JobState } from '@rfid/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/scratch-db.js';
import { readBackupFile, writeBackupFile } from './backup-archive.js';
import {
  countTables,
  danglingForeignKeys,
  getJson,
  isBuilt,
  login,
  openProbe,
  type RunningServer,
  readingSetIds,
  runCli,
  sendReadingSet,
  startServer,
  startWriters,
  type Target,
  tornReadingSets,
  writtenFile,
} from './backup-restore-fixtures.js';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, on the built server (npm test builds first): on the
 * embedded database (PGlite), or on PostgreSQL when TEST_DATABASE_URL names a server (the PostgreSQL lane of npm test).
 * Every expected count is read from the source database with the tests' own SQL, never from the backup's manifest.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';
const hasPgTools = !serverUrl || spawnSync('pg_dump', ['--version']).status === 0;
if (!hasPgTools)
  console.warn('backup-restore: SKIPPED on PostgreSQL: pg_dump is not on the PATH (apt-get install postgresql-client)');

const counts = async (target: Target) => {
  const probe = await openProbe(target);
  try {
    return await countTables(probe);
  } finally {
    await probe.close();
  }
};

describe.skipIf(!hasPgTools)(`backup and restore on ${kind} (built server, npm run backup / restore)`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'rfid-backup-test-'));
  const backups = `${path.join(work, 'backups')}/`;
  const drops: (() => Promise<void>)[] = [];
  let targets = 0;
  /** A new, empty database: a scratch PostgreSQL database, or a data folder. */
  const newTarget = async (): Promise<Target> => {
    targets += 1;
    const dataDir = path.join(work, `data-${targets}`);
    mkdirSync(dataDir);
    if (!serverUrl) return { dataDir };
    const scratch = await createScratchDatabase(serverUrl, 'rfid_backup');
    drops.push(scratch.drop);
    return { databaseUrl: scratch.url, dataDir };
  };
  let source: Target;
  let server: RunningServer | undefined;
  /** The quiet backup of the first test, the source's rows when it was taken, and the database restored from it. */
  let quiet: { file: string; expected: Record<string, number>; restored: Target } | undefined;

  /** The restored server starts, signs in the demo's admin and lists the locations: as many as the restored table. */
  const serves = async (target: Target, locations: number | undefined) => {
    const restored = await startServer(target);
    try {
      const token = await login(restored.base);
      const list = await getJson(restored.base, '/api/locations/', token);
      expect(list.status).toBe(200);
      expect((list.body as { count: number }).count).toBe(locations);
    } finally {
      await restored.stop();
    }
  };

  beforeAll(async () => {
    if (!isBuilt()) throw new Error('The server is not built (apps/server/dist): run npm run build first.');
    source = await newTarget();
    server = await startServer(source);
    for (let i = 0; i < 5; i++) await sendReadingSet(server.base);
  }, 200_000);

  afterAll(async () => {
    await server?.stop();
    for (const drop of drops) await drop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  });

  it('a hot backup (the server running) restores every table with the rows the source had when it was taken', async () => {
    let file = '';
    let expected: Record<string, number> = {};
    let output = '';
    for (let attempt = 1; ; attempt++) {
      if (serverUrl) {
        // The source is counted just before and just after: equal counts are the rows at the backup's moment.
        const before = await counts(source);
        const result = await runCli(['backup', '--out', backups], source);
        file = writtenFile(result);
        output = result.stdout;
        expected = await counts(source);
        if (JSON.stringify(before) === JSON.stringify(expected)) break;
      } else {
        // The folder is the server's while it runs: it is counted once the server has stopped, if no background job
        // wrote between the backup and the stop (a job queued, run or left running from the backup's start on).
        server ??= await startServer(source);
        const startedAt = new Date().toISOString();
        const result = await runCli(['backup', '--out', backups], source);
        file = writtenFile(result);
        output = result.stdout;
        await server.stop();
        server = undefined;
        const probe = await openProbe(source);
        const [late] = await probe.rows<{ n: number }>(
          `select count(*)::int as n from jobs where created_at >= '${startedAt}' or started_at >= '${startedAt}'
             or finished_at >= '${startedAt}' or state = '${JobState.Running}'`,
        );
        expected = await countTables(probe);
        await probe.close();
        if (Number(late?.n) === 0) break;
      }
      if (attempt === 3) throw new Error('background jobs wrote around each of 3 backups: the source never stood still');
      console.info(`backup-restore: background jobs wrote around backup ${attempt}; taking it again`);
    }
    expect(output).toContain(serverUrl ? 'pg_dump of' : 'hot, by the running server');
    expect(expected['public.reading_sets']).toBeGreaterThanOrEqual(5);
    const target = await newTarget();
    const restore = await runCli(['restore', file], target);
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await counts(target);
    expect(restored).toEqual(expected);
    await serves(target, restored['public.locations']);
    quiet = { file, expected, restored: target };
  }, 400_000);

  it('a hot backup taken while reading sets keep arriving restores a consistent database a server starts on', async () => {
    server ??= await startServer(source);
    const writers = startWriters(server.base);
    let file = '';
    let storedBefore = new Set<string>();
    let sentBy = new Set<string>();
    try {
      await writers.storedMore(3);
      for (let attempt = 1; ; attempt++) {
        storedBefore = new Set(writers.stored.keys());
        const from = performance.now();
        file = writtenFile(await runCli(['backup', '--out', backups], source));
        const to = performance.now();
        sentBy = new Set(writers.sent.keys());
        // The backup is only a test of hot copying if sets were stored while it was taken.
        if ([...writers.stored.values()].some((at) => at > from && at < to)) break;
        if (attempt === 3) throw new Error('no reading set was stored during any of 3 backups');
      }
      await writers.storedMore(2);
    } finally {
      await writers.stop();
    }

    const target = await newTarget();
    const restore = await runCli(['restore', file], target);
    expect(restore.code, restore.stderr).toBe(0);
    const probe = await openProbe(target);
    let locations: number | undefined;
    try {
      locations = (await countTables(probe))['public.locations'];
      const ids = await readingSetIds(probe);
      // Every set stored before the backup began is there; none sent after it ended is.
      expect([...storedBefore].filter((id) => !ids.has(id))).toEqual([]);
      expect([...ids].filter((id) => writers.sent.has(id) && !sentBy.has(id))).toEqual([]);
      expect(ids.size).toBeGreaterThan(storedBefore.size);
      // No set without all its traces, no row pointing at a row that is not there.
      const restoredWriterSets = [...ids].filter((id) => writers.sent.has(id));
      expect(restoredWriterSets.length).toBeGreaterThan(0);
      expect(await tornReadingSets(probe, restoredWriterSets)).toEqual([]);
      expect(await danglingForeignKeys(probe)).toEqual([]);
    } finally {
      await probe.close();
    }
    await serves(target, locations);
  }, 400_000);

  it('refuses, changing nothing: a database in use, one that is not empty, a damaged file, a backup newer than the code', async () => {
    if (!quiet) throw new Error('the first test made no backup');
    server ??= await startServer(source);
    // The source, in use by its server.
    const inUse = await runCli(['restore', quiet.file, '--force'], source);
    expect(inUse.code, inUse.stderr).toBe(3);
    expect(inUse.stderr).toMatch(serverUrl ? /other sessions are connected/ : /in use by another server process/);

    // A database that holds one already (the first test's restore): refused without --force, replaced with it.
    const target = quiet.restored;
    const again = await runCli(['restore', quiet.file], target);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/give --force/);
    const forced = await runCli(['restore', quiet.file, '--force'], target);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await counts(target)).toEqual(quiet.expected);
    if (!serverUrl) expect(readdirSync(target.dataDir).some((name) => name.startsWith('pgdata.before-restore-'))).toBe(true);

    // A byte changed in the payload: refused as damaged, the empty target left empty.
    const damaged = path.join(work, 'damaged.tar');
    copyFileSync(quiet.file, damaged);
    const fd = openSync(damaged, 'r+');
    const byte = Buffer.alloc(1);
    const middle = Math.floor(statSync(damaged).size / 2);
    readSync(fd, byte, 0, 1, middle);
    writeSync(fd, Buffer.from([(byte[0] ?? 0) ^ 0xff]), 0, 1, middle);
    closeSync(fd);
    const empty = await newTarget();
    const broken = await runCli(['restore', damaged], empty);
    expect(broken.code, broken.stderr).toBe(5);
    if (serverUrl) expect(Object.keys(await counts(empty))).toEqual([]);
    else expect(existsSync(path.join(empty.dataDir, 'pgdata'))).toBe(false);

    // The same backup said to be taken at a migration made after this code's last one.
    const payload = path.join(work, 'payload');
    const manifest = await readBackupFile(quiet.file, payload);
    const newer = path.join(work, 'newer.tar');
    const future = Date.now() + 1_000 * 86_400_000;
    await writeBackupFile(
      newer,
      { ...manifest, migration: { ...manifest.migration, tag: '9999_future', createdAt: future } },
      payload,
    );
    const refused = await runCli(['restore', newer], empty);
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toMatch(/9999_future, newer than this code's last/);
  }, 300_000);

  it.skipIf(Boolean(serverUrl))(
    'with no server holding the data folder, the command copies the folder itself',
    async () => {
      await server?.stop();
      server = undefined;
      const expected = await counts(source);
      const result = await runCli(['backup', '--out', backups], source);
      expect(result.stdout).toContain('no server held it');
      const target = await newTarget();
      expect((await runCli(['restore', writtenFile(result)], target)).code).toBe(0);
      expect(await counts(target)).toEqual(expected);
    },
    300_000,
  );
});
