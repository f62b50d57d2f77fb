import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { rowsOf } from './rows.js';

/** Lists over tables of millions of rows count exactly up to this many matches. */
export const EXACT_COUNT_LIMIT = 10_000;

/** The planner's row estimate of a query (the top node of `explain (format json)`). */
const estimatedRows = async (db: DbOrTx, query: SQL): Promise<number> => {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${query}`));
  const raw = row ? Object.values(row)[0] : undefined;
  // node-postgres parses the json column; PGlite may hand it over as text.
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
};

/**
 * The `count` of a page of a list that can match millions of rows (the items, the stock by tag):
 * exact up to EXACT_COUNT_LIMIT (a count that stops there, a few milliseconds), above it
 * PostgreSQL's estimate of the matching rows, which costs no scan. Counting a million rows
 * exactly on every page took longer than the page itself. The answer is never below what the
 * paging has seen, so `next` stays right: `seen` = offset + rows on the page, + 1 when the page
 * is full (there may be more). `rows` selects the matching rows (`select 1 from … where …`).
 */
export const cappedCount = async (db: DbOrTx, { rows, seen }: { rows: SQL; seen: number }): Promise<number> => {
  const [exact] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${rows} limit ${EXACT_COUNT_LIMIT + 1}) q`),
  );
  const n = Number(exact?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return n;
  return Math.max(n, seen, await estimatedRows(db, rows));
};

/** `seen` for cappedCount: the rows up to this page's end, one more when the page is full. */
export const seenRows = ({ offset, limit }: { offset: number; limit: number }, rowsOnPage: number): number =>
  offset + rowsOnPage + (rowsOnPage === limit ? 1 : 0);
