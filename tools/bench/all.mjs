// `npm run bench`: every benchmark side by side with its baseline, in one run, with the date and the machine's load.
//
//   1. API (tools/bench/api.ts): req/s and p99 of list routes beside a bare Fastify route, and /api/health with a token
//      over without, on PGlite and PostgreSQL;
//   2. ingest (tools/bench/ingest.mjs): reads/s over HTTP, MQTT and a replay, with its count check (reads stored =
//      reads sent, none doubled) on both databases;
//   3. web (tools/bench/web.ts): the JavaScript and CSS the first page loads (index.html's script, module preloads and
//      styles), gzip and brotli as the build wrote them, beside the whole build; the scripts /login loads in a browser
//      until idle; and the LCP of /login, /dashboard and the inbound dashboard opened cold in headless Chromium;
//   4. start-up: the built server on an empty data folder, from spawn to /api/health answering.
//
// Needs `npm run build` first. --quick runs the short variants. Each part's own output is printed as it ends.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { root, run } from '../../scripts/lib.mjs';

const quick = process.argv.includes('--quick');
const started = new Date();
console.log(
  `npm run bench${quick ? ' --quick' : ''}: ${started.toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const part = async (name, command, args) => {
  console.log(`\n━━ ${name}`);
  const code = await run(command, args);
  if (code !== 0) {
    console.log(`✗ ${name} exited ${code}`);
    process.exitCode = 1;
  }
};

await part('API', 'npx', ['tsx', 'tools/bench/api.ts', ...(quick ? ['--quick'] : [])]);
await part('ingest', 'node', ['tools/bench/ingest.mjs', ...(quick ? ['--quick'] : [])]);

await part('web', 'npx', ['tsx', 'tools/bench/web.ts', ...(quick ? ['--quick'] : [])]);

console.log('\n━━ start-up');
const dataDir = mkdtempSync(path.join(tmpdir(), 'rfid-bench-start-'));
const port = 4900 + Math.floor(Math.random() * 90);
const t0 = performance.now();
const server = spawn('node', ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', MQTT_URL: '', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
let seconds;
while (performance.now() - t0 < 120_000) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
      seconds = (performance.now() - t0) / 1000;
      break;
    }
  } catch {
    // not up yet
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `first start on an empty data folder (embedded database, demo seed) to /api/health: ${seconds ? `${seconds.toFixed(1)} s` : 'no answer in 120 s'} (goal ≤ 8 s)`,
);
console.log(
  `\nended ${new Date().toISOString()}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
