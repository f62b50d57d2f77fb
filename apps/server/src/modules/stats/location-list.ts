import { type SQL, sql } from 'drizzle-orm';

/** `(1, 2, 3)` for an `in` list; callers never pass an empty list. */
export const idList = (ids: readonly number[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** `column in (ids)`, or false for no location. */
export const inScope = (column: SQL, locationIds: readonly number[]): SQL =>
  locationIds.length === 0 ? sql`false` : sql`${column} in ${idList(locationIds)}`;
