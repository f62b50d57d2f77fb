// `npm run bench`'s web part (tools/bench/all.mjs runs it; alone: `npx tsx tools/bench/web.ts [--quick] [--port N]`).
//
//   1. sizes: the JavaScript and CSS index.html names (its script, module preloads and styles), gzip and brotli as the
//      build wrote them, beside the whole build; and what /login really loads in a browser until idle (every script
//      response: the entry, the login page's chunks and its translations), the goal being ≤ 250 KB gzip;
//   2. LCP: the Largest Contentful Paint of /login, /dashboard and the inbound dashboard opened cold (a fresh headless
//      Chromium context: no cache) against the built server on an empty data folder with the demo data, the median
//      of 3 loads each (1 with --quick), the goal being ≤ 1.0 s.
//
// Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ColdLoad,
  launchBrowser,
  MEASURED_PAGES,
  openCold,
  signedInState,
  totalGzip,
} from '../../e2e/support/page-weight.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, port: { type: 'string' } } });
const runs = values.quick ? 1 : 3;
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'apps/web/dist');

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
/** A file's size as sent: its .gz or .br when the build wrote one (files under 1 KB are sent as they are). */
const sum = (files: string[], suffix: string) =>
  files.reduce((total, file) => {
    const full = path.join(dist, file);
    return total + (existsSync(full + suffix) ? size(full + suffix) : size(full));
  }, 0);
const assets = readdirSync(path.join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => `/assets/${f}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

// The built server on an empty data folder (the demo data), on --port or a free-looking port of the bench's range.
const dataDir = mkdtempSync(path.join(tmpdir(), 'rfid-bench-web-'));
const port = values.port ? Number(values.port) : 4900 + Math.floor(Math.random() * 90);
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn('node', ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', MQTT_URL: '', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const stop = async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
};

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the server on ${baseURL} did not answer /api/health in 120 s`);
    const up = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const browser = await launchBrowser();
  try {
    const context = { baseURL, viewport: { width: 1366, height: 900 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' };
    const storageState = await signedInState(browser, context);
    const loads = new Map<string, ColdLoad[]>();
    for (const measured of MEASURED_PAGES) {
      const options = measured.signedIn ? { ...context, storageState } : context;
      const pageLoads: ColdLoad[] = [];
      for (let run = 0; run < runs; run++) pageLoads.push(await openCold(browser, measured.url, measured.ready, options));
      loads.set(measured.name, pageLoads);
    }

    const login = loads.get('/login')?.[0]?.scripts ?? [];
    const loginSum = (key: 'raw' | 'gzip' | 'brotli') => login.reduce((total, script) => total + script[key], 0);
    console.log('| what | files | raw | gzip | brotli |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| first page (script, preloads, styles) | ${initial.length} | ${kb(sum(initial, ''))} | ${kb(sum(initial, '.gz'))} | ${kb(sum(initial, '.br'))} |`,
    );
    console.log(
      `| /login in a browser, every script until idle | ${login.length} | ${kb(loginSum('raw'))} | ${kb(totalGzip(login))} | ${kb(loginSum('brotli'))} |`,
    );
    console.log(
      `| whole build (every route's chunk) | ${assets.length} | ${kb(sum(assets, ''))} | ${kb(sum(assets, '.gz'))} | ${kb(sum(assets, '.br'))} |`,
    );
    console.log(
      `first page ÷ whole build (gzip): ${(sum(initial, '.gz') / sum(assets, '.gz')).toFixed(2)}; goal: /login's JavaScript ≤ 250 KB gzip (${kb(totalGzip(login))})`,
    );
    console.log(`\n| page, opened cold (headless Chromium, no cache) | LCP (median of ${runs}) | loads | scripts (gzip) |`);
    console.log('|---|---:|---|---:|');
    for (const [name, pageLoads] of loads) {
      const lcps = pageLoads.map((load) => load.lcpMs);
      console.log(
        `| ${name} | ${(median(lcps) / 1000).toFixed(2)} s | ${lcps.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s | ${kb(totalGzip(pageLoads[0]?.scripts ?? []))} |`,
      );
    }
    console.log('goal: LCP ≤ 1.0 s');
  } finally {
    await browser.close();
  }
} finally {
  await stop();
}
