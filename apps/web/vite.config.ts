import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_NAMESPACES } from './src/app/first-pages';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/** Every file below `dir`, recursively. */
const filesBelow = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesBelow(full) : [full];
  });

/**
 * Writes `name.br` and `name.gz` beside each text file of the build over 1 KB, once, at build time: the server sends
 * them as they are (@fastify/static `preCompressed`), so no response is compressed on the fly.
 */
const precompress = (): Plugin => ({
  name: 'rfid-precompress',
  apply: 'build',
  closeBundle() {
    const outDir = path.join(new URL('.', import.meta.url).pathname, 'dist');
    for (const file of filesBelow(outDir)) {
      if (!COMPRESSIBLE.test(file)) continue;
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});

/**
 * The pages people open first, each with the source modules its first screen needs beyond the entry (its route's page
 * and, signed in, the shell). boot.ts preloads their chunks when the address is one of these (issue 15, LCP).
 */
const FIRST_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/dashboard': ['src/app/shell/layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
  '/inbound/': ['src/app/shell/layout.tsx', 'src/features/inbound/dashboard/inbound-dashboard-page.tsx'],
  // An order's boxes page (`:id` is a path segment of digits to boot.ts).
  '/inbound/order/:id/boxes': ['src/app/shell/layout.tsx', 'src/features/inbound/order/order-boxes-page.tsx'],
};
const webRoot = new URL('.', import.meta.url).pathname;

/**
 * Builds src/boot.ts as an entry of its own and names it first in index.html (it runs while the app's entry loads),
 * with the chunks of each first page (`FIRST_PAGES`) and of each language's texts in `#route-preloads`, which
 * boot.ts reads: the chunk files each page needs beyond the entry's, imports included.
 */
const bootScript = (): Plugin => ({
  name: 'rfid-boot-script',
  config: (_, { command }) =>
    command === 'build'
      ? {
          build: {
            rolldownOptions: { input: { index: path.join(webRoot, 'index.html'), boot: path.join(webRoot, 'src/boot.ts') } },
          },
        }
      : undefined,
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const bundle = ctx.bundle as OutputBundle | undefined;
      if (!bundle) return [{ tag: 'script', attrs: { type: 'module', src: '/src/boot.ts' }, injectTo: 'head-prepend' }];
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const chunkOf = (module: string) => chunks.find((chunk) => chunk.moduleIds.includes(path.join(webRoot, module)));
      const closure = (start: OutputChunk[]) => {
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported);
        };
        for (const chunk of start) visit(chunk.fileName);
        return files;
      };
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      const boot = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === path.join(webRoot, 'src/boot.ts'));
      if (!entry || !boot) throw new Error('rfid-boot-script: the entry or boot.ts chunk is missing');
      const inEntry = closure([entry]);
      const beyondEntry = (modules: string[]) =>
        [
          ...closure(
            modules.map((module) => {
              const chunk = chunkOf(module);
              if (!chunk) throw new Error(`rfid-boot-script: no chunk holds ${module}`);
              return chunk;
            }),
          ),
        ]
          .filter((file) => !inEntry.has(file))
          .map((file) => `/${file}`);
      const texts = (lng: string) => ({
        login: beyondEntry([`src/locales/${lng}/common.json`, `src/locales/${lng}/auth.json`]),
        // The same file (`texts-<lng>`, localesGroup): common, auth and the first pages' namespaces.
        signedIn: beyondEntry([`src/locales/${lng}/common.json`, `src/locales/${lng}/dashboard.json`]),
      });
      const loginTexts = (lng: string) => {
        const auth = JSON.parse(readFileSync(path.join(webRoot, `src/locales/${lng}/auth.json`), 'utf8')) as {
          fields: { username: string; password: string };
          login: { title: string; subtitle: string; submit: string };
          sso: { entry: { open: string } };
        };
        return { ...auth.login, username: auth.fields.username, password: auth.fields.password, sso: auth.sso.entry.open };
      };
      const readLocale = <T>(lng: string, ns: string): T =>
        JSON.parse(readFileSync(path.join(webRoot, `src/locales/${lng}/${ns}.json`), 'utf8')) as T;
      /** The signed-in frame's texts (boot.ts `showSignedInFrame`): the first pages' headings, as the pages write them. */
      const frameTexts = (lng: string) => {
        const dashboard = readLocale<{ location: string; company: string }>(lng, 'dashboard');
        const inbound = readLocale<{ dashboard: { title: string; history: string; stats: Record<string, string> } }>(
          lng,
          'inbound',
        );
        const { stats } = inbound.dashboard;
        const orderPages = readLocale<{ kind: { purchase: string }; boxes: { title: string } }>(lng, 'order-pages');
        return {
          location: dashboard.location,
          company: dashboard.company,
          inboundTitle: inbound.dashboard.title,
          inboundHistory: inbound.dashboard.history,
          // The six figures' titles, in the page's order (inbound-dashboard-page.tsx's StatGrid).
          inboundStats: ['orders', 'receptionTime', 'maxTime', 'averageDelay', 'dailyOrders', 'incorrectDaily'].map(
            (key) => stats[key] ?? '',
          ),
          // A purchase order's boxes page's heading ('{{id}}': the order's, boot.ts writes it) and the line under it.
          boxesTitle: orderPages.boxes.title,
          purchaseKind: orderPages.kind.purchase,
        };
      };
      const preloads = {
        login: { es: loginTexts('es'), en: loginTexts('en') },
        frame: { es: frameTexts('es'), en: frameTexts('en') },
        routes: Object.fromEntries(Object.entries(FIRST_PAGES).map(([route, modules]) => [route, beyondEntry(modules)])),
        locales: { es: texts('es'), en: texts('en') },
      };
      // boot.ts inline (issue 30, pages on a phone): it asks for the page's data and chunks as the document arrives,
      // not a round trip later (562 ms on a phone's network) once its own file came. The server lets this exact text
      // run (its hash in the Content-Security-Policy, apps/server/src/http/inline-scripts.ts).
      const bootCode = boot.code.trim();
      if (/<\/script|<!--|\bimport\b|\bexport\b/i.test(bootCode)) {
        throw new Error('rfid-boot-script: boot.ts must build to one self-contained script (no import, export or </script)');
      }
      return [
        { tag: 'script', attrs: { type: 'module' }, children: bootCode, injectTo: 'head-prepend' },
        {
          tag: 'script',
          attrs: { type: 'application/json', id: 'route-preloads' },
          children: JSON.stringify(preloads).replaceAll('<', '\\u003c'),
          injectTo: 'head',
        },
      ];
    },
  },
});

