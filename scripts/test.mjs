// `npm test`: every suite. Unit and API tests on embedded PGlite always; the same API suite on
// PostgreSQL and the MQTT tests when those servers answer; Playwright journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { canConnect, root, run } from './lib.mjs';
import { exitIfNodeTooOld } from './node-version.mjs';

// On a Node older than package.json's engines: stop now, saying which one to get and how.
exitIfNodeTooOld();

const isCi = process.env.CI === 'true';
const requirePg = process.env.REQUIRE_POSTGRES === '1';
const requireMqtt = process.env.REQUIRE_MQTT === '1';
const requireStack = process.env.REQUIRE_STACK === '1';
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const mqttUrl = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const reports = path.join(root, 'node_modules/.cache/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const failures = [];
const skipped = [];
/** Every step's wall time, printed at the end so CI's tail says where the time went. */
const stepTimes = [];
/** Steps of a lane write to a log file, printed whole when the step ends (two lanes run at once). */
const logs = path.join(reports, 'logs');
mkdirSync(logs, { recursive: true });
const step = async (name, command, args, env = {}, { buffered = false } = {}) => {
  console.log(`\n━━ ${name}${buffered ? ' (started; its output follows when it ends)' : ''}`);
  const started = Date.now();
  const log = buffered ? path.join(logs, `${name.replace(/[^a-z0-9]+/gi, '-')}.log`) : undefined;
  const code = await run(command, args, { env, ...(log ? { log } : {}) });
  const ms = Date.now() - started;
  stepTimes.push({ name, ms });
  if (log) console.log(`\n━━ ${name}: ended after ${(ms / 1000).toFixed(1)} s\n${readFileSync(log, 'utf8')}`);
  if (code !== 0) failures.push(name);
};
const vitest = (name, report, args, env = {}, options = {}) =>
  step(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/run-errors-reporter.mjs',
      `--outputFile.json=${path.join(reports, `${report}.json`)}`,
      ...args,
    ],
    { RUN_ERRORS_FILE: path.join(reports, `${report}.errors.json`), ...env },
    options,
  );

await step('build', 'npm', ['run', 'build']);
if (failures.length) process.exit(1);

const pg = new URL(pgUrl);
const mqtt = new URL(mqttUrl);
const hasPg = await canConnect(pg.hostname, Number(pg.port || 5432));
const hasMqtt = await canConnect(mqtt.hostname, Number(mqtt.port || 1883));
const hasCommand = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const hasMosquitto = hasCommand('mosquitto');
const hasHaproxy = hasCommand('haproxy');
const chaosReport = path.join(reports, 'chaos.json');
/** What the deployable stack (deploy/, `npm run stack`) runs: Debian's packages. */
const stackMissing = [
  ...['haproxy', 'pgbouncer', 'mosquitto', 'prometheus'].filter((command) => !hasCommand(command)),
  ...(existsSync('/usr/lib/postgresql') &&
  spawnSync('sh', ['-c', 'ls /usr/lib/postgresql/*/bin/pg_ctl'], { stdio: 'ignore' }).status === 0
    ? []
    : ['postgresql']),
];
// Debian's headless shell where installed (a third less CPU a journey), else its chromium; e2e/support/page-weight.ts
// makes the same choice when the journeys run alone.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/**
 * Two lanes, one after the other (TEST_LANES=2 runs them at once): the API suites and the fuzzer, then the browser
 * journeys and the chaos suite. On a 2-core machine both lanes are CPU-bound, and at once they slow each other far
 * more than they overlap (2026-11-25, fresh clone, journeys in the headless shell: at once, the PostgreSQL API suite
 * took 1,547 s against 192 s alone, the journeys 1,560 s against 936 s alone; 37 min of tests against about 28 one
 * after the other).
 */
