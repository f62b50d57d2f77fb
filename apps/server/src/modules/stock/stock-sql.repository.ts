import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { idList } from '../../db/sql.js';
import type { AuthUser } from '../../plugins/auth.js';

/** SQL pieces shared by the stock module's repositories (stock, boxes, minimums), and the row schemas of their raw SQL. */

/** Column schemas of raw rows (node-postgres answers bigint and numeric as text, PGlite as numbers). */
export const col = {
  int: z.coerce.number(),
  intOrNull: z.coerce.number().nullable(),
  text: z.string(),
  textOrNull: z.string().nullable(),
  instant: z.coerce.date(),
  instantOrNull: z.coerce.date().nullable(),
};

/** `select count(*) as n`: the count. */
export const countOf = (result: unknown): number => parseRows(z.object({ n: col.int }), result)[0]?.n ?? 0;
export { containsPattern as contains } from '../../db/sql.js';

/** Locations the user sees, as a condition on `locations l` (the one scope rule, location-scope.ts). */
export const locationScope = (user: AuthUser, alias = sql`l`): SQL => {
  const company = sql`${alias}.company_id = ${user.companyId}`;
  if (user.locationIds === null) return company;
  if (user.locationIds.length === 0) return sql`false`;
  return sql`${company} and ${alias}.id in ${user.locationIds}`;
};

/**
 * Which areas a query covers: one area, the areas of one location, or the areas of every
 * location the user sees. As SQL: a list of area ids (a subquery or a constant).
 */
export type AreaSet =
  | { kind: 'area'; areaId: number }
  | { kind: 'location'; locationId: number }
  | { kind: 'visible'; user: AuthUser };

export const areaIdsOf = (set: AreaSet): SQL => {
  switch (set.kind) {
    case 'area':
      return sql`(${set.areaId})`;
    case 'location':
      return sql`(select a.id from areas a where a.location_id = ${set.locationId})`;
    case 'visible':
      return sql`(select a.id from areas a join locations l on l.id = a.location_id where ${locationScope(set.user)})`;
    default: {
      const exhaustive: never = set;
      throw new Error(`unknown area set ${String(exhaustive)}`);
    }
  }
};

/**
 * The areas of `set` as a constant list `(1, 2, 3)`, read first. The stock views aggregate per area: a constant
 * list is pushed down into them (an index scan of the areas' rows), a subquery is not (the whole stock aggregated,
 * then filtered: 41 ms against 3 ms on the scale bench's stock).
 */
export const areaIdList = async (db: DbOrTx, set: AreaSet): Promise<SQL> => {
  if (set.kind === 'area') return sql`(${set.areaId})`;
  const ids = parseRows(
    z.object({ id: col.int }),
    await db.execute(sql`select a.id from areas a where a.id in ${areaIdsOf(set)}`),
  );
  return ids.length === 0 ? sql`(null::int)` : idList(ids.map((r) => r.id));
};
