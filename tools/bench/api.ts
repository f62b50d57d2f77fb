// `npm run bench:api`: requests per second, p50 and p99 of API routes, everything measured from outside: the built
// server (apps/server/dist/main.js) runs as a process of its own, a bare Fastify server (bare-server.mjs) as another,
// and the HTTP client is autocannon in a third (a child process per route), so that no figure includes the client's
// work in the server's process (issue 30: the old figures did).
//
// For each database (PGlite on a fresh temp DATA_DIR with the demo seed; then PostgreSQL on a fresh database created
// and dropped here): the bare route, /api/health without and with a token, and the API's lists and statistics at 10
// connections; then the lists and statistics at 50 connections (autocannon's timeout 3 s: a request not answered by
// then is a timeout). Ratios: a route's req/s over the bare route's and over /api/health's, measured in the same run.
// Memory: VmRSS (/proc/<pid>/status) of the server idle after start, after the load, and of the bare server.
//
// Options: --quick (2 s a route), --seconds N (default 5), --only pglite|postgres, --pg URL, --route TEXT (only the
// routes whose name contains TEXT, with the baselines), --server PATH (another build's main.js), --cpu-prof DIR (the
// server runs with `node --cpu-prof --cpu-prof-dir=DIR`: docs/performance-profile.md), --env K=V (repeatable: more
// server environment, e.g. LOG_LEVEL=warn to measure a flag).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { root } from '../../scripts/lib.mjs';
import { benchOptions, pgUrlOf } from './options.mjs';

const { values } = parseArgs({
  options: {
    ...benchOptions,
    seconds: { type: 'string' },
    route: { type: 'string' },
    server: { type: 'string' },
    'cpu-prof': { type: 'string' },
    env: { type: 'string', multiple: true },
  },
});
const SECONDS = Number(values.seconds ?? (values.quick ? 2 : 5));
const TIMEOUT_S = 3;
const serverMain = path.resolve(root, values.server ?? 'apps/server/dist/main.js');
const autocannonCli = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');
const extraEnv = Object.fromEntries((values.env ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=')]));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** VmRSS of a process in MB (Linux's /proc), or NaN. */
const rssMb = (pid: number | undefined): number => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers 200 (up to 180 s, the first start on PGlite restores the prebuilt database). */
const waitFor = async (url: string, child: ChildProcess) => {
  const until = performance.now() + 180_000;
  while (performance.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url}: no answer in 180 s`);
};

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const ended = new Promise((resolve) => child.once('exit', resolve));
  if ((await Promise.race([ended, sleep(15_000).then(() => 'late')])) === 'late') child.kill('SIGKILL');
};

type Result = {
  route: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors and timeouts (autocannon's `errors` counts both). */
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
};

type AutocannonJson = {
  duration: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};

/** autocannon in a child process of its own: `connections` connections for `seconds` on `url`. */
const cannon = (url: string, connections: number, seconds: number, headers: Record<string, string>) =>
  new Promise<AutocannonJson>((resolve, reject) => {
    const args = [autocannonCli, '-j', '-c', String(connections), '-d', String(seconds), '-t', String(TIMEOUT_S)];
    for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
    args.push(url);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => {
      try {
        // autocannon's own JSON output (-j).
        resolve(JSON.parse(out) as AutocannonJson);
      } catch {
        reject(new Error(`autocannon exited ${code}: ${out.slice(0, 200)}`));
      }
    });
  });

const measure = async (
  route: string,
  url: string,
  connections: number,
  headers: Record<string, string>,
  seconds = SECONDS,
): Promise<Result> => {
  const r = await cannon(url, connections, seconds, headers);
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  return {
    route,
    connections,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses,
  };
};

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: digits }) : '–');

const table = (rows: Result[], bare: number, health: number) => {
  console.log('| route | conn. | req/s | p50 ms | p99 ms | non-2xx | errors / timeouts | ÷ bare route | ÷ /api/health |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const codes = Object.keys(r.statuses).filter((c) => !c.startsWith('2'));
    console.log(
      `| ${r.route} | ${r.connections} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.non2xx}${codes.length ? ` (${codes.join(', ')})` : ''} | ${r.errors} / ${r.timeouts} | ${(r.rps / bare).toFixed(3)} | ${(r.rps / health).toFixed(2)} |`,
    );
  }
};

/** The bare Fastify server, for the whole run. */
const startBare = async () => {
  const port = 5000 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, [path.join(root, 'tools/bench/bare-server.mjs'), String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/bare`;
  await waitFor(url, child);
  return { child, url };
};

