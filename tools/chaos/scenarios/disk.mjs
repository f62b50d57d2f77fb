// The embedded database's disk fills up under load, then is freed (issue 25, item 4): writes answer 507 meanwhile,
// health keeps answering, and the server takes writes again by itself; every acknowledged read stored once.
import path from 'node:path';
import { root, sleep } from '../lib/infra.mjs';
import {
  answerLabel,
  call,
  demoDeviceKey,
  embeddedLedgerRows,
  Ledger,
  READERS,
  readingSetBatches,
  runHttpProducer,
  scenarioRow,
  tagSource,
} from '../lib/reads.mjs';

const { mountSmallDisk } = await import(path.join(root, 'apps/server/src/test/small-disk.ts'));

export const diskFull = {
  name: 'disk-full',
  title: 'the embedded database’s disk filled under HTTP ingest, then freed: 507 meanwhile, health answers, writes resume',
  usesTemplate: false,
  /** One process: an embedded database serves one. */
  procs: [1],
  timeoutMs: { short: 120_000, full: 150_000 },
  async run(ctx) {
    const disk = await mountSmallDisk(200);
    if ('skip' in disk) {
      return [scenarioRow(ctx, { notes: [`not run: ${disk.skip}`] })];
    }
    ctx.onCleanup(() => disk.unmount());
    const dataDir = path.join(disk.dir, 'data');
    const cluster = await ctx.cluster({
      database: 'none',
      broker: false,
      env: { DATA_DIR: dataDir, DATABASE_URL: '', DISK_RESERVE_MB: '32' },
    });
    await cluster.startAll({ timeoutMs: 90_000 });
    const ledger = new Ledger('http sets', READERS.tunnel);
    const source = tagSource(2600);
    const duration = ctx.short ? 12_000 : 20_000;
    const stopAt = Date.now() + duration;
    const until = () => Date.now() >= stopAt;
    const producing = runHttpProducer({
      url: `${cluster.url}/api/readingsets/`,
      key: demoDeviceKey(READERS.tunnel.serial),
      ledger,
      makeBatch: readingSetBatches({ ledger, source, serial: READERS.tunnel.serial, tagsPerSet: 100 }),
      until,
      drainDeadline: () => stopAt + 30_000,
      concurrency: 2,
      isAborted: ctx.isAborted,
    });
    // Health while the disk is full: it must answer (it hung until kill -9 before), whatever it says.
    const health = {};
    let isWatching = true;
    const watching = (async () => {
      while (isWatching) {
        const r = await call(`${cluster.servers[0].base}/api/health`, { timeoutMs: 3_000 });
        health[answerLabel(r)] = (health[answerLabel(r)] ?? 0) + 1;
        await sleep(300);
      }
    })();
    await sleep(duration * 0.25);
    ctx.step('fill the disk');
    disk.fill();
    await sleep(duration * 0.35);
    ctx.step('free the disk');
    disk.free();
    await producing;
    isWatching = false;
    await watching;
    const isClean = await cluster.stopAll(15_000);
    const rows = await embeddedLedgerRows(dataDir, {
      ledgers: [ledger],
      scenario: ctx.name,
      n: ctx.n,
      failOnServerErrors: false,
    });
    const answers = ledger.answers;
    const row = rows[0];
    if (!answers['507']) row.problems.push('no write was refused with 507 while the disk was full');
    if (answers['500']) row.problems.push(`${answers['500']} answers 500`);
    if (health['no answer']) row.problems.push(`health did not answer ${health['no answer']} times (hung)`);
    if (!isClean) row.notes.push('the server did not stop cleanly on SIGTERM');
    row.notes.unshift(
      `health meanwhile: ${Object.entries(health)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ')}`,
    );
    return rows;
  },
};
