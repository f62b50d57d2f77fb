import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Response,
} from 'playwright-core';

/**
 * What a page costs to open: the scripts it loads and its Largest Contentful Paint. Shared by the first-page journey
 * (e2e/performance) and `npm run bench`'s web part (tools/bench/web.ts); nothing here depends on Vitest.
 */

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Debian's headless shell (package chromium-headless-shell) where it is installed: the same Blink and V8 as
 * `/usr/bin/chromium`, without the browser's own UI pages, so about a third less CPU and time a journey
 * (2026-11-25: two journey files 80 s against 52 s, one worker).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The Chromium the journeys and the bench run: CHROMIUM_PATH, else the headless shell, else /usr/bin/chromium. */
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Headless Chromium as the journeys and the bench run it (`chromiumPath`), with `extraArgs` after the common ones. */
export const launchBrowser = (extraArgs: readonly string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  });

/** A script the page loaded: its address, and its size raw, gzip and brotli (at the build's levels: 9 and 11). */
export type LoadedScript = { url: string; raw: number; gzip: number; brotli: number };

/**
 * Every script `page` receives from now until the page is idle (no request for 500 ms after `.scripts()` is called):
 * call before `page.goto`, await `.scripts()` after.
 */
export const recordScripts = (page: Page) => {
  // Their bodies are read and compressed once the page is idle: done as they arrive, that work (brotli at level 11)
  // took the CPU the page was loading with, and the page's timings measured the bench.
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  const measure = async (response: Response): Promise<LoadedScript | null> => {
    try {
      const body = await response.body();
      return {
        url: response.url(),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    } catch {
      return null;
    }
  };
  return {
    scripts: async (): Promise<LoadedScript[]> => {
      await page.waitForLoadState('networkidle');
      return (await Promise.all(responses.map(measure))).filter((script): script is LoadedScript => script !== null);
    },
  };
};

export const totalGzip = (scripts: LoadedScript[]): number => scripts.reduce((sum, script) => sum + script.gzip, 0);

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

/** The build's manifest (apps/web/dist/.vite/manifest.json): each source module's chunk and what it imports. */
export const readManifest = (): Record<string, ManifestChunk> =>
  JSON.parse(readFileSync(path.join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/**
 * The chunk files (`assets/x.js`) a page may load: the entry's, and those of the given source modules (their own
 * chunk and every chunk they import statically), e.g. `['src/app/shell/layout.tsx', 'src/features/dashboard/dashboard-page.tsx']`.
 */
export const chunksOf = (manifest: Record<string, ManifestChunk>, modules: string[]): Set<string> => {
  // The app's entry (index.html's); src/boot.ts is an entry too, importing nothing, inlined in index.html.
  const entry = Object.keys(manifest).find((key) => key === 'index.html' && manifest[key]?.isEntry);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...(entry ? [entry] : []), ...modules]) visit(key);
  return files;
};

/** The manifest's key of the chunk named `name` (a shared chunk's key is `_<name>-<hash>.js`). */
export const chunkNamed = (manifest: Record<string, ManifestChunk>, name: string): string => {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.name === name);
  if (!key) throw new Error(`No chunk named ${name} in the build's manifest`);
  return key;
};

/**
 * The chunks loaded lazily (a dynamic import's) outside `allowed`: each other page's own chunk (every route's page
 * is loaded lazily, lib/lazy-page.ts), the other language's translations, the parts a page loads on a click.
 */
export const otherLazyChunks = (manifest: Record<string, ManifestChunk>, allowed: Set<string>): Set<string> => {
  const chunks = Object.values(manifest);
  const lazyKeys = new Set(chunks.flatMap((chunk) => chunk.dynamicImports ?? []));
  const lazy = chunks.filter((chunk) => chunk.isDynamicEntry).map((chunk) => chunk.file);
  for (const key of lazyKeys) if (manifest[key]) lazy.push(manifest[key].file);
  return new Set(lazy.filter((file) => !allowed.has(file)));
};

/** Records the Largest Contentful Paint's candidates from the page's first byte (add before the first navigation). */
const observeLcp = () => {
  const target = window as unknown as { __lcp?: number };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) target.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

/**
 * A cold load: its LCP, when its data showed (`ready` met; from the navigation's start, within a few ms: the check
 * polls each frame and its answer crosses the wire), and its scripts.
 */
export type ColdLoad = { lcpMs: number; readyMs: number; scripts: LoadedScript[] };

/**
 * Opens `url` cold: a fresh browser context (no cache, no service worker), signed in when `storageState` says so.
 * Waits for `ready` (the page's data shown) and an idle network, then reads the last LCP candidate.
 */
