/**
 * The exit codes of `npm run backup` and `npm run restore` (docs/backup.md). Every failure the commands foresee is a
 * BackupError: an English sentence saying what happened and what to do, and its exit code.
 */
export const ExitCode = {
  /** Done. */
  Ok: 0,
  /** An unforeseen failure (the message says what); nothing was replaced. */
  Failed: 1,
  /** The command line is wrong (unknown verb or option, no file). */
  Usage: 2,
  /** Refused, nothing changed: the target holds data, a server holds it, the backup is newer than the code or of the other database. */
  Refused: 3,
  /** Something needed cannot be reached or run: the database, the server, pg_dump/pg_restore/psql, the backup key. */
  Unavailable: 4,
  /** The backup file is damaged or not a backup, or the restored database does not hold what the backup says. */
  Damaged: 5,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export class BackupError extends Error {
  override readonly name = 'BackupError';
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}
