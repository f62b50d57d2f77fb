// `npm run bench:ingest`: reads per second end to end, on PGlite and on PostgreSQL.
//
// For each database it starts the built server (apps/server/dist/main.js) in its own process
// with a fresh database and the demo data, then, from this process:
//   1. HTTP: reading sets of 1,000 EPCs (POST /api/readingsets/, device key), N in flight;
//   2. MQTT: a Zebra IoT Connector tag-event stream on readers/<mac>/reads (if a broker answers),
//      and an Impinj reader publishing each read as its own message;
//   3. replay: a reader back after an outage sends its 66,000 buffered reads (Zebra events,
//      POST /api/readers/stream/, 1,000 a request); timed until every read is stored in a set.
// Then it stops the server and counts the trace rows in the database: none may be lost.
//
// Before that, in this process and on its own fresh database (same migrations, same demo data), the write of reads
// side by side with its baseline (issue 15). Baseline: the rows an ingest of a set of 1,000 new EPCs writes (one
// reading_sets row, 1,000 items, 1,000 traces), built beforehand (EPCs decoded, item types looked up), inserted
// plainly into the product's tables (their indexes, constraints and triggers) through the driver (node-postgres'
// pool, PGlite's client) in three ways: `insert … values ($1, …), …` (10,000 parameters), the same as literals, and
// `insert … select * from unnest($1::int[], …)`; items `returning id` for the traces. Timed: the three statements
// and the transaction. Ingest: as many other new sets through the product's service, timed from the validated body
// (toSetInput, then ingestSet: decoding, the set, the items, the engine's dispatch, the traces, through Drizzle, and the
// engine's commit hooks as the app registers them: live-update rows + NOTIFY, EPCIS events). A free set of new tags
// moves no item, so it has no EPCIS event; its one live_events row (and NOTIFY) is the ingest's own, not in the
// baseline, which stays the rows of the comparison (the set, its items, its traces).
// Both: in-process (no HTTP, no JSON, no Zod of the body), one set at a time, one transaction a set, each side
// in turn, set by set, so a load change on the (shared) machine falls on every side. Ratio: the fastest baseline's time
// over the ingest's; goal ≥ 0.85.
//
// Options: --quick (small run while developing), --only pglite|postgres, --sets N,
// --concurrency N, --mqtt-reads N, --mqtt-single N, --replay N, --no-mqtt, --pg URL, --mqtt URL,
// --write-sets N (sets of each side of the write comparison), --write-only (only that comparison),
// --single-posts N, --single-connections N, --mqtt-bare N, --single-only (only the "reads one at a time" cases below).
// --single-transport http|mqtt (only that one of them, e.g. to profile it),
// BENCH_SERVER_CPU_PROF=<dir> profiles the server process (node --cpu-prof); BENCH_SERVER_LOG=<file> keeps what it printed.
//
// Reads one at a time (issue 30): one Zebra event a POST against a bare Fastify POST route (tools/bench/bare-ingest.mjs),
// the client tools/bench/post-client.mjs (autocannon, its own process); and one event a MQTT message against a bare
// QoS 1 subscriber (tools/bench/bare-subscriber.mjs, its own process) on the same broker in the same run. Each prints
// its ratio with its goal, and the reads count in the check (stored = sent, none doubled).
// Needs `npm run build` first (server, packages, tools/simulator).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchOptions, pgUrlOf } from './options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    ...benchOptions,
    sets: { type: 'string' },
    concurrency: { type: 'string' },
    'mqtt-reads': { type: 'string' },
    'mqtt-single': { type: 'string' },
    replay: { type: 'string' },
    'no-mqtt': { type: 'boolean' },
    mqtt: { type: 'string' },
    'write-sets': { type: 'string' },
    'write-only': { type: 'boolean' },
    'single-posts': { type: 'string' },
    'single-connections': { type: 'string' },
    'single-only': { type: 'boolean' },
    'mqtt-bare': { type: 'string' },
    'single-transport': { type: 'string' },
  },
});
const quick = values.quick ?? false;
const SETS = Number(values.sets ?? (quick ? 10 : 60));
const EPCS_PER_SET = 1_000;
const CONCURRENCY = Number(values.concurrency ?? 4);
const MQTT_READS = Number(values['mqtt-reads'] ?? (quick ? 5_000 : 20_000));
const MQTT_EVENTS_PER_MESSAGE = 100;
const MQTT_SINGLE_READS = Number(values['mqtt-single'] ?? (quick ? 1_000 : 5_000));
const MQTT_SINGLE_BARE = Number(values['mqtt-bare'] ?? (quick ? 5_000 : 20_000));
const WRITE_SETS = Number(values['write-sets'] ?? (quick ? 10 : 40));
const WRITE_BLOCK = 1;
const REPLAY_READS = Number(values.replay ?? (quick ? 6_600 : 66_000));
const SINGLE_POSTS = Number(values['single-posts'] ?? (quick ? 3_000 : 10_000));
const SINGLE_CONNECTIONS = Number(values['single-connections'] ?? 20);
/** The readers that post one event a request (SINGLE_CONNECTIONS connections spread over them). */
const SINGLE_READERS = ['TUN-MAD-01', 'POR-MAD-EXP', 'HH-MAD-01', 'POR-T01-ENT', 'HH-T01-01'];
const PG_URL = pgUrlOf(values.pg);
const MQTT_URL = values.mqtt ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const IDLE_GAP_MS = 500;
/** The bench's tags: SGTIN-96 serials from here on (the demo's and the simulator's are lower). */
const BENCH_SERIAL_BASE = 200_000_000_000;

