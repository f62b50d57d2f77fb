import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * A versioned write (docs/concurrency.md): one statement `update … set …, version = version + 1 where id = $1 [and
 * version = $2] returning version`, so no other edit can come between the check and the write. When it wrote nothing,
 * the record's version now tells a stale edit (another came first) from a record that is gone.
 */
export type VersionedWrite = { written: number } | { stale: number } | { missing: true };

/** A table of records with versions: its `id` and `version` columns. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * `update <table> set <values>, version = version + 1 where id = <id> [and version = <expected>] returning version`
 * (the condition only when the edit names the version it was made from), then, when no row was written, the record's
 * version now. `where` narrows the rows further (a scope), as part of the same statement.
 */
export const versionedUpdate = async <T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  { id, expected, values, where }: { id: number; expected: number | undefined; values: PgUpdateSetSource<T>; where?: SQL },
): Promise<VersionedWrite> => {
  const bumped = { ...values, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>;
  const written = (await db
    .update(table)
    .set(bumped)
    .where(and(eq(table.id, id), expected === undefined ? undefined : eq(table.version, expected), where))
    .returning({ version: table.version })) as { version: number }[];
  if (written[0]) return { written: written[0].version };
  const now = (await db
    .select({ version: table.version })
    .from(table as PgTable)
    .where(eq(table.id, id))) as {
    version: number;
  }[];
  return now[0] ? { stale: now[0].version } : { missing: true };
};
