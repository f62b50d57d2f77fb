// `npm run chaos`: the server under fire (issue 11). Each scenario runs against the built server
// (apps/server/dist/main.js) on a PostgreSQL database of its own (a copy of the demo, or empty),
// with a Mosquitto of its own and a small round-robin proxy in front of 1, 2 and 3 processes, and
// kills, cuts and races them: kill -9 during HTTP, stream and MQTT ingest and during print,
// sticker and CSV jobs; PostgreSQL connections cut; processes started at once. It prints one row
// per scenario, process count and path: sent / acknowledged / stored once / doubled / lost, and
// exits 1 on any acknowledged read lost, any double, any EPC printed twice, a server that died,
// a 500, or a scenario past its deadline. See tools/chaos/README.md.
//
//   npm run chaos                       every scenario with 1, 2 and 3 processes (a few minutes)
//   npm run chaos -- --short            the CI version (well under 2 minutes)
//   npm run chaos -- --only pg-cut      one scenario (or a comma list); --procs 2,3 to choose the counts
//   --parallel <k>: scenario runs at the same time (default 2; 1 runs them one after the other)
//   --pg postgres://postgres@127.0.0.1:5432/postgres (or CHAOS_PG_URL)   --keep-logs   --list
//   --server <main.js> (or CHAOS_SERVER_MAIN): another build of the server, e.g. of an older commit
// It runs under tsx (`npm run chaos`): it shares the tests' own TypeScript helpers (apps/server/src/test: the brokers, a
// PostgreSQL cluster, a small disk).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  Cluster,
  createDatabase,
  dropAllDatabases,
  freePort,
  getAdminUrl,
  killAllChildren,
  pgQuery,
  removeTempRoot,
  root,
  ServerSlot,
  serverMain,
  setAdminUrl,
  setServerMain,
  tempRoot,
  whyStopped,
} from './lib/infra.mjs';

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    only: { type: 'string' },
    procs: { type: 'string' },
    pg: { type: 'string' },
    server: { type: 'string' },
    parallel: { type: 'string' },
    'keep-logs': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(
    'npm run chaos [-- --short] [--only <scenario,…>] [--procs 1,2,3] [--pg <admin url>] [--server <main.js>] [--parallel <k>] [--keep-logs] [--list]\nSee tools/chaos/README.md.',
  );
  removeTempRoot();
  process.exit(0);
}
const short = values.short;
setAdminUrl(values.pg ?? process.env.CHAOS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
if (values.server ?? process.env.CHAOS_SERVER_MAIN) setServerMain(values.server ?? process.env.CHAOS_SERVER_MAIN);

/* ------------------------------------------------------------------ preflight */

const preflight = async () => {
  for (const built of [
    serverMain,
    path.join(root, 'tools/simulator/dist/demo.js'),
    path.join(root, 'packages/epc/dist/index.js'),
  ]) {
    if (!existsSync(built)) return `${path.relative(root, built)} is missing: run npm run build first`;
  }
  const probe = spawnSync('mosquitto', ['-h'], { encoding: 'utf8' });
  if (probe.error) return `mosquitto is not installed (${probe.error.code}); apt-get install mosquitto`;
  const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (haproxy.error) return `haproxy is not installed (${haproxy.error.code}); apt-get install haproxy`;
  try {
    await pgQuery(getAdminUrl(), 'select 1');
  } catch (error) {
    return `PostgreSQL does not answer at ${getAdminUrl()}: ${error.message}`;
  }
  return null;
};

/** The newest server source file, to warn when the build is older. */
const newestSource = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.includes('.test.')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
};

const problem = await preflight();
if (problem) {
  console.error(`chaos: ${problem}`);
  removeTempRoot();
  process.exit(2);
}

const { ingestKill, mqttDown, pgCut, domainRace, singlePostKill } = await import('./scenarios/ingest.mjs');
const { printKill, csvKill, stickerKill } = await import('./scenarios/jobs.mjs');
const { firstStart, pgliteLock, tableCounts } = await import('./scenarios/start.mjs');
const { brokerRestart, processReplaced, sigstop, amqpKill, pgRestartStart } = await import('./scenarios/brokers.mjs');
const { diskFull } = await import('./scenarios/disk.mjs');
const { embeddedBusy } = await import('./scenarios/embedded.mjs');

// first-start comes first: its database (one process, or all of them when good) is the demo the others copy.
const scenarios = [
  firstStart,
  ingestKill,
  singlePostKill,
  mqttDown,
  pgCut,
  domainRace,
  printKill,
  csvKill,
  stickerKill,
  pgliteLock,
  brokerRestart,
  processReplaced,
  sigstop,
  amqpKill,
  pgRestartStart,
  diskFull,
  embeddedBusy,
];
/** The short (CI) version: each scenario once, with the process count that shows most. */
const SHORT_PROCS = {
  'ingest-kill': [3],
  'single-post-kill': [2],
  'mqtt-down': [2],
  'pg-cut': [2],
  'domain-race': [2],
  'print-kill': [2],
  'csv-kill': [2],
  'sticker-kill': [2],
  'first-start': [3],
  'pglite-lock': [2],
  'broker-restart': [2],
  'process-replaced': [2],
  sigstop: [2],
  'amqp-kill': [2],
  'pg-restart': [2],
  'disk-full': [1],
  'embedded-busy': [1],
};

