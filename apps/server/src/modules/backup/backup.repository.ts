import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';

/** The last migration a database applied (drizzle.__drizzle_migrations), and how many it applied. */
export type LastMigration = { hash: string; createdAt: number; applied: number };

/** What a database holds besides PostgreSQL's own: schemas, objects in them, extensions. */
export type DatabaseContents = { schemas: string[]; objects: number; extensions: string[] };

/** Schemas that are PostgreSQL's own (pg_catalog, pg_toast, pg_temp_N …, information_schema). */
const userSchema = (column: string) => sql.raw(`(${column} !~ '^pg_' and ${column} <> 'information_schema')`);

const tableRowSchema = z.object({ schema: z.string(), name: z.string() });
const countRowSchema = z.object({ name: z.string(), rows: z.coerce.number().int() });
const lastMigrationRowSchema = z.object({ hash: z.string(), created_at: z.coerce.number(), applied: z.coerce.number() });

/** The queries of backups and restores (modules/backup), on PostgreSQL and on PGlite. */
export const createBackupRepository = (db: DbOrTx) => ({
  /** The last migration applied, or undefined when the database was never migrated. */
  async lastMigration(): Promise<LastMigration | undefined> {
    const [table] = parseRows(
      z.object({ found: z.boolean() }),
      await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`),
    );
    if (!table?.found) return undefined;
    const [row] = parseRows(
      lastMigrationRowSchema,
      await db.execute(
        sql`select hash, created_at, (select count(*) from drizzle.__drizzle_migrations) as applied
            from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    return row ? { hash: row.hash, createdAt: row.created_at, applied: row.applied } : undefined;
  },

  /** The rows of every table of the database ("schema.table" → rows), in one statement (one snapshot). */
  async tableCounts(): Promise<Record<string, number>> {
    const tables = parseRows(
      tableRowSchema,
      await db.execute(sql`
        select n.nspname as schema, c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and ${userSchema('n.nspname')}
        order by 1, 2`),
    );
    if (tables.length === 0) return {};
    const counts = tables.map(
      ({ schema, name }) =>
        sql`select ${`${schema}.${name}`}::text as name, count(*) as rows from ${sql.identifier(schema)}.${sql.identifier(name)}`,
    );
    const rows = parseRows(countRowSchema, await db.execute(sql.join(counts, sql` union all `)));
    return Object.fromEntries(rows.map((row) => [row.name, row.rows]));
  },

  /** `select version()`: "PostgreSQL 15.20 (Debian …) on x86_64…", "PostgreSQL 18.6 (PGlite 0.5.16) on wasm32…". */
  async version(): Promise<string> {
    const [row] = parseRows(z.object({ version: z.string() }), await db.execute(sql`select version() as version`));
    return row?.version ?? 'PostgreSQL';
  },

  /** The server's major version (15 for 15.20). */
  async serverMajor(): Promise<number> {
    const [row] = parseRows(
      z.object({ num: z.coerce.number().int() }),
      await db.execute(sql`select current_setting('server_version_num')::int as num`),
    );
    return Math.floor((row?.num ?? 0) / 10_000);
  },

  /** Writes every changed page to the data files: a copy of the files then needs little recovery. */
  async checkpoint(): Promise<void> {
    await db.execute(sql`checkpoint`);
  },

  /** In a repeatable-read transaction: its snapshot's name, for pg_dump --snapshot (same rows as this transaction's). */
  async exportSnapshot(): Promise<string> {
    const [row] = parseRows(z.object({ id: z.string() }), await db.execute(sql`select pg_export_snapshot() as id`));
    if (!row) throw new Error('pg_export_snapshot answered nothing');
    return row.id;
  },

  /** Other sessions on this database (servers, tools): a restore must be alone. */
  async otherSessions(): Promise<number> {
    const [row] = parseRows(
      z.object({ n: z.coerce.number().int() }),
      await db.execute(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      ),
    );
    return row?.n ?? 0;
  },

  /** The schemas, the objects in them (relations, types, functions) and the extensions the database holds. */
  async contents(): Promise<DatabaseContents> {
    const schemas = parseRows(
      z.object({ name: z.string() }),
      await db.execute(sql`select nspname as name from pg_namespace where ${userSchema('nspname')} order by 1`),
    ).map((row) => row.name);
    const [objects] = parseRows(
      z.object({ n: z.coerce.number().int() }),
      await db.execute(sql`
        select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${userSchema('n.nspname')})
             + (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace
                where t.typtype in ('e', 'd', 'r', 'm') and ${userSchema('n.nspname')})
             + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where ${userSchema('n.nspname')}) as n`),
    );
    const extensions = parseRows(
      z.object({ name: z.string() }),
      await db.execute(sql`select extname as name from pg_extension where extname <> 'plpgsql' order by 1`),
    ).map((row) => row.name);
    return { schemas, objects: objects?.n ?? 0, extensions };
  },
});
export type BackupRepository = ReturnType<typeof createBackupRepository>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The statements a forced restore runs first, in the restore's one transaction (psql --single-transaction): every
 * extension but plpgsql and every schema of the database dropped with all they hold, then an empty `public`.
 */
export const clearDatabaseScript = ({ schemas, extensions }: Pick<DatabaseContents, 'schemas' | 'extensions'>): string =>
  [
    ...extensions.map((name) => `DROP EXTENSION IF EXISTS ${quoted(name)} CASCADE;`),
    ...schemas.map((name) => `DROP SCHEMA IF EXISTS ${quoted(name)} CASCADE;`),
    'CREATE SCHEMA public;',
    '',
  ].join('\n');
