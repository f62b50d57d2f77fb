import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById, rowById } from '../../db/company-rows.js';
import { companies, locations } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type ColumnLike, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * The one location-scope rule every module uses: a user sees the locations of its company,
 * and, below role 2, only those assigned to it. Foreign ids answer 404, never 403, so ids of
 * other companies are not disclosed.
 */
export const visibleLocations = (user: AuthUser): SQL => {
  const company = eq(locations.companyId, user.companyId);
  if (user.locationIds === null) return company;
  if (user.locationIds.length === 0) return sql`false`;
  return and(company, inArray(locations.id, user.locationIds)) as SQL;
};

/**
 * The row `recordId` of `query` (its columns, from and joins, built with `.$dynamic()`; `id` its id column), if it is in
 * the user's locations (visibleLocations).
 */
export const visibleRow = <Q extends PgSelect>(
  query: Q,
  id: PgColumn,
  user: AuthUser,
  recordId: number,
): Promise<Awaited<Q>[number] | undefined> => rowById(query, id, recordId, visibleLocations(user));

/** How a list query reads its rows: the filters it may use (`filters`), the fields it may order by (`order`, `fallback` after). */
export type ListQuerySpec = { filters: FilterSpec; order: Record<string, ColumnLike>; fallback: SQL[] };

/**
 * The list page, every row and the one record of rows read within the user's locations (visibleLocations): `base` selects them (its
 * columns, from and joins, `.$dynamic()`), `id` is their id column.
 */
export const visibleRecords = <Q extends PgSelect>(db: DbOrTx, base: () => Q, id: PgColumn) => ({
  /** A page of the rows the user sees that meet `conditions` and the list query's filters too, in its order (ListQuerySpec). */
  list: (
    user: AuthUser,
    query: Record<string, unknown> & { order_by?: string },
    page: PageParams,
    { filters, order, fallback }: ListQuerySpec,
    conditions: (SQL | undefined)[] = [],
  ) =>
    pageOf(
      db,
      base().where(and(visibleLocations(user), ...conditions, buildFilters(query, filters))),
      buildOrderBy(query.order_by, order, fallback),
      page,
    ),
  /** Every row the user sees that meets `conditions` too, in `order`. */
  all: async (user: AuthUser, conditions: (SQL | undefined)[], order: (PgColumn | SQL)[]): Promise<Awaited<Q>> =>
    await base()
      .where(and(visibleLocations(user), ...conditions))
      .orderBy(...order),
  /** The row `recordId`, if the user sees it. */
  one: (user: AuthUser, recordId: number) => visibleRow(base(), id, user, recordId),
});

/** The location `locationId` if the user may see it. */
export const findVisibleLocation = (db: DbOrTx, user: AuthUser, locationId: number) =>
  visibleRow(db.select().from(locations).$dynamic(), locations.id, user, locationId);

/** The locations `ids` of the company (others left out), by code: id, code and description. */
export const companyLocationsByIds = async (db: DbOrTx, companyId: number, ids: number[]) => {
  if (!ids.length) return [];
  return db
    .select({ id: locations.id, code: locations.code, description: locations.description })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)))
    .orderBy(locations.code);
};

/** The time zone of a location of the company, if it is one. */
export const timeZoneOfLocation = async (db: DbOrTx, companyId: number, locationId: number): Promise<string | undefined> => {
  const query = db.select({ timeZone: locations.timeZone }).from(locations).$dynamic();
  return (await companyRowById(query, locations, { companyId, id: locationId }))?.timeZone;
};

/** The company's time zone (the default of its new locations), or undefined for an unknown company. */
export const timeZoneOfCompany = async (db: DbOrTx, companyId: number): Promise<string | undefined> => {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.timeZone;
};