export const openCold = async (
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  options: BrowserContextOptions = {},
): Promise<ColdLoad> => {
  const context = await browser.newContext(options);
  try {
    await context.addInitScript(observeLcp);
    const page = await context.newPage();
    const recording = recordScripts(page);
    await page.goto(url);
    await ready(page);
    const readyMs = await page.evaluate(() => performance.now());
    const scripts = await recording.scripts();
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp ?? Number.NaN);
    return { lcpMs, readyMs, scripts };
  } finally {
    await context.close();
  }
};

/** The demo admin's local storage after signing in through the login page (token, default location). */
export const signedInState = async (browser: Browser, options: BrowserContextOptions, email = 'admin@demo.local') => {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(email);
    await page.locator('input[name="password"]').fill('demo1234');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.waitForFunction(() => localStorage.getItem('location_id') !== null);
    return await context.storageState();
  } finally {
    await context.close();
  }
};

/** The pages whose cold LCP the bench measures, each with what shows its data. */
export const MEASURED_PAGES: { name: string; url: string; signedIn: boolean; ready: (page: Page) => Promise<unknown> }[] = [
  {
    name: '/login',
    url: '/login',
    signedIn: false,
    ready: (page) => page.locator('button[type="submit"]').waitFor(),
  },
  {
    name: '/dashboard',
    url: '/dashboard',
    signedIn: true,
    ready: (page) =>
      page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="dashboard-stock"]')?.textContent ?? '')),
  },
  {
    name: '/inbound/ (inbound dashboard)',
    url: '/inbound/',
    signedIn: true,
    ready: (page) => page.locator('[data-testid="inbound-orders"] [data-testid="paged-row"]').first().waitFor(),
  },
];

/**
 * Lighthouse's mobile profile with DevTools throttling (its `mobileSlow4G` settings as DevTools applies them): 562.5 ms
 * of latency, 1,474.56 Kbps down, 675 Kbps up, the CPU 4× slower; a phone's viewport (Moto G Power's, 412×823).
 */
export const PHONE_THROTTLING = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
  cpuSlowdown: 4,
} as const;
/** `PHONE_THROTTLING` on `page` through the DevTools protocol (network and CPU); its CDP session, for more. */
export const throttleLikeAPhone = async (context: BrowserContext, page: Page) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_THROTTLING.latency,
    downloadThroughput: PHONE_THROTTLING.downloadThroughput,
    uploadThroughput: PHONE_THROTTLING.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
  return cdp;
};

export const PHONE_VIEWPORT = { width: 412, height: 823 };

/**
 * A cold load on a phone: its requests until its data showed and the network was idle, its LCP and data's time:
 * `shownMs` as the page itself saw it (`dataShownScript`: the first frame painted with the data in it), `readyMs` when
 * the test saw it (Playwright's wait, then a `performance.now()` asked of the page: later by the wait's polling and by
 * the page's busy main thread: 0.01–0.2 s on a throttled phone, docs/performance.md).
 */
export type PhoneLoad = { requests: string[]; lcpMs: number; readyMs: number; shownMs: number };

/**
 * An init script that records in the page when `shown` (a JavaScript expression over `document`) first holds: checked
 * at the start of each frame (requestAnimationFrame: what a change draws is checked before it is painted, and nothing
 * is checked between frames, where a check would force a layout in the middle of the page's work: a MutationObserver
 * doing so took a third of a 1-second task), the time taken once that frame was painted (a message posted from its
 * requestAnimationFrame runs after it), into `window.__shownAt`. Without `shown`, the page's load event is its data
 * (a static file).
 */
export const dataShownScript = (shown: string | undefined): string =>
  shown === undefined
    ? `addEventListener('load', () => { window.__shownAt = performance.now(); });`
    : `(() => {
  const holds = () => { try { return Boolean(${shown}); } catch { return false; } };
  const frame = () => {
    if (!holds()) {
      requestAnimationFrame(frame);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.__shownAt = performance.now(); };
    channel.port2.postMessage(0);
  };
  requestAnimationFrame(frame);
})();`;

