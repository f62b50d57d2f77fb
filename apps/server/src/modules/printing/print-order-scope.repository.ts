import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../plugins/auth.js';

const list = (values: readonly number[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * A print order the user may see: one of its company, and, below role 2, one for all locations (no location rows) or
 * for at least one location the user is assigned to. `po` is the print order's alias.
 */
export const visibleOrderSql = (user: AuthUser): SQL => {
  const company = sql`po.company_id = ${user.companyId}`;
  if (user.locationIds === null) return company;
  const forAll = sql`not exists (select 1 from print_order_locations pol where pol.print_order_id = po.id)`;
  if (user.locationIds.length === 0) return sql`${company} and ${forAll}`;
  return sql`${company} and (${forAll} or exists (select 1 from print_order_locations pol
    where pol.print_order_id = po.id and pol.location_id in (${list(user.locationIds)})))`;
};
