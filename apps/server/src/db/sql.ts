import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { PageParams } from '../http/paging.js';
import type { DbOrTx } from './client.js';
import { listCount } from './counts.js';

/** SQL pieces shared by the repositories (the only place with queries, docs/design.md §3). */

/** A LIKE pattern's special characters escaped (`\`, `%`, `_`), for `ilike ${`%${escapeLike(v)}%`}`. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `(1, 2, 3)` for an `in` list; callers never pass an empty list. */
export const idList = (ids: readonly number[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** `column in (ids)`, or false for no location. */
export const inScope = (column: SQL, locationIds: readonly number[]): SQL =>
  locationIds.length === 0 ? sql`false` : sql`${column} in ${idList(locationIds)}`;

/** A `like` pattern matching `value` anywhere (its `%`, `_` and `\` taken literally). */
export const containsPattern = (value: string): string => `%${escapeLike(value)}%`;

/**
 * A page of a list query: its rows in `order`, `page.limit` of them from `page.offset`, and how many rows `query`
 * (its from, joins and where, built with `.$dynamic()`) has in all by the lists' count policy (listCount: none
 * counted when the page ends the list, exact up to a cap, then PostgreSQL's estimate).
 */
export const pageOf = async <Q extends PgSelect>(
  db: DbOrTx,
  query: Q,
  order: (PgColumn | SQL | SQL.Aliased)[],
  page: PageParams,
) => {
  // The matching rows before the paging is added (a dynamic query's builders change it in place).
  const matching = query.getSQL();
  const rows: Awaited<Q> = await query
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: await listCount(db, { rows: matching, page, rowsOnPage: rows.length }), rows };
};
