import { describe, expect, it } from 'vitest';
import type { BackupManifest } from './backup-manifest.js';
import { BackupError, ExitCode } from './errors.js';
import { assertCounts, assertKind, assertNotNewer, countDifferences, standingSentence } from './restore-checks.js';

const manifest = (over: Partial<BackupManifest> = {}): BackupManifest => ({
  format: 'rfid-stock-backup',
  formatVersion: 1,
  kind: 'pglite',
  method: 'pglite-server',
  takenAt: '2026-11-28T21:30:05.000Z',
  migration: { tag: '0001_second', createdAt: 2_000, hash: 'h', applied: 2 },
  database: 'PostgreSQL 18.6 (PGlite 0.5.16)',
  tables: { 'public.items': 3 },
  payload: { name: 'pgdata.tar.gz', bytes: 10, sha256: 'a'.repeat(64) },
  ...over,
});
const journal = [
  { tag: '0000_first', when: 1_000 },
  { tag: '0001_second', when: 2_000 },
  { tag: '0002_third', when: 3_000 },
];

const refusal = (work: () => unknown): BackupError => {
  try {
    work();
  } catch (error) {
    if (error instanceof BackupError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('restore checks', () => {
  it('restore a backup into the database of its kind only, saying how to point at the other', () => {
    expect(() => assertKind('b.tar', manifest(), 'pglite')).not.toThrow();
    const refused = refusal(() => assertKind('b.tar', manifest(), 'postgres'));
    expect(refused.exitCode).toBe(ExitCode.Refused);
    expect(refused.message).toBe(
      'b.tar is a backup of the embedded database (PGlite, DATA_DIR), and the configuration points at PostgreSQL (DATABASE_URL): unset DATABASE_URL and set DATA_DIR to the folder to restore it into.',
    );
    expect(refusal(() => assertKind('b.tar', manifest({ kind: 'postgres' }), 'pglite')).message).toContain(
      'set DATABASE_URL to the PostgreSQL database',
    );
  });

  it('refuse a backup newer than the code, and tell what an older one gets at the next start', () => {
    const newer = manifest({ migration: { tag: null, createdAt: 4_000, hash: 'h', applied: 4 } });
    const refused = refusal(() => assertNotNewer('b.tar', newer, journal));
    expect(refused.exitCode).toBe(ExitCode.Refused);
    expect(refused.message).toContain("newer than this code's last (0002_third)");
    const older = assertNotNewer('b.tar', manifest(), journal);
    expect(standingSentence(manifest(), older)).toBe(
      'The backup is at migration 0001_second; the next server start migrates it forward (0002_third).',
    );
    const current = manifest({ migration: { tag: '0002_third', createdAt: 3_000, hash: 'h', applied: 3 } });
    expect(standingSentence(current, assertNotNewer('b.tar', current, journal))).toBe(
      "The backup is at this code's last migration (0002_third).",
    );
  });

  it('compare every table’s rows, a missing table included', () => {
    expect(countDifferences({ 'public.a': 1, 'public.b': 2 }, { 'public.a': 1, 'public.b': 2 })).toEqual([]);
    expect(countDifferences({ 'public.a': 1, 'public.b': 2 }, { 'public.a': 1, 'public.c': 0 })).toEqual([
      'public.b: 2 in the backup, no table restored',
      'public.c: no table in the backup, 0 restored',
    ]);
    const refused = refusal(() => assertCounts('b.tar', { 'public.a': 2 }, { 'public.a': 1 }));
    expect(refused.exitCode).toBe(ExitCode.Damaged);
    expect(refused.message).toContain('public.a: 2 in the backup, 1 restored');
  });
});
