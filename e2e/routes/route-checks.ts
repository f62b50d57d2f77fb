import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoBrands, demoLocations, demoProviders } from '../../apps/server/src/db/seed/demo-data';
import { offStyleDates } from '../../apps/web/src/lib/date-style';
import { chooseLocation, MOBILE, openPage, type Place, poll, screenshot, useBrowser } from '../support/browser';
import { apiAs, findLocation } from '../support/journey-api';
import { axeViolations } from './axe';

/**
 * What every route of the spec must be on every screen (issue 16), checked by the every-route suites:
 *
 * - Width: the page never scrolls sideways (document scrollWidth ≤ the viewport's width). At 1280 px and wider
 *   (the side menu open) every table fits its own container (the container's scrollWidth ≤ its clientWidth) and
 *   every button and link of a table lies inside the container's visible box: columns that matter least collapse
 *   or wrap, actions never hide. On a phone (390 px) a table may scroll sideways inside its own container (the
 *   container itself stays within the screen), but only if its action column stays visible: every button of the
 *   table's first row lies inside the container's visible box at the container's starting scroll position.
 * - Language: no text of the other language. The rendered text (innerText, placeholders, aria-labels) is searched
 *   for the other language's catalogue values (apps/web/src/locales/<other>/*.json): the literal fragments (between
 *   {{placeholders}} and <tags>) of every value whose key differs between the languages, of 6 characters or more,
 *   that appear nowhere in this language's own catalogue, matched as whole words. Demo data (locations, brands,
 *   providers, products) is never counted.
 * - Dates: one style (docs/writing-guide.md): no 12-hour time ("2:41 am") and no dashed date ("29-11-2026") in the
 *   page's text (apps/web/src/lib/date-style.ts).
 * - No console error, no uncaught page error, no request answering 5xx.
 * - Accessibility: axe-core finds no violation of serious or critical impact (axe.ts).
 */

export const PRINTER = '/bionix-printer';

/** A route of the spec and the highest role number that may open it (1 is the highest role). */
export type Route = { path: string; maxRole: number };

const r = (pathPattern: string, maxRole = 5): Route => ({ path: pathPattern, maxRole });