for (const built of ['apps/server/dist/main.js', 'packages/epc/dist/index.js', 'tools/simulator/dist/demo.js']) {
  if (!existsSync(path.join(root, built))) {
    console.error(`bench: ${built} is missing; run npm run build first.`);
    process.exit(2);
  }
}
const { createTagFactory, seededRandom } = await import(path.join(root, 'tools/simulator/dist/epcs.js'));
const { demoGtins, demoDeviceKey } = await import(path.join(root, 'tools/simulator/dist/demo.js'));
const { toImpinjEvents, toZebraEvents } = await import(path.join(root, 'tools/simulator/dist/formats.js'));

const canConnect = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Starts the built server on a fresh database; resolves when /api/health answers. */
const startServer = async ({ databaseUrl, dataDir, useMqtt }) => {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    MQTT_URL: useMqtt ? MQTT_URL : '',
    // Each run is its own share group: a session of an earlier run (another database) left on the broker
    // would otherwise take its share of this run's messages.
    MQTT_CLIENT_ID: `bench-server-${randomBytes(4).toString('hex')}`,
    MQTT_SHARE_GROUP: `bench-${randomBytes(4).toString('hex')}`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    READS_IDLE_GAP_MS: String(IDLE_GAP_MS),
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  // BENCH_SERVER_CPU_PROF=<dir>: the server (only it) writes a V8 CPU profile there when it stops
  // (tools/bench/cpuprofile-summary.mjs summarises it).
  const profile = process.env.BENCH_SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { base, stop, output: () => output };
};

/** Waits until the reader has no staged reads and `expected` reads stored (GET /api/readers/status/). */
/** The reads a reader has stored so far (its demo sets count too: the bench's own are counted from this baseline). */
const storedReadsOf = async (base, key) =>
  (await (await fetch(`${base}/api/readers/status/`, { headers: { authorization: `Device ${key}` } })).json()).stored_reads;

/** Waits until `expected` reads more than `baseline` are stored and none is staged; answers how many more were stored. */
const waitForReads = async ({ base, key, expected, baseline, timeoutMs = 180_000 }) => {
  const deadline = Date.now() + timeoutMs;
  let status = { stored_reads: 0, staged_reads: 0 };
  while (Date.now() < deadline) {
    status = await (await fetch(`${base}/api/readers/status/`, { headers: { authorization: `Device ${key}` } })).json();
    if (status.staged_reads === 0 && status.stored_reads >= baseline + expected) break;
    await sleep(100);
  }
  return status.stored_reads - baseline;
};

