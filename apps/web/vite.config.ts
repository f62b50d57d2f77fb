import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

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
        signedIn: [
          ...beyondEntry([`src/locales/${lng}/common.json`, `src/locales/${lng}/auth.json`]),
          ...[...closure(chunks.filter((chunk) => chunk.name === `locales-${lng}`))]
            .filter((file) => !inEntry.has(file))
            .map((file) => `/${file}`),
        ],
      });
      const loginTexts = (lng: string) => {
        const auth = JSON.parse(readFileSync(path.join(webRoot, `src/locales/${lng}/auth.json`), 'utf8')) as {
          fields: { username: string; password: string };
          login: { title: string; subtitle: string; submit: string };
        };
        return { ...auth.login, username: auth.fields.username, password: auth.fields.password };
      };
      const readLocale = <T>(lng: string, ns: string): T =>
        JSON.parse(readFileSync(path.join(webRoot, `src/locales/${lng}/${ns}.json`), 'utf8')) as T;
      /** The signed-in frame's texts (boot.ts `showSignedInFrame`): the first pages' headings, as the pages write them. */
      const frameTexts = (lng: string) => {
        const dashboard = readLocale<{ location: string; company: string }>(lng, 'dashboard');
        const inbound = readLocale<{ dashboard: { title: string; history: string } }>(lng, 'inbound');
        return {
          location: dashboard.location,
          company: dashboard.company,
          inboundTitle: inbound.dashboard.title,
          inboundHistory: inbound.dashboard.history,
        };
      };
      const preloads = {
        login: { es: loginTexts('es'), en: loginTexts('en') },
        frame: { es: frameTexts('es'), en: frameTexts('en') },
        routes: Object.fromEntries(Object.entries(FIRST_PAGES).map(([route, modules]) => [route, beyondEntry(modules)])),
        locales: { es: texts('es'), en: texts('en') },
      };
      return [
        { tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${boot.fileName}` }, injectTo: 'head-prepend' },
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

/** `locales-<lng>` for a translation file of the signed-in pages (every namespace but `common` and `auth`). */
const localesGroup = (id: string): string | null => {
  const [, lng, ns] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id) ?? [];
  return lng && ns && ns !== 'common' && ns !== 'auth' ? `locales-${lng}` : null;
};

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), bootScript(), precompress()],
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
          // The signed-in shell loads every namespace of its language at once (lib/i18n.ts): one chunk a language
          // instead of one request a namespace. `common` and `auth` stay on their own, for the login page.
          groups: [{ name: (id: string) => localesGroup(id) }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/nms': 'http://localhost:3000' },
  },
});
