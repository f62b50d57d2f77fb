// `npm run dev`: the API with reload (tsx watch) and the Vite dev server proxying /api to it.
import { root, run } from './lib.mjs';
import { exitIfNodeTooOld } from './node-version.mjs';

exitIfNodeTooOld();

await run('npx', ['tsc', '-b', 'packages/contract', 'packages/epc']);
await Promise.all([
  run('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PORT: process.env.PORT ?? '3000', PRINTER_ALLOW_LOOPBACK: process.env.PRINTER_ALLOW_LOOPBACK ?? '1' },
  }),
  run('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { cwd: root }),
]);