/** When `dataShownScript` recorded the data shown in `page` (waited for: it is taken once the frame was painted). */
export const shownAt = (page: Page): Promise<number> =>
  page
    .waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt, null, { timeout: 10_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * Opens `url` cold (a fresh context: no cache) under `PHONE_THROTTLING` when `throttle` (the bench; the journeys count
 * requests without it), counting every request from the navigation until `ready` is met and the network is idle.
 * `holdUntilReady`: the requests whose path it matches are answered only once `ready` was met (a page that needs one
 * of them to show its data never shows it: `ready` times out); after `ready`, the first such request is waited for.
 */
export const openPhone = async (
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  {
    throttle = true,
    holdUntilReady,
    shown,
    ...options
  }: BrowserContextOptions & { throttle?: boolean; holdUntilReady?: RegExp; shown?: string } = {},
): Promise<PhoneLoad> => {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, ...options });
  try {
    await context.addInitScript(observeLcp);
    await context.addInitScript({ content: dataShownScript(shown) });
    const page = await context.newPage();
    if (throttle) {
      await throttleLikeAPhone(context, page);
    }
    const requests: string[] = [];
    page.on('request', (request) => {
      requests.push(request.url());
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    if (holdUntilReady) {
      await page.route(
        (address) => holdUntilReady.test(address.pathname),
        async (route) => {
          await released;
          await route.continue();
        },
      );
    }
    await page.goto(url, { timeout: 120_000 });
    await ready(page);
    const readyMs = await page.evaluate(() => performance.now());
    const shownMs = await shownAt(page);
    release();
    if (holdUntilReady) {
      // The held files are asked for later (once the page is idle, say): waited for, not left to the network's idle,
      // which may come first on a page that keeps its CPU busy after its data showed.
      const isHeld = (address: string) => holdUntilReady.test(new URL(address).pathname);
      if (!requests.some(isHeld)) await page.waitForRequest((request) => isHeld(request.url()), { timeout: 120_000 });
    }
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp ?? Number.NaN);
    return { requests, lcpMs, readyMs, shownMs };
  } finally {
    await context.close();
  }
};

/** The demo admin's session token in a signed-in storage state (lib/storage.ts's `bionix` key). */
export const tokenOf = (state: Awaited<ReturnType<BrowserContext['storageState']>>): string => {
  for (const origin of state.origins) {
    const raw = origin.localStorage.find((entry) => entry.name === 'bionix')?.value;
    if (raw) return (JSON.parse(raw) as { token: string }).token;
  }
  throw new Error('No session in the storage state');
};

/** The boxes page of the newest demo purchase order with boxes at the user's first location, asked of the API. */
export const demoOrderBoxesUrl = async (baseURL: string, token: string): Promise<string> => {
  const headers = { Authorization: `Token ${token}`, Accept: 'application/json' };
  const centers = (await (await fetch(`${baseURL}/api/centers/?limit=1`, { headers })).json()) as { results: { id: number }[] };
  const location = centers.results[0]?.id;
  const orders = (await (
    await fetch(`${baseURL}/api/locations/${location}/v1/porders/?order_by=-creation_date&limit=50`, { headers })
  ).json()) as { results: { id: number; num_boxes: number }[] };
  const order = orders.results.find((candidate) => candidate.num_boxes > 0);
  if (!order) throw new Error('No demo purchase order with boxes');
  return `/inbound/order/${order.id}/boxes`;
};

/**
 * What shows a phone page's data, both ways: `ready` waits for it from the test, `shown` is the same check as an
 * expression the page evaluates itself (`dataShownScript`).
 */
type DataShown = { ready: (page: Page) => Promise<unknown>; shown: string };

/** The first element `selector` matches is visible. */
const elementShown = (selector: string): DataShown => ({
  ready: (page) => page.locator(selector).first().waitFor({ timeout: 120_000 }),
  shown: `document.querySelector(${JSON.stringify(selector)})?.getClientRects().length > 0`,
});

const PHONE_READY: Record<'login' | 'dashboard' | 'inbound' | 'boxes', DataShown> = {
  login: elementShown('#root button[type="submit"]'),
  // Written twice: a function for the test (the page's Content-Security-Policy forbids Playwright evaluating a string),
  // an expression for the page's init script (which the policy allows).
  dashboard: {
    ready: (page: Page) =>
      page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="dashboard-stock"]')?.textContent ?? ''), null, {
        timeout: 120_000,
        polling: 'raf',
      }),
    shown: String.raw`/\d/.test(document.querySelector('[data-testid="dashboard-stock"]')?.textContent ?? '')`,
  },
  // On a phone a table is a list of cards (components/paged-table.tsx).
  inbound: elementShown('[data-testid="inbound-orders-cards"] [data-testid="paged-card"]'),
  boxes: elementShown('[data-testid="order-boxes-cards"] [data-testid="paged-card"]'),
};

/**
 * The pages a phone opens first (issue 30), each with what shows its data; the order's boxes page's address is the
 * newest demo order with boxes (`demoOrderBoxesUrl`), passed in.
 */
export const phonePages = (boxesUrl: string) =>
  [
    { name: '/login', url: '/login', signedIn: false, ...PHONE_READY.login },
    { name: '/dashboard', url: '/dashboard', signedIn: true, ...PHONE_READY.dashboard },
    { name: '/inbound/', url: '/inbound/', signedIn: true, ...PHONE_READY.inbound },
    { name: 'order boxes', url: boxesUrl, signedIn: true, ...PHONE_READY.boxes },
  ] as const;

/** A static file the server sends as it is, opened as a page under the same throttling: the phone table's baseline. */
export const STATIC_PAGE = '/favicon.svg';