const postJson = async (url, key, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Device ${key}` },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
};

/** Starts `node <script> …args` and resolves once it prints "ready"; `lines` collects what it prints after that. */
const startProcess = (script, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = [];
    let buffer = '';
    let isReady = false;
    child.stdout.on('data', (d) => {
      buffer += d;
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line === 'ready' && !isReady) {
          isReady = true;
          resolve({
            child,
            lines,
            stop: () =>
              new Promise((r) => {
                if (child.exitCode !== null) return r();
                child.once('exit', r);
                child.kill('SIGTERM');
              }),
          });
        } else if (line) lines.push(line);
        nl = buffer.indexOf('\n');
      }
    });
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.once('exit', (code) => {
      if (!isReady) reject(new Error(`${script} exited ${code} before it was ready`));
    });
  });

/** Runs the HTTP client (tools/bench/post-client.mjs, its own process) over `requests`; answers its JSON line. */
const runClient = async (url, requests) => {
  const file = path.join(os.tmpdir(), `rfid-bench-posts-${randomBytes(4).toString('hex')}.json`);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, JSON.stringify(requests));
  try {
    const child = spawn(
      process.execPath,
      [path.join(root, 'tools/bench/post-client.mjs'), url, String(SINGLE_CONNECTIONS), file],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`post-client exited ${code}`);
    return JSON.parse(out.trim().split('\n').pop());
  } finally {
    rmSync(file, { force: true });
  }
};

/** Waits until the reader's reads committed (staged or in sets) reach `expected` over `baseline`; answers when (ms). */
const waitForCommitted = async ({ base, key, expected, baseline, timeoutMs = 120_000 }) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await (await fetch(`${base}/api/readers/status/`, { headers: { authorization: `Device ${key}` } })).json();
    const committed = status.staged_reads + status.stored_reads - baseline;
    if (committed >= expected || Date.now() > deadline) return { committed, at: Date.now() };
    await sleep(20);
  }
};

const stagedOf = async (base, key) =>
  (await (await fetch(`${base}/api/readers/status/`, { headers: { authorization: `Device ${key}` } })).json()).staged_reads;

const readerCommitted = async (base, key) => {
  const status = await (await fetch(`${base}/api/readers/status/`, { headers: { authorization: `Device ${key}` } })).json();
  return status.staged_reads + status.stored_reads;
};

const pg = (await import('pg')).default;

/** A fresh data folder, and for PostgreSQL a fresh database on PG_URL; `drop` removes both. */
const scratch = async (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rfid-bench-${kind}-`));
  let databaseUrl;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `rfid_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const drop = async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, databaseUrl, drop };
};

const dist = (file) => import(path.join(root, 'apps/server/dist', file));
const { inArray, sql } = await import('drizzle-orm');

/** The input of the write comparison: new sets of 1,000 EPCs from the tunnel, as bodies and as the rows they make. */
const writeInputs = async ({ db, schema, device, tunnel, decodeForIngest }) => {
  const itemTypeOf = new Map(
    (
      await db
        .select({ id: schema.itemTypes.id, gtin: schema.itemTypes.gtin, companyId: schema.itemTypes.companyId })
        .from(schema.itemTypes)
    )
      .filter((t) => t.companyId === device.companyId)
      .map((t) => [t.gtin, t.id]),
  );
  const random = seededRandom(20261124);
  const tags = createTagFactory({ gtins: demoGtins(), companyPrefixLength: 7, serialBase: BENCH_SERIAL_BASE + 50_000_000_000 });
  const makeBody = () => {
    const end = new Date();
    return {
      id: randomUUID(),
      device: tunnel,
      start_time: new Date(end.getTime() - 5_000).toISOString(),
      end_time: end.toISOString(),
      epcs: tags.tags(EPCS_PER_SET, random, 40),
    };
  };
  /** The rows the ingest of `body` writes, ready to insert (EPCs decoded, item types found): the baseline's input. */
  const rowsOf = (body) => {
    const endTime = new Date(body.end_time);
    const epcs = body.epcs.map((e) => e.toUpperCase());
    return {
      set: {
        id: body.id,
        companyId: device.companyId,
        deviceId: device.id,
        locationId: device.locationId,
        areaId: device.areaId,
        workingMode: device.workingMode,
        codebar: null,
        startTime: new Date(body.start_time),
        endTime,
        readCount: epcs.length,
        epcCount: epcs.length,
      },
      items: epcs.map((epc) => {
        const d = decodeForIngest(epc);
        return {
          companyId: device.companyId,
          epc,
          scheme: d.scheme,
          gtin: d.gtin,
          serial: d.serial,
          itemTypeId: (d.gtin && itemTypeOf.get(d.gtin)) ?? null,
          state: 1,
          areaId: device.areaId,
          locationId: device.locationId,
          lastSeenAt: endTime,
        };
      }),
    };
  };
  return { makeBody, rowsOf };
};

// The same rows through the driver itself (node-postgres' pool, PGlite's client): one parameterised
// `insert … values (…), (…) …` a table, no ORM on the way.
const inTransactionOf = (database) => {
  const client = database.db.$client;
  return database.kind === 'postgres'
    ? async (work) => {
        const c = await client.connect();
        try {
          await c.query('begin');
          await work((text, params) => c.query(text, params));
          await c.query('commit');
        } catch (error) {
          await c.query('rollback');
          throw error;
        } finally {
          c.release();
        }
      }
    : (work) => client.transaction((tx) => work((text, params) => tx.query(text, params)));
};
const placeholders = (rows, width) =>
  Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`).join(
    ', ',
  );
const setSql = `insert into reading_sets (id, company_id, device_id, location_id, area_id, working_mode, codebar, start_time, end_time, read_count, epc_count) values ${placeholders(1, 11)}`;
const itemsSql = `insert into items (company_id, epc, scheme, gtin, serial, item_type_id, state, area_id, location_id, last_seen_at) values ${placeholders(EPCS_PER_SET, 10)} returning id`;
const tracesSql = `insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi) values ${placeholders(EPCS_PER_SET, 10)}`;
const setValues = (set) => [
  set.id,
  set.companyId,
  set.deviceId,
  set.locationId,
  set.areaId,
  set.workingMode,
  set.codebar,
  set.startTime,
  set.endTime,
  set.readCount,
  set.epcCount,
];
const driverInsertOf =
  (inTransaction) =>
  ({ set, items }) =>
    inTransaction(async (query) => {
      await query(setSql, setValues(set));
      const ids = (
        await query(
          itemsSql,
          items.flatMap((i) => [
            i.companyId,
            i.epc,
            i.scheme,
            i.gtin,
            i.serial,
            i.itemTypeId,
            i.state,
            i.areaId,
            i.locationId,
            i.lastSeenAt,
          ]),
        )
      ).rows;
      await query(
        tracesSql,
        items.flatMap((i, n) => [i.companyId, ids[n].id, i.epc, set.id, set.endTime, i.state, null, i.areaId, null, null]),
      );
    });
// The same rows as literals in one statement text a table (simple protocol, nothing bound).
const literal = (v) =>
  v === null
    ? 'null'
    : typeof v === 'number'
      ? String(v)
      : `'${(v instanceof Date ? v.toISOString() : v).replaceAll("'", "''")}'`;
