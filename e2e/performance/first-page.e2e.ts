import { describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, newPage, openPage, poll, screenshot, useBrowser } from '../support/browser';
import { chunkNamed, chunksOf, otherLazyChunks, readManifest, recordScripts, totalGzip } from '../support/page-weight';

/**
 * The first page's weight (issue 15, Web): /login, opened cold, loads at most 250 KB gzip of JavaScript until the
 * page is idle; /dashboard, signed in, shows its figures having loaded only its own chunks (the entry's, the shell's,
 * the dashboard's and its translations' and their shared chunks), no other page's (nor the print wizard's, loaded on
 * Print, nor English).
 */

const LOGIN_BUDGET = 250 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const assetOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

describe('first page: what the browser loads', () => {
  const browser = useBrowser();

  it('/login loads at most 250 KB gzip of JavaScript until idle', async () => {
    const { context, page } = await newPage(browser(), { viewport: DESKTOP });
    const recording = recordScripts(page);
    await page.goto('/login');
    await page.locator('input[name="username"]').waitFor();
    await screenshot(page, 'first-page-login');
    const scripts = await recording.scripts();
    const manifest = readManifest();
    // The login page's own chunk came (so the count below is of a page that loaded, not of an empty one).
    const loginChunk = manifest['src/features/auth/login-page.tsx']?.file;
    expect(scripts.map((script) => assetOf(script.url))).toContain(loginChunk);
    const total = totalGzip(scripts);
    const list = scripts.map((script) => `${assetOf(script.url)} ${kb(script.gzip)}`).join(', ');
    expect(total, `/login loaded ${kb(total)} gzip: ${list}`).toBeLessThanOrEqual(LOGIN_BUDGET);
    // Nothing of the signed-in shell or of a signed-in page: no Zod, no charts, no date pickers.
    const shell = chunksOf(manifest, ['src/app/shell/layout.tsx']);
    const entryAndLogin = chunksOf(manifest, ['src/features/auth/login-page.tsx']);
    const shellOnly = [...shell].filter((file) => !entryAndLogin.has(file));
    expect(shellOnly.length).toBeGreaterThan(0);
    expect(scripts.map((script) => assetOf(script.url)).filter((file) => shellOnly.includes(file))).toEqual([]);
    await context.close();
  });

  it('/dashboard shows its data with no request for another page’s chunk', async () => {
    const { context, page } = await openPage(browser());
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(baseUrl()).origin && /^\/assets\/.+\.js$/.test(url.pathname))
        requested.push(assetOf(request.url()));
    });
    // In order: when the figures were asked for, and when the dashboard's code had arrived.
    const events: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(locations|companies)\/\d+\/statistics\//.test(request.url())) events.push('statistics asked');
    });
    page.on('requestfinished', (request) => {
      if (/\/assets\/dashboard-page-[\w-]+\.js$/.test(request.url())) events.push('dashboard code in');
    });
    await page.goto('/dashboard');
    await poll(() => page.getByTestId('dashboard-stock').first().textContent()).toMatch(/\d/);
    await screenshot(page, 'first-page-dashboard');
    // The figures were asked for once, before the page's code was in: the route's loader started them beside the
    // code, and the page's query found them on the way.
    expect(events).toEqual(['statistics asked', 'dashboard code in']);
    await page.waitForLoadState('networkidle');

    const manifest = readManifest();
    const translations = Object.keys(manifest).filter((key) => /^src\/locales\/es\/[\w-]+\.json$/.test(key));
    // The shell, the page, its charts (the time series and the donuts' ring, loaded as the page renders), the shrink card and Spanish (`common`, `auth` and the chunk of
    // the signed-in pages' namespaces: vite.config.ts).
    const own = chunksOf(manifest, [
      'src/app/shell/layout.tsx',
      'src/features/dashboard/dashboard-page.tsx',
      chunkNamed(manifest, 'dashboard-chart'),
      chunkNamed(manifest, 'donut-ring'),
      // The store's shrink card and its charts (issue 26; the admin at a store: loaded after the figures, as it renders).
      chunkNamed(manifest, 'shrink-dashboard-card'),
      chunkNamed(manifest, 'shrink-charts'),
      // The chart's range fields (MUI X pickers, loaded as they render).
      chunkNamed(manifest, 'DatePicker'),
      chunkNamed(manifest, 'locales-es'),
      ...translations,
    ]);
    const others = otherLazyChunks(manifest, own);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((file) => others.has(file))).toEqual([]);
    // The pages' chunks are indeed among the others (the check above can fail): the inbound dashboard's, the print
    // wizard's (loaded on Print), English.
    for (const module of [
      'src/features/inbound/dashboard/inbound-dashboard-page.tsx',
      chunkNamed(manifest, 'print-wizard'),
      chunkNamed(manifest, 'locales-en'),
    ]) {
      const file = manifest[module]?.file;
      expect(file && others.has(file), module).toBe(true);
    }
    await context.close();
  });
});