const runDatabase = async (name: string, env: Record<string, string>, bare: { child: ChildProcess; url: string }) => {
  const port = 5500 + Math.floor(Math.random() * 490);
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
  const server = spawn(process.execPath, [...nodeArgs, serverMain], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MQTT_URL: '', AMQP_URL: '', ...env, ...extraEnv },
    stdio: 'ignore',
  });
  try {
    await waitFor(`${base}/api/health`, server);
    await sleep(3_000);
    const idle = rssMb(server.pid);
    const login = await fetch(`${base}/api/authtoken/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
    });
    const auth = { authorization: `Token ${((await login.json()) as { token: string }).token}` };
    const getJson = async <T>(url: string) => (await (await fetch(`${base}${url}`, { headers: auth })).json()) as T;
    const id = (await getJson<{ results: { id: number }[] }>('/api/locations/?code=CD-MAD')).results[0]?.id;
    const areaId = (await getJson<{ results: { id: number }[] }>(`/api/areas/?location=${id}`)).results[0]?.id;
    // [name, url, signed, also at 50 connections]
    const routes: [string, string, boolean, boolean][] = [
      ['bare Fastify route (own process)', bare.url, false, false],
      ['/api/health without a token', `${base}/api/health`, false, false],
      ['/api/health with a token', `${base}/api/health`, true, false],
      ['purchase orders page (?limit=11)', `${base}/api/locations/${id}/v1/porders/?limit=11`, true, true],
      ['locations list', `${base}/api/locations/?limit=20`, true, true],
      ['area stock summary', `${base}/api/areas/${areaId}/summary/`, true, true],
      ['location statistics', `${base}/api/locations/${id}/statistics/`, true, true],
      ['items list', `${base}/api/items/?location=${id}&limit=20`, true, true],
    ];
    const chosen = routes.filter(([route], i) => i < 3 || !values.route || route.includes(values.route));
    // Warm-up: every route's serializers compiled, caches filled (1 s each, not counted).
    for (const [, url, signed] of chosen) await cannon(url, 10, 1, signed ? auth : {});
    const rows: Result[] = [];
    for (const [route, url, signed] of chosen) rows.push(await measure(route, url, 10, signed ? auth : {}));
    for (const [route, url, signed, at50] of chosen) if (at50) rows.push(await measure(route, url, 50, signed ? auth : {}));
    const loaded = rssMb(server.pid);
    const bareRps = rows[0]?.rps ?? 1;
    const healthRps = rows[1]?.rps ?? 1;
    console.log(`\n${name}: ${SECONDS} s a route, autocannon timeout ${TIMEOUT_S} s, load average ${load()}`);
    table(rows, bareRps, healthRps);
    console.log(`/api/health with a token ÷ without: ${((rows[2]?.rps ?? 0) / healthRps).toFixed(2)}`);
    const row = (route: string, connections = 10) => rows.find((r) => r.route.startsWith(route) && r.connections === connections);
    const goal = (what: string, met: boolean | undefined, detail: string) => {
      if (met === undefined) return;
      console.log(`goal: ${what}: ${detail}: ${met ? 'met' : 'NOT met'}`);
    };
    const porders = row('purchase orders page');
    const isPg = name.startsWith('PostgreSQL');
    if (porders) {
      const target = isPg ? 1_000 : 400;
      goal(
        `purchase orders page ≥ ${fmt(target)} req/s${isPg ? ', p99 ≤ 50 ms' : ''} at 10 connections`,
        porders.rps >= target && (!isPg || porders.p99 <= 50) && porders.errors === 0 && porders.non2xx === 0,
        `${fmt(porders.rps)} req/s, p99 ${fmt(porders.p99, 1)} ms`,
      );
    }
    const statistics = row('location statistics');
    if (statistics && isPg) {
      goal(
        'location statistics ≥ 500 req/s at 10 connections',
        statistics.rps >= 500 && statistics.errors === 0 && statistics.non2xx === 0,
        `${fmt(statistics.rps)} req/s`,
      );
    }
    for (const r of rows.filter((x) => x.connections === 50)) {
      // Answered: 2xx, or 503 (load shedding always sends Retry-After with it); a timeout or a socket error is not.
      const others = Object.keys(r.statuses).filter((c) => !c.startsWith('2') && c !== '503');
      goal(
        `${r.route} at 50 connections: every request answered (2xx or 503), p99 ≤ 1 s`,
        r.errors === 0 && r.timeouts === 0 && others.length === 0 && r.p99 <= 1_000,
        `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx${others.length ? ` (${others.join(', ')})` : ''}, p99 ${fmt(r.p99)} ms`,
      );
    }
    console.log(
      `memory (VmRSS): server idle after start ${fmt(idle)} MB, after the load ${fmt(loaded)} MB; bare Fastify server ${fmt(rssMb(bare.child.pid))} MB`,
    );
  } finally {
    await stop(server);
  }
};

console.log(
  `bench:api ${new Date().toISOString()}, ${cpus().length} cores, load ${load()}, server ${path.relative(root, serverMain)}`,
);
const bare = await startBare();
try {
  if (values.only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rfid-bench-api-'));
    try {
      await runDatabase('PGlite (fresh DATA_DIR, demo seed)', { DATA_DIR: dataDir, DATABASE_URL: '' }, bare);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (values.only !== 'pglite') {
    const serverUrl = pgUrlOf(values.pg);
    const name = `rfid_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    const reachable = await admin.connect().then(
      () => true,
      () => false,
    );
    if (!reachable) console.log(`\nPostgreSQL: skipped (no server at ${serverUrl})`);
    else {
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rfid-bench-api-pg-'));
      try {
        await runDatabase('PostgreSQL (fresh database, demo seed)', { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, bare);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  }
} finally {
  await stop(bare.child);
}