const row = (values) => `(${values.map(literal).join(', ')})`;
const literalInsertOf =
  (inTransaction) =>
  ({ set, items }) =>
    inTransaction(async (query) => {
      await query(
        `insert into reading_sets (id, company_id, device_id, location_id, area_id, working_mode, codebar, start_time, end_time, read_count, epc_count) values ${row(setValues(set))}`,
      );
      const ids = (
        await query(
          `insert into items (company_id, epc, scheme, gtin, serial, item_type_id, state, area_id, location_id, last_seen_at) values ${items.map((i) => row([i.companyId, i.epc, i.scheme, i.gtin, i.serial, i.itemTypeId, i.state, i.areaId, i.locationId, i.lastSeenAt])).join(', ')} returning id`,
        )
      ).rows;
      await query(
        `insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi) values ${items.map((i, n) => row([i.companyId, Number(ids[n].id), i.epc, set.id, set.endTime, i.state, null, i.areaId, null, null])).join(', ')}`,
      );
    });
// The same rows as one array a column (`insert … select * from unnest($1::int[], $2::text[], …)`).
const unnestInsertOf =
  (inTransaction) =>
  ({ set, items }) =>
    inTransaction(async (query) => {
      await query(setSql, setValues(set));
      const col = (f) => items.map(f);
      const ids = (
        await query(
          'insert into items (company_id, epc, scheme, gtin, serial, item_type_id, state, area_id, location_id, last_seen_at) select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::smallint[], $8::int[], $9::int[], $10::timestamptz[]) returning id',
          [
            col((i) => i.companyId),
            col((i) => i.epc),
            col((i) => i.scheme),
            col((i) => i.gtin),
            col((i) => i.serial),
            col((i) => i.itemTypeId),
            col((i) => i.state),
            col((i) => i.areaId),
            col((i) => i.locationId),
            col((i) => i.lastSeenAt),
          ],
        )
      ).rows;
      await query(
        'insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi) select * from unnest($1::int[], $2::bigint[], $3::text[], $4::uuid[], $5::timestamptz[], $6::smallint[], $7::int[], $8::int[], $9::smallint[], $10::float8[])',
        [
          col((i) => i.companyId),
          ids.map((r) => r.id),
          col((i) => i.epc),
          col(() => set.id),
          col(() => set.endTime),
          col((i) => i.state),
          col(() => null),
          col((i) => i.areaId),
          col(() => null),
          col(() => null),
        ],
      );
    });

/** Each side writes twice (warm-up), then its WRITE_SETS inputs in turns of WRITE_BLOCK; answers the inputs and times. */
const timeSides = async (sides) => {
  for (const side of sides) for (let i = 0; i < 2; i++) await side.write(side.make()); // warm-up: JIT, plans, caches
  const inputs = sides.map((side) => Array.from({ length: WRITE_SETS }, side.make));
  const ms = sides.map(() => 0);
  for (let i = 0; i < WRITE_SETS; i += WRITE_BLOCK) {
    for (const [s, side] of sides.entries()) {
      const t0 = performance.now();
      for (const input of inputs[s].slice(i, i + WRITE_BLOCK)) await side.write(input);
      ms[s] += performance.now() - t0;
    }
  }
  return { inputs, ms };
};

/**
 * The write of reads against its baseline (see the top of this file): WRITE_SETS sets of 1,000 new EPCs each side,
 * alternating blocks of WRITE_BLOCK sets. Answers the rows of the table and the ratio line.
 */
const runWrite = async (kind) => {
  const { dataDir, databaseUrl, drop } = await scratch(kind);
  const { openDatabase } = await dist('db/client.js');
  const { seedDemo } = await dist('db/seed/seed.js');
  const { createEngine } = await dist('modules/engine/engine.js');
  const { createDeviceDirectory, decodeForIngest, ingestSet, toSetInput } = await dist('modules/ingest/ingest.service.js');
  const schema = await dist('db/schema/index.js');
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const { db } = database;
    // The engine as the app builds it (app.ts, modules/engine/pipeline.ts): every transaction also runs its commit
    // hooks, the live-update rows + NOTIFY, the stock alarms and the EPCIS events of the ledger (the last two: none for
    // a free set of new tags, which moves nothing).
    const { readingSetPipeline } = await dist('modules/engine/pipeline.js');
    const engine = createEngine({ db, pipeline: readingSetPipeline() });
    const tunnel = 'TUN-MAD-01';
    const device = await createDeviceDirectory(db).authenticate(`Device ${demoDeviceKey(tunnel)}`);
    const { makeBody, rowsOf } = await writeInputs({ db, schema, device, tunnel, decodeForIngest });
    const inTransaction = inTransactionOf(database);
    const ingest = (body) => ingestSet(engine, device, toSetInput(body));
    const sides = [
      {
        name: 'baseline: insert … values ($1, …), (…) …, 10 parameters a row',
        write: driverInsertOf(inTransaction),
        make: () => rowsOf(makeBody()),
      },
      {
        name: 'baseline: insert … values (…), (…) … as literals, nothing bound',
        write: literalInsertOf(inTransaction),
        make: () => rowsOf(makeBody()),
      },
      {
        name: 'baseline: insert … select * from unnest($1::int[], …), one array a column',
        write: unnestInsertOf(inTransaction),
        make: () => rowsOf(makeBody()),
      },
      {
        name: `ingest: ingestSet of new sets of ${fmt(EPCS_PER_SET)} EPCs (with its commit hooks)`,
        write: ingest,
        make: makeBody,
      },
    ];
    const { inputs, ms } = await timeSides(sides);
    const setIds = inputs.flat().map((input) => input.set?.id ?? input.id);
    const [{ n }] = await db
      .select({ n: sql`count(*)::int`.mapWith(Number) })
      .from(schema.traces)
      .where(inArray(schema.traces.readingSetId, setIds));
    const reads = WRITE_SETS * EPCS_PER_SET;
    // Against the fastest of the plain inserts in this run.
    const fastest = Math.min(...ms.slice(0, -1));
    const ratio = fastest / ms[ms.length - 1];
    return {
      rows: [
        ...sides.map((side, s) => ({ kind, transport: `write, in-process: ${side.name}`, reads, seconds: ms[s] / 1000 })),
        {
          kind,
          check: `${fmt(n)} traces of ${fmt(sides.length * reads)} rows written: ${n === sides.length * reads ? 'all stored' : 'MISMATCH'}`,
          ok: n === sides.length * reads,
        },
      ],
      ratio: `${kind}: ingest ÷ the fastest plain multi-row insert of the same rows = ${ratio.toFixed(2)} (goal ≥ 0.85: ${ratio >= 0.85 ? 'met' : 'NOT met'})`,
    };
  } finally {
    await database.close();
    await drop();
  }
};

