import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../db/client.js';
import { writeBackupFile } from './backup-archive.js';
import { restoreEmbedded } from './embedded-backup.js';
import { codeMigrations } from './migrations.js';
import { embeddedBackupSource, takeEmbeddedBackup } from './use-cases/take-embedded-backup.js';

/**
 * A backup taken by an older version of the application (two migrations fewer) is restored as it is, the restore says
 * which migrations the next start applies, and the start's migration (what main.ts runs) brings it to the code's last.
 */
const work = mkdtempSync(path.join(tmpdir(), 'rfid-older-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The code's migrations folder without its last `drop` migrations: an older version's. */
const olderMigrations = (drop: number): string => {
  const folder = path.join(work, 'older-drizzle');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, -drop);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
};

describe('a backup of an older version', () => {
  it('is restored, said to be migrated forward, and the next start migrates it to the code’s last migration', async () => {
    const tags = codeMigrations().map((m) => m.tag);
    const pending = tags.slice(-2);
    // An older version's database: its migrations, a row of data, backed up by this code from its folder.
    const older = new PGlite({ extensions: { pg_trgm } });
    await migrate(drizzle(older), { migrationsFolder: olderMigrations(2) });
    await older.exec("insert into companies (name) values ('Older company')");
    const dump = await older.dumpDataDir('none');
    await older.close();
    const source = await openDatabase({ inMemory: true, loadDataDir: dump });
    const file = path.join(work, 'older.tar');
    try {
      const { manifest, payload } = await takeEmbeddedBackup(embeddedBackupSource(source), { method: 'pglite-folder' });
      expect(manifest.migration.tag).toBe(tags[tags.length - 3]);
      await writeBackupFile(file, manifest, payload);
    } finally {
      await source.close();
    }

    const dataDir = path.join(work, 'data');
    const done = await restoreEmbedded({ file, dataDir, force: false });
    expect(done.notes).toEqual([
      `The backup is at migration ${tags[tags.length - 3]}; the next server start migrates it forward (${pending.join(', ')}).`,
    ]);

    const restored = await openDatabase({ dataDir });
    try {
      await restored.migrate();
      const { rows } = (await restored.db.execute(
        'select (select count(*)::int from drizzle.__drizzle_migrations) as applied, (select name from companies) as company',
      )) as unknown as { rows: { applied: number; company: string }[] };
      expect(rows[0]).toEqual({ applied: tags.length, company: 'Older company' });
    } finally {
      await restored.close();
    }
  }, 120_000);
});
