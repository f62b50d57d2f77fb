import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { prebuiltFor, writePrebuilt } from './prebuilt.js';
import { rowsOf } from './rows.js';

/** Issue 15, item 6: a first start loads the migrated database made at build time. */
describe('prebuilt embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-prebuilt-'));
  const file = path.join(dir, 'pgdata-migrated.tar.gz');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an empty data folder starts from it already migrated; a folder with a database never does', async () => {
    const maker = await openDatabase({ inMemory: true });
    await writePrebuilt(maker, file);
    await maker.close();

    const dataDir = path.join(dir, 'data');
    expect(prebuiltFor(path.join(dataDir, 'pgdata'), file)).toBeInstanceOf(Blob);
    const first = await openDatabase({ dataDir, prebuiltFile: file });
    // Before any migrate(): the tables and the record of the applied migrations are there.
    const applied = await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(rowsOf<{ n: number }>(applied)[0]?.n).toBeGreaterThan(10);
    await first.db.execute(sql`insert into companies (name) values ('Kept')`);
    await first.close();

    expect(prebuiltFor(path.join(dataDir, 'pgdata'), file)).toBeUndefined();
    const again = await openDatabase({ dataDir, prebuiltFile: file });
    const kept = await again.db.execute(sql`select count(*)::int as n from companies where name = 'Kept'`);
    expect(rowsOf<{ n: number }>(kept)[0]?.n).toBe(1);
    await again.close();
    // Three embedded databases made, migrated and opened one after another: 10 s on a quiet machine, over the 30 s
    // default beside the journeys in CI.
  }, 120_000);
});