/**
 * The translation chunks: `texts-<lng>` for `common` and `auth` (the login page's) and the other namespaces of the
 * signed-in shell and of the pages a phone opens first (app/first-pages.ts: such a page loads them first), one file
 * (issue 30: a request fewer for a signed-in page, 8 KB more for the login page), `locales-<lng>` for every other namespace (the signed-in shell loads them all at once, lib/i18n.ts: one
 * file instead of one a namespace).
 */
const localesGroup = (id: string): string | null => {
  const [, lng, ns] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id) ?? [];
  if (!lng || !ns) return null;
  return ns === 'common' || ns === 'auth' || FIRST_NAMESPACES.includes(ns) ? `texts-${lng}` : `locales-${lng}`;
};

const src = (module: string) => path.join(webRoot, 'src', module);

/**
 * The first load's chunks (issue 30, pages on a phone: a page in ≤ 30 requests). Each is named by the modules it
 * starts from: it holds every module of the chunks these load (their chunk and its static imports) in a build with the
 * bundler's own splitting, that no earlier one holds. In the order a page needs them:
 *   - `app`: the entry's (React, the router, MUI's core, the API client, every feature's routes);
 *   - `forms`, `login`, `shell`: what the login page and the signed-in shell both hold (MUI's fields), then each one's
 *     own (the login page with React Hook Form and the company sign-in entry; the header, menu, location picker,
 *     search);
 *   - `pages`, `lists`, `page-…`: what the dashboard and another of the pages a phone opens first hold (figures,
 *     cards), what only the two lists hold (the inbound dashboard, an order's boxes: tables, filters, tooltips), then
 *     each one's own (the dashboard's with its shrink card): the dashboard does not load the lists' code;
 *   - `later`: what the shell loads once idle or on a click (the search, the location picker, the header's menus);
 *   - `pickers`, `charts`: MUI X's date pickers and charts, which a page loads as it draws a date field or a chart.
 * Without these, every module shared by two lazy chunks was a chunk of its own: 40–140 files for a first page. Other
 * pages keep their own lazy chunks (and the bundler's shared ones). Some groups are sent in another's file
 * (`MERGED_INTO`): `forms` in the entry's, `pages` and the dashboard's in the shell's, the two lists' pages in `lists`.
 */
