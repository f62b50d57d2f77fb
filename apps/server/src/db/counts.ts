import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PageParams } from '../http/paging.js';
import type { DbOrTx } from './client.js';
import { rowsOf } from './rows.js';

/**
 * The count policy of every list (docs/adr/0004-list-counts.md): a list's `count` is exact up to this many matches
 * (EXACT_COUNT_LIMIT of the configuration), beyond it PostgreSQL's estimate, flagged `count_is_estimate`.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** One request's counting: how far its counts are exact, and whether one of them was estimated. */
export type CountScope = { exactUpTo: number; estimated: boolean };
const scopes = new AsyncLocalStorage<CountScope>();

/**
 * Runs `next` (the rest of a request: its handler) in `scope`: its counts are exact up to `scope.exactUpTo`, and
 * `scope.estimated` turns true when one was an estimate (toPage answers that as `count_is_estimate`). Outside a
 * scope counts are exact up to EXACT_COUNT_LIMIT and nobody is told.
 */
export const runCounting = (scope: CountScope, next: () => void): void => scopes.run(scope, next);

/** The planner's row estimate of a query (the top node of `explain (format json)`). */
const estimatedRows = async (db: DbOrTx, query: SQL | SQLWrapper): Promise<number> => {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${query}`));
  const raw = row ? Object.values(row)[0] : undefined;
  // node-postgres parses the json column; PGlite may hand it over as text.
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
};

/**
 * The `count` of a list page, by the one policy of every list (docs/adr/0004-list-counts.md):
 * - a page that is not full ends the list: the count is its offset + its rows, no count query;
 * - otherwise the matching rows are counted up to the scope's cap + 1 (`count(*)` over `… limit cap + 1`, at
 *   most cap + 1 rows read, a few milliseconds): at or below the cap that is the exact count;
 * - above the cap it is PostgreSQL's estimate of the matching rows (an `explain`, no scan), never below cap + 1
 *   nor below what the paging has seen (offset + rows, + 1 when the page is full), so `next` stays right (an
 *   empty page past the end answers at most its offset); the scope is told the count is an estimate.
 * `rows` selects the matching rows (`select 1 from … where …`, or the list query without its order and paging);
 * `rowsOnPage` = the rows the page query found at `page`.
 */
export const listCount = async (
  db: DbOrTx,
  {
    rows,
    page,
    rowsOnPage,
    exact: countUpTo,
  }: {
    rows: SQL | SQLWrapper;
    page: PageParams;
    rowsOnPage: number;
    /** The count up to `limit` rows by a prepared statement of the same rows (a hot list's), instead of `rows`'. */
    exact?: (limit: number) => Promise<number>;
  },
): Promise<number> => {
  const endsHere = rowsOnPage < page.limit && (rowsOnPage > 0 || page.offset === 0);
  if (endsHere) return page.offset + rowsOnPage;
  const scope = scopes.getStore();
  const cap = scope?.exactUpTo ?? EXACT_COUNT_LIMIT;
  const n = countUpTo
    ? await countUpTo(cap + 1)
    : Number(
        rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${rows} limit ${cap + 1}) q`))[0]?.n ?? 0,
      );
  if (n <= cap) return n;
  if (scope) scope.estimated = true;
  const seen = page.offset + rowsOnPage + (rowsOnPage === page.limit ? 1 : 0);
  const estimate = Math.max(n, seen, await estimatedRows(db, rows));
  // An empty page past the end (an offset typed by hand): the list has at most `offset` rows.
  return rowsOnPage === 0 ? Math.min(estimate, page.offset) : estimate;
};
