import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
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

/** `locales-<lng>` for a translation file of the signed-in pages (every namespace but `common` and `auth`). */
const localesGroup = (id: string): string | null => {
  const [, lng, ns] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id) ?? [];
  return lng && ns && ns !== 'common' && ns !== 'auth' ? `locales-${lng}` : null;
};

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), precompress()],
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