const httpSets = async ({ kind, server, random, tags, expectedBySerial, rows }) => {
  // 1. HTTP sets of 1,000 EPCs from the inbound tunnel (free sets: no box barcode).
  const tunnel = 'TUN-MAD-01';
  const key = demoDeviceKey(tunnel);
  const makeSet = () => ({
    id: randomUUID(),
    device: tunnel,
    start_time: new Date(Date.now() - 5_000).toISOString(),
    end_time: new Date().toISOString(),
    epcs: tags.tags(EPCS_PER_SET, random, 40),
  });
  for (let i = 0; i < 2; i++) await postJson(`${server.base}/api/readingsets/`, key, makeSet()); // warm-up
  const sets = Array.from({ length: SETS }, makeSet);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < sets.length) {
        const set = sets[next++];
        await postJson(`${server.base}/api/readingsets/`, key, set);
      }
    }),
  );
  const httpSeconds = (performance.now() - started) / 1000;
  expectedBySerial[tunnel] = (expectedBySerial[tunnel] ?? 0) + (SETS + 2) * EPCS_PER_SET;
  rows.push({
    kind,
    transport: `HTTP sets of ${fmt(EPCS_PER_SET)} EPCs, ${CONCURRENCY} in flight`,
    reads: SETS * EPCS_PER_SET,
    seconds: httpSeconds,
  });
};

/** Reads of `count` new tags (`group` a time), 10 ms apart a group from `base`, over `antennas` antennas. */
const streamReads = ({ tags, random }, count, { group, base, antennas, rssi }) =>
  tags.tags(count, random, group).map((epc, i) => ({
    epc,
    time: new Date(base + Math.floor(i / group) * 10),
    antenna: 1 + (i % antennas),
    rssi,
  }));

/** Times a reader's stream from its publishing until every read is stored; adds its row and the reads it expects. */
const timeStream = async ({ kind, server, expectedBySerial, rows }, { serial, count, transport, publish }) => {
  const key = demoDeviceKey(serial);
  const baseline = await storedReadsOf(server.base, key);
  const t0 = performance.now();
  await publish();
  const stored = await waitForReads({ base: server.base, key, expected: count, baseline });
  const seconds = (performance.now() - t0) / 1000;
  expectedBySerial[serial] = (expectedBySerial[serial] ?? 0) + count;
  rows.push({ kind, transport, reads: stored, seconds });
};

const mqttStreams = async (run) => {
  // 2. MQTT Zebra stream from the shipping portal.
  const mqtt = (await import('mqtt')).default;
  const portal = { serial: 'POR-MAD-EXP', mac: '84248D000002' };
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `bench-${process.pid}` });
  const base = Date.now() - 60_000;
  const events = toZebraEvents(streamReads(run, MQTT_READS, { group: 50, base, antennas: 4, rssi: -60 }));
  await timeStream(run, {
    serial: portal.serial,
    count: MQTT_READS,
    transport: `MQTT Zebra stream, ${MQTT_EVENTS_PER_MESSAGE} events a message (incl. ${IDLE_GAP_MS} ms idle gap)`,
    publish: async () => {
      const inFlight = [];
      for (let i = 0; i < events.length; i += MQTT_EVENTS_PER_MESSAGE) {
        inFlight.push(
          client.publishAsync(`readers/${portal.mac}/reads`, JSON.stringify(events.slice(i, i + MQTT_EVENTS_PER_MESSAGE)), {
            qos: 1,
          }),
        );
        if (inFlight.length >= 50) await Promise.all(inFlight.splice(0));
      }
      await Promise.all(inFlight);
    },
  });

  // 2b. An Impinj reader publishing every read as its own message (the out-of-the-box setting).
  const single = { serial: 'POR-T01-ENT', mac: '001625000011' };
  const singleEvents = toImpinjEvents(
    streamReads(run, MQTT_SINGLE_READS, { group: 20, base, antennas: 2, rssi: -55 }),
    'impinj-bench',
  );
  await timeStream(run, {
    serial: single.serial,
    count: MQTT_SINGLE_READS,
    transport: `MQTT Impinj stream, 1 event a message (incl. ${IDLE_GAP_MS} ms idle gap)`,
    publish: async () => {
      for (let i = 0; i < singleEvents.length; i += 50) {
        await Promise.all(
          singleEvents
            .slice(i, i + 50)
            .map((event) => client.publishAsync(`readers/${single.mac}/reads`, JSON.stringify(event), { qos: 1 })),
        );
      }
    },
  });
  await client.endAsync();
};