const FIRST_LOAD: { name: string; roots: string[]; common?: string; give?: RegExp; shared?: string }[] = [
  { name: 'app', roots: ['main.tsx'] },
  // The login page and the shell: what both hold (MUI's fields) goes to `forms`, the rest to their own chunk; so do
  // the login page's other MUI components (`give`), which the pages use (Stack): the signed-in pages do not load the
  // login page.
  { name: 'forms', roots: [] },
  {
    name: 'login',
    roots: ['features/auth/login-page.tsx', 'features/sso/sso-login-entry.tsx'],
    common: 'forms',
    give: /node_modules[\\/]@mui[\\/]/,
  },
  { name: 'shell', roots: ['app/shell/layout.tsx'], common: 'forms' },
  // The first pages: what two of them hold goes to `pages`, or to `lists` when only the two lists hold it (`shared`),
  // the rest to the page's own chunk.
  { name: 'pages', roots: [] },
  { name: 'lists', roots: [] },
  {
    name: 'page-dashboard',
    roots: ['features/dashboard/dashboard-page.tsx', 'features/shrink/shrink-dashboard-card.tsx'],
    common: 'pages',
  },
  {
    name: 'page-inbound',
    roots: ['features/inbound/dashboard/inbound-dashboard-page.tsx'],
    common: 'pages',
    shared: 'lists',
  },
  { name: 'page-order-boxes', roots: ['features/inbound/order/order-boxes-page.tsx'], common: 'pages', shared: 'lists' },
  // What a signed-in page loads once idle or on a click (app/shell/header.tsx): the search, the location picker, the
  // header's menus and tooltips, in one file rather than five.
  {
    name: 'later',
    roots: [
      'features/search/header-search.tsx',
      'app/shell/location-picker.tsx',
      'app/shell/header-menus.tsx',
      'components/idle-tooltip.tsx',
    ],
  },
  { name: 'pickers', roots: ['components/date-fields.tsx'] },
  {
    name: 'charts',
    roots: [
      'features/dashboard/components/dashboard-chart.tsx',
      'features/dashboard/components/donut-ring.tsx',
      'features/shrink/components/shrink-charts.tsx',
    ],
  },
];
/**
 * First-load groups sent in another's file (issue 30, pages on a phone: a browser asks an HTTP/1.1 server for 6 files
 * at a time, and a file more than that waits a round trip, 562 ms on a phone's network). Every page loads either the
 * login page or the shell, so MUI's fields (`forms`) go with the entry at no cost in bytes; every signed-in page loads
 * the shell, so the first pages' shared code and the dashboard's own (13 KB brotli) go with it; the two lists'
 * pages go in one file with what they share (8 KB more for each). The analysis still splits them apart
 * (`analyseFirstLoad`): which module is whose does not change, only the file it is sent in.
 */
const MERGED_INTO: Record<string, string> = {
  forms: 'app',
  pages: 'shell',
  'page-dashboard': 'shell',
  'page-inbound': 'lists',
  'page-order-boxes': 'lists',
};

/** A module MUI X's date pickers' lazy chunk holds (`pickers`), found by its name: date-fields.tsx loads it lazily. */
const PICKERS = /node_modules[\\/]@mui[\\/]x-date-pickers[\\/]/;

/** Set by the analysis build (`analyseFirstLoad`), which splits as the bundler does. */
const ANALYSIS = 'RFID_CHUNK_ANALYSIS';

/**
 * Which first-load chunk (`FIRST_LOAD`) each module goes to: a first build, in memory and with the bundler's own
 * splitting, says which modules each root's chunks hold once unused code is dropped (a module graph alone would put
 * all of MUI in `app`, through its index's re-exports).
 */