/** Every route of the spec (section 2, "Route table"; /relabeling is behind a flag that is off: its page says so). */
export const ROUTES: Route[] = [
  r('/dashboard'),
  r('/chart'),
  r('/alarm'),
  r('/legal'),
  r('/support'),
  r('/track-epc'),
  r('/track-epc/:epc'),
  // The store floor (issue 26): availability, find an item and its locate view.
  r('/availability'),
  r('/find-item'),
  r('/find-item/locate/:epc'),
  r('/free-scan'),
  r('/free-scan/:id/detail'),
  r('/brand/dashboard', 2),
  r('/shrink', 3),
  r('/stock'),
  r('/replenishment'),
  r('/epc-stock'),
  r('/minstock/:gtin/edit'),
  r('/administrador/locations/', 2),
  r('/administrador/locations/add', 1),
  r('/administrador/locations/:id/edit', 2),
  r('/administrador/devices', 2),
  r('/administrador/devices/add', 1),
  r('/administrador/devices/:id/edit', 2),
  r('/administrador/areas/add', 2),
  r('/administrador/areas/:id/edit', 2),
  r('/administrador/visualizers/locations', 2),
  r('/administrador/visualizers/add', 2),
  r('/administrador/visualizers/add_company_user', 1),
  r('/administrador/visualizers/:id/edit', 2),
  r(`${PRINTER}/all`, 4),
  r(`${PRINTER}/add`, 1),
  r(`${PRINTER}/:id/upload`, 4),
  r(`${PRINTER}/:id/edit`, 2),
  r(`${PRINTER}/orders`, 4),
  r(`${PRINTER}/orders/add`, 4),
  r(`${PRINTER}/orders/add-manual`, 4),
  r(`${PRINTER}/impresions`, 4),
  r(`${PRINTER}/production`, 4),
  r(`${PRINTER}/print/:id/contents`, 4),
  r(`${PRINTER}/print/:id/detail`, 4),
  r(`${PRINTER}/relabeling`, 4),
  r('/inbound/'),
  r('/inbound/returns'),
  r('/inbound/returns/:id/detail'),
  r('/inbound/order/add', 3),
  r('/inbound/order/:id/detail'),
  r('/inbound/order/:id/boxes'),
  r('/inbound/order/:orderId/box/:id/detail'),
  r('/inbound/order/:orderId/gtin/:itemType/detail'),
  r('/inbound/provider/:id/detail'),
  r('/order/:orderId/box/:boxId/verifications'),
  r('/order/:orderId/box/:boxId/verifications/:verificationId'),
  r('/order/:orderId/box/:boxId/verifications/:verificationId/items'),
  r('/online/'),
  r('/online/order/add', 3),
  r('/online/order/:id/detail'),
  r('/online/order/:id/boxes/'),
  r('/online/order/:orderId/box/:id/detail'),
  r('/online/order/:orderId/gtin/:itemType/detail'),
  r('/online/order/:orderId/boxes/:boxId/verifications/'),
  r('/online/order/:orderId/boxes/:boxId/verifications/:verificationId'),
  r('/online/order/:orderId/boxes/:boxId/verifications/:verificationId/items'),
  r('/outbound/returns'),
  r('/outbound/returns/:id/detail'),
  r('/movements/'),
  r('/movements/exit/'),
  r('/movements/entry/'),
  r('/movements/order/add', 3),
  r('/movements/:side/order/:id/detail'),
  r('/movements/:side/order/:id/boxes'),
  r('/movements/:side/order/:id/box/:boxId/detail'),
  r('/movements/:side/order/:id/gtin/:itemType/detail'),
  r('/movements/:side/order/:orderId/box/:boxId/verifications'),
  r('/movements/:side/order/:orderId/box/:boxId/verifications/:verificationId'),
  r('/movements/:side/order/:orderId/box/:boxId/verifications/:verificationId/items'),
  r('/inventory/'),
  r('/inventory/:id/detail'),
  r('/inventory/:id/detail-items'),
  r('/inventory/stocks'),
  r('/inventory/stocks/:gtin/gtin'),
  r('/inventory/boxstocks'),
  r('/inventory/upload_csv/', 3),
  r('/pos'),
  r('/pos/:id'),
  r('/pos/exits'),
  r('/pos/exits/:id'),
  // The store floor (issue 26).
  r('/exit-alarms'),
  // Integrations (issue 27): the EPCIS events page.
  r('/epcis'),
];

