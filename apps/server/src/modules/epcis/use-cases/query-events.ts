import { fieldError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import { queryTooLarge, readingQuery } from '../epcis.problem.js';
import { parseSimpleEventQuery, type RawQuery, type SimpleEventQuery } from '../epcis.query.js';
import type { EpcisQueriesRepository, QueryScope, StoredEvent } from '../epcis-queries.repository.js';

export const PER_PAGE = 30;
export const MAX_PER_PAGE = 1000;

/** A page's position: after an event id (in recorded order) or at an offset (orderBy). Opaque to clients. */
type Cursor = { afterId: number } | { offset: number };
const encode = (c: Cursor) => Buffer.from('afterId' in c ? `e${c.afterId}` : `o${c.offset}`).toString('base64url');
const decode = (token: string): Cursor => {
  const m = /^([eo])(\d{1,15})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!m) throw fieldError('nextPageToken', 'epcis.bad_page_token');
  return m[1] === 'e' ? { afterId: Number(m[2]) } : { offset: Number(m[2]) };
};
const perPageOf = (v: unknown) => {
  if (v === undefined || v === null || v === '') return PER_PAGE;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE)
    throw fieldError('perPage', msg('common.at_most', { max: MAX_PER_PAGE }));
  return n;
};

export type EventsPage = { events: Record<string, unknown>[]; next: string | null };

/**
 * Runs a SimpleEventQuery (section 8.2.7.1) for a user: the events they see that match every parameter, in the order
 * asked (orderBy/orderDirection; else as recorded), at most eventCountLimit of them, or a QueryTooLargeException when
 * more than maxEventCount match; paged (perPage, nextPageToken).
 */
export const runEventQuery = async (
  repo: Pick<EpcisQueriesRepository, 'searchEvents' | 'countEvents'>,
  scope: QueryScope,
  query: SimpleEventQuery,
  { perPage, nextPageToken }: { perPage?: unknown; nextPageToken?: unknown },
): Promise<EventsPage> => {
  const size = perPageOf(perPage);
  const cursor: Cursor =
    typeof nextPageToken === 'string' && nextPageToken ? decode(nextPageToken) : query.orderBy ? { offset: 0 } : { afterId: 0 };
  if (query.maxEventCount !== null && !(typeof nextPageToken === 'string' && nextPageToken)) {
    const matching = await repo.countEvents(scope, query, query.maxEventCount + 1);
    if (matching > query.maxEventCount) throw queryTooLarge(query.maxEventCount);
  }
  const offset = 'offset' in cursor ? cursor.offset : 0;
  const remaining = query.eventCountLimit === null ? size : Math.min(size, query.eventCountLimit - offset);
  if (remaining <= 0) return { events: [], next: null };
  const rows: StoredEvent[] = await repo.searchEvents(scope, query, {
    limit: remaining + 1,
    ...('afterId' in cursor ? { afterId: cursor.afterId } : { offset }),
  });
  const page = rows.slice(0, remaining);
  const last = page.at(-1);
  const more = rows.length > remaining && (query.eventCountLimit === null || offset + page.length < query.eventCountLimit);
  const next = more && last ? encode(query.orderBy ? { offset: offset + page.length } : { afterId: last.id }) : null;
  return { events: page.map((r) => r.document), next };
};

/** GET /epcis/events (and its sub-resources): the query string's SimpleEventQuery parameters, paged. */
export const queryEvents = async (
  repo: Pick<EpcisQueriesRepository, 'searchEvents' | 'countEvents'>,
  user: QueryScope,
  raw: RawQuery,
): Promise<EventsPage> => {
  const query = readingQuery(() => parseSimpleEventQuery(raw));
  return runEventQuery(repo, user, query, { perPage: raw.perPage, nextPageToken: raw.nextPageToken });
};
