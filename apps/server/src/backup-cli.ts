// `npm run backup` and `npm run restore` (docs/backup.md): a backup of the database the server's configuration names
// (DATABASE_URL: PostgreSQL; otherwise PGlite in DATA_DIR), taken while servers run, and its restore.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import type { BackupDone, RestoreDone } from './modules/backup/backup-output.js';
import { backupEmbedded, restoreEmbedded } from './modules/backup/embedded-backup.js';
import { BackupError, ExitCode } from './modules/backup/errors.js';
import { migrationName } from './modules/backup/migrations.js';
import { backupPostgres, restorePostgres } from './modules/backup/postgres-backup.js';

const USAGE = `Usage:
  npm run backup -- [--out <file or folder/>] [--url <server address>] [--pg-bin <folder>]
  npm run restore -- <backup file> [--force] [--pg-bin <folder>]

The database is the server's: DATABASE_URL set: PostgreSQL (pg_dump, pg_restore and psql); otherwise the embedded
database in DATA_DIR (default ./data). Backups go to ./backups/ unless --out says otherwise.
  --url       (embedded database) ask the server at this address, with its key in BACKUP_KEY
  --pg-bin    (PostgreSQL) the folder of pg_dump/pg_restore/psql, e.g. /usr/lib/postgresql/16/bin
  --force     (restore) replace what the target holds: PostgreSQL: drop its schemas first, in the restore's
              transaction; embedded: move DATA_DIR/pgdata aside to pgdata.before-restore-<time>
Exit codes: 0 done, 1 failed, 2 usage, 3 refused (nothing changed), 4 something needed is unavailable,
5 the backup is damaged or the restored database differs from it. See docs/backup.md.`;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const parseOptions = (args: string[]) =>
  parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      url: { type: 'string' },
      'pg-bin': { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });

const run = async (argv: string[]): Promise<ExitCode> => {
  const [verb, ...rest] = argv;
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(rest);
  } catch (error) {
    throw new BackupError(ExitCode.Usage, `${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return ExitCode.Ok;
  }
  const config = loadConfig();
  const pgBin = values['pg-bin'];
  const started = performance.now();
  if (verb === 'backup') {
    if (positionals.length > 0 || values.force)
      throw new BackupError(ExitCode.Usage, `backup takes no file and no --force.\n\n${USAGE}`);
    const done: BackupDone = config.databaseUrl
      ? await backupPostgres({
          databaseUrl: config.databaseUrl,
          ...(values.out ? { out: values.out } : {}),
          ...(pgBin ? { pgBin } : {}),
        })
      : await backupEmbedded({
          dataDir: config.dataDir,
          ...(values.out ? { out: values.out } : {}),
          ...(values.url ? { url: values.url } : {}),
          ...(config.backupKey ? { key: config.backupKey } : {}),
        });
    const { manifest } = done;
    const tables = Object.keys(manifest.tables).length;
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(`Backup written: ${done.file}`);
    console.log(
      `  ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'embedded database (PGlite)'}, ${done.how}; ${manifest.database}; migration ${migrationName(manifest.migration)}; ${tables} tables, ${rows} rows; ${megabytes(manifest.payload.bytes)} in ${seconds(started)}.`,
    );
    for (const note of done.notes) console.log(`  Note: ${note}`);
    return ExitCode.Ok;
  }
  if (verb === 'restore') {
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0 || values.out || values.url) {
      throw new BackupError(ExitCode.Usage, `restore takes one backup file (and --force, --pg-bin).\n\n${USAGE}`);
    }
    const done: RestoreDone = config.databaseUrl
      ? await restorePostgres({ file, databaseUrl: config.databaseUrl, force: values.force, ...(pgBin ? { pgBin } : {}) })
      : await restoreEmbedded({ file, dataDir: config.dataDir, force: values.force });
    const { manifest } = done;
    console.log(`Restored ${file} (taken ${manifest.takenAt}) into ${done.into} in ${seconds(started)}.`);
    console.log(`  Every table's rows checked against the backup: ${Object.keys(manifest.tables).length} tables.`);
    for (const note of done.notes) console.log(`  ${note}`);
    return ExitCode.Ok;
  }
  throw new BackupError(ExitCode.Usage, `${verb ? `Unknown command "${verb}".` : 'No command.'}\n\n${USAGE}`);
};

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  const verb = process.argv[2] === 'restore' ? 'restore' : 'backup';
  if (error instanceof BackupError) {
    console.error(`${verb}: ${error.message}`);
    process.exitCode = error.exitCode;
  } else if (error instanceof ConfigError) {
    console.error(`${verb}: ${error.message}`);
    process.exitCode = ExitCode.Usage;
  } else {
    console.error(`${verb} failed:`, error);
    process.exitCode = ExitCode.Failed;
  }
}
