// `npm run bench`'s web part (tools/bench/all.mjs runs it; alone:
// `npx tsx tools/bench/web.ts [--quick] [--port N] [--runs N] [--baseline DIST]`).
//
//   1. sizes: the JavaScript and CSS index.html names (its script, module preloads and styles), gzip and brotli as the
//      build wrote them, beside the whole build; and what /login really loads in a browser until idle (every script
//      response: the entry, the login page's chunks and its translations), the goal being ≤ 250 KB gzip;
//   2. LCP: the Largest Contentful Paint of /login, /dashboard and the inbound dashboard opened cold (a fresh headless
//      Chromium context: no cache) against the built server on an empty data folder with the demo data, the median
//      of 3 loads each (1 with --quick, N with --runs N), the goal being ≤ 1.0 s. With --baseline DIST (another web
//      build's dist folder, e.g. a copy of apps/web/dist made before a change) a second server serves that build and
//      each load alternates between the two, so that both see the same machine load: the table shows them side by side;
//   3. on a phone (issue 30): /login, /dashboard, the inbound dashboard and an order's boxes page opened cold under
//      Lighthouse's mobile throttling (DevTools': 562.5 ms latency, 1.47 Mbps down, 675 Kbps up, CPU 4× slower; a
//      412×823 viewport), the median of the runs: the requests of the first load until the data showed and the network
//      was idle, the LCP and when the data showed, beside a static file of the same server opened the same way (its
//      load); goals ≤ 30 requests, LCP ≤ 2.5 s, data shown ≤ 3 s. --phone-only runs this part alone.
//
// Needs `npm run build` first.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ColdLoad,
  demoOrderBoxesUrl,
  launchBrowser,
  MEASURED_PAGES,
  openCold,
  openPhone,
  type PhoneLoad,
  phonePages,
  STATIC_PAGE,
  signedInState,
  tokenOf,
  totalGzip,
} from '../../e2e/support/page-weight.js';
import { startBenchServer } from './web-server.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    port: { type: 'string' },
    runs: { type: 'string' },
    baseline: { type: 'string' },
    'phone-only': { type: 'boolean', default: false },
  },
});
const runs = values.runs ? Number(values.runs) : values.quick ? 1 : 3;
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

