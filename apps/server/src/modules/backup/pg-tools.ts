import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError, ExitCode } from './errors.js';

/** PostgreSQL's client programs a backup or a restore runs. */
export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

/** Where the programs are: a folder (--pg-bin, e.g. /usr/lib/postgresql/16/bin), else the PATH. */
export const toolPath = (tool: PgTool, bin?: string): string => (bin ? path.join(bin, tool) : tool);

/** The major version of a `--version` line ("pg_dump (PostgreSQL) 15.20 (Debian …)" → 15), or undefined. */
export const majorOf = (versionLine: string): number | undefined => {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return match ? Number(match[1]) : undefined;
};

/** A tool's version line and major version; a tool that is not there is said so, with what to install. */
export const toolVersion = async (tool: PgTool, bin?: string): Promise<{ line: string; major: number }> => {
  let line: string;
  try {
    line = (await promisify(execFile)(toolPath(tool, bin), ['--version'])).stdout.trim();
  } catch (error) {
    const where = bin ? `in ${bin}` : 'on the PATH';
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'was not found' : 'does not run';
    throw new BackupError(
      ExitCode.Unavailable,
      `${tool} ${why} ${where}: install PostgreSQL's client programs of your server's version (Debian: apt-get install postgresql-client-<version>), or name their folder with --pg-bin (e.g. /usr/lib/postgresql/16/bin).`,
    );
  }
  const major = majorOf(line);
  if (major === undefined)
    throw new BackupError(ExitCode.Unavailable, `${toolPath(tool, bin)} --version answered "${line}", not a PostgreSQL version.`);
  return { line, major };
};

/**
 * Whether this pg_dump can back up a server of `serverMajor`: the same major is what PostgreSQL advises. An older
 * pg_dump cannot (it refuses a newer server): refused here with what to do. A newer one can (pg_dump reads older
 * servers), but its file needs a pg_restore of its own version or newer: answered as a note.
 */
export const dumpVersionNote = (dumpMajor: number, serverMajor: number): string | undefined => {
  if (dumpMajor === serverMajor) return undefined;
  if (dumpMajor < serverMajor) {
    throw new BackupError(
      ExitCode.Unavailable,
      `pg_dump ${dumpMajor} cannot back up this PostgreSQL ${serverMajor} server (pg_dump refuses servers newer than itself): install the client programs of version ${serverMajor} (Debian: apt-get install postgresql-client-${serverMajor}) and name their folder with --pg-bin /usr/lib/postgresql/${serverMajor}/bin.`,
    );
  }
  return `pg_dump ${dumpMajor} is newer than the PostgreSQL ${serverMajor} server: it can back it up, but restoring this file needs pg_restore ${dumpMajor} or newer (the same major as the server is best: --pg-bin /usr/lib/postgresql/${serverMajor}/bin).`;
};

/** A database URL without its password (for a command line, which others can read), and the password for PGPASSWORD. */
export const connectionOf = (databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } => {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
};

/** A database URL fit for a message: no password. */
export const shownUrl = (databaseUrl: string): string => {
  try {
    return connectionOf(databaseUrl).url;
  } catch {
    return 'DATABASE_URL';
  }
};

/** The last lines a failed program wrote, for the message. */
const tail = (text: string) => text.trim().split('\n').slice(-6).join('\n');

/** A tool started: its process, and its end (a non-zero exit fails with what it wrote on stderr). */
const startTool = (
  tool: PgTool,
  args: string[],
  { bin, env = {}, stdin = false, stdout = false }: { bin?: string; env?: NodeJS.ProcessEnv; stdin?: boolean; stdout?: boolean },
) => {
  const child = spawn(toolPath(tool, bin), args, {
    env: { ...process.env, ...env },
    stdio: [stdin ? 'pipe' : 'ignore', stdout ? 'pipe' : 'ignore', 'pipe'],
  });
  // A program that stops reading early (it failed) closes its stdin: its exit code says why, not EPIPE.
  child.stdin?.on('error', () => {});
  let errors = '';
  child.stderr?.on('data', (data: Buffer) => {
    errors = (errors + data.toString()).slice(-8_000);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (error) => reject(new BackupError(ExitCode.Unavailable, `${tool} could not be started: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(ExitCode.Failed, `${tool} failed (exit ${code}):\n${tail(errors)}`));
    });
  });
  return { child, done };
};

/** Runs a tool to its end. */
export const runTool = (tool: PgTool, args: string[], options: { bin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<void> =>
  startTool(tool, args, options).done;

/**
 * Restores a custom-format archive into the database at `url` in one transaction: pg_restore writes the archive as SQL,
 * psql runs `BEGIN`, `prefix` (a forced restore's drops), that SQL, and `COMMIT` only once pg_restore has ended well.
 * Any error (psql stops at the first: ON_ERROR_STOP) or a pg_restore that fails leaves the transaction uncommitted:
 * the database is as it was.
 */
export const restoreInOneTransaction = async ({
  bin,
  databaseUrl,
  archive,
  prefix,
}: {
  bin?: string;
  databaseUrl: string;
  archive: string;
  prefix: string;
}): Promise<void> => {
  const { url, env } = connectionOf(databaseUrl);
  const psql = startTool('psql', ['--no-psqlrc', '--quiet', '--no-password', '--set', 'ON_ERROR_STOP=1', '--dbname', url], {
    bin,
    env,
    stdin: true,
  });
  const restore = startTool('pg_restore', ['--no-owner', '--no-privileges', '--file=-', archive], { bin, stdout: true });
  const input = psql.child.stdin;
  const script = restore.child.stdout;
  if (!input || !script) throw new Error('psql and pg_restore were started without pipes');
  // psql stopped (an error): pg_restore, whose output nobody reads any more, is stopped too. psql's error is the cause.
  psql.child.on('close', () => {
    if (restore.child.exitCode === null && restore.child.signalCode === null) restore.child.kill();
  });
  input.write(`BEGIN;\n${prefix}`);
  script.pipe(input, { end: false });
  // Both ends are watched from now on (either may fail while the other is awaited).
  const outcome = (done: Promise<void>) =>
    done.then(
      () => undefined,
      (error: unknown) => error,
    );
  const psqlEnd = outcome(psql.done);
  const restored = await outcome(restore.done);
  input.end(restored === undefined ? 'COMMIT;\n' : '');
  const psqlError = await psqlEnd;
  if (psqlError !== undefined) throw psqlError;
  if (restored !== undefined) throw restored;
};
