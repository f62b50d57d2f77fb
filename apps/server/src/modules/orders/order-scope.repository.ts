import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Which orders a user may see: those of its company whose destination or origin is one of the
 * locations it sees (roles 1 and 2: every location of the company). A foreign order is 404.
 */
export const visibleOrders = (user: AuthUser): SQL => {
  const company = eq(orders.companyId, user.companyId);
  if (user.locationIds === null) return company;
  if (user.locationIds.length === 0) return sql`false`;
  return and(
    company,
    or(inArray(orders.destinationLocationId, user.locationIds), inArray(orders.originLocationId, user.locationIds)),
  ) as SQL;
};

/** The same scope in raw SQL over an order aliased `o`. */
export const visibleOrdersRaw = (user: AuthUser): SQL => {
  if (user.locationIds === null) return sql`o.company_id = ${user.companyId}`;
  if (user.locationIds.length === 0) return sql`false`;
  return sql`o.company_id = ${user.companyId} and (o.destination_location_id in ${user.locationIds} or o.origin_location_id in ${user.locationIds})`;
};

export { containsPattern } from '../../db/sql.js';
