import type { EpcisPagingQuery } from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import { MAX_PER_PAGE, PER_PAGE } from './query-events.js';

/** A list's page size: `perPage` (1 … MAX_PER_PAGE), PER_PAGE when not given; 400 on perPage otherwise. */
const perPageOf = (v: string | undefined): number => {
  if (!v) return PER_PAGE;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE)
    throw fieldError('perPage', msg('common.at_most', { max: MAX_PER_PAGE }));
  return n;
};

/** How a list's page tokens name a position in it (`positionOf`) and are made from its last row (`tokenOf`). */
export type PageTokens<R, P> = { positionOf: (token: string) => P; tokenOf: (row: R) => string };

/**
 * The tokens of the capture jobs: `e` and the id of the page's last job, base64url (opaque to the client); 400 on
 * nextPageToken when a token names no job.
 */
export const captureTokens: PageTokens<{ id: number }, number> = {
  positionOf: (token) => {
    const m = /^e(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
    if (!m) throw fieldError('nextPageToken', 'epcis.bad_page_token');
    return Number(m[1]);
  },
  tokenOf: (row) => Buffer.from(`e${row.id}`).toString('base64url'),
};

/** The tokens of a vocabulary: its page's last value, base64url. */
export const valueTokens: PageTokens<string, string> = {
  positionOf: (token) => Buffer.from(token, 'base64url').toString(),
  tokenOf: (value) => Buffer.from(value).toString('base64url'),
};

/**
 * A page of a list read by position (newest-first ids, values in order): `read` asks for one row more than the page
 * (`limit` = perPage + 1) after the position the query's nextPageToken names (`positionOf`; none on the first page);
 * `next` is the token of the page's last row (`tokenOf`) when that row more was there.
 */
export const positionedPage = async <R, P>(
  query: EpcisPagingQuery,
  { positionOf, tokenOf }: PageTokens<R, P>,
  read: (position: P | undefined, limit: number) => Promise<R[]>,
): Promise<{ page: R[]; next: string | null }> => {
  const perPage = perPageOf(query.perPage);
  const rows = await read(query.nextPageToken ? positionOf(query.nextPageToken) : undefined, perPage + 1);
  const page = rows.slice(0, perPage);
  const last = page.at(-1);
  return { page, next: rows.length > perPage && last ? tokenOf(last) : null };
};
