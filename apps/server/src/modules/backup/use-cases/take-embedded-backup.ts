import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Database } from '../../../db/client.js';
import { type BackupRepository, createBackupRepository } from '../backup.repository.js';
import { digestOf } from '../backup-archive.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupKind,
  type BackupManifest,
  type BackupMethod,
  PAYLOAD_NAME,
  shortVersion,
} from '../backup-manifest.js';
import { BackupError, ExitCode } from '../errors.js';
import { codeMigrations, type JournalEntry, tagOf } from '../migrations.js';

/** What the copy reads of the database. */
export type BackupReader = Pick<BackupRepository, 'lastMigration' | 'tableCounts' | 'version' | 'checkpoint'>;

/** The embedded database as a backup sees it. */
export type EmbeddedBackupSource = {
  /** Runs `work` in one transaction beside which nothing else of the database runs. */
  alone: <T>(work: (reader: BackupReader) => Promise<T>) => Promise<T>;
  /** The data folder as an uncompressed tar, at this moment. */
  image: () => Promise<Blob>;
};

/**
 * A running PGlite as a backup source. PGlite runs one statement at a time, and every statement outside a transaction
 * waits for the transaction in progress (its transaction lock); its data folder image waits only for the statement in
 * progress. So inside one transaction, the counts, the migration and the image are of the same moment: no other
 * transaction can begin, none is half done. The image is the data files as they are (a crash-consistent copy, what a
 * power cut would leave): the checkpoint first writes every changed page, so opening it needs little recovery.
 */
export const embeddedBackupSource = (database: Database): EmbeddedBackupSource => {
  const { dataDirImage } = database;
  if (database.kind !== 'pglite' || !dataDirImage) throw new Error('an embedded backup needs the PGlite database');
  return {
    alone: (work) => database.db.transaction((tx) => work(createBackupRepository(tx))),
    image: dataDirImage,
  };
};

const gzipAsync = promisify(gzip);

export type TakeEmbeddedBackupOptions = {
  method: typeof BackupMethod.PgliteServer | typeof BackupMethod.PgliteFolder;
  journal?: readonly JournalEntry[];
  now?: () => Date;
};

/**
 * A backup of the embedded database: its manifest (migration, every table's rows, the payload's digest), its payload,
 * the data folder's tar gzipped (outside the transaction: the database serves again while it is compressed), and how
 * long the database served nothing else.
 */
export const takeEmbeddedBackup = async (
  source: EmbeddedBackupSource,
  { method, journal = codeMigrations(), now = () => new Date() }: TakeEmbeddedBackupOptions,
): Promise<{ manifest: BackupManifest; payload: Buffer; pausedMs: number }> => {
  const started = performance.now();
  const taken = await source.alone(async (reader) => {
    const migration = await reader.lastMigration();
    if (!migration) {
      throw new BackupError(ExitCode.Refused, 'The embedded database was never migrated: it holds nothing of this application.');
    }
    await reader.checkpoint();
    const tables = await reader.tableCounts();
    const version = await reader.version();
    const takenAt = now();
    const image = await source.image();
    return { migration, tables, version, takenAt, image };
  });
  // How long the database served nothing else.
  const pausedMs = Math.round(performance.now() - started);
  const payload = await gzipAsync(new Uint8Array(await taken.image.arrayBuffer()));
  const { sha256, bytes } = await digestOf(payload);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    kind: BackupKind.Pglite,
    method,
    takenAt: taken.takenAt.toISOString(),
    migration: { ...taken.migration, tag: tagOf(taken.migration.createdAt, journal) },
    database: shortVersion(taken.version),
    tables: taken.tables,
    payload: { name: PAYLOAD_NAME.pglite, bytes, sha256 },
  };
  return { manifest, payload, pausedMs };
};
