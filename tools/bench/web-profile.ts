// Where a cold page load's time goes (issue 15, LCP): `npx tsx tools/bench/web-profile.ts [--port N] [--trace]`.
// Starts the built server on an empty data folder like tools/bench/web.ts, opens /login, /dashboard and /inbound/ cold
// in headless Chromium and prints, per page, a timeline from navigation start: every request (start → end), the
// paints (first paint, first contentful paint), every Largest Contentful Paint candidate (element, size) and the long
// tasks (main thread busy > 50 ms). With --trace it also writes a Chromium performance trace a page to /tmp.
import { parseArgs } from 'node:util';
import { MEASURED_PAGES, signedInState } from '../../e2e/support/page-weight.js';
import { observedTimeline, observerScript, printTimeline, type TimelineLine, withServedBrowser } from './page-observer.js';

const { values } = parseArgs({
  options: { port: { type: 'string' }, trace: { type: 'boolean', default: false }, only: { type: 'string' } },
});

await withServedBrowser(values.port, async (browser, baseURL) => {
  const options = { baseURL, viewport: { width: 1366, height: 900 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' };
  const storageState = await signedInState(browser, options);
  for (const measured of MEASURED_PAGES) {
    if (values.only && !measured.name.includes(values.only)) continue;
    const context = await browser.newContext(measured.signedIn ? { ...options, storageState } : options);
    await context.addInitScript({ content: observerScript(50) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (values.trace) {
      await browser.startTracing(page, {
        path: `/tmp/perfprof/trace-${measured.name.replace(/\W+/g, '_')}.json`,
        screenshots: false,
      });
    }
    await cdp.send('Network.enable');
    const requests = new Map<string, { url: string; start: number; end?: number; size?: number }>();
    let t0 = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!t0 && e.type === 'Document') t0 = e.timestamp;
      requests.set(e.requestId, { url: e.request.url.replace(baseURL, ''), start: e.timestamp });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) {
        r.end = e.timestamp;
        r.size = e.encodedDataLength;
      }
    });
    await page.goto(measured.url);
    await measured.ready(page);
    await page.waitForLoadState('networkidle');
    if (values.trace) await browser.stopTracing();
    const observed = await observedTimeline(page);
    console.log(`\n== ${measured.name}`);
    const lines: TimelineLine[] = [];
    for (const r of requests.values()) {
      const s = (r.start - t0) * 1000;
      const e = r.end ? (r.end - t0) * 1000 : Number.NaN;
      lines.push([
        s,
        `req ${s.toFixed(0).padStart(5)} → ${e.toFixed(0).padStart(5)} ms ${((r.size ?? 0) / 1024).toFixed(1).padStart(6)} KB ${r.url}`,
      ]);
    }
    lines.push(...observed.lines);
    lines.push([
      observed.domContentLoaded,
      `DCL      ${observed.domContentLoaded.toFixed(0).padStart(5)} ms (response end ${observed.responseEnd.toFixed(0)})`,
    ]);
    printTimeline(lines);
    await context.close();
  }
});
