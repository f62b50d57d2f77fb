// The embedded database busy with large reading sets while a reader replays its buffer (issue 30, 2026-11-30): PGlite's
// statements are synchronous, and a chain of them (the engine's and the EPCIS ledger's for a set of thousands of reads)
// held the event loop for 5.8 s; the load shedding's event-loop check then refused the replay's next request with 503
// as if the process were overloaded. Now the handle lets the loop turn after 50 ms of calls (db/pglite-handle.ts).
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { sleep, tempRoot } from '../lib/infra.mjs';
import {
  call,
  demoDeviceKey,
  drainStaged,
  embeddedLedgerRows,
  Ledger,
  READERS,
  runHttpProducer,
  seededRandom,
  tagSource,
  zebraBatches,
} from '../lib/reads.mjs';

/** A store's exit portal of the demo (tools/simulator/src/demo.ts). */
const EXIT_PORTAL = { serial: 'EXIT-T01-01' };

/**
 * Health answers within this while the sets are stored: the event-loop check's own bound (MAX_EVENT_LOOP_DELAY_MS,
 * 2 s), past which requests are refused. Before the fix: 3.1 s; with it 0.76–1.1 s on a fast 2-core machine.
 */
const HEALTH_BOUND_MS = 2_000;

/**
 * The Zebra events of `ledger`'s reader streamed to the server at `base`, `tagsPerBatch` tags a request (tags and
 * randomness seeded by `seeds`), `concurrency` requests at once, until `stopAt`; what is left drains within 60 s.
 */
const streamUntil = (ctx, base, ledger, { stopAt, tagsPerBatch, seeds: [tagSeed, randomSeed], concurrency }) =>
  runHttpProducer({
    url: `${base}/api/readers/stream/`,
    key: demoDeviceKey(ledger.reader.serial),
    ledger,
    makeBatch: zebraBatches({ ledger, source: tagSource(tagSeed), tagsPerBatch, random: seededRandom(randomSeed) }),
    until: () => Date.now() >= stopAt,
    drainDeadline: () => stopAt + 60_000,
    concurrency,
    isAborted: ctx.isAborted,
  });

export const embeddedBusy = {
  name: 'embedded-busy',
  title:
    'embedded database: an exit portal’s burst is stored as sets of thousands of reads while a handheld replays its buffer: no 503, health answers',
  usesTemplate: false,
  /**
   * By itself, after the other runs: its bound is a time. Beside `disk-full` on a slow 2-core machine health took
   * 3,073 ms (CI of 2026-12-01; no request refused, every read stored once); here alone 1,084–1,174 ms, beside it 1,569 ms.
   */
  alone: true,
  /** One process: an embedded database serves one. */
  procs: [1],
  timeoutMs: { short: 240_000, full: 270_000 },
  async run(ctx) {
    const dataDir = path.join(mkdtempSync(path.join(tempRoot, 'embedded-busy-')), 'data');
    const cluster = await ctx.cluster({
      database: 'none',
      broker: false,
      proxy: false,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    await cluster.startAll({ timeoutMs: 120_000 });
    const base = cluster.servers[0].base;
    // 1. A store's exit portal streams a burst (1,000 tags a request, 3 at once): its reads are staged, and become
    //    sets of thousands of reads (exit alarms, webhooks, EPCIS ledger) once it is quiet.
    const burst = new Ledger('exit portal burst, 1,000 tags a request', EXIT_PORTAL);
    const burstFor = ctx.short ? 6_000 : 12_000;
    const burstEnds = Date.now() + burstFor;
    await streamUntil(ctx, base, burst, { stopAt: burstEnds, tagsPerBatch: 1_000, seeds: [3100, 3150], concurrency: 3 });
    // 2. Meanwhile those sets are stored, a handheld sends its buffer, one request after the other (the bench's replay).
    const replay = new Ledger('handheld replay, 500 tags a request', READERS.handheld);
    const stopAt = Date.now() + (ctx.short ? 12_000 : 24_000);
    const producers = streamUntil(ctx, base, replay, { stopAt, tagsPerBatch: 500, seeds: [3200, 3300], concurrency: 1 });
    // Health's answer time meanwhile: the event loop's longest hold, as a client sees it.
    let slowestHealthMs = 0;
    let healthCalls = 0;
    let isWatching = true;
    const watching = (async () => {
      while (isWatching) {
        const started = performance.now();
        await call(`${base}/api/health`, { timeoutMs: 10_000 });
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
        healthCalls += 1;
        await sleep(100);
      }
    })();
    await producers;
    isWatching = false;
    await watching;
    // Every acknowledged read becomes a set before the server is stopped (the embedded database is read once it is).
    const stagedLeft = await drainStaged({
      base,
      ledgers: [burst, replay],
      deadline: Date.now() + 90_000,
      isAborted: ctx.isAborted,
    });
    const isClean = await cluster.stopAll(20_000);
    const rows = await embeddedLedgerRows(dataDir, { ledgers: [burst, replay], scenario: ctx.name, n: ctx.n });
    for (const [row, ledger] of [
      [rows[0], burst],
      [rows[1], replay],
    ]) {
      if (ledger.answers['503']) row.problems.push(`${ledger.answers['503']} requests refused for load (503) `);
    }
    const first = rows[0];
    first.notes.unshift(`health: ${healthCalls} calls, slowest ${Math.round(slowestHealthMs)} ms`);
    if (slowestHealthMs > HEALTH_BOUND_MS) {
      first.problems.push(`health took ${Math.round(slowestHealthMs)} ms (bound ${HEALTH_BOUND_MS} ms): the event loop was held`);
    }
    if (!isClean) first.notes.push('the server did not stop cleanly on SIGTERM');
    if (stagedLeft > 0) first.problems.push(`${stagedLeft} reads still staged 90 s after the last request`);
    return rows;
  },
};