const analyseFirstLoad = async (configFile: string): Promise<Map<string, string>> => {
  process.env[ANALYSIS] = '1';
  try {
    const { build } = await import('vite');
    const result = await build({ configFile, logLevel: 'silent', build: { write: false, minify: false } });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) => ('output' in item ? item.output : []));
    const chunks = outputs.filter((item): item is OutputChunk => item.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const owner = new Map<string, string>();
    /** The modules of `start` chunks and of the chunks they import, that no earlier group holds. */
    const modulesOf = (start: OutputChunk[]): string[] => {
      const seen = new Set<string>();
      const found: string[] = [];
      const visit = (chunk: OutputChunk) => {
        if (seen.has(chunk.fileName)) return;
        seen.add(chunk.fileName);
        for (const module of chunk.moduleIds) {
          if (!owner.has(module) && !/\/locales\//.test(module) && !module.endsWith('/src/boot.ts')) found.push(module);
        }
        for (const imported of chunk.imports) {
          const next = byFile.get(imported);
          if (next) visit(next);
        }
      };
      for (const chunk of start) visit(chunk);
      return found;
    };
    const chunksOf = (roots: string[]) =>
      roots.map((root) => {
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(src(root)));
        if (!chunk) throw new Error(`rfid chunks: no chunk holds src/${root}`);
        return chunk;
      });
    for (const { name, roots, common } of FIRST_LOAD) {
      if (common || FIRST_LOAD.some((group) => group.shared === name)) continue;
      const sharing = FIRST_LOAD.filter((group) => group.common === name);
      if (sharing.length > 0) {
        // Each sharing group's modules; those of two groups or more are this common one's, or their `shared` one's
        // when every group holding them has the same.
        const pages = sharing.map((group) => ({ ...group, modules: modulesOf(chunksOf(group.roots)) }));
        const holders = new Map<string, (string | undefined)[]>();
        for (const { modules, shared } of pages) {
          for (const module of modules) holders.set(module, [...(holders.get(module) ?? []), shared]);
        }
        const sharedOwner = (module: string) => {
          const [first, ...others] = holders.get(module) ?? [];
          return first !== undefined && others.every((shared) => shared === first) ? first : name;
        };
        for (const { name: pageName, modules, give } of pages) {
          for (const module of modules) {
            const count = holders.get(module)?.length ?? 0;
            owner.set(module, count > 1 ? sharedOwner(module) : give?.test(module) ? name : pageName);
          }
        }
        continue;
      }
      // The date pickers date-fields.tsx imports lazily.
      const start = name === 'pickers' ? chunks.filter((chunk) => chunk.moduleIds.some((module) => PICKERS.test(module))) : [];
      for (const module of modulesOf([...chunksOf(roots), ...start])) owner.set(module, name);
    }
    return owner;
  } finally {
    delete process.env[ANALYSIS];
  }
};

/**
 * The installable app (issue 32, the store's handheld): its manifest (start page /handheld, standalone, icons 192 and
 * 512 PNG in public/) and a service worker (Workbox's, generated at build time) that keeps the app's shell (the built
 * files: any address opens index.html offline) and, of the API, only the count's expected stock, fetched from the
 * network first. Everything else under /api and /nms goes to the network, never to a cache. main.tsx registers it,
 * in production builds only.
 */
const installableApp = () =>
  VitePWA({
    injectRegister: null,
    registerType: 'autoUpdate',
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      id: '/handheld',
      name: 'Bionix RFID',
      short_name: 'Bionix',
      description: 'RFID store handheld: count, find, replenish, receive',
      start_url: '/handheld',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#f6f7f9',
      theme_color: '#ef6c00',
      lang: 'es',
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The built files only: not their .br/.gz copies (the browser asks for the file, the server picks the copy).
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The first-load chunks are large (the app's, MUI's): kept all the same.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: '/index.html',
      // The server's own addresses (the API and its documentation, NMS, EPCIS, the metrics) are never the app's.
      navigateFallbackDenylist: [/^\/(api|nms|epcis|metrics)(\/|$)/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // The count's expected stock (an area's stock per GTIN, GET /api/areas/{id}/summary/), the one API answer
          // kept. Workbox writes this function into the worker as text: it names nothing outside itself.
          urlPattern: ({ url, request }) =>
            request.method === 'GET' &&
            url.origin === self.location.origin &&
            /^\/api\/areas\/\d+\/summary\/$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'handheld-expected-stock',
            networkTimeoutSeconds: 10,
            expiration: { maxEntries: 50, maxAgeSeconds: 7 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });

export default defineConfig(async ({ command }) => {
  const isAnalysis = process.env[ANALYSIS] === '1';
  const firstLoad = command === 'build' && !isAnalysis ? await analyseFirstLoad(new URL(import.meta.url).pathname) : null;
  return {
    root: new URL('.', import.meta.url).pathname,
    plugins: [react(), bootScript(), ...(isAnalysis ? [] : [installableApp(), precompress()])],
    // The manifest (dist/.vite/manifest.json) maps each source module to its chunk: the first-page journey
    // (e2e/performance) checks with it which chunks a page loads.
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: (id: string) => localesGroup(id), priority: FIRST_LOAD.length + 1 },
              // One group each, earlier ones first: a group takes the modules its own import too, which a later one
              // must not take from it (the charts would hold the login page's text field).
              ...(firstLoad
                ? FIRST_LOAD.filter(({ name }) => !MERGED_INTO[name]).map(({ name }, index) => ({
                    name,
                    test: (id: string) => {
                      const owner = firstLoad.get(id);
                      return owner !== undefined && (MERGED_INTO[owner] ?? owner) === name;
                    },
                    priority: FIRST_LOAD.length - index,
                  }))
                : []),
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/nms': 'http://localhost:3000' },
    },
  };
});
