/**
 * The first script of every page, inline in index.html before the app's entry (vite.config.ts; it imports nothing, so
 * it runs as soon as the document is parsed, while the entry is still loading; issue 30: not a round trip later, as its
 * own file did). For the pages people open first (issue 15, LCP):
 *
 *   1. the chunks of the page the address names (its route's page, the signed-in shell, its language's texts), as
 *      module preloads: requested beside the entry instead of after it ran (the build lists them in index.html,
 *      `#route-preloads`, vite.config.ts);
 *   2. on /login, signed out, the login card (heading, texts, its two fields, its button and the company sign-in's
 *      button as they will look) at once, before the app's code: the login page replaces it in the commit that shows
 *      its own (lib/boot-shell.ts);
 *   3. on /dashboard, /inbound/ and a purchase order's boxes page, signed in, the signed-in frame (app bar, side menu's
 *      place, the page's heading: the location's name on the dashboard, the titles and figures' titles on the inbound
 *      dashboard, the title row on the boxes page) at once; the shell replaces it in the commit that shows the page
 *      (app/shell/layout.tsx), so the page's heading is not blank for the seconds the app's code takes to arrive and
 *      run;
 *   4. the page's first data, signed in: the identity the shell waits for and what the page shows first (the
 *      dashboard's figures; the inbound dashboard's figures and first page of orders; a purchase order's header and
 *      first page of boxes), requested now with the same headers the app sends; the app's API client takes each
 *      answer instead of asking again (lib/early-data.ts).
 *
 * The storage keys are lib/storage.ts's (lib/boot-keys.test.ts checks them).
 */

export type EarlyRequest = { token: string; language: string; at: number; response: Promise<Response> };
export type RoutePreloads = {
  /** The login card's texts in each language (locales/<lng>/auth.json). */
  login: Record<string, { title: string; subtitle: string; submit: string; username: string; password: string; sso: string }>;
  /** The signed-in frame's texts in each language (locales/<lng>/dashboard.json, inbound.json). */
  frame: Record<
    string,
    {
      location: string;
      company: string;
      inboundTitle: string;
      inboundHistory: string;
      inboundStats: string[];
      boxesTitle: string;
      purchaseKind: string;
    }
  >;
  routes: Record<string, string[]>;
  locales: Record<string, { login: string[]; signedIn: string[] }>;
};

const SESSION_KEY = 'bionix';
const LANGUAGE_KEY = 'language';
const LOCATION_ID_KEY = 'location_id';
const LOCATION_KIND_KEY = 'location_kind';
const LOCATION_KEY = 'location';

const storedSession = (): { token: string; expiry: string } | null => {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as { token: string; expiry: string }) : null;
  } catch {
    return null;
  }
};

const path = window.location.pathname;
/** The order of a purchase order's boxes page (/inbound/order/:id/boxes), when the address is one. */
const boxesOrder = /^\/inbound\/order\/(\d+)\/boxes$/.exec(path)?.[1];
const language = localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'es';
const session = storedSession();
const isSignedIn = Boolean(session?.token) && new Date(session?.expiry ?? 0).getTime() > Date.now();

const preloads = (() => {
  try {
    return JSON.parse(document.getElementById('route-preloads')?.textContent ?? 'null') as RoutePreloads | null;
  } catch {
    return null;
  }
})();
/** The preloads of the route `path` names: its own, or a pattern's whose `:param` segments are numbers in it. */
const routeFiles = (() => {
  const routes = preloads?.routes;
  if (!routes) return undefined;
  if (routes[path]) return routes[path];
  const pattern = Object.keys(routes).find((route) =>
    new RegExp(`^${route.replace(/:\w+/g, '\\d+').replace(/\//g, '\\/')}$`).test(path),
  );
  return pattern ? routes[pattern] : undefined;
})();
/**
 * The route's chunks and its language's texts as module preloads. Called last: after the page's data (below), which
 * the page waits for first; a browser asks one HTTP/1.1 server for 6 files at a time (the entry's is already on its
 * way), and the first pages need 2 or 3 of these.
 */
const preloadRoute = () => {
  if (!preloads || !routeFiles) return;
  const texts = preloads.locales[language];
  const files = [...routeFiles, ...((path === '/login' ? texts?.login : texts?.signedIn) ?? [])];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
};

const element = (tag: string, className: string, text?: string) => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** `#boot-shell` for this path (lib/boot-shell.ts: removed when the app shows the page, or goes elsewhere). */
const bootShell = (className: string) => {
  const shell = element('div', className);
  shell.id = 'boot-shell';
  shell.dataset.path = path;
  return shell;
};

/** The login card as the login page draws it (index.html's styles), in `#boot-shell` before React's root. */
const showLoginCard = (texts: RoutePreloads['login'][string]) => {
  const shell = bootShell('boot-login');
  const card = element('div', 'boot-card');
  const field = (label: string) => {
    const box = element('div', 'boot-field', label);
    box.setAttribute('aria-hidden', 'true');
    return box;
  };
  const button = element('div', 'boot-button', texts.submit);
  button.setAttribute('aria-hidden', 'true');
  // The company sign-in's button below the form (features/sso/sso-login-entry.tsx), which the page loads after its own.
  const sso = element('div', 'boot-button-outlined', texts.sso);
  sso.setAttribute('aria-hidden', 'true');
  card.append(
    element('h5', 'boot-h5', 'Bionix RFID'),
    element('p', 'boot-body2', texts.subtitle),
    element('h6', 'boot-h6', texts.title),
    field(texts.username),
    field(texts.password),
    button,
    sso,
  );
  shell.append(card);
  document.getElementById('root')?.before(shell);
};
const loginTexts = preloads?.login[language];
if (path === '/login' && !isSignedIn && loginTexts) showLoginCard(loginTexts);

