/**
 * The first script of every page (index.html names it before the app's entry; it imports nothing, so it runs as soon
 * as it arrives, while the entry is still loading). For the pages people open first (issue 15, LCP):
 *
 *   1. the chunks of the page the address names (its route's page, the signed-in shell, its language's texts), as
 *      module preloads: requested beside the entry instead of after it ran (the build lists them in index.html,
 *      `#route-preloads`, vite.config.ts);
 *   2. on /login, signed out, the login card (heading, texts, its two fields and button as they will look) at once,
 *      before the app's code: the login page replaces it in the commit that shows its own (lib/boot-shell.ts);
 *   3. the page's first data, signed in: the identity the shell waits for and what the page shows first (the
 *      dashboard's figures; the inbound dashboard's figures and first page of orders), requested now with the same
 *      headers the app sends; the app's API client takes each answer instead of asking again (lib/early-data.ts).
 *
 * The storage keys are lib/storage.ts's (boot.test.ts checks them).
 */

export type EarlyRequest = { token: string; language: string; at: number; response: Promise<Response> };
export type RoutePreloads = {
  /** The login card's texts in each language (locales/<lng>/auth.json). */
  login: Record<string, { title: string; subtitle: string; submit: string; username: string; password: string }>;
  routes: Record<string, string[]>;
  locales: Record<string, { login: string[]; signedIn: string[] }>;
};

const SESSION_KEY = 'bionix';
const LANGUAGE_KEY = 'language';
const LOCATION_ID_KEY = 'location_id';
const LOCATION_KIND_KEY = 'location_kind';

const storedSession = (): { token: string; expiry: string } | null => {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as { token: string; expiry: string }) : null;
  } catch {
    return null;
  }
};

const path = window.location.pathname;
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
const routeFiles = preloads?.routes[path];
if (preloads && routeFiles) {
  const texts = preloads.locales[language];
  const files = [...routeFiles, ...((path === '/login' ? texts?.login : texts?.signedIn) ?? [])];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    // After the entry's own scripts and the page's data (below), which the page waits for first: a browser asks one
    // server for 6 files at a time.
    link.fetchPriority = 'low';
    document.head.append(link);
  }
}

/** The login card as the login page draws it (index.html's styles), in `#boot-shell` before React's root. */
const showLoginCard = (texts: RoutePreloads['login'][string]) => {
  const element = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const shell = element('div', 'boot-login');
  shell.id = 'boot-shell';
  const card = element('div', 'boot-card');
  const field = (label: string) => {
    const box = element('div', 'boot-field', label);
    box.setAttribute('aria-hidden', 'true');
    return box;
  };
  const button = element('div', 'boot-button', texts.submit);
  button.setAttribute('aria-hidden', 'true');
  card.append(
    element('h5', 'boot-h5', 'Bionix RFID'),
    element('p', 'boot-body2', texts.subtitle),
    element('h6', 'boot-h6', texts.title),
    field(texts.username),
    field(texts.password),
    button,
  );
  shell.append(card);
  document.getElementById('root')?.before(shell);
};
const loginTexts = preloads?.login[language];
if (path === '/login' && !isSignedIn && loginTexts) showLoginCard(loginTexts);

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
  if (locationId > 0 && path === '/inbound/') {
    ask(apiUrl(`/locations/${locationId}/porders/statistics/`));
    ask(apiUrl(`/locations/${locationId}/v1/porders/`, { order_by: '-creation_date', limit: 11, offset: 0 }));
  }
}
