import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fakeSection } from '../../../test/recording-repo.js';
import { BackupError, ExitCode } from '../errors.js';
import { type BackupReader, type EmbeddedBackupSource, takeEmbeddedBackup } from './take-embedded-backup.js';

const journal = [
  { tag: '0000_first', when: 1_000 },
  { tag: '0001_second', when: 2_000 },
];
const image = Buffer.from('the data folder as a tar '.repeat(500));

/** A fake database: records what ran, and whether it ran inside `alone`. */
const fakeSource = (migration: Awaited<ReturnType<BackupReader['lastMigration']>>) => {
  const log: string[] = [];
  const reader: BackupReader = {
    lastMigration: async () => {
      log.push(`migration${alone.isInside() ? '' : ' OUTSIDE'}`);
      return migration;
    },
    checkpoint: async () => {
      log.push(`checkpoint${alone.isInside() ? '' : ' OUTSIDE'}`);
    },
    tableCounts: async () => {
      log.push(`counts${alone.isInside() ? '' : ' OUTSIDE'}`);
      return { 'public.items': 7, 'drizzle.__drizzle_migrations': 2 };
    },
    version: async () => 'PostgreSQL 18.6 (PGlite 0.5.16) on wasm32-unknown-emscripten, compiled by emcc',
  };
  const alone = fakeSection(reader);
  const source: EmbeddedBackupSource = {
    alone: (work) => alone.run(work),
    image: async () => {
      log.push(`image${alone.isInside() ? '' : ' OUTSIDE'}`);
      return new Blob([image]);
    },
  };
  return { source, log };
};

describe('take an embedded backup', () => {
  it('reads the migration, checkpoints, counts and copies the folder in one moment; the manifest says so', async () => {
    const { source, log } = fakeSource({ hash: 'abc', createdAt: 2_000, applied: 2 });
    const now = new Date('2026-11-28T21:30:05.000Z');
    const { manifest, payload } = await takeEmbeddedBackup(source, { method: 'pglite-server', journal, now: () => now });
    expect(log).toEqual(['migration', 'checkpoint', 'counts', 'image']);
    expect(gunzipSync(payload).equals(image)).toBe(true);
    expect(manifest).toEqual({
      format: 'rfid-stock-backup',
      formatVersion: 1,
      kind: 'pglite',
      method: 'pglite-server',
      takenAt: '2026-11-28T21:30:05.000Z',
      migration: { tag: '0001_second', createdAt: 2_000, hash: 'abc', applied: 2 },
      database: 'PostgreSQL 18.6 (PGlite 0.5.16)',
      tables: { 'public.items': 7, 'drizzle.__drizzle_migrations': 2 },
      payload: { name: 'pgdata.tar.gz', bytes: payload.length, sha256: createHash('sha256').update(payload).digest('hex') },
    });
  });

  it('names a migration this code does not know by none', async () => {
    const { source } = fakeSource({ hash: 'abc', createdAt: 5_000, applied: 5 });
    const { manifest } = await takeEmbeddedBackup(source, { method: 'pglite-folder', journal });
    expect(manifest.migration.tag).toBeNull();
    expect(manifest.method).toBe('pglite-folder');
  });

  it('refuses a database that was never migrated, copying nothing', async () => {
    const { source, log } = fakeSource(undefined);
    const error = await takeEmbeddedBackup(source, { method: 'pglite-folder', journal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).exitCode).toBe(ExitCode.Refused);
    expect(log).toEqual(['migration']);
  });
});
