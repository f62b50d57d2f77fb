// Where a phone's cold load goes (issue 30): `npx tsx tools/bench/web-phone-profile.ts [--port N] [--only NAME]`.
// Starts the built server on an empty data folder like tools/bench/web.ts, opens the phone pages (e2e/support/page-weight.ts
// `phonePages`) cold under Lighthouse's mobile throttling (`PHONE_THROTTLING`) and prints, per page, a waterfall from
// the navigation's start: every request (sent → first byte → end, size as sent, its initiator's URL), the paints, the
// LCP candidates, the long tasks (main thread busy > 50 ms, slowed 4× like the rest) and when the data showed.
// `--cpu-profile PREFIX` also writes each page's CPU profile until its data showed (PREFIX-<page>.cpuprofile).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  dataShownScript,
  demoOrderBoxesUrl,
  PHONE_VIEWPORT,
  phonePages,
  shownAt,
  signedInState,
  throttleLikeAPhone,
  tokenOf,
} from '../../e2e/support/page-weight.js';
import { observedTimeline, observerScript, printTimeline, type TimelineLine, withServedBrowser } from './page-observer.js';

const { values } = parseArgs({
  options: { port: { type: 'string' }, only: { type: 'string' }, 'cpu-profile': { type: 'string' } },
});

type Row = {
  url: string;
  start: number;
  sent?: number;
  connection?: number;
  response?: number;
  end?: number;
  size?: number;
  by?: string;
};

await withServedBrowser(values.port, async (browser, baseURL) => {
  const options = { baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' };
  const storageState = await signedInState(browser, { ...options, viewport: { width: 1366, height: 900 } });
  const pages = phonePages(await demoOrderBoxesUrl(baseURL, tokenOf(storageState)));
  for (const measured of pages) {
    if (values.only && !measured.name.includes(values.only)) continue;
    const context = await browser.newContext({
      ...options,
      viewport: PHONE_VIEWPORT,
      isMobile: true,
      hasTouch: true,
      ...(measured.signedIn ? { storageState } : {}),
    });
    await context.addInitScript({ content: observerScript(40) });
    await context.addInitScript({ content: dataShownScript(measured.shown) });
    const page: Page = await context.newPage();
    const cdp = await throttleLikeAPhone(context, page);
    const rows = new Map<string, Row>();
    let t0 = 0;
    const short = (url: string) => url.replace(baseURL, '').replace(/^(\/assets\/[\w-]+?)-[\w-]{8}\.js$/, '$1.js');
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!t0 && e.type === 'Document') t0 = e.timestamp;
      const by = e.initiator.url ?? e.initiator.stack?.callFrames[0]?.url;
      rows.set(e.requestId, { url: short(e.request.url), start: e.timestamp, by: by ? short(by) : e.initiator.type });
    });
    cdp.on('Network.responseReceived', (e) => {
      const row = rows.get(e.requestId);
      if (!row) return;
      row.response = e.timestamp;
      const timing = e.response.timing;
      // When it left on a connection (after waiting for one of the 6 an HTTP/1.1 server gets), and on which.
      if (timing) row.sent = timing.requestTime + timing.sendStart / 1000;
      row.connection = e.response.connectionId;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const row = rows.get(e.requestId);
      if (row) {
        row.end = e.timestamp;
        row.size = e.encodedDataLength;
      }
    });
    if (values['cpu-profile']) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(measured.url, { timeout: 120_000 });
    await measured.ready(page);
    if (values['cpu-profile']) {
      // Until the data showed: open the .cpuprofile in Chrome DevTools (Performance) to see where the main thread went.
      const { profile } = await cdp.send('Profiler.stop');
      const file = `${values['cpu-profile']}-${measured.name.replace(/\W+/g, '_')}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile: ${file} (starts ${(profile.startTime / 1000 - t0 * 1000).toFixed(0)} ms from the navigation)`);
    }
    const readyMs = await page.evaluate(() => performance.now());
    const shownMs = await shownAt(page);
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const observed = await observedTimeline(page);
    console.log(`\n== ${measured.name} (${measured.url})`);
    const ms = (at?: number) => (at ? ((at - t0) * 1000).toFixed(0) : '?').padStart(5);
    const lines: TimelineLine[] = [...rows.values()].map((r) => [
      (r.start - t0) * 1000,
      `req ${ms(r.start)} ⇢ ${ms(r.sent)} c${String(r.connection ?? '?').padEnd(3)} → ${ms(r.response)} → ${ms(r.end)} ms ${((r.size ?? 0) / 1024).toFixed(1).padStart(6)} KB ${r.url}  (by ${r.by})`,
    ]);
    lines.push(...observed.lines);
    lines.push([observed.domContentLoaded, `DCL      ${observed.domContentLoaded.toFixed(0).padStart(5)} ms`]);
    lines.push([shownMs, `DATA     ${shownMs.toFixed(0).padStart(5)} ms shown (the page's first frame with it)`]);
    lines.push([readyMs, `SEEN     ${readyMs.toFixed(0).padStart(5)} ms by the test (Playwright's wait)`]);
    printTimeline(lines);
    await context.close();
  }
});