/**
 * The signed-in frame as the shell draws it (index.html's styles; app/shell/header.tsx, side-menu.tsx, layout.tsx):
 * the app bar with the location's name, the side menu's place on wide screens, and the page's first heading (the
 * dashboard's card with the location's name; the inbound dashboard's title, its figures' titles and order history heading). Nothing in it
 * can be used: it is hidden from assistive technology and covers the page until the shell replaces it.
 */
const showSignedInFrame = (texts: RoutePreloads['frame'][string]) => {
  const shell = bootShell('boot-app');
  shell.setAttribute('aria-hidden', 'true');
  const place = localStorage.getItem(LOCATION_KEY);
  const bar = element('div', 'boot-bar');
  bar.append(element('div', 'boot-bar-title', 'Bionix RFID'), element('div', 'boot-bar-place', place ?? ''));
  const main = element('div', 'boot-main');
  if (path === '/dashboard') {
    const card = element('div', 'boot-paper');
    const isCompany = localStorage.getItem(LOCATION_KIND_KEY) === 'company';
    card.append(
      element('span', 'boot-overline', isCompany ? texts.company : texts.location),
      // No location yet: the shell saves the user's first one before the page shows (app/shell/layout.tsx).
      element('div', 'boot-h4', place ?? ''),
    );
    main.append(card);
  } else if (boxesOrder) {
    // The page's title row (components/page-title.tsx): the back arrow's place, the heading and the order's kind.
    const row = element('div', 'boot-title-row');
    const title = element('div', 'boot-title-text');
    title.append(
      element('div', 'boot-h5-heading', texts.boxesTitle.replace('{{id}}', boxesOrder)),
      element('p', 'boot-body2', texts.purchaseKind),
    );
    row.append(element('div', 'boot-back'), title);
    main.append(row);
  } else {
    const history = element('div', 'boot-outlined');
    history.append(element('div', 'boot-history-title', texts.inboundHistory));
    // The figures' cards with their titles (components/stat-grid.tsx, stat-box.tsx), their values still loading.
    const stats = element('div', 'boot-stats');
    for (const title of texts.inboundStats) {
      const card = element('div', 'boot-stat');
      card.append(element('p', 'boot-stat-title', title), element('div', 'boot-stat-value'));
      stats.append(card);
    }
    main.append(element('div', 'boot-h5-title', texts.inboundTitle), stats, history);
  }
  shell.append(bar, element('div', 'boot-drawer'), main);
  document.getElementById('root')?.before(shell);
};
const frameTexts = preloads?.frame[language];
if (isSignedIn && frameTexts && (path === '/dashboard' || path === '/inbound/' || boxesOrder)) showSignedInFrame(frameTexts);

/** The API address `path` as lib/api-client.ts builds it (`buildUrl`). */
const apiUrl = (apiPath: string, query: Record<string, string | number> = {}) => {
  const url = new URL(`/api${apiPath}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.toString();
};

const early: Record<string, EarlyRequest> = {};
(window as unknown as { __rfidEarly?: Record<string, EarlyRequest> }).__rfidEarly = early;
if (isSignedIn && session && path !== '/login') {
  const token = session.token;
  const ask = (url: string) => {
    early[url] = {
      token,
      language,
      at: performance.now(),
      response: fetch(url, {
        headers: { Accept: 'application/json', 'Accept-Language': language, Authorization: `Token ${token}` },
        signal: AbortSignal.timeout(30_000),
        priority: 'high',
      }),
    };
    // An answer nobody took (the page asked otherwise) is not an unhandled rejection.
    early[url].response.catch(() => undefined);
  };
  ask(apiUrl('/identity/'));
  const locationId = Number(localStorage.getItem(LOCATION_ID_KEY));
  const isCompany = localStorage.getItem(LOCATION_KIND_KEY) === 'company';
  if (locationId > 0 && path === '/dashboard') {
    ask(apiUrl(`${isCompany ? '/companies' : '/locations'}/${locationId}/statistics/`));
  }
  // A purchase order's boxes page: the order's header and the first page of its boxes (order-pages' queries:
  // get-order-header.ts, get-order-boxes.ts, 40 a page, by barcode, no filter).
  if (boxesOrder) {
    ask(apiUrl(`/v1/porders/${boxesOrder}/`));
    ask(apiUrl(`/porders/${boxesOrder}/boxes/`, { order_by: 'box__codebar', limit: 40, offset: 0 }));
  }
  if (locationId > 0 && path === '/inbound/') {
    ask(apiUrl(`/locations/${locationId}/porders/statistics/`));
    ask(apiUrl(`/locations/${locationId}/v1/porders/`, { order_by: '-creation_date', limit: 11, offset: 0 }));
  }
}
preloadRoute();
