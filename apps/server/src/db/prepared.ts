import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

const dialect = new PgDialect();

/**
 * A raw statement (`sql` with `sql.placeholder(name)` for its values) prepared under `name`: its text is built once,
 * and PostgreSQL parses and plans it once per connection instead of on every call (on PGlite the name is not used and
 * only the building is saved). A list of ids is one placeholder, `= any(${sql.placeholder('ids')}::int[])`, not an
 * `in (…)` list whose length would change the text. Warm, PostgreSQL's planning cost about as much as running the order
 * lists' aggregates and twice as much as running the dashboard's five figures (docs/performance-profile.md, "Prepared
 * statements").
 *
 * The answer is what `db.execute` answers (`{ rows }`): read it with `parseRows` (db/rows.ts).
 */
export const preparedStatement = (name: string, statement: SQL) => {
  const query = dialect.sqlToQuery(statement);
  return (db: DbOrTx, values: Record<string, unknown>): Promise<unknown> =>
    db._.session.prepareQuery(query, undefined, name, false).execute(values);
};

/**
 * `make(db)` once per database handle, then the same value for that handle: a drizzle query prepared with `.prepare(name)`
 * is bound to the handle it was built on (orders.repository.ts's order lists and their aggregates).
 */
export const perHandle = <T>(make: (db: DbOrTx) => T): ((db: DbOrTx) => T) => {
  const made = new WeakMap<DbOrTx, T>();
  return (db) => {
    const known = made.get(db);
    if (known !== undefined) return known;
    const value = make(db);
    made.set(db, value);
    return value;
  };
};
