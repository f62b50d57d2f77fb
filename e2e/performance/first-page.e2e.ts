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
    // The login page's own chunk came (so the count below is of a page that loaded, not of an empty one): the first
    // load's `login` chunk (apps/web/vite.config.ts, FIRST_LOAD).
    const loginChunk = manifest[chunkNamed(manifest, 'login')]?.file;
    expect(scripts.map((script) => assetOf(script.url))).toContain(loginChunk);
    const total = totalGzip(scripts);
    const list = scripts.map((script) => `${assetOf(script.url)} ${kb(script.gzip)}`).join(', ');
    expect(total, `/login loaded ${kb(total)} gzip: ${list}`).toBeLessThanOrEqual(LOGIN_BUDGET);
    // Nothing of the signed-in shell or of a signed-in page: no Zod, no charts, no date pickers.
    const shell = chunksOf(manifest, [chunkNamed(manifest, 'shell')]);
    const entryAndLogin = chunksOf(manifest, [chunkNamed(manifest, 'login')]);
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
    // The dashboard's code is in the shell's file (apps/web/vite.config.ts, FIRST_LOAD and MERGED_INTO).
    const pagesFile = readManifest()[chunkNamed(readManifest(), 'shell')]?.file ?? 'none';
    page.on('requestfinished', (request) => {
      if (request.url().endsWith(`/${pagesFile}`)) events.push('dashboard code in');
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
    // The first load's chunks (apps/web/vite.config.ts, FIRST_LOAD and MERGED_INTO): the shell's (with the first
    // pages' shared code and the dashboard's own, with its shrink card), the charts and date pickers (loaded as the page
    // renders them), what the shell loads once idle (`later`: the search, the location picker, the menus, the
    // tooltips), and Spanish (`common`, `auth` and the first pages' namespaces in one file, then the other signed-in
    // namespaces once idle); and the live updates' event parser, loaded with the stream's ticket.
    const own = chunksOf(manifest, [
      ...['shell', 'charts', 'pickers', 'later', 'texts-es', 'locales-es'].map((name) => chunkNamed(manifest, name)),
      'src/features/live/live-event.ts',
      ...translations.filter((key) => manifest[key]),
    ]);
    const others = otherLazyChunks(manifest, own);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((file) => others.has(file))).toEqual([]);
    // The pages' chunks are indeed among the others (the check above can fail): the online dashboard's, the shrink
    // page's, the login page's, English.
    for (const module of [
      'src/features/online/dashboard/online-dashboard-page.tsx',
      'src/features/shrink/shrink-page.tsx',
      chunkNamed(manifest, 'login'),
      chunkNamed(manifest, 'locales-en'),
    ]) {
      const file = manifest[module]?.file;
      expect(file && others.has(file), module).toBe(true);
    }
    await context.close();
  });
});