const port = values.port ? Number(values.port) : 4900 + Math.floor(Math.random() * 90);
/** This build's server, and the baseline's (--baseline) on the next port, started once the first answers. */
const servers = [{ label: 'this build', ...startBenchServer(root, port) }];

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  await servers[0]?.ready();
  if (values.baseline) {
    const baseline = { label: 'baseline', ...startBenchServer(root, port + 1, path.resolve(values.baseline)) };
    servers.push(baseline);
    await baseline.ready();
  }

  const browser = await launchBrowser();
  try {
    const context = { viewport: { width: 1366, height: 900 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' };
    const states = await Promise.all(servers.map((server) => signedInState(browser, { ...context, baseURL: server.baseURL })));
    if (!values['phone-only']) {
      /** Each page's loads, a list per server; the servers take turns, load by load. */
      const loads = new Map<string, ColdLoad[][]>();
      for (const measured of MEASURED_PAGES) {
        const pageLoads: ColdLoad[][] = servers.map(() => []);
        for (let run = 0; run < runs; run++) {
          for (const [index, server] of servers.entries()) {
            const options = { ...context, baseURL: server.baseURL };
            const storageState = states[index];
            pageLoads[index]?.push(
              await openCold(browser, measured.url, measured.ready, measured.signedIn ? { ...options, storageState } : options),
            );
          }
        }
        loads.set(measured.name, pageLoads);
      }

      const login = loads.get('/login')?.[0]?.[0]?.scripts ?? [];
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
      console.log(
        `\n| page, opened cold (headless Chromium, no cache) | build | LCP (median of ${runs}) | loads | data shown (median) | scripts (gzip, files) |`,
      );
      console.log('|---|---|---:|---|---:|---:|');
      for (const [name, pageLoads] of loads) {
        for (const [index, server] of servers.entries()) {
          const serverLoads = pageLoads[index] ?? [];
          const lcps = serverLoads.map((load) => load.lcpMs);
          const readies = serverLoads.map((load) => load.readyMs);
          const scripts = serverLoads[0]?.scripts ?? [];
          console.log(
            `| ${name} | ${server.label} | ${(median(lcps) / 1000).toFixed(2)} s | ${lcps.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s | ${(median(readies) / 1000).toFixed(2)} s | ${kb(totalGzip(scripts))}, ${scripts.length} |`,
          );
        }
      }
      console.log(
        `goal: LCP ≤ 1.0 s (data shown: the login form, the dashboard's stock figure, the inbound dashboard's first order); load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}${values.baseline ? `; baseline: ${path.resolve(values.baseline)}` : ''}`,
      );
    }

    // On a phone (issue 30): each page and the static file, every server in turn, load by load.
    const boxesUrl = await demoOrderBoxesUrl(servers[0]?.baseURL ?? '', tokenOf(states[0] ?? { cookies: [], origins: [] }));
    const pages = [
      ...phonePages(boxesUrl),
      { name: `static ${STATIC_PAGE}`, url: STATIC_PAGE, signedIn: false, ready: async () => undefined, shown: undefined },
    ];
    const phoneLoads = new Map<string, PhoneLoad[][]>();
    for (const measured of pages) {
      const pageLoads: PhoneLoad[][] = servers.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const [index, server] of servers.entries()) {
          const options = { locale: 'es-ES', timezoneId: 'Europe/Madrid', baseURL: server.baseURL };
          const storageState = states[index];
          pageLoads[index]?.push(
            await openPhone(browser, measured.url, measured.ready, {
              ...options,
              shown: measured.shown,
              ...(measured.signedIn ? { storageState } : {}),
            }),
          );
        }
      }
      phoneLoads.set(measured.name, pageLoads);
    }
    const staticReady = (index: number) =>
      median((phoneLoads.get(`static ${STATIC_PAGE}`)?.[index] ?? []).map((load) => load.shownMs));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const met = (ok: boolean) => (ok ? 'met' : '**NOT met**');
    console.log(
      `\n| on a phone (Lighthouse mobile: 562.5 ms, 1.47 Mbps, CPU ×4; cold) | build | requests | LCP | data shown | data ÷ static | seen by the test | ≤ 30 requests | LCP ≤ 2.5 s | data ≤ 3 s |`,
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---|---|---|');
    for (const [name, pageLoads] of phoneLoads) {
      for (const [index, server] of servers.entries()) {
        const serverLoads = pageLoads[index] ?? [];
        const requests = median(serverLoads.map((load) => load.requests.length));
        const lcp = median(serverLoads.map((load) => load.lcpMs));
        const shown = median(serverLoads.map((load) => load.shownMs));
        const seen = median(serverLoads.map((load) => load.readyMs));
        const isStatic = name.startsWith('static');
        console.log(
          `| ${name} | ${server.label} | ${requests} | ${Number.isNaN(lcp) ? '–' : seconds(lcp)} | ${seconds(shown)} | ${(shown / staticReady(index)).toFixed(1)}× | ${seconds(seen)} | ${isStatic ? '' : met(requests <= 30)} | ${isStatic ? '' : met(lcp <= 2500)} | ${isStatic ? '' : met(shown <= 3000)} |`,
        );
      }
    }
    console.log(
      `phone: median of ${runs}; requests until the data showed and the network was idle; "data shown": the first frame painted with the data, as the page saw it (e2e/support/page-weight.ts dataShownScript), "seen by the test": when Playwright's wait saw it; the static file's "data shown" is its load event; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (process.env.PHONE_REQUESTS) {
      for (const [name, pageLoads] of phoneLoads)
        console.log(`${name}: ${(pageLoads[0]?.[0]?.requests ?? []).map((url) => new URL(url).pathname).join(' ')}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
