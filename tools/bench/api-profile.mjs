// Profiles the built server under load from outside (docs/performance-profile.md): the server runs as its own process
// with `node --cpu-prof`, autocannon (its own process) loads one route after a warm-up, and the profile's self time is
// summarised by function and by package (cpuprofile-summary.mjs). Only the loaded window is in the profile: the
// server starts with the profiler and the figures of the start-up are in it too, so the load lasts long enough (20 s)
// to dominate; the summary's "samples" line says how many.
//
//   node tools/bench/api-profile.mjs pglite|postgres [--seconds 20] [--connections 10] [--path /api/…{id}…] [--server PATH]
//                                    [--env K=V …] [--out DIR]
// {id} in --path is CD-MAD's location id. Default path: the purchase orders page.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/lib.mjs';
import { envOf, freshStore, serverEnv, stopChild, waitHealthy } from './bench-process.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10' },
    path: { type: 'string', default: '/api/locations/{id}/v1/porders/?limit=11' },
    server: { type: 'string', default: 'apps/server/dist/main.js' },
    env: { type: 'string', multiple: true },
    out: { type: 'string' },
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const kind = positionals[0] ?? 'pglite';
const autocannon = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');
const tmp = process.env.TMPDIR ?? '/tmp';
const out = path.resolve(values.out ?? mkdtempSync(path.join(tmp, 'rfid-prof-')));
mkdirSync(out, { recursive: true });
const store = await freshStore(kind, values.pg, 'rfid-prof-data');
const port = 5100 + Math.floor(Math.random() * 380);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${out}`, path.resolve(root, values.server)], {
  cwd: root,
  env: serverEnv(port, store, envOf(values.env)),
  stdio: 'ignore',
});
try {
  await waitHealthy(server, port);
  const login = await fetch(`${base}/api/authtoken/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
  });
  const token = (await login.json()).token;
  const auth = `authorization=Token ${token}`;
  const locations = await (
    await fetch(`${base}/api/locations/?code=CD-MAD`, { headers: { authorization: `Token ${token}` } })
  ).json();
  const url = `${base}${values.path.replace('{id}', String(locations.results[0].id))}`;
  const cannon = (seconds) =>
    JSON.parse(
      spawnSync(
        process.execPath,
        [autocannon, '-j', '-c', values.connections, '-d', String(seconds), '-t', '3', '-H', auth, url],
        {
          encoding: 'utf8',
          maxBuffer: 1e8,
        },
      ).stdout,
    );
  cannon(2);
  const r = cannon(Number(values.seconds));
  console.log(
    `${kind} ${values.path} ×${values.connections} ${values.seconds} s: ${(r.requests.total / r.duration).toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stopChild(server);
  await store.dispose();
}
const file = readdirSync(out).filter((f) => f.endsWith('.cpuprofile'))[0];
console.log(`profile: ${path.join(out, file)}`);
spawnSync(process.execPath, [path.join(root, 'tools/bench/cpuprofile-summary.mjs'), path.join(out, file), '30'], {
  stdio: 'inherit',
});
