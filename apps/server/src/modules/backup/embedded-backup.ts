import { createWriteStream, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { openDatabase } from '../../db/client.js';
import { FolderLockedError, lockDataFolder, lockOwner } from '../../db/folder-lock.js';
import { holdsNoDatabase } from '../../db/prebuilt.js';
import { createBackupRepository } from './backup.repository.js';
import { readBackupFile, writeBackupFile } from './backup-archive.js';
import { BackupKind, BackupMethod, PAYLOAD_NAME } from './backup-manifest.js';
import { type BackupDone, backupOutput, type RestoreDone } from './backup-output.js';
import { BackupError, ExitCode } from './errors.js';
import { codeMigrations, type JournalEntry } from './migrations.js';
import { assertCounts, assertKind, assertNotNewer, standingSentence } from './restore-checks.js';
import { readServerFile, SERVER_FILE } from './server-file.js';
import { embeddedBackupSource, takeEmbeddedBackup } from './use-cases/take-embedded-backup.js';

/**
 * Backups of the embedded database (PGlite in DATA_DIR). A data folder in use is never copied file by file (pages
 * written meanwhile would be torn): the server that holds it takes the copy with its own PGlite (GET /api/backup/,
 * use-cases/take-embedded-backup.ts), and this command only saves what it answers. A folder no server holds is opened
 * here and copied the same way.
 */

/** Asks a running server for a backup and saves it; the file is read back (manifest and digest) before it is named. */
const backupThroughServer = async (url: string, key: string, out: string | undefined): Promise<BackupDone> => {
  const address = `${url.replace(/\/+$/, '')}/api/backup/`;
  let response: Response;
  try {
    response = await fetch(address, { headers: { authorization: `Backup ${key}` } });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new BackupError(ExitCode.Unavailable, `Cannot reach the server at ${url}: ${cause}.`);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const said = body.message ? ` It said: ${body.message}` : '';
    const code = response.status === 409 ? ExitCode.Refused : ExitCode.Unavailable;
    throw new BackupError(code, `The server at ${url} answered ${response.status} to the backup.${said}`);
  }
  const output = backupOutput(out);
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(output.partial, { mode: 0o600 }),
    );
    const manifest = await readBackupFile(output.partial);
    const file = output.finish(manifest);
    return { file, manifest, how: `hot, by the running server at ${url}`, notes: [] };
  } catch (error) {
    output.discard();
    throw error;
  }
};

/** Opens a data folder no server holds and copies it. */
const backupFolder = async (dataDir: string, out: string | undefined, journal: readonly JournalEntry[]): Promise<BackupDone> => {
  const database = await openDatabase({ dataDir });
  const output = backupOutput(out);
  try {
    const { manifest, payload } = await takeEmbeddedBackup(embeddedBackupSource(database), {
      method: BackupMethod.PgliteFolder,
      journal,
    });
    await writeBackupFile(output.partial, manifest, payload);
    return { file: output.finish(manifest), manifest, how: `of the data folder ${dataDir} (no server held it)`, notes: [] };
  } catch (error) {
    output.discard();
    throw error;
  } finally {
    await database.close();
  }
};

/**
 * A backup of the embedded database. `url` (and `key`, BACKUP_KEY): ask that server. Otherwise: the server that holds
 * DATA_DIR, found by DATA_DIR/server.json; or, when no server holds it, the folder itself.
 */
export const backupEmbedded = async ({
  dataDir,
  out,
  url,
  key,
  journal = codeMigrations(),
}: {
  dataDir: string;
  out?: string;
  url?: string;
  /** BACKUP_KEY, for --url (the local server's own key is in its server file). */
  key?: string;
  journal?: readonly JournalEntry[];
}): Promise<BackupDone> => {
  if (url) {
    if (!key)
      throw new BackupError(ExitCode.Usage, `--url needs the server's backup key in BACKUP_KEY (the server's own BACKUP_KEY).`);
    return backupThroughServer(url, key, out);
  }
  if (holdsNoDatabase(path.join(dataDir, 'pgdata'))) {
    throw new BackupError(
      ExitCode.Unavailable,
      `There is no database in ${dataDir} (DATA_DIR): its pgdata folder is missing or empty.`,
    );
  }
  try {
    return await backupFolder(dataDir, out, journal);
  } catch (error) {
    if (!(error instanceof FolderLockedError)) throw error;
  }
  // A server holds the folder: it takes the copy.
  const owner = lockOwner(dataDir);
  const server = readServerFile(dataDir);
  if (!server || server.pid !== owner?.pid) {
    throw new BackupError(
      ExitCode.Unavailable,
      `A server (pid ${owner?.pid ?? '?'}) holds ${dataDir}, but has not written where it answers (${SERVER_FILE} in DATA_DIR): it may still be starting (try again in a moment), or be of a version without hot backups. Give --url with BACKUP_KEY, or stop it and back up the folder.`,
    );
  }
  // The key the server wrote is its own (BACKUP_KEY or this start's): the one it takes.
  return backupThroughServer(server.url, server.key, out);
};

/** `2026-11-28T21:30:05.123Z` → `20261128T213005Z`, for folder names. */
const stampOf = (date: Date) => `${date.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;

/**
 * Restores a backup of the embedded database into DATA_DIR, which no server may hold (the command holds it meanwhile).
 * The backup is opened in a folder of its own beside pgdata and every table's rows checked; only then is it moved to
 * DATA_DIR/pgdata. `force`: a database already there is moved aside (pgdata.before-restore-<time>), never deleted.
 */
export const restoreEmbedded = async ({
  file,
  dataDir,
  force,
  journal = codeMigrations(),
}: {
  file: string;
  dataDir: string;
  force: boolean;
  journal?: readonly JournalEntry[];
}): Promise<RestoreDone> => {
  mkdirSync(dataDir, { recursive: true });
  let unlock: () => void;
  try {
    unlock = lockDataFolder(dataDir);
  } catch (error) {
    if (!(error instanceof FolderLockedError)) throw error;
    throw new BackupError(ExitCode.Refused, `${error.message} Stop the server first; nothing was changed.`);
  }
  const pgdata = path.join(dataDir, 'pgdata');
  const staging = path.join(dataDir, `restoring-${process.pid}`);
  try {
    const existing = !holdsNoDatabase(pgdata);
    if (existing && !force) {
      throw new BackupError(
        ExitCode.Refused,
        `${pgdata} holds a database. Restore into an empty DATA_DIR, or give --force to move that database aside (to ${pgdata}.before-restore-<time>) and restore in its place. Nothing was changed.`,
      );
    }
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    const payload = path.join(staging, PAYLOAD_NAME.pglite);
    const manifest = await readBackupFile(file, payload);
    assertKind(file, manifest, BackupKind.Pglite);
    const standing = assertNotNewer(file, manifest, journal);
    const database = await openDatabase({ dataDir: staging, loadDataDir: new Blob([readFileSync(payload)]) });
    try {
      assertCounts(file, manifest.tables, await createBackupRepository(database.db).tableCounts());
    } finally {
      await database.close();
    }
    const notes: string[] = [];
    const aside = `${pgdata}.before-restore-${stampOf(new Date())}`;
    if (existing) {
      renameSync(pgdata, aside);
      notes.push(`--force: the database that was there is kept in ${aside} (delete it when the restore is checked).`);
    }
    try {
      renameSync(path.join(staging, 'pgdata'), pgdata);
    } catch (error) {
      if (existing) renameSync(aside, pgdata);
      throw error;
    }
    notes.push(standingSentence(manifest, standing));
    return { manifest, into: `the data folder ${dataDir}`, notes };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
};
