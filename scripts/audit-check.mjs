// `npm run audit:check` (docs/audit.md): the audit log's chain check of the server's database, built first when needed.
import path from 'node:path';
import { buildServerIfNeeded, root, run } from './lib.mjs';

const built = await buildServerIfNeeded();
if (built !== 0) process.exit(built);
process.exitCode = await run(
  'node',
  [path.join(root, 'apps/server/dist/modules/audit/audit-check-cli.js'), ...process.argv.slice(2)],
  {
    cwd: process.cwd(),
  },
);
