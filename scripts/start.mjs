// `npm start`: build what is needed, then migrate, seed the demo on an empty database and serve.
import { buildIfNeeded, root, run } from './lib.mjs';
import { exitIfNodeTooOld } from './node-version.mjs';

// On a Node older than package.json's engines: stop now, saying which one to get and how.
exitIfNodeTooOld();

const built = await buildIfNeeded();
if (built !== 0) process.exit(built);
// The demo's printer is the simulator on 127.0.0.1:9100: printers on this host are allowed unless said otherwise; so
// are webhook receivers on this host (a developer's test receiver).
process.exitCode = await run('node', ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    PRINTER_ALLOW_LOOPBACK: process.env.PRINTER_ALLOW_LOOPBACK ?? '1',
    WEBHOOK_ALLOW_LOOPBACK: process.env.WEBHOOK_ALLOW_LOOPBACK ?? '1',
  },
});