/**
 * 2c. One event per HTTP POST (a Zebra IoT Connector left at its default), beside a bare Fastify process's POST
 * route (tools/bench/bare-ingest.mjs) in the same run: the same client (tools/bench/post-client.mjs, autocannon,
 * its own process), SINGLE_CONNECTIONS keep-alive connections spread over the SINGLE_READERS, each request one
 * new read, every one sent once; bare and server in turn, twice (the bare 4 times as many requests: it is that
 * much faster, and a run of a second or less is mostly warm-up). Ratio: requests/s over requests/s. Every 202 is a committed read (the server
 * answers after the commit that holds it): all must be stored once (the count at the end).
 */
const singlePosts = async ({ kind, server, random, tags, expectedBySerial, rows }) => {
  const barePort = await freePort();
  const bare = await startProcess('tools/bench/bare-ingest.mjs', [String(barePort)]);
  let clock = Date.now() - 3_600_000;
  const makeRequests = (n) => {
    const epcs = tags.tags(n, random, 20);
    return epcs.map((epc, i) => {
      const serial = SINGLE_READERS[i % SINGLE_READERS.length];
      clock += 1;
      const [event] = toZebraEvents([{ epc, time: new Date(clock), antenna: 1, rssi: -58 }]);
      return { serial, key: demoDeviceKey(serial), body: JSON.stringify(event) };
    });
  };
  const baselines = Object.fromEntries(
    await Promise.all(SINGLE_READERS.map(async (s) => [s, await readerCommitted(server.base, demoDeviceKey(s))])),
  );
  const sentBy = Object.fromEntries(SINGLE_READERS.map((s) => [s, 0]));
  const acknowledged = { server: 0, sent: 0 };
  const sides = { bare: { ok: 0, seconds: 0, p99: 0 }, server: { ok: 0, seconds: 0, p99: 0 } };
  const send = async (side, n, isTimed) => {
    const requests = makeRequests(n);
    const url = side === 'bare' ? `http://127.0.0.1:${barePort}/api/readers/stream/` : `${server.base}/api/readers/stream/`;
    const result = await runClient(
      url,
      requests.map(({ key, body }) => ({ key, body })),
    );
    if (side === 'server') {
      for (const r of requests) sentBy[r.serial] += 1;
      acknowledged.server += result.ok;
      acknowledged.sent += n;
    }
    if (isTimed) {
      sides[side].ok += result.ok;
      sides[side].seconds += result.seconds;
      sides[side].p99 = Math.max(sides[side].p99, result.p99);
    }
  };
  await send('bare', 5_000, false); // warm-up
  await send('server', 1_000, false);
  for (let round = 0; round < 2; round++) {
    // The bare route answers many times faster: more requests, so that its run lasts long enough to measure.
    await send('bare', SINGLE_POSTS * 2, true);
    await send('server', SINGLE_POSTS / 2, true);
  }
  await bare.stop();
  for (const serial of SINGLE_READERS) {
    await waitForCommitted({
      base: server.base,
      key: demoDeviceKey(serial),
      expected: sentBy[serial],
      baseline: baselines[serial],
    });
    // Grouped into sets once the reader is quiet for the idle gap (the count at the end reads the sets).
    for (let i = 0; i < 600 && (await stagedOf(server.base, demoDeviceKey(serial))) > 0; i++) await sleep(100);
    expectedBySerial[serial] = (expectedBySerial[serial] ?? 0) + sentBy[serial];
  }
  const serverRate = sides.server.ok / sides.server.seconds;
  const bareRate = sides.bare.ok / sides.bare.seconds;
  const ratio = serverRate / bareRate;
  console.log(`  one event a POST: server ${fmt(serverRate)}/s, bare ${fmt(bareRate)}/s, ratio ${ratio.toFixed(2)}`);
  rows.push(
    {
      kind,
      transport: `HTTP bare POST route (Fastify, parses the body, 202), ${SINGLE_CONNECTIONS} connections, p99 ${sides.bare.p99} ms`,
      reads: sides.bare.ok,
      seconds: sides.bare.seconds,
    },
    {
      kind,
      transport: `HTTP one event a POST, ${SINGLE_CONNECTIONS} connections over ${SINGLE_READERS.length} readers, p99 ${sides.server.p99} ms`,
      reads: sides.server.ok,
      seconds: sides.server.seconds,
    },
    {
      kind,
      check: `one event a POST: ${fmt(acknowledged.server)} of ${fmt(acknowledged.sent)} posts acknowledged (202)`,
      ok: acknowledged.server === acknowledged.sent,
    },
    {
      kind,
      ratio: `${kind}: one event a POST ÷ bare POST route = ${ratio.toFixed(2)} (goal ≥ 0.6: ${ratio >= 0.6 ? 'met' : 'NOT met'})`,
    },
  );
};

