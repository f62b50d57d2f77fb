// `npm run bench:catalog` (after `npm run build`; needs PostgreSQL, TEST_PG_URL or postgres://postgres@127.0.0.1:5432/postgres):
// the catalogue import (issue 27) measured from outside, beside a plain COPY of the same rows.
//
// The built server runs as its own process on a new PostgreSQL database with the demo data (startServerProcess). This
// process is the client: it writes a CSV of --rows GTINs (default 1,000,000; every attribute column the generator has),
// times a plain COPY of the file into a bare table with item_types' columns (no index, no constraint: the floor), then
// uploads the same file over HTTP (POST /api/types/import/, multipart, streamed from the disk) and polls
// GET /api/types/import/{id}/ every 500 ms until the job is done. A second run of the same file follows (every GTIN
// known, nothing changed: the delta's "unchanged" path), then one with every description changed (all updated).
// Printed: each time, rows per second and the ratio import / plain COPY. The database is dropped at the end.
//
// Options: --rows N (default 1000000), --skip-delta (only the first import).
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { plainCopyMs, writeCatalogCsv } from '../../apps/server/src/modules/catalog/catalog-import.fixtures.js';
import { createScratchDatabase } from '../../apps/server/src/test/scratch-db.js';
import { startServerProcess } from '../../apps/server/src/test/server-process.js';

const { values } = parseArgs({ options: { rows: { type: 'string' }, 'skip-delta': { type: 'boolean' } } });
const ROWS = Number(values.rows ?? 1_000_000);
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Import = {
  id: number;
  state: string;
  rows_done: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
};

const dir = mkdtempSync(path.join(tmpdir(), 'bench-catalog-'));
const scratch = await createScratchDatabase(pgUrl, 'bench_catalog');
const server = await startServerProcess({ DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' });
const cleanUp = async () => {
  await server.stop();
  await scratch.drop();
  rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  await server.waitHealthy(180_000);
  const login = await fetch(`${server.baseUrl}/api/authtoken/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
  });
  const auth = `Token ${((await login.json()) as { token: string }).token}`;
  const me = (await (await fetch(`${server.baseUrl}/api/identity/`, { headers: { Authorization: auth } })).json()) as {
    company?: { id: number };
  };

  const importFile = async (file: string): Promise<{ ms: number; result: Import }> => {
    const started = performance.now();
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), path.basename(file));
    const response = await fetch(`${server.baseUrl}/api/types/import/`, {
      method: 'POST',
      headers: { Authorization: auth },
      body: form,
    });
    const created = (await response.json()) as Import;
    if (response.status !== 202) throw new Error(`upload: ${response.status} ${JSON.stringify(created)}`);
    for (;;) {
      const result = (await (
        await fetch(`${server.baseUrl}/api/types/import/${created.id}/`, { headers: { Authorization: auth } })
      ).json()) as Import;
      if (result.state === 'succeeded' || result.state === 'failed') {
        if (result.state === 'failed') throw new Error(`import failed: ${JSON.stringify(result)}`);
        return { ms: performance.now() - started, result };
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const file = path.join(dir, 'catalog.csv');
  const bytes = await writeCatalogCsv(file, ROWS);
  const copyMs = await plainCopyMs(scratch.url, file, me.company?.id ?? 1);
  const first = await importFile(file);
  const line = (name: string, ms: number, result?: Import) =>
    `${name.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(8)} s ${Math.round(ROWS / (ms / 1000))
      .toLocaleString('en')
      .padStart(
        10,
      )} rows/s  ×${(ms / copyMs).toFixed(1).padStart(5)}${result ? `  (inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged}, rejected ${result.rejected})` : ''}`;
  console.log(
    `catalogue import, ${ROWS.toLocaleString('en')} rows (${(bytes / 1024 / 1024).toFixed(1)} MB CSV), PostgreSQL, server as a process, upload over HTTP; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(line('plain COPY into a bare table', copyMs));
  console.log(line('import, new GTINs (insert)', first.ms, first.result));
  if (!values['skip-delta']) {
    const same = await importFile(file);
    console.log(line('import again, same file (unchanged)', same.ms, same.result));
    const changed = path.join(dir, 'catalog-v2.csv');
    await writeCatalogCsv(changed, ROWS, { version: 2 });
    const updated = await importFile(changed);
    console.log(line('import, every description changed', updated.ms, updated.result));
  }
  console.log(`ratio import / plain COPY (insert): ${(first.ms / copyMs).toFixed(1)}`);
} finally {
  await cleanUp();
}
