import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';

/** A table whose rows belong to one company: an `id` and a `company_id` column. */
type CompanyTable = { id: PgColumn; companyId: PgColumn };

/**
 * The row of `table` with this id, if it is the company's (another company's row is not found, as a missing one), from
 * `query` (its columns and from, built with `.$dynamic()`): `where (id = $1 and company_id = $2) limit 1`.
 */
export const companyRowById = async <Q extends PgSelect>(
  query: Q,
  table: CompanyTable,
  { companyId, id }: { companyId: number; id: number | string },
): Promise<Awaited<Q>[number] | undefined> => {
  const rows: Awaited<Q> = await query.where(and(eq(table.id, id), eq(table.companyId, companyId))).limit(1);
  return rows[0];
};