const patternOf = (route: string): RegExp =>
  new RegExp(
    `^${route
      .replace(/\/$/, '')
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );
const MATCHERS = ROUTES.map((route) => ({ route, pattern: patternOf(route.path) }));

/** The route of the spec a concrete path is, if any (fixed paths win over ones with ids). */
export const routeOf = (pathname: string): Route | undefined => {
  const matches = MATCHERS.filter(({ pattern }) => pattern.test(pathname));
  matches.sort((a, b) => (a.route.path.match(/:/g)?.length ?? 0) - (b.route.path.match(/:/g)?.length ?? 0));
  return matches[0]?.route;
};

// ---- The dictionary of the other language ----

type Catalogue = Map<string, string>;
const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

const flatten = (prefix: string, value: unknown, into: Catalogue): void => {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, inner, into);
};

const catalogue = (language: string): Catalogue => {
  const entries: Catalogue = new Map();
  for (const file of readdirSync(path.join(LOCALES, language))) {
    flatten(file.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')), entries);
  }
  return entries;
};

/** Literal pieces of a catalogue value: the text between {{placeholders}}, <tags> and $t(…) nestings. */
const fragments = (value: string): string[] =>
  value
    .split(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)|\{[^}]*\}/)
    .map((piece) =>
      piece
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''),
    )
    .filter((piece) => piece.length >= 6 && /\p{L}{3}/u.test(piece));

/** Names from the demo data: a page may show them whatever its language. */
const DEMO_WORDS: string[] = [
  ...demoLocations.flatMap((location) => [location.description, location.city, location.streetName, ...location.areas]),
  ...demoBrands,
  ...demoProviders,
  ...buildDemoItemTypes().flatMap((item) => Object.values(item).filter((value): value is string => typeof value === 'string')),
  // The demo printer, tag types, formats and print orders (names written in Spanish): the quoted texts of their seed.
  ...[
    ...readFileSync(path.resolve(import.meta.dirname, '../../apps/server/src/db/seed/printing-demo.ts'), 'utf8').matchAll(
      /'([^'\n]{6,})'/g,
    ),
  ].map((match) => match[1] ?? ''),
];

export type Language = 'es' | 'en';

const dictionaries = new Map<Language, string[]>();
/** The other language's words to look for on a page in `language`. */
export const foreignWords = (language: Language): string[] => {
  const cached = dictionaries.get(language);
  if (cached) return cached;
  const own = catalogue(language);
  const other = catalogue(language === 'es' ? 'en' : 'es');
  const ownText = [...own.values()].join('\n').toLowerCase();
  const demo = DEMO_WORDS.join('\n').toLowerCase();
  const words = new Set<string>();
  for (const [key, value] of other) {
    if (own.get(key) === value) continue;
    for (const piece of fragments(value)) {
      const lower = piece.toLowerCase();
      if (ownText.includes(lower) || demo.includes(lower)) continue;
      words.add(piece);
    }
  }
  const list = [...words];
  dictionaries.set(language, list);
  return list;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The other language's catalogue pieces found in `text`, as whole words. */
export const foreignIn = (text: string, language: Language): string[] =>
  foreignWords(language).filter((word) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(word)}($|[^\\p{L}])`, 'iu').test(text));

// ---- One page's checks ----

export type Problem = { url: string; check: string; detail: string };

/** Listens to a page's console errors, uncaught errors and 5xx answers; `take` returns and clears them. */
export const watch = (page: Page) => {
  let found: string[] = [];
  const inFlight = new Set<unknown>();
  // The live-updates stream (EventSource) stays open while the shell is shown: it is no page load to wait for.
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('console', (message) => {
    if (message.type() === 'error') found.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => found.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) found.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return {
    /** Requests sent and not answered yet. */
    busy: (): number => inFlight.size,
    take: (): string[] => {
      const taken = found;
      found = [];
      return taken;
    },
  };
};

type Layout = { documentWidth: number; viewport: number; tables: Array<{ index: number; detail: string }> };

/** The width rule above, measured in the page. */
const measureLayout = (page: Page, wide: boolean): Promise<Layout> =>
  page.evaluate((isWide) => {
    const viewport = window.innerWidth;
    const tables: Array<{ index: number; detail: string }> = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    document.querySelectorAll('table').forEach((table, index) => {
      if (!visible(table)) return;
      const container = table.closest('.MuiTableContainer-root') ?? table.parentElement;
      if (!container) return;
      const box = container.getBoundingClientRect();
      const heading = table.querySelector('thead')?.textContent?.slice(0, 60) ?? '';
      if (box.right > viewport + 1) tables.push({ index, detail: `container ends at ${box.right} > ${viewport} (${heading})` });
      if (isWide && container.scrollWidth > container.clientWidth + 1) {
        tables.push({ index, detail: `scrolls ${container.scrollWidth} > ${container.clientWidth} (${heading})` });
      }
      const right = Math.min(box.right, viewport) + 1;
      const firstRow = table.querySelector('tbody tr');
      const controls = Array.from(
        isWide ? table.querySelectorAll('tbody button, tbody a') : (firstRow?.querySelectorAll('button, a') ?? []),
      );
      for (const control of controls) {
        const place = control.getBoundingClientRect();
        if (place.width > 0 && place.right > right) {
          tables.push({
            index,
            detail: `"${(control.textContent || control.getAttribute('aria-label') || control.tagName).trim().slice(0, 30)}" ends at ${Math.round(place.right)} > ${Math.round(right)} (${heading})`,
          });
          break;
        }
      }
    });
    return { documentWidth: document.documentElement.scrollWidth, viewport, tables };
  }, wide);

/** The page's visible text, placeholders and accessible labels. */
const pageText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]')).flatMap((element) =>
      ['placeholder', 'aria-label', 'title'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });

