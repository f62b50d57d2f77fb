import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';

/** A table whose rows belong to one company: an `id` and a `company_id` column. */
type CompanyTable = { id: PgColumn; companyId: PgColumn };

/**
 * The row `recordId` of `query` (its columns, from and joins, built with `.$dynamic()`; `id` its id column) if it also
 * meets `scope`: `where (id = $1 and <scope>) limit 1`. The one lookup behind a company's row and a visible row.
 */
export const rowById = async <Q extends PgSelect>(
  query: Q,
  id: PgColumn,
  recordId: number | string,
  scope: SQL,
): Promise<Awaited<Q>[number] | undefined> => {
  const rows: Awaited<Q> = await query.where(and(eq(id, recordId), scope)).limit(1);
  return rows[0];
};

/**
 * The row of `table` with this id, if it is the company's (another company's row is not found, as a missing one), from
 * `query` (its columns and from, built with `.$dynamic()`): `where (id = $1 and company_id = $2) limit 1`.
 */
export const companyRowById = <Q extends PgSelect>(
  query: Q,
  table: CompanyTable,
  { companyId, id }: { companyId: number; id: number | string },
): Promise<Awaited<Q>[number] | undefined> => rowById(query, table.id, id, eq(table.companyId, companyId));
