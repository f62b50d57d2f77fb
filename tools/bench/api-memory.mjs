// Where the built server's idle memory goes (docs/performance.md, "Memory"): the server is started on a fresh database
// (PGlite in a temp DATA_DIR with the demo seed, or PostgreSQL), left idle, and its memory read from outside
// (/proc/<pid>/smaps_rollup, /proc/<pid>/smaps by kind of mapping) and from inside (tools/bench/mem-probe.mjs:
// process.memoryUsage(), the V8 heap, PGlite's WebAssembly memory).
//
//   node tools/bench/api-memory.mjs pglite|postgres [--server PATH] [--env K=V …] [--idle-seconds 5] [--restart] [--gc]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../../scripts/lib.mjs';
import { envOf, freshStore, serverEnv, sleep, stopChild, waitHealthy } from './bench-process.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: 'apps/server/dist/main.js' },
    env: { type: 'string', multiple: true },
    'idle-seconds': { type: 'string', default: '5' },
    /** Measure a second start on the same data folder (the usual start: no prebuilt database to load, no seed). */
    restart: { type: 'boolean', default: false },
    /** Run a full garbage collection before reading (node --expose-gc): what is referenced, not what awaits a collection. */
    gc: { type: 'boolean', default: false },
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const kind = positionals[0] ?? 'pglite';
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const store = await freshStore(kind, values.pg, 'rfid-mem');
const probeOut = path.join(store.dataDir, '..', `rfid-mem-probe-${randomBytes(4).toString('hex')}.json`);
const port = 5480 + Math.floor(Math.random() * 19);
const startServer = () =>
  spawn(
    process.execPath,
    [
      ...(values.gc ? ['--expose-gc'] : []),
      '--import',
      path.join(root, 'tools/bench/mem-probe.mjs'),
      path.resolve(root, values.server),
    ],
    {
      cwd: root,
      env: serverEnv(port, store, { MEM_PROBE_OUT: probeOut, ...envOf(values.env) }),
      stdio: 'ignore',
    },
  );
const up = (child) => waitHealthy(child, port);
let server = startServer();
if (values.restart) {
  await up(server);
  await stopChild(server);
  server = startServer();
}
/** Resident kB of /proc/<pid>/smaps by kind of mapping: the heap, anonymous maps, the node binary, other files. */
const smapsByKind = (pid) => {
  const kinds = new Map();
  let current = 'other';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1] ?? '';
      current = !name
        ? 'anonymous (V8 heap, WebAssembly memory, malloc arenas)'
        : name === '[heap]'
          ? '[heap] (malloc, brk)'
          : name.endsWith('/node')
            ? 'node binary'
            : name.startsWith('[')
              ? name
              : name.includes('.so')
                ? 'shared libraries'
                : `file ${path.basename(name)}`;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds.set(current, (kinds.get(current) ?? 0) + Number(rss[1]));
  }
  return [...kinds].sort((a, b) => b[1] - a[1]);
};
try {
  await up(server);
  await sleep(Number(values['idle-seconds']) * 1000);
  server.kill('SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(probeOut); i++) await sleep(50);
  await sleep(200);
  const probe = JSON.parse(readFileSync(probeOut, 'utf8'));
  const rollup = readFileSync(`/proc/${server.pid}/smaps_rollup`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
  console.log(
    `api-memory ${kind}${values.restart ? ' (second start)' : ' (first start)'}${values.gc ? ' after a full GC' : ''} ${values.server} ${(values.env ?? []).join(' ')}: ${new Date().toISOString()}, idle ${values['idle-seconds']} s after /api/health, load ${loadavg()[0].toFixed(2)}`,
  );
  console.log(
    `smaps_rollup: Rss ${mb(field('Rss'))} MB (anonymous ${mb(field('Anonymous'))} MB, file-backed ${mb(field('Rss') - field('Anonymous'))} MB), Pss ${mb(field('Pss'))} MB`,
  );
  for (const [name, kb] of smapsByKind(server.pid).slice(0, 8)) console.log(`  ${mb(kb * 1024).padStart(7)} MB  ${name}`);
  const u = probe.memoryUsage;
  console.log(
    `process.memoryUsage: rss ${mb(u.rss)} MB, heapTotal ${mb(u.heapTotal)} MB, heapUsed ${mb(u.heapUsed)} MB, external ${mb(u.external)} MB, arrayBuffers ${mb(u.arrayBuffers)} MB`,
  );
  console.log(
    `V8 heap: total_physical_size ${mb(probe.heap.total_physical_size)} MB, used ${mb(probe.heap.used_heap_size)} MB, malloced ${mb(probe.heap.malloced_memory)} MB; spaces: ${probe.spaces
      .filter((s) => s.size > 1024 * 1024)
      .map((s) => `${s.name} ${mb(s.used)}/${mb(s.size)}`)
      .join(', ')}`,
  );
  console.log(`WebAssembly memories (PGlite): ${probe.wasmMemories.map((b) => `${mb(b)} MB`).join(', ') || 'none'}`);
} finally {
  await stopChild(server);
  rmSync(probeOut, { force: true });
  await store.dispose();
}