/**
 * Opens `url` in the app: the first time by loading it, then as the app's own links do (history and popstate, which
 * the router follows), so the walk does not load the whole app again for every page.
 */
const go = async (page: Page, url: string): Promise<void> => {
  const inApp = await page.evaluate(() => document.querySelector('#root')?.hasChildNodes() ?? false).catch(() => false);
  if (!inApp) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
  await page.waitForURL((current) => current.pathname === new URL(url, current).pathname);
};

/** Waits until the page shows no spinner or skeleton and the network is quiet. */
export const settle = async (page: Page, watcher: ReturnType<typeof watch>): Promise<void> => {
  // Quiet three checks in a row (a lazy page's code arrives, then it asks for its data).
  let quiet = 0;
  await poll(async () => {
    const idle =
      watcher.busy() === 0 && (await page.locator('.MuiCircularProgress-indeterminate, .MuiSkeleton-root').count()) === 0;
    quiet = idle ? quiet + 1 : 0;
    return quiet;
  }).toBeGreaterThanOrEqual(3);
};

/** The checks of the header on the page open in `page`; problems are returned, not thrown, so a run lists them all. */
export const checkPage = async (
  page: Page,
  {
    language,
    wide,
    problems,
    axe = true,
  }: { language: Language; wide: boolean; problems: ReturnType<typeof watch>; axe?: boolean },
): Promise<Problem[]> => {
  const url = new URL(page.url()).pathname;
  const found: Problem[] = [];
  const layout = await measureLayout(page, wide);
  if (layout.documentWidth > layout.viewport) {
    found.push({ url, check: 'page width', detail: `${layout.documentWidth} > ${layout.viewport}` });
  }
  for (const table of layout.tables) found.push({ url, check: `table ${table.index}`, detail: table.detail });
  const text = await pageText(page);
  const foreign = foreignIn(text, language);
  if (foreign.length > 0) found.push({ url, check: 'other language', detail: foreign.join(' | ') });
  const dates = offStyleDates(text);
  if (dates.length > 0) found.push({ url, check: 'date style', detail: dates.slice(0, 5).join(' | ') });
  for (const violation of axe ? await axeViolations(page) : []) {
    found.push({
      url,
      check: `axe ${violation.impact}`,
      detail: `${violation.id}: ${violation.help} (${violation.targets.join(' | ')})`,
    });
  }
  for (const detail of problems.take()) found.push({ url, check: 'errors', detail });
  return found;
};

// ---- Walking every route ----

export type Walk = {
  /** Each route of the spec and the concrete path it was checked at. */
  visited: Map<string, string>;
  problems: Problem[];
};

/** How many pages a walk opens again through other rows to reach the routes still missing. */
const SPARE_VISITS = 12;

/** How many characters two strings share from their start. */
const commonStart = (a: string, b: string): number => {
  let n = 0;
  while (n < a.length && a[n] === b[n]) n += 1;
  return n;
};

/** Where the walk starts: every route without ids, at a center; the store routes again at a store (returns, POS, inventory). */
const fixedRoutes = ROUTES.filter((route) => !route.path.includes(':'));
const STORE_ROUTES = [
  '/inbound/returns',
  '/outbound/returns',
  '/pos',
  '/pos/exits',
  '/inventory/',
  '/inventory/stocks',
  '/replenishment',
  '/exit-alarms',
];

/**
 * Opens every route of the spec the user may see: first every fixed path, then, following the links the pages show
 * (rows of the demo data), one concrete path of every route with ids. Every page is checked as it is shown.
 */
