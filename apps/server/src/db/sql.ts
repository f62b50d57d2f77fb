import { type SQL, sql } from 'drizzle-orm';

/** SQL pieces shared by the repositories (the only place with queries, DESIGN.md section 3). */

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
