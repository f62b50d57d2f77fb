import { z } from 'zod';

/** What a backup file says about itself: `manifest.json`, the first entry of the file (a tar archive). */
export const BACKUP_FORMAT = 'rfid-stock-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

export const BackupKind = { Pglite: 'pglite', Postgres: 'postgres' } as const;
export type BackupKind = (typeof BackupKind)[keyof typeof BackupKind];

/** The payload beside the manifest: a gzipped tar of PGlite's data folder, or pg_dump's custom-format archive. */
export const PAYLOAD_NAME: Record<BackupKind, string> = {
  pglite: 'pgdata.tar.gz',
  postgres: 'database.pgdump',
};

/** How the copy was taken. */
export const BackupMethod = {
  /** By the running server's own PGlite, through GET /api/backup/ (hot). */
  PgliteServer: 'pglite-server',
  /** By this command, on a data folder no server held. */
  PgliteFolder: 'pglite-folder',
  /** pg_dump, in the snapshot the counts were read in (hot: servers may run). */
  PgDump: 'pg_dump',
} as const;

/** The last migration the database had applied (drizzle.__drizzle_migrations), named by the code's journal. */
export const appliedMigrationSchema = z.object({
  /** The journal's tag (`0021_location_changes`), or null when this code's journal does not know the migration. */
  tag: z.string().nullable(),
  /** The migration's `when` in the journal: drizzle applies every migration of the journal made after it. */
  createdAt: z.number().int(),
  hash: z.string(),
  /** How many migrations the database had applied. */
  applied: z.number().int().nonnegative(),
});
export type AppliedMigration = z.infer<typeof appliedMigrationSchema>;

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  kind: z.enum([BackupKind.Pglite, BackupKind.Postgres]),
  method: z.enum([BackupMethod.PgliteServer, BackupMethod.PgliteFolder, BackupMethod.PgDump]),
  takenAt: z.iso.datetime(),
  migration: appliedMigrationSchema,
  /** `select version()` of the database, up to " on ": "PostgreSQL 15.20 (Debian …)", "PostgreSQL 18.6 (PGlite 0.5.16)". */
  database: z.string(),
  /** pg_dump's version line (PostgreSQL backups). */
  tool: z.string().optional(),
  /** Rows of every table ("schema.table"), counted in the same snapshot as the copy: restore checks them. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  payload: z.object({ name: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** `2026-11-28T21:30:05.123Z` → `20261128T213005Z`. */
const stamp = (iso: string): string => `${iso.slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;

/** The file name a backup is given when `--out` names none: its kind, when it was taken and its migration. */
export const backupFileName = (manifest: Pick<BackupManifest, 'kind' | 'takenAt' | 'migration'>): string =>
  `rfid-backup-${manifest.kind}-${stamp(manifest.takenAt)}-${manifest.migration.tag ?? `m${manifest.migration.createdAt}`}.tar`;

/** The part of `select version()` before " on " (the platform). */
export const shortVersion = (version: string): string => version.split(' on ')[0]?.trim() ?? version;
