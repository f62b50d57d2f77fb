import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest';
import { launchBrowser } from './page-weight';

export { launchBrowser };

/** This worker's own server (support/global-setup.ts starts one a worker). */
export const baseUrl = (): string => {
  const urls = inject('baseUrls');
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
  if (!url) throw new Error('No e2e server was started.');
  return url;
};

/**
 * The journeys' pages run their scripts without V8's optimizing compiler (TurboFan): a journey keeps a page open for
 * seconds, too short for optimized code to repay its compiling, and the renderers use half of the journeys' CPU on CI's
 * two cores. Six journey files at three workers, two pairs of runs, 2026-12-02: 331 s and 302 s wall (334 s and 310 s
 * of renderer CPU) before, 284 s and 283 s (274 s and 279 s) with it (docs/testing.md, "CI's time, 2026-12-02, second
 * look"). The bench (tools/bench/web.ts) keeps V8's defaults: it measures what a user's browser does.
 */
const JOURNEY_BROWSER_ARGS = ['--js-flags=--no-opt'];

/**
 * The browser of a describe block's tests: launched before them (before the block's own beforeAll hooks
 * registered after this call), closed after them. The function it returns gives the browser.
 */
export const useBrowser = (): (() => Browser) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(JOURNEY_BROWSER_ARGS);
  });
  afterAll(async () => browser?.close());
  return () => {
    if (!browser) throw new Error('The browser is not launched yet.');
    return browser;
  };
};

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };

export type PageOptions = { viewport?: { width: number; height: number }; language?: 'es' | 'en' };

export const newPage = async (
  browser: Browser,
  { viewport = DESKTOP, language = 'es' }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  // A Spanish warehouse's browser: the demo locations' time zone, whatever the machine's.
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    locale: language === 'es' ? 'es-ES' : 'en-GB',
    timezoneId: 'Europe/Madrid',
  });
  await context.addInitScript((lng) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lng);
  }, language);
  const page = await context.newPage();
  return { context, page };
};

export const signIn = async (page: Page, email: string, password = 'demo1234'): Promise<void> => {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
};

/** A location the user may choose: its id and the description the header shows. */
export type Place = { id: number; description: string };

/** Local storage keys of the spec (section 9) that each page sets for itself: its language and current location. */
const LANGUAGE = 'language';
const LOCATION_ID = 'location_id';
const LOCATION = 'location';

/**
 * Makes `location` the current location of an open page, as the header's picker stores it. The
 * shell saves a default location after the first sign-in, but never over one chosen meanwhile
 * (app/shell/layout.tsx).
 */
export const chooseLocation = (page: Page, { id, description }: Place): Promise<void> =>
  page.evaluate(
    (location) => {
      localStorage.setItem('location_id', String(location.id));
      localStorage.setItem('location', location.description);
      window.dispatchEvent(new Event('location-changed'));
    },
    { id, description },
  );

type Entry = { name: string; value: string };
const sessions = new Map<string, Promise<Entry[]>>();

/**
 * The local storage the app keeps after `email` signs in through the login page and the shell
 * saved the user's default location: done once per test file and user, then every page of that
 * user starts from it (a fresh context loads the app once instead of twice). The language is left
 * out: each page says its own.
 */
const sessionOf = (browser: Browser, email: string): Promise<Entry[]> => {
  let session = sessions.get(email);
  if (!session) {
    session = (async () => {
      const { page, context } = await newPage(browser);
      await signIn(page, email);
      await page.waitForFunction((key) => localStorage.getItem(key) !== null, LOCATION_ID);
      const storage = await context.storageState();
      await context.close();
      const origin = new URL(baseUrl()).origin;
      const kept = storage.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
      return kept.filter((entry) => entry.name !== LANGUAGE);
    })();
    sessions.set(email, session);
  }
  return session;
};

/**
 * A new page of `email` signed in (the demo admin unless told), in `language`, at the location
 * `at` when given (otherwise at the user's default location, as after a sign-in). The app is not
 * loaded yet: the storage is written first (on the app's icon, the lightest page of its origin),
 * so nothing can overwrite the location, and the test goes to its own page.
 */
