import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/template-db.js';
import { type CapturingDatabase, openCapturingDatabase, parseSections, renderSnapshots } from './capture.js';
import { snapshotCalls } from './snapshot-calls.js';

/**
 * The committed SQL snapshots (apps/server/src/queries/*.sql, capture.ts) are what the repositories run now: a query
 * changed by a code change shows in review as a change of its file. Regenerated here in memory, on the run's migrated
 * template.
 */

const DIR = fileURLToPath(new URL('.', import.meta.url));
const COMMAND = 'npm run sql:snapshots';

let database: CapturingDatabase;
let generated: Map<string, string>;

beforeAll(async () => {
  database = await openCapturingDatabase(await pgliteTemplate('bare'));
  ({ files: generated } = await renderSnapshots(database, snapshotCalls(database.db)));
});
afterAll(async () => {
  await database?.close();
});

describe('repository SQL snapshots', () => {
  it('has a committed file for each repository, and no other', () => {
    const committed = readdirSync(DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const missing = [...generated.keys()].filter((name) => !committed.includes(name));
    const stale = committed.filter((name) => !generated.has(name));
    expect({ missing, stale }, `Run \`${COMMAND}\` and commit apps/server/src/queries`).toEqual({ missing: [], stale: [] });
  });

  it('matches the committed statements of every method', () => {
    const differences: string[] = [];
    for (const [name, text] of generated) {
      const path = `${DIR}${name}`;
      if (!existsSync(path)) continue;
      const committedText = readFileSync(path, 'utf8');
      if (committedText === text) continue;
      const now = parseSections(text);
      const before = parseSections(committedText);
      const methods = [...new Set([...now.keys(), ...before.keys()])].filter((m) => now.get(m) !== before.get(m));
      differences.push(`${name}: ${methods.length > 0 ? methods.join(', ') : '(header)'}`);
    }
    expect(differences, `The SQL of these methods changed: run \`${COMMAND}\` and commit apps/server/src/queries`).toEqual([]);
  });
});