export const walkRoutes = async (
  browser: Browser,
  options: {
    email?: string;
    role?: number;
    language: Language;
    viewport: { width: number; height: number };
    /** Where the walk starts; none: the user's default location, and the store routes are not walked again. */
    center?: Place;
    store?: Place;
    /** More pages to start from at the store (pages with a query that no link of the walk's pages carries). */
    storeStarts?: string[];
    tag: string;
    only?: (route: Route) => boolean;
    /** Whether axe-core checks each page (default true). */
    axe?: boolean;
  },
): Promise<Walk> => {
  const { language, viewport, role = 1, tag } = options;
  const wide = viewport.width >= 1280;
  const allowed = (route: Route) => role <= route.maxRole && (options.only?.(route) ?? true);
  const { context, page } = await openPage(browser, {
    email: options.email,
    language,
    viewport,
    at: options.center,
  });
  const problems = watch(page);
  const visited = new Map<string, string>();
  const all: Problem[] = [];
  const store = options.store;
  const queue: Array<{ url: string; at: Place | undefined }> = [
    ...fixedRoutes.filter(allowed).map((route) => ({ url: route.path, at: options.center })),
    ...(store
      ? [...STORE_ROUTES, ...(options.storeStarts ?? [])]
          .filter((url) => allowed(routeOf(url.split('?')[0] ?? url) ?? r(url, 0)))
          .map((url) => ({ url, at: store }))
      : []),
  ];
  let where = options.center;
  const seen = new Set<string>();
  /**
   * Links to routes already visited or queued, kept in case: a route with ids is visited once, through one row, and
   * that row may lead on to less than another would (an order without verified boxes has no verifications to open).
   * When the queue is empty and routes are still missing, the walk opens these, the ones sharing the longest start
   * with a missing route first, at most SPARE_VISITS of them.
   */
  const spare: Array<{ url: string; at: Place | undefined }> = [];
  let spareVisits = 0;
  const missing = () => ROUTES.filter((route) => allowed(route) && !visited.has(route.path)).map((route) => route.path);
  const nextItem = () => {
    const queued = queue.shift();
    if (queued || spareVisits >= SPARE_VISITS) return queued;
    const wanted = missing();
    if (wanted.length === 0) return undefined;
    const closeness = (url: string) => {
      const from = routeOf(url.split('?')[0] ?? url)?.path ?? '';
      return Math.max(...wanted.map((path) => commonStart(from, path)));
    };
    spare.sort((a, b) => closeness(b.url) - closeness(a.url));
    const picked = spare.shift();
    if (picked) spareVisits += 1;
    return picked;
  };
  for (let next = nextItem(); next; next = nextItem()) {
    const key = `${next.at?.id}${next.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (next.at && next.at.id !== where?.id) {
      await chooseLocation(page, next.at);
      where = next.at;
    }
    const url = next.url;
    const started = Date.now();
    await go(page, url);
    await settle(page, problems).catch((error: Error) =>
      all.push({ url, check: 'loads', detail: error.message.split('\n')[0] ?? '' }),
    );
    if (process.env.E2E_ROUTES_LOG) console.log(`${tag} ${url} ${Date.now() - started} ms`);
    const route = routeOf(new URL(page.url()).pathname);
    if (route && !visited.has(route.path)) visited.set(route.path, url);
    await screenshot(page, `route-${tag}${url.replace(/[/:?=&]+/g, '-')}`);
    const found = await checkPage(page, { language, wide, problems, axe: options.axe ?? true });
    if (process.env.E2E_ROUTES_LOG)
      for (const problem of found) console.log(`  ${tag} ${problem.url} ${problem.check}: ${problem.detail}`);
    all.push(...found);
    // The links the page offers (with their query: a list filtered by area is another page than the bare list).
    const links = await page.evaluate(() =>
      Array.from(document.querySelectorAll('a[href]')).map((link) => {
        const target = new URL((link as HTMLAnchorElement).href);
        return target.origin === window.location.origin ? `${target.pathname}${target.search}` : '';
      }),
    );
    // One link to each route not visited yet, the last one: lists show the newest first, and the demo's oldest orders
    // are the finished ones (verified boxes, with verifications to open). The others are kept as spares.
    for (const link of links.reverse()) {
      const linked = link ? routeOf(link.split('?')[0] ?? link) : undefined;
      if (!linked || !allowed(linked) || seen.has(`${where?.id}${link}`)) continue;
      if (visited.has(linked.path) || queue.some((item) => routeOf(item.url.split('?')[0] ?? item.url) === linked)) {
        if (spare.length < 200 && !spare.some((item) => item.url === link)) spare.push({ url: link, at: where });
        continue;
      }
      queue.push({ url: link, at: where });
    }
  }
  await context.close();
  return { visited, problems: all };
};

/** The routes a walk visited, each with the page it was checked at (the run's record of what it covered). */
export const printVisited = (tag: string, walk: Walk): void => {
  const lines = [...walk.visited].map(([route, url]) => `  ${route}${url === route ? '' : `  ← ${url}`}`);
  console.log(`${tag}: ${walk.visited.size} routes visited\n${lines.join('\n')}`);
};

/** Fails with every problem at once, one a line, so a run shows what to fix. */
export const expectNoProblems = (problems: Problem[]): void => {
  const lines = problems.map((problem) => `${problem.url} [${problem.check}] ${problem.detail}`);
  // In the message too: the run's summary (scripts/test.mjs) shows a failure's first lines, not its diff.
  expect(lines, `${lines.length} problems:\n${lines.join('\n')}\n`).toEqual([]);
};

/** The screens a suite walks: every route with the highest role (the demo admin), in both languages at both sizes. */
export const SCREENS: Array<{ language: Language; viewport: { width: number; height: number }; tag: string }> = [
  { language: 'es', viewport: { width: 1280, height: 800 }, tag: 'es-1280' },
  { language: 'en', viewport: { width: 1280, height: 800 }, tag: 'en-1280' },
  { language: 'es', viewport: MOBILE, tag: 'es-390' },
  { language: 'en', viewport: MOBILE, tag: 'en-390' },
];

/**
 * One screen's walk of the routes `group` keeps, as the demo admin (role 1, who may open them all): every page
 * checked, then every route of the group reached.
 */
export const walkGroup =
  (
    screen: (typeof SCREENS)[number],
    group: (route: Route) => boolean,
    hooks: { browser: () => Browser; places: () => DemoPlaces },
  ) =>
  async () => {
    const walk = await walkRoutes(hooks.browser(), { ...screen, ...hooks.places(), only: group });
    printVisited(screen.tag, walk);
    const missing = ROUTES.filter(group)
      .map((route) => route.path)
      .filter((route) => !walk.visited.has(route));
    expectNoProblems([
      ...missing.map((route) => ({ url: route, check: 'reached', detail: 'no page of the walk links to it' })),
      ...walk.problems,
    ]);
  };

type DemoPlaces = { center: Place; store: Place; storeStarts: string[] };

/**
 * A describe block's demo places: the first Madrid center and store, and the store's stock by area opened at its back
 * room (the area stock page lists GTINs, whose pages are routes of the spec, only once an area is chosen).
 */
export const demoPlaces = () => {
  let places: DemoPlaces = { center: { id: 0, description: '' }, store: { id: 0, description: '' }, storeStarts: [] };
  beforeAll(async () => {
    const api = await apiAs('admin@demo.local');
    const store = await findLocation(api, 'T-MAD-01');
    const areas = await api<{ results: Array<{ id: number; description: string }> }>(
      'GET',
      `/locations/${store.id}/areas/?limit=100`,
    );
    const backRoom = areas.json.results.find((area) => area.description === 'Almacén tienda');
    if (!backRoom) throw new Error('The demo store has no area "Almacén tienda".');
    places = { center: await findLocation(api, 'CD-MAD'), store, storeStarts: [`/inventory/stocks?area=${backRoom.id}`] };
  });
  return () => places;
};

/**
 * The full matrix: every role on every route it may see, on every screen (E2E_EVERY_ROUTE=1, `npm run test:routes`;
 * by hand: it takes more than CI's time). `npm test` walks every route as the admin in Spanish at 1280 px and in
 * English at 390 px (the group suites) and every other role on every route it may see in Spanish at 1280 px and at
 * 390 px, with axe (every-role-<n>.e2e.ts, issue 28).
 */
export const everyRouteEnabled = process.env.E2E_EVERY_ROUTE === '1';

/** A walk's time limit: some 40 pages, each waited for and checked (axe-core included), on a busy machine. */
export const WALK_TIMEOUT = 600_000;

/**
 * The admin's screens in `npm test`: Spanish at 1280 px with the menu open and English on the phone, so that every route
 * is checked in both languages and at both sizes within CI's time; all four with E2E_EVERY_ROUTE=1.
 */
const GROUP_SCREENS = everyRouteEnabled ? SCREENS : SCREENS.filter((screen) => ['es-1280', 'en-390'].includes(screen.tag));

/** The suite of one group of routes: each screen its own test, in one browser. */
export const describeGroup = (name: string, group: (route: Route) => boolean) =>
  describe(name, () => {
    const browser = useBrowser();
    const places = demoPlaces();
    for (const screen of GROUP_SCREENS) {
      it(
        `${screen.tag}: every route reached; no overflow, other-language text, console error, 5xx or axe violation`,
        walkGroup(screen, group, { browser, places }),
        WALK_TIMEOUT,
      );
    }
  });

/** The demo users of roles 2 to 5 (role 1, the admin, walks every route in the group suites). */
export const DEMO_ROLES = [
  { email: 'brand@demo.local', role: 2 },
  { email: 'editor@demo.local', role: 3 },
  { email: 'printer@demo.local', role: 4 },
  { email: 'viewer@demo.local', role: 5 },
];

/**
 * One role's walk on one screen at its own default location, as a test body: the routes `only` keeps (all it may see
 * when none), the routes visited printed, every problem failing the test.
 */
export const walkRole =
  (
    browser: () => Browser,
    { email, role }: (typeof DEMO_ROLES)[number],
    screen: (typeof SCREENS)[number],
    only?: (route: Route) => boolean,
    axe = true,
  ) =>
  async () => {
    const tag = `role${role}-${screen.tag}`;
    const walk = await walkRoutes(browser(), { ...screen, email, role, tag, only, axe });
    printVisited(tag, walk);
    expectNoProblems(walk.problems);
  };

/** A matrix walk's time limit: one role's every route (up to some 75 pages) on one screen. */
export const MATRIX_WALK_TIMEOUT = 2_400_000;

/**
 * The screens of a role's walk in `npm test`: Spanish, the product's first language, at 1280 px with the menu open for
 * the even roles and on the phone for the odd ones (the admin's group walks check every route at both sizes, in both
 * languages; CI's time, issue 33: two screens a role took some 175 s a file); all four with E2E_EVERY_ROUTE=1.
 */
const roleScreens = (role: number) =>
  everyRouteEnabled ? SCREENS : SCREENS.filter((screen) => screen.tag === (role % 2 === 0 ? 'es-1280' : 'es-390'));

/**
 * Every route one role may see (issue 28: every role, not only the admin, in CI): the role at its own default location
 * on every route it may see, the ones with ids too (through the links of its pages), in Spanish at 1280 px or 390 px in
 * `npm test`, on every screen and with axe with E2E_EVERY_ROUTE=1 (`npm run test:routes`). In `npm test` axe-core checks
 * each route in the admin's walks, at both sizes (describeGroup), and not again for each role: a role sees the same
 * pages with fewer actions, and axe was some 60 % of a role walk's browser CPU (every-role-2 alone, 2026-12-01: 55 s of
 * renderer CPU with axe, 22 s without; 82 s → 52 s). One file a role (every-role-<n>.e2e.ts), so the roles walk side by
 * side, one worker and one server each.
 */
export const describeRoleMatrix = (role: number) => {
  const demo = DEMO_ROLES.find((user) => user.role === role);
  if (!demo) throw new Error(`No demo user of role ${role}.`);
  describe(`every route of role ${role} (${demo.email})`, () => {
    const browser = useBrowser();
    for (const screen of roleScreens(role)) {
      it(
        `${screen.tag}: every route it may see; no overflow, other-language text, console error or 5xx${everyRouteEnabled ? ', no axe violation' : ''}`,
        walkRole(browser, demo, screen, undefined, everyRouteEnabled),
        MATRIX_WALK_TIMEOUT,
      );
    }
  });
};