export const openPage = async (
  browser: Browser,
  { email = 'admin@demo.local', at, viewport = DESKTOP, language = 'es' }: PageOptions & { email?: string; at?: Place } = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const session = await sessionOf(browser, email);
  const chosen = [
    { name: LANGUAGE, value: language },
    ...(at
      ? [
          { name: LOCATION_ID, value: String(at.id) },
          { name: LOCATION, value: at.description },
        ]
      : []),
  ];
  // A Spanish warehouse's browser: the demo locations' time zone, whatever the machine's.
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    locale: language === 'es' ? 'es-ES' : 'en-GB',
    timezoneId: 'Europe/Madrid',
  });
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  await page.evaluate(
    (entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    },
    [...session, ...chosen],
  );
  return { context, page };
};

const screenshotPath = (name: string): string => `e2e/screenshots/${name}.png`;

/** Per running test: the last checkpoint each page passed (registered once per test, see `screenshot`). */
let checkpoints: { test: string; pages: Map<Page, string> } | undefined;

/**
 * A named checkpoint of a journey. The picture is taken only if the test fails: then every page
 * that passed a checkpoint is photographed as it is at the failure, named after its last checkpoint
 * with `-failed` (e2e/screenshots, ignored by git). `E2E_SCREENSHOTS=all` takes every checkpoint's
 * picture as it passes, for a person to look at all screens.
 */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  if (process.env.E2E_SCREENSHOTS === 'all') {
    await page.screenshot({ path: screenshotPath(name), fullPage: true });
    return;
  }
  const test = `${expect.getState().testPath ?? ''}::${expect.getState().currentTestName ?? ''}`;
  if (checkpoints?.test !== test) {
    const pages = new Map<Page, string>();
    checkpoints = { test, pages };
    onTestFailed(async () => {
      for (const [failedPage, last] of pages) {
        if (failedPage.isClosed()) continue;
        await failedPage.screenshot({ path: screenshotPath(`${last}-failed`), fullPage: true }).catch(() => undefined);
      }
    });
  }
  checkpoints.pages.set(page, name);
};

/** Polls longer than Vitest's 1 s default: two cores are shared by the server, the browser and the tests. */
export const poll: typeof expect.poll = (read, options) =>
  expect.poll(read, { timeout: 15_000, interval: 100, ...(typeof options === 'object' ? options : {}) });

/** Opens `path` and waits until the page shows its heading `heading` (exactly one). */
export const gotoHeading = async (page: Page, path: string, heading: string): Promise<void> => {
  await page.goto(path);
  await poll(() => page.getByRole('heading', { name: heading }).count()).toBe(1);
};

/**
 * Counts the requests `page` sends from now on that `matches` (a URL fragment, or a test of the request); the returned
 * function reads the count so far.
 */
export const countRequests = (page: Page, matches: string | ((request: Request) => boolean)): (() => number) => {
  let count = 0;
  page.on('request', (request) => {
    if (typeof matches === 'string' ? request.url().includes(matches) : matches(request)) count += 1;
  });
  return () => count;
};

/** The page is no wider than the phone. */
export const fitsPhone = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  // Nor cut off: a box wider than the screen inside one that hides its overflow leaves the page's width alone (the
  // new reader's connection table, 2026-11-29). Content a container scrolls sideways on purpose (a phone's table) and
  // what is not shown (a closed drawer off-screen) do not count.
  const clipped = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrolls = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
      }
      return false;
    };
    return Array.from(document.body.querySelectorAll('*'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.right <= width + 1 || box.left >= width) return false;
        const style = getComputedStyle(element);
        return style.visibility !== 'hidden' && style.position !== 'fixed' && !scrolls(element);
      })
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} ends at ${Math.round(element.getBoundingClientRect().right)}`,
      );
  });
  expect(clipped, 'elements cut off at the right edge of the phone').toEqual([]);
};

/** The page fits the phone (`fitsPhone`), then passes the journey's checkpoint `name` (`screenshot`). */
export const phoneShot = async (page: Page, name: string): Promise<void> => {
  await fitsPhone(page);
  await screenshot(page, name);
};

/** The desktop table of `testId` shows all its columns without scrolling sideways. */
export const tableFits = async (page: Page, testId: string) => {
  const { scroll, client } = await page
    .getByTestId(testId)
    .locator('.MuiTableContainer-root')
    .evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
};

/** The rows (desktop) or cards (phone) of a paged list that show `text`. */
export const rowOf = (list: Locator, text: string) =>
  list.locator('[data-testid="paged-row"], [data-testid="paged-card"]').filter({ hasText: text });

/** The text of `testId` in the rows of `list` that show `text` (one such row). */
export const textInRow = (list: Locator, text: string, testId: string) =>
  list.filter({ hasText: text }).getByTestId(testId).textContent();