/**
 * 2d. One event per MQTT message beside a bare QoS 1 subscriber (tools/bench/bare-subscriber.mjs, its own process)
 * on the same broker and topic, in the same run: this process publishes MQTT_SINGLE_BARE single-event messages
 * (QoS 1, 500 in flight); the bare subscriber's time is when it received the last, the server's when all of
 * them are committed (staged or stored, GET /api/readers/status/ every 20 ms).
 */
const singleMqtt = async ({ kind, server, random, tags, expectedBySerial, rows }) => {
  const mqtt = (await import('mqtt')).default;
  const reader = { serial: 'EXIT-T01-01', mac: '84248D000021' };
  const topic = `readers/${reader.mac}/reads`;
  const count = MQTT_SINGLE_BARE;
  const bare = await startProcess('tools/bench/bare-subscriber.mjs', [MQTT_URL, topic, String(count)]);
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `bench-single-${process.pid}` });
  const from = Date.now() - 7_200_000;
  const events = toImpinjEvents(
    tags.tags(count, random, 20).map((epc, i) => ({ epc, time: new Date(from + i), antenna: 1, rssi: -55 })),
    'impinj-bench-single',
  );
  const key = demoDeviceKey(reader.serial);
  const baseline = await readerCommitted(server.base, key);
  const bareDone = new Promise((resolve) => bare.child.once('exit', () => resolve(JSON.parse(bare.lines.at(-1) ?? '{}'))));
  const t0 = Date.now();
  for (let i = 0; i < events.length; i += 500) {
    await Promise.all(events.slice(i, i + 500).map((event) => client.publishAsync(topic, JSON.stringify(event), { qos: 1 })));
  }
  const committed = await waitForCommitted({ base: server.base, key, expected: count, baseline });
  const bareResult = await bareDone;
  await client.endAsync();
  await waitForReads({ base: server.base, key, expected: count, baseline });
  expectedBySerial[reader.serial] = (expectedBySerial[reader.serial] ?? 0) + count;
  const bareSeconds = (bareResult.at - t0) / 1000;
  const serverSeconds = (committed.at - t0) / 1000;
  const ratio = bareSeconds / serverSeconds;
  rows.push(
    {
      kind,
      transport: 'MQTT bare QoS 1 subscriber (mqtt.js), 1 event a message, received',
      reads: bareResult.received ?? 0,
      seconds: bareSeconds,
    },
    {
      kind,
      transport: 'MQTT 1 event a message, committed (staged or stored)',
      reads: committed.committed,
      seconds: serverSeconds,
    },
    {
      kind,
      ratio: `${kind}: MQTT one event a message ÷ bare QoS 1 subscriber = ${ratio.toFixed(2)} (goal ≥ 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'})`,
    },
  );
};

const replay = async ({ kind, server, random, tags, expectedBySerial, rows }) => {
  // 3. Replay of a reader's outage buffer over HTTP (Zebra events, 1,000 a request).
  const handheld = 'HH-MAD-01';
  const replayKey = demoDeviceKey(handheld);
  const replayReads = [];
  const hours = 4;
  const bursts = Math.ceil(REPLAY_READS / 120);
  const begin = Date.now() - hours * 3_600_000;
  for (let b = 0; replayReads.length < REPLAY_READS; b++) {
    for (const epc of tags.tags(60, random, 10)) {
      for (let k = 0; k < 2 && replayReads.length < REPLAY_READS; k++) {
        replayReads.push({
          epc,
          time: new Date(begin + b * ((hours * 3_600_000) / bursts) + Math.floor(random() * 4_000)),
          antenna: 1 + k,
          rssi: -65,
        });
      }
    }
  }
  replayReads.sort((a, b) => a.time - b.time);
  const replayEvents = toZebraEvents(replayReads);
  const replayBaseline = await storedReadsOf(server.base, replayKey);
  const r0 = performance.now();
  for (let i = 0; i < replayEvents.length; i += 1_000) {
    await postJson(`${server.base}/api/readers/stream/`, replayKey, replayEvents.slice(i, i + 1_000));
  }
  const acceptedSeconds = (performance.now() - r0) / 1000;
  const replayed = await waitForReads({
    base: server.base,
    key: replayKey,
    expected: REPLAY_READS,
    baseline: replayBaseline,
  });
  const replaySeconds = (performance.now() - r0) / 1000;
  expectedBySerial[handheld] = (expectedBySerial[handheld] ?? 0) + REPLAY_READS;
  rows.push({
    kind,
    transport: `replay of ${fmt(REPLAY_READS)} buffered reads (${bursts} passes; all committed after ${acceptedSeconds.toFixed(1)} s)`,
    reads: replayed,
    seconds: replaySeconds,
  });
};

