import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { type BackupManifest, backupFileName } from './backup-manifest.js';
import { BackupError, ExitCode } from './errors.js';

/** Where backups go when --out names no place. */
export const DEFAULT_BACKUP_FOLDER = 'backups';

/** What a finished backup says. */
export type BackupDone = { file: string; manifest: BackupManifest; how: string; notes: string[] };
/** What a finished restore says. */
export type RestoreDone = { manifest: BackupManifest; into: string; notes: string[] };

/**
 * A backup is written to a hidden file in the folder it goes to, then renamed to its name: a backup that fails leaves
 * no file under a backup's name. `--out` is a file, or a folder (one that exists, or a path ending with "/"), where the
 * file is named by its kind, time and migration (backupFileName); default ./backups/.
 */
export const backupOutput = (out: string | undefined) => {
  const isFolder = out === undefined || /[\\/]$/.test(out) || (existsSync(out) && statSync(out).isDirectory());
  const folder = path.resolve(isFolder ? (out ?? DEFAULT_BACKUP_FOLDER) : path.dirname(out));
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new BackupError(ExitCode.Unavailable, `The folder ${folder} cannot be made: ${(error as Error).message}.`);
  }
  const partial = path.join(folder, `.rfid-backup-${process.pid}-${Date.now()}.partial`);
  return {
    partial,
    /** Gives the written backup its name; answers it. */
    finish: (manifest: BackupManifest): string => {
      const file = isFolder || out === undefined ? path.join(folder, backupFileName(manifest)) : path.resolve(out);
      renameSync(partial, file);
      return file;
    },
    discard: () => rmSync(partial, { force: true }),
  };
};