if (values.list) {
  for (const s of scenarios) console.log(`${s.name.padEnd(15)} ${s.title}`);
  removeTempRoot();
  process.exit(0);
}

const chosen = values.only ? values.only.split(',').map((s) => s.trim()) : scenarios.map((s) => s.name);
for (const name of chosen) {
  if (!scenarios.some((s) => s.name === name)) {
    console.error(`chaos: no scenario "${name}" (${scenarios.map((s) => s.name).join(', ')})`);
    removeTempRoot();
    process.exit(2);
  }
}
const procsOption = values.procs?.split(',').map(Number);
/** Scenario runs at the same time (each has its own database, broker, proxy and ports). */
const parallel = Number(values.parallel ?? 2);

/* ------------------------------------------------------------------ cleanup on every way out */

let isCleaning = false;
const cleanup = async () => {
  if (isCleaning) return;
  isCleaning = true;
  killAllChildren();
  await dropAllDatabases();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nchaos: ${signal}: stopping the processes it started and dropping its databases`);
    void cleanup().finally(() => {
      removeTempRoot();
      process.exit(130);
    });
  });
}
process.on('exit', () => killAllChildren());
process.on('unhandledRejection', (error) => console.error('chaos: unhandled rejection:', error));
process.on('uncaughtException', (error) => {
  console.error('chaos: uncaught exception:', error);
  void cleanup().finally(() => process.exit(2));
});

/* ------------------------------------------------------------------ the demo template */

let template;
/** Row counts of every table after a one-process first start (the reference of first-start). */
let reference = null;
/** A database with the migrations and the demo, made once by one process; each scenario gets a copy. */
const ensureTemplate = () => {
  template ??= (async () => {
    const started = Date.now();
    const db = await createDatabase();
    const slot = new ServerSlot({
      n: 0,
      port: await freePort(),
      logFile: path.join(tempRoot, 'template.log'),
      env: {
        DATA_DIR: path.join(tempRoot, 'template-data'),
        DATABASE_URL: db.url,
        MQTT_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(tempRoot, 'no-web-dist'),
      },
    });
    await slot.start({ timeoutMs: 180_000 });
    await slot.stop(20_000);
    const counts = await tableCounts(db.url);
    reference ??= counts;
    console.log(`… demo template ${db.name} made by one process in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { name: db.name, counts };
  })();
  return template;
};

/* ------------------------------------------------------------------ running */