/**
 * 4. None lost, none doubled: stop the server and count the traces of the bench's own tags. The demo data
 * holds reading sets of the same readers (554 reads, 306 traces): counting every trace of those readers
 * is what once made this check print MISMATCH although no read was doubled.
 */
const checkTraces = async ({ kind, server, expectedBySerial, rows, dataDir, databaseUrl }) => {
  await server.stop();
  const countSql = `select d.serial_number, count(*)::int as n,
      count(distinct (t.epc, t.read_at, coalesce(t.antenna, -1), t.reading_set_id))::int as distinct_n
    from traces t join reading_sets s on s.id = t.reading_set_id join devices d on d.id = s.device_id
    join items i on i.id = t.item_id
    where i.serial ~ '^[0-9]{12,}$' and i.serial::numeric >= ${BENCH_SERIAL_BASE}
    group by d.serial_number`;
  let counted;
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    counted = (await c.query(countSql)).rows;
    await c.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    counted = (await db.query(countSql)).rows;
    await db.close();
  }
  const expected = Object.values(expectedBySerial).reduce((a, b) => a + b, 0);
  const traces = counted.filter((r) => r.serial_number in expectedBySerial).reduce((a, r) => a + Number(r.n), 0);
  const perReader = Object.entries(expectedBySerial).map(([serial, sent]) => {
    const row = counted.find((r) => r.serial_number === serial);
    return `${serial} ${fmt(Number(row?.n ?? 0))}/${fmt(sent)}`;
  });
  rows.push({
    kind,
    check: `${fmt(traces)} traces of ${fmt(expected)} reads sent (${perReader.join(', ')}): ${traces === expected ? 'none lost, none doubled' : 'MISMATCH'}`,
    ok: traces === expected && counted.every((r) => Number(r.n) === Number(r.distinct_n)),
  });
};

const runDatabase = async (kind) => {
  const { dataDir, databaseUrl, drop } = await scratch(kind);
  const useMqtt = !values['no-mqtt'] && (await canConnect(MQTT_URL));
  const rows = [];
  const server = await startServer({ databaseUrl, dataDir, useMqtt });
  try {
    const seed = 20261123;
    const random = seededRandom(seed);
    const tags = createTagFactory({ gtins: demoGtins(), companyPrefixLength: 7, serialBase: BENCH_SERIAL_BASE });
    const expectedBySerial = {};
    const run = { kind, server, random, tags, expectedBySerial, rows };
    if (!values['single-only']) {
      await httpSets(run);
      if (useMqtt) await mqttStreams(run);
    }
    if (values['single-transport'] !== 'mqtt') await singlePosts(run);
    if (useMqtt && values['single-transport'] !== 'http') await singleMqtt(run);
    if (!values['single-only']) await replay(run);
    await checkTraces({ ...run, dataDir, databaseUrl });
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await server.stop();
    if (process.env.BENCH_SERVER_LOG) writeFileSync(process.env.BENCH_SERVER_LOG, server.output());
    await drop();
  }
  return rows;
};

const kinds = values.only ? [values.only] : ['pglite', 'postgres'];
const all = [];
const ratios = [];
for (const kind of kinds) {
  if (kind === 'postgres' && !(await canConnect(PG_URL))) {
    console.log(`(skipping PostgreSQL: nothing answers at ${PG_URL})`);
    continue;
  }
  if (!values['single-only']) {
    console.log(`… ${kind}: write against its baseline`);
    const write = await runWrite(kind);
    all.push(...write.rows);
    ratios.push(write.ratio);
    if (values['write-only']) continue;
  }
  console.log(`… ${kind}`);
  all.push(...(await runDatabase(kind)));
}

console.log(`\nIngest benchmark (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}${quick ? ', --quick' : ''})\n`);
console.log('| database | transport | reads | seconds | reads/s |');
console.log('|---|---|---:|---:|---:|');
for (const r of all) {
  if (r.ratio) continue;
  if (r.check) console.log(`| ${r.kind} | check | ${r.check} | | |`);
  else console.log(`| ${r.kind} | ${r.transport} | ${fmt(r.reads)} | ${r.seconds.toFixed(2)} | ${fmt(r.reads / r.seconds)} |`);
}
const httpRate = (kind) => {
  const r = all.find((x) => x.kind === kind && x.transport?.startsWith('HTTP'));
  return r ? r.reads / r.seconds : undefined;
};
const pgRate = httpRate('postgres');
const liteRate = httpRate('pglite');
if (pgRate && liteRate) console.log(`\nPostgreSQL / PGlite HTTP ratio: ${(pgRate / liteRate).toFixed(2)}`);
console.log(`\nWrite of reads (in-process, ${fmt(WRITE_SETS)} sets of ${fmt(EPCS_PER_SET)} new EPCs each side):`);
for (const line of ratios) console.log(line);
console.log('\nReads one at a time (each beside its bare baseline, same run):');
for (const r of all) if (r.ratio) console.log(r.ratio);
process.exitCode = all.every((r) => !r.check || r.ok) ? 0 : 1;
