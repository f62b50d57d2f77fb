import type { BackupKind, BackupManifest } from './backup-manifest.js';
import { BackupError, ExitCode } from './errors.js';
import { type JournalEntry, type MigrationStanding, migrationName, standingOf } from './migrations.js';

const KIND_NAME: Record<BackupKind, string> = {
  pglite: 'the embedded database (PGlite, DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

/** A backup is restored into the database of its kind: the one the configuration names. */
export const assertKind = (file: string, manifest: BackupManifest, target: BackupKind): void => {
  if (manifest.kind === target) return;
  const how =
    manifest.kind === 'postgres'
      ? 'set DATABASE_URL to the PostgreSQL database to restore it into'
      : 'unset DATABASE_URL and set DATA_DIR to the folder to restore it into';
  throw new BackupError(
    ExitCode.Refused,
    `${file} is a backup of ${KIND_NAME[manifest.kind]}, and the configuration points at ${KIND_NAME[target]}: ${how}.`,
  );
};

/**
 * A backup taken at a migration this code does not have cannot be restored by it (its servers could not run on it); one
 * taken at an older migration is restored as it is, and migrated forward by the next server start.
 */
export const assertNotNewer = (file: string, manifest: BackupManifest, journal: readonly JournalEntry[]): MigrationStanding => {
  const standing = standingOf(manifest.migration, journal);
  if (standing.kind === 'newer') {
    throw new BackupError(
      ExitCode.Refused,
      `${file} was taken at migration ${migrationName(manifest.migration)}, newer than this code's last (${standing.codeLast ?? 'none'}): restore it with the version of the application it was taken with, or a newer one.`,
    );
  }
  return standing;
};

/** The tables whose rows differ between the backup's counts and the restored database's, described. */
export const countDifferences = (expected: Record<string, number>, actual: Record<string, number>): string[] => {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${expected[name] ?? 'no table'} in the backup, ${actual[name] ?? 'no table'} restored`);
};

/** What the restored database holds must be what the backup counted, table by table. */
export const assertCounts = (file: string, expected: Record<string, number>, actual: Record<string, number>): void => {
  const differences = countDifferences(expected, actual);
  if (differences.length === 0) return;
  throw new BackupError(
    ExitCode.Damaged,
    `The database restored from ${file} does not hold what the backup counted (${differences.length} tables differ): ${differences.slice(0, 5).join('; ')}.`,
  );
};

/** The sentence a restore ends with about migrations. */
export const standingSentence = (manifest: BackupManifest, standing: MigrationStanding): string =>
  standing.kind === 'older'
    ? `The backup is at migration ${migrationName(manifest.migration)}; the next server start migrates it forward (${standing.pending.join(', ')}).`
    : `The backup is at this code's last migration (${migrationName(manifest.migration)}).`;
