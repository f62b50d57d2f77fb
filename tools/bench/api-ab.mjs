// A/B of the built server under load from outside (docs/performance-profile.md): two servers, A and B (two builds, or
// one build with two environments), each its own process on its own database, loaded in turns by autocannon (its own
// process) on one route: A, B, A, B … so that both see the same machine. Prints each turn's req/s, p99 and the server
// process's CPU time per request (utime + stime from /proc/<pid>/stat over the answers: on PostgreSQL the database's
// own processes are not in it), then the median ratios B ÷ A.
//
//   node tools/bench/api-ab.mjs pglite|postgres [--a apps/server/dist/main.js] [--b PATH] [--a-env K=V …] [--b-env K=V …]
//        [--path /api/…{id}…] [--rounds 4] [--seconds 5] [--connections 10]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/lib.mjs';
import { envOf, freshStore, serverEnv, stopChild, waitHealthy } from './bench-process.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    a: { type: 'string', default: 'apps/server/dist/main.js' },
    b: { type: 'string', default: 'apps/server/dist/main.js' },
    'a-env': { type: 'string', multiple: true },
    'b-env': { type: 'string', multiple: true },
    path: { type: 'string', default: '/api/locations/{id}/v1/porders/?limit=11' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const kind = positionals[0] ?? 'pglite';
const autocannon = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');
const cpuTicks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the file)
};

const start = async (name, main, env) => {
  const store = await freshStore(kind, values.pg, `rfid-ab-${name}`);
  const port = 5100 + Math.floor(Math.random() * 380);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve(root, main)], {
    cwd: root,
    env: serverEnv(port, store, { WEB_DIST: path.join(root, 'apps/web/dist'), ...env }),
    stdio: 'ignore',
  });
  await waitHealthy(child, port, name);
  const login = await fetch(`${base}/api/authtoken/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
  });
  const token = (await login.json()).token;
  const locations = await (
    await fetch(`${base}/api/locations/?code=CD-MAD`, { headers: { authorization: `Token ${token}` } })
  ).json();
  const url = `${base}${values.path.replace('{id}', String(locations.results[0].id))}`;
  const stop = async () => {
    await stopChild(child);
    await store.dispose();
  };
  return { name, child, url, auth: `authorization=Token ${token}`, stop };
};

const turn = (server, seconds) => {
  const before = cpuTicks(server.child.pid);
  const out = spawnSync(
    process.execPath,
    [autocannon, '-j', '-c', values.connections, '-d', String(seconds), '-t', '3', '-H', server.auth, server.url],
    { encoding: 'utf8', maxBuffer: 1e8 },
  ).stdout;
  const r = JSON.parse(out);
  const ticks = cpuTicks(server.child.pid) - before;
  return {
    rps: r.requests.total / r.duration,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
    cpuMsPerRequest: (ticks * 10) / Math.max(1, r.requests.total),
  };
};

const a = await start('A', values.a, envOf(values['a-env']));
const b = await start('B', values.b, envOf(values['b-env']));
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
try {
  console.log(
    `A/B ${kind} ${values.path} ×${values.connections}, ${values.rounds} rounds of ${values.seconds} s; ${new Date().toISOString()}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`A: ${values.a} ${(values['a-env'] ?? []).join(' ')}`);
  console.log(`B: ${values.b} ${(values['b-env'] ?? []).join(' ')}`);
  turn(a, 2);
  turn(b, 2);
  const rows = { A: [], B: [] };
  for (let i = 0; i < Number(values.rounds); i++) {
    for (const server of i % 2 ? [b, a] : [a, b]) {
      const r = turn(server, Number(values.seconds));
      rows[server.name].push(r);
      console.log(
        `  ${server.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request${r.bad ? `, ${r.bad} not 2xx` : ''}`,
      );
    }
  }
  const m = (name, key) => median(rows[name].map((r) => r[key]));
  console.log(
    `median: A ${m('A', 'rps').toFixed(0)} req/s ${m('A', 'cpuMsPerRequest').toFixed(2)} ms CPU/request; B ${m('B', 'rps').toFixed(0)} req/s ${m('B', 'cpuMsPerRequest').toFixed(2)} ms CPU/request`,
  );
  console.log(
    `B ÷ A: req/s ${(m('B', 'rps') / m('A', 'rps')).toFixed(2)}, CPU per request ${(m('B', 'cpuMsPerRequest') / m('A', 'cpuMsPerRequest')).toFixed(2)}; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await a.stop();
  await b.stop();
}
