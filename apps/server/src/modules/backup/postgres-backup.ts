import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../db/client.js';
import { clearDatabaseScript, createBackupRepository, type DatabaseContents } from './backup.repository.js';
import { digestOf, readBackupFile, writeBackupFile } from './backup-archive.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupKind,
  type BackupManifest,
  BackupMethod,
  PAYLOAD_NAME,
  shortVersion,
} from './backup-manifest.js';
import { type BackupDone, backupOutput, type RestoreDone } from './backup-output.js';
import { BackupError, ExitCode } from './errors.js';
import { codeMigrations, type JournalEntry, tagOf } from './migrations.js';
import { connectionOf, dumpVersionNote, restoreInOneTransaction, runTool, shownUrl, toolVersion } from './pg-tools.js';
import { assertCounts, assertKind, assertNotNewer, standingSentence } from './restore-checks.js';

/** The database at `databaseUrl`, answering; a database that cannot be reached is said so. */
const connect = async (databaseUrl: string): Promise<{ database: Database; serverMajor: number }> => {
  const database = await openDatabase({ databaseUrl });
  try {
    return { database, serverMajor: await createBackupRepository(database.db).serverMajor() };
  } catch (error) {
    await database.close().catch(() => {});
    throw new BackupError(
      ExitCode.Unavailable,
      `Cannot connect to PostgreSQL at ${shownUrl(databaseUrl)} (DATABASE_URL): ${(error as Error).message}.`,
    );
  }
};

/**
 * A hot backup of the PostgreSQL database: pg_dump's custom format, in a snapshot exported by this command's own
 * repeatable-read transaction, in which it also read the migration and every table's rows: the counts and the dump are
 * of one moment, whatever the servers write meanwhile (pg_dump does not block them).
 */
export const backupPostgres = async ({
  databaseUrl,
  out,
  pgBin,
  journal = codeMigrations(),
}: {
  databaseUrl: string;
  out?: string;
  pgBin?: string;
  journal?: readonly JournalEntry[];
}): Promise<BackupDone> => {
  const dump = await toolVersion('pg_dump', pgBin);
  const { database, serverMajor } = await connect(databaseUrl);
  const output = backupOutput(out);
  const payloadFile = `${output.partial}.pgdump`;
  try {
    const note = dumpVersionNote(dump.major, serverMajor);
    const { url, env } = connectionOf(databaseUrl);
    const taken = await database.db.transaction(
      async (tx) => {
        const repo = createBackupRepository(tx);
        const snapshot = await repo.exportSnapshot();
        const migration = await repo.lastMigration();
        if (!migration) {
          throw new BackupError(
            ExitCode.Refused,
            `The database at ${shownUrl(databaseUrl)} was never migrated: it holds nothing of this application.`,
          );
        }
        const tables = await repo.tableCounts();
        const version = await repo.version();
        const takenAt = new Date();
        const args = ['--format=custom', `--snapshot=${snapshot}`, `--file=${payloadFile}`, '--no-password', '--dbname', url];
        await runTool('pg_dump', args, { ...(pgBin ? { bin: pgBin } : {}), env });
        return { migration, tables, version, takenAt };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const { sha256, bytes } = await digestOf(payloadFile);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      kind: BackupKind.Postgres,
      method: BackupMethod.PgDump,
      takenAt: taken.takenAt.toISOString(),
      migration: { ...taken.migration, tag: tagOf(taken.migration.createdAt, journal) },
      database: shortVersion(taken.version),
      tool: dump.line,
      tables: taken.tables,
      payload: { name: PAYLOAD_NAME.postgres, bytes, sha256 },
    };
    await writeBackupFile(output.partial, manifest, payloadFile);
    const file = output.finish(manifest);
    return { file, manifest, how: `pg_dump of ${shownUrl(databaseUrl)}`, notes: note ? [note] : [] };
  } catch (error) {
    output.discard();
    throw error;
  } finally {
    rmSync(payloadFile, { force: true });
    await database.close();
  }
};

/** The database holds nothing of its own: no object in any schema, no schema but public, no extension but plpgsql. */
const isEmpty = ({ schemas, objects, extensions }: DatabaseContents) =>
  objects === 0 && extensions.length === 0 && schemas.every((name) => name === 'public');

/**
 * Restores a PostgreSQL backup into the database at `databaseUrl`, in one transaction (pg-tools.ts): an error leaves
 * the database as it was. The database must be empty, and no other session may be on it (stop the servers first).
 * `force`: a database that is not empty is emptied first, in the same transaction: every schema dropped with all it
 * holds, and every extension but plpgsql. Then every table's rows are checked against the backup's counts.
 */
export const restorePostgres = async ({
  file,
  databaseUrl,
  force,
  pgBin,
  journal = codeMigrations(),
}: {
  file: string;
  databaseUrl: string;
  force: boolean;
  pgBin?: string;
  journal?: readonly JournalEntry[];
}): Promise<RestoreDone> => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'rfid-restore-'));
  const archive = path.join(work, PAYLOAD_NAME.postgres);
  try {
    const manifest = await readBackupFile(file, archive);
    assertKind(file, manifest, BackupKind.Postgres);
    const standing = assertNotNewer(file, manifest, journal);
    const bin = pgBin ? { bin: pgBin } : {};
    const restoreTool = await toolVersion('pg_restore', pgBin);
    await toolVersion('psql', pgBin);
    // pg_restore reads the archive's table of contents: a pg_restore older than the pg_dump that wrote it cannot.
    await runTool('pg_restore', ['--list', archive], bin).catch((error: unknown) => {
      throw new BackupError(
        ExitCode.Unavailable,
        `pg_restore (${restoreTool.line}) cannot read the archive written by ${manifest.tool ?? 'pg_dump'}: use a pg_restore of that version or newer (--pg-bin). ${(error as Error).message}`,
      );
    });
    const { database } = await connect(databaseUrl);
    try {
      const repo = createBackupRepository(database.db);
      const others = await repo.otherSessions();
      if (others > 0) {
        throw new BackupError(
          ExitCode.Refused,
          `${others} other sessions are connected to the database at ${shownUrl(databaseUrl)}: stop the servers (and other clients) on it first. Nothing was changed.`,
        );
      }
      const contents = await repo.contents();
      const empty = isEmpty(contents);
      if (!empty && !force) {
        throw new BackupError(
          ExitCode.Refused,
          `The database at ${shownUrl(databaseUrl)} is not empty (${contents.objects} objects in schemas ${contents.schemas.join(', ')}; extensions: ${contents.extensions.join(', ') || 'none'}). Restore into an empty database, or give --force to drop every schema and extension of this one and restore in their place (in one transaction). Nothing was changed.`,
        );
      }
      const prefix = empty ? '' : clearDatabaseScript(contents);
      await restoreInOneTransaction({ ...bin, databaseUrl, archive, prefix }).catch((error: unknown) => {
        if (!(error instanceof BackupError)) throw error;
        throw new BackupError(
          error.exitCode,
          `The restore failed and its transaction was rolled back: the database is as it was. ${error.message}`,
        );
      });
      assertCounts(file, manifest.tables, await repo.tableCounts());
      const notes = [
        ...(empty ? [] : [`--force: dropped schemas ${contents.schemas.join(', ')} and their contents first.`]),
        standingSentence(manifest, standing),
      ];
      return { manifest, into: `PostgreSQL at ${shownUrl(databaseUrl)}`, notes };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};
