/**
 * `npm run sql:snapshots`: writes apps/server/src/queries/<module>.<repository>.sql, the SQL each repository's methods
 * run (apps/server/src/queries/capture.ts), and removes the files of repositories no longer there. Commit the result;
 * apps/server/src/queries/sql-snapshots.test.ts fails while the files differ from what the code runs.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PREBUILT_FILE } from '../../apps/server/src/db/prebuilt.js';
import { openCapturingDatabase, renderSnapshots } from '../../apps/server/src/queries/capture.js';
import { snapshotCalls } from '../../apps/server/src/queries/snapshot-calls.js';

const dir = fileURLToPath(new URL('../../apps/server/src/queries/', import.meta.url));
// The build's migrated database when there is one (a second rather than a few), else the migrations from scratch.
const database = await openCapturingDatabase(existsSync(PREBUILT_FILE) ? new Blob([readFileSync(PREBUILT_FILE)]) : undefined);
try {
  const { files, methods, statements } = await renderSnapshots(database, snapshotCalls(database.db));
  let changed = 0;
  for (const [name, text] of files) {
    const path = `${dir}${name}`;
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    writeFileSync(path, text);
    changed += 1;
    console.log(`wrote ${name}`);
  }
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.sql') && !files.has(file))) {
    rmSync(`${dir}${name}`);
    console.log(`removed ${name}`);
  }
  console.log(`${files.size} repositories, ${methods} methods, ${statements} statements; ${changed} file(s) changed.`);
} finally {
  await database.close();
}