const serial = process.env.TEST_LANES !== '2';
/** The chaos suite waits for the PostgreSQL API suite: both at once could pass the server's 100 connections. */
let postgresSuiteDone = () => {};
const postgresSuite = new Promise((resolve) => {
  postgresSuiteDone = resolve;
});
const apiLane = async () => {
  if (hasPg) {
    await vitest('API tests on PostgreSQL', 'postgres', ['.api.test.ts'], { TEST_DATABASE_URL: pgUrl }, { buffered: !serial });
  } else if (requirePg) {
    failures.push(`PostgreSQL required but not reachable at ${pg.host}`);
  } else {
    skipped.push(`PostgreSQL API suite SKIPPED: no server at ${pg.host} (set TEST_PG_URL)`);
  }
  postgresSuiteDone();
  // With PostgreSQL, its lane ran every API test: PGlite runs the unit tests and the API tests of the embedded
  // database's own paths (vitest.config.ts, EMBEDDED_API_TESTS), and every journey; without it, every API test.
  if (hasPg) skipped.push("On PGlite, only the embedded database's own API tests (every API test ran on PostgreSQL)");
  await vitest(
    hasPg ? "unit tests and the embedded database's API tests (PGlite)" : 'unit and API tests (embedded PGlite)',
    'pglite',
    [],
    hasPg ? { EMBEDDED_API_TESTS: 'only' } : {},
    { buffered: !serial },
  );
  if (hasMqtt) {
    // One file at a time: the MQTT files share the one broker and its topics.
    await vitest(
      'MQTT tests on the broker',
      'mqtt',
      ['--passWithNoTests', '.mqtt.test.ts'],
      { MQTT_TEST_URL: mqttUrl, TEST_WORKERS: '1', ...(hasPg ? { TEST_DATABASE_URL: pgUrl } : {}) },
      { buffered: !serial },
    );
  } else if (requireMqtt) {
    failures.push(`MQTT broker required but not reachable at ${mqtt.host}`);
  } else {
    skipped.push(`MQTT suite SKIPPED: no broker at ${mqtt.host} (set TEST_MQTT_URL)`);
  }
  // The API fuzz suite (tools/fuzz): every operation of the OpenAPI document, hostile input, a bounded
  // request count; fails on a 5xx, an answer over 2 s, a stack trace or SQL text in a body.
  await step(
    'API fuzz suite (tools/fuzz, 3,000 requests)',
    'npx',
    ['tsx', 'tools/fuzz/fuzz.ts'],
    { FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '3000' },
    { buffered: !serial },
  );
};
const waitingLane = async () => {
  if (existsSync(chromium)) {
    await vitest(
      'end-to-end journeys (Playwright, headless Chromium)',
      'e2e',
      ['--config', 'e2e/vitest.config.ts'],
      { CHROMIUM_PATH: chromium },
      { buffered: !serial },
    );
  } else if (isCi) {
    failures.push(`Chromium not found at ${chromium} (apt-get install chromium)`);
  } else {
    skipped.push(`End-to-end journeys SKIPPED: Chromium not found at ${chromium} (apt-get install chromium)`);
  }
  // The short chaos suite: the built server as 1 to 3 processes on PostgreSQL with its own Mosquitto,
  // killed (-9) during ingest, printing and jobs, its database connections cut (tools/chaos/README.md).
  await postgresSuite;
  if (hasPg && hasMosquitto && hasHaproxy) {
    await step(
      'chaos suite, short (processes killed, database cut, 1 to 3 processes)',
      'npx',
      ['tsx', 'tools/chaos/chaos.mjs', '--short'],
      { CHAOS_PG_URL: pgUrl, CHAOS_REPORT: chaosReport },
      { buffered: !serial },
    );
  } else if (requirePg && requireMqtt) {
    failures.push(`chaos suite needs PostgreSQL at ${pg.host} and the mosquitto and haproxy binaries`);
  } else {
    skipped.push(
      `Chaos suite SKIPPED: it needs PostgreSQL at ${pg.host} and the mosquitto and haproxy binaries (apt-get install mosquitto haproxy)`,
    );
  }
  // The deployable stack's smoke test (docs/deploy.md): `npm run stack` on its own ports (47450…) and folder, a simulated
  // day over HTTP through HAProxy and one over MQTT, counts through the API, Prometheus's targets; under 3 minutes.
  if (stackMissing.length === 0 || requireStack) {
    await vitest(
      'deployable stack smoke test (npm run stack)',
      'stack',
      ['--config', 'deploy/vitest.config.ts'],
      {},
      { buffered: !serial },
    );
  } else {
    skipped.push(
      `Deployable stack smoke test SKIPPED: Debian's ${stackMissing.join(', ')} missing (apt-get install ${stackMissing.join(' ')}; REQUIRE_STACK=1 fails instead)`,
    );
  }
};
const started = Date.now();
if (serial) {
  await apiLane();
  await waitingLane();
} else {
  await Promise.all([apiLane(), waitingLane()]);
}
const totalMs = Date.now() - started;

let passed = 0;
let failed = 0;
let pending = 0;
const failedTests = [];
/** Every test file's time, to name the slowest. */
const fileTimes = [];
for (const report of ['pglite', 'postgres', 'mqtt', 'e2e', 'stack']) {
  const file = path.join(reports, `${report}.json`);
  if (!existsSync(file)) continue;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
  pending += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // Named again at the end: CI keeps only the tail of the output.
  const errorsFile = path.join(reports, `${report}.errors.json`);
  for (const error of existsSync(errorsFile) ? JSON.parse(readFileSync(errorsFile, 'utf8')) : []) {
    failedTests.push(`${report}: error ${error.where === 'outside any test' ? error.where : path.relative(root, error.where)}`);
    failedTests.push(`    ${error.lines.join('\n    ')}`);
  }
  for (const suite of json.testResults ?? []) {
    if (suite.startTime && suite.endTime) {
      fileTimes.push({ name: `${report}: ${path.relative(root, suite.name)}`, ms: suite.endTime - suite.startTime });
    }
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      failedTests.push(`${report}: ${path.relative(root, suite.name)} › ${test.fullName}`);
      const message = (test.failureMessages ?? [])[0];
      // The message's own lines (a list of problems may be long), then the first lines of its stack.
      const lines = message?.split('\n') ?? [];
      const stackAt = lines.findIndex((line) => /^\s+at /.test(line));
      const shown =
        stackAt < 0 ? lines.slice(0, 6) : [...lines.slice(0, Math.min(stackAt, 20)), ...lines.slice(stackAt, stackAt + 3)];
      if (message) failedTests.push(`    ${shown.join('\n    ')}`);
    }
  }
}
if (existsSync(chaosReport)) {
  const chaos = JSON.parse(readFileSync(chaosReport, 'utf8'));
  passed += chaos.passed ?? 0;
  failed += chaos.failed ?? 0;
  for (const failure of chaos.failures ?? []) failedTests.push(`chaos: ${failure}`);
}
console.log(
  `\nEach step (${serial ? 'one after the other' : 'two lanes at once'}; ${(totalMs / 1000).toFixed(1)} s in all after the build):`,
);
for (const { name, ms } of stepTimes) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
console.log('\nThe 10 slowest test files:');
for (const { name, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}
console.log('');
for (const line of failedTests) console.log(`✗ ${line}`);
console.log('');
for (const line of skipped) console.log(`⚠ ${line}`);
for (const name of failures) console.log(`✗ failed: ${name}`);
console.log(`${passed} passed, ${failed} failed, ${pending} skipped`);
process.exit(failures.length || failed ? 1 : 0);
