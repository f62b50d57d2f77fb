// `npm run backup` and `npm run restore` (docs/backup.md): the server's backup command, built first when needed.
import path from 'node:path';
import { buildServerIfNeeded, root, run } from './lib.mjs';

const built = await buildServerIfNeeded();
if (built !== 0) process.exit(built);
process.exitCode = await run('node', [path.join(root, 'apps/server/dist/backup-cli.js'), ...process.argv.slice(2)], {
  cwd: process.cwd(),
});