/** Each scenario run's rows, in the order of the plan (runs may end in another order with --parallel). */
const results = [];
const runOne = async (scenario, n, rows) => {
  const timeoutMs = scenario.timeoutMs[short ? 'short' : 'full'];
  process.stdout.write(`… ${scenario.name} with ${n} process${n > 1 ? 'es' : ''}: ${scenario.title}\n`);
  // The demo copy is made before the scenario's clock starts.
  if (scenario.usesTemplate) {
    try {
      await ensureTemplate();
    } catch (error) {
      rows.push({
        scenario: scenario.name,
        n,
        path: '(scenario)',
        problems: [
          `the demo template could not be made: ${String(error?.message ?? error)
            .split('\n')
            .slice(0, 3)
            .join(' | ')}`,
        ],
        notes: [],
      });
      return;
    }
  }
  const started = Date.now();
  const deadline = started + timeoutMs;
  let isAborted = false;
  const clusters = [];
  const cleanups = [];
  const ctx = {
    name: scenario.name,
    n,
    short,
    deadline,
    isAborted: () => isAborted || Date.now() > deadline,
    cluster: async (options) => {
      const templateName = options.database === 'template' ? (await ensureTemplate()).name : undefined;
      const cluster = await Cluster.create({ name: scenario.name, n, template: templateName, ...options });
      clusters.push(cluster);
      return cluster;
    },
    onCleanup: (fn) => cleanups.push(fn),
    /** A step, printed with CHAOS_VERBOSE=1. */
    step: (what) => {
      if (process.env.CHAOS_VERBOSE)
        console.log(`    ${scenario.name} (${n}) +${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);
    },
    reference: () => reference,
    /** first-start offers its database as the demo template; taken when there is none yet. */
    offerTemplate: (cluster, counts) => {
      if (template) return false;
      template = Promise.resolve({ name: cluster.db.name, counts });
      if (n === 1) reference = counts;
      cluster.keepDatabase = true;
      return true;
    },
  };
  let timer;
  const running = scenario.run(ctx).then(
    (result) => ({ result }),
    (error) => ({ error }),
  );
  const outcome = await Promise.race([
    running,
    new Promise((resolve) => {
      timer = setTimeout(() => resolve({ timeout: true }), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  isAborted = true;
  const deaths = clusters.flatMap((c) => c.deaths());
  for (const fn of cleanups) await Promise.resolve(fn()).catch(() => {});
  for (const cluster of clusters) await cluster.destroy({ keepDatabase: cluster.keepDatabase });
  if (outcome.timeout) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const base = { scenario: scenario.name, n, unit: '', sent: '', acked: '', once: '', doubled: '', lost: '', notes: [] };
  if (outcome.result) {
    for (const row of outcome.result) rows.push(row);
  } else if (outcome.error) {
    rows.push({
      ...base,
      path: '(scenario)',
      problems: [
        `error: ${String(outcome.error?.stack ?? outcome.error)
          .split('\n')
          .slice(0, 4)
          .join(' | ')}`,
      ],
    });
  } else {
    rows.push({ ...base, path: '(scenario)', problems: [`timed out after ${timeoutMs / 1000} s`] });
  }
  if (deaths.length) {
    rows.push({
      ...base,
      path: 'unexpected exits',
      unit: 'processes',
      sent: n,
      lost: new Set(deaths.map((d) => d.n)).size,
      problems: deaths.map((d) => `server ${d.n} died (exit ${d.code ?? d.signal}): ${whyStopped(d.tail)}`),
    });
  }
  const failed = rows.filter((r) => r.problems.length).length;
  process.stdout.write(`  ${scenario.name} (${n}): ${failed ? 'FAIL' : 'ok'} in ${seconds} s\n`);
};

const runStarted = Date.now();
console.log(
  `Chaos suite${short ? ' (--short)' : ''} against ${path.relative(root, serverMain)} · PostgreSQL ${getAdminUrl()} · logs in ${tempRoot}`,
);
if (serverMain.startsWith(root) && newestSource(path.join(root, 'apps/server/src')) > statSync(serverMain).mtimeMs) {
  console.log('(warning: apps/server/src has changes newer than apps/server/dist: npm run build to test them)');
}
const plan = scenarios
  .filter((s) => chosen.includes(s.name))
  .flatMap((scenario) =>
    (scenario.procs ?? procsOption ?? (short ? SHORT_PROCS[scenario.name] : [1, 2, 3])).map((n) => ({ scenario, n, rows: [] })),
  );
for (const run of plan) results.push(run.rows);
try {
  // first-start alone and first (its database becomes the demo the others copy), then the rest,
  // `--parallel` at a time (each run has its own database, broker, proxy and ports).
  for (const run of plan.filter((r) => r.scenario.name === 'first-start')) await runOne(run.scenario, run.n, run.rows);
  // A run whose bound is a time (`alone: true`) runs after the others, by itself: on two cores, a neighbour's load
  // (another run's servers, database and producers) was part of what it measured.
  const rest = plan.filter((r) => r.scenario.name !== 'first-start' && !r.scenario.alone);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, parallel) }, async () => {
      while (next < rest.length) {
        const run = rest[next++];
        await runOne(run.scenario, run.n, run.rows);
      }
    }),
  );
  for (const run of plan.filter((r) => r.scenario.alone)) await runOne(run.scenario, run.n, run.rows);
} finally {
  await cleanup();
}
const rows = results.flat();

/* ------------------------------------------------------------------ the table */

const cell = (v) =>
  v === '' || v === undefined || v === null ? '' : typeof v === 'number' ? v.toLocaleString('en-US') : String(v);
console.log(
  `\nChaos results (${os.cpus().length} cores, ${((Date.now() - runStarted) / 1000).toFixed(0)} s${short ? ', --short' : ''}${parallel > 1 ? `, ${parallel} runs at a time` : ''})\n`,
);
console.log('| scenario | procs | path | unit | sent | acked | stored once | doubled | lost | result | notes |');
console.log('|---|---:|---|---|---:|---:|---:|---:|---:|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.scenario} | ${r.n} | ${r.path} | ${r.unit ?? ''} | ${cell(r.sent)} | ${cell(r.acked)} | ${cell(r.once)} | ${cell(r.doubled)} | ${cell(r.lost)} | ${r.problems.length ? 'FAIL' : 'ok'} | ${r.notes.join('; ')} |`,
  );
}
const failures = rows.filter((r) => r.problems.length);
if (failures.length) {
  console.log('\nFailures:');
  for (const r of failures) for (const p of r.problems) console.log(`- ${r.scenario} (${r.n}) ${r.path}: ${p}`);
  console.log(`\nServer logs kept in ${tempRoot}`);
} else if (values['keep-logs']) {
  console.log(`\nServer logs kept in ${tempRoot}`);
} else {
  removeTempRoot();
}
console.log(`\n${rows.length} rows, ${failures.length} failed`);
// For npm test: the rows count with the other suites, and failed rows are named again in its last lines.
if (process.env.CHAOS_REPORT) {
  writeFileSync(
    process.env.CHAOS_REPORT,
    JSON.stringify({
      passed: rows.length - failures.length,
      failed: failures.length,
      failures: failures.flatMap((r) => r.problems.map((p) => `${r.scenario} (${r.n}) ${r.path}: ${p}`)),
    }),
  );
}
process.exitCode = failures.length ? 1 : 0;
