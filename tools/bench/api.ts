// `npm run bench:api`: requests per second and p99 of API routes under 10 connections, side by side with a bare
// Fastify route of the same process (the baseline), on in-memory PGlite and on PostgreSQL when one answers.
//
// Each route is called for --seconds (default 5, 2 with --quick) by 10 concurrent loops over HTTP keep-alive. Ratios:
// a route's req/s over the bare route's, and `/api/health` with a token over without (the cost of authentication).
// The loops run in the server's process (on 2 cores a second process would take the same CPU), so they use node:http
// with a keep-alive agent: Node 20's fetch cost the loops more than the bare route cost the server (2026-11-25, the
// same run: the bare route answered 3,302 req/s to fetch, 6,758 to node:http).
//
// Options: --quick, --seconds N, --only pglite|postgres, --pg URL.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { seedDemo } from '../../apps/server/src/db/seed/seed.js';
import { listenSignedIn } from './app.js';
import { benchOptions, pgUrlOf } from './options.mjs';

const { values } = parseArgs({ options: { ...benchOptions, seconds: { type: 'string' } } });
const SECONDS = Number(values.seconds ?? (values.quick ? 2 : 5));
const CONNECTIONS = 10;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One GET over the keep-alive agent, its body read to the end: its status. */
const get = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      })
      .on('error', reject);
  });

type Row = { route: string; rps: number; p50: number; p99: number; errors: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** CONNECTIONS loops calling `url` until the time is up. */
const load = async (url: string, headers: Record<string, string>): Promise<Omit<Row, 'route'>> => {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const status = await get(url, headers);
        if (status < 200 || status >= 300) errors += 1;
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rps: times.length / SECONDS, p50: percentile(times, 50), p99: percentile(times, 99), errors };
};

const run = async (name: string, database: Database) => {
  await database.migrate();
  await seedDemo(database.db);
  const { app, base, auth } = await listenSignedIn(database, (server) => {
    server.get('/bench/bare', { config: { public: true } }, async () => ({ ok: true }));
  });
  try {
    const mad = (await (await fetch(`${base}/api/locations/?code=CD-MAD`, { headers: { authorization: auth } })).json()) as {
      results: { id: number }[];
    };
    const id = mad.results[0]?.id;
    const areas = (await (await fetch(`${base}/api/areas/?location=${id}`, { headers: { authorization: auth } })).json()) as {
      results: { id: number }[];
    };
    const areaId = areas.results[0]?.id;
    const routes: [string, string, boolean][] = [
      ['bare Fastify route (baseline)', '/bench/bare', false],
      ['/api/health without a token', '/api/health', false],
      ['/api/health with a token', '/api/health', true],
      ['purchase orders page (?limit=11)', `/api/locations/${id}/v1/porders/?limit=11`, true],
      ['locations list', '/api/locations/?limit=20', true],
      ['area stock summary', `/api/areas/${areaId}/summary/`, true],
      ['location statistics (dashboard figures)', `/api/locations/${id}/statistics/`, true],
    ];
    // Warm-up: the first calls compile the routes' serializers and fill the caches.
    for (const [, url, signed] of routes) await load(`${base}${url}`, signed ? { authorization: auth } : {});
    const rows: Row[] = [];
    for (const [route, url, signed] of routes)
      rows.push({ route, ...(await load(`${base}${url}`, signed ? { authorization: auth } : {})) });
    const bare = rows[0]?.rps ?? 1;
    const health = rows[1]?.rps ?? 1;
    console.log(`\n${name}: ${CONNECTIONS} connections, ${SECONDS} s a route, load average ${loadavg()[0]?.toFixed(2)}`);
    console.log('| route | req/s | p50 ms | p99 ms | ÷ bare route | errors |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.route} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.rps / bare).toFixed(2)} | ${r.errors} |`,
      );
    }
    console.log(`/api/health with a token ÷ without: ${((rows[2]?.rps ?? 0) / health).toFixed(2)} (goal ≥ 0.8)`);
    // Issue 15's goals for the lists, in absolute figures (10 connections on the 2-core machine).
    const goals: [string, number, number | undefined][] =
      name === 'PostgreSQL'
        ? [
            ['purchase orders page', 1_000, 50],
            ['area stock summary', 300, 150],
            ['location statistics', 300, 150],
          ]
        : [['purchase orders page', 400, undefined]];
    for (const [route, rps, p99] of goals) {
      const row = rows.find((r) => r.route.startsWith(route));
      if (!row) continue;
      const met = row.rps >= rps && (p99 === undefined || row.p99 <= p99) && row.errors === 0;
      console.log(
        `${route}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99.toFixed(1)} ms (goal ≥ ${rps.toLocaleString('en')} req/s${p99 ? `, p99 ≤ ${p99} ms` : ''}: ${met ? 'met' : 'NOT met'})`,
      );
    }
  } finally {
    await app.close();
  }
};

if (values.only !== 'postgres') {
  const database = await openDatabase({ inMemory: true });
  try {
    await run('PGlite (in memory)', database);
  } finally {
    await database.close();
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
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await run('PostgreSQL', database);
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}
