import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type CountScope, runCounting } from '../db/counts.js';

export type PageParams = { limit: number; offset: number };
export type PageResult<T> = {
  count: number;
  /** Present (true) when `count` is PostgreSQL's estimate, beyond the exact count's cap (db/counts.ts). */
  count_is_estimate?: true;
  next: string | null;
  previous: string | null;
  results: T[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** EXACT_COUNT_LIMIT: a list's `count` is exact up to this many rows, then an estimate (db/counts.ts). */
    exactCountLimit: number;
  }
  interface FastifyRequest {
    /** The request's counting (db/counts.ts): its cap, and whether a list count of it was an estimate. */
    listCounts: CountScope | null;
  }
}

/**
 * The preHandler hook that runs every handler in its own count scope (the server's EXACT_COUNT_LIMIT), so the list
 * queries it makes count by the lists' policy and toPage can tell an estimated count.
 */
export const countScopeHook = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
  const scope: CountScope = { exactUpTo: request.server.exactCountLimit, estimated: false };
  request.listCounts = scope;
  runCounting(scope, done);
};

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export const pageParams = (query: { limit?: number; offset?: number }, defaultLimit = DEFAULT_PAGE_SIZE): PageParams => ({
  limit: Math.min(Math.max(query.limit ?? defaultLimit, 1), MAX_PAGE_SIZE),
  offset: Math.max(query.offset ?? 0, 0),
});

/**
 * Where absolute links point: PUBLIC_URL when set (its origin and path prefix); otherwise the protocol and host
 * of the request as this server sees it, which follow `X-Forwarded-Proto/-Host` only from trusted proxies
 * (TRUST_PROXY). A Host that is no host name gives relative links.
 */
const linkBase = (request: FastifyRequest): string => {
  const base = request.server.publicUrl;
  if (base) return `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const origin = `${request.protocol}://${request.host}`;
  const url = URL.canParse(origin) ? new URL(origin) : null;
  return url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password ? url.origin : '';
};

const withPaging = (request: FastifyRequest, limit: number, offset: number): string => {
  const base = linkBase(request);
  // The path is appended to the base (never resolved against it: `//other.host/…` stays on this host).
  const url = new URL(`${base || 'http://relative.invalid'}${request.url}`);
  url.searchParams.set('limit', String(limit));
  if (offset > 0) url.searchParams.set('offset', String(offset));
  else url.searchParams.delete('offset');
  return base ? url.toString() : `${url.pathname}${url.search}`;
};

/** DRF's LimitOffsetPagination answer, with absolute next/previous URLs. */
export const toPage = <T>(
  request: FastifyRequest,
  { limit, offset }: PageParams,
  count: number,
  results: T[],
): PageResult<T> => ({
  count,
  ...(request.listCounts?.estimated ? { count_is_estimate: true as const } : {}),
  next: offset + limit < count ? withPaging(request, limit, offset + limit) : null,
  previous: offset > 0 ? withPaging(request, limit, Math.max(offset - limit, 0)) : null,
  results,
});

/** What a list query answers: the rows of one page and the count of all (services name the rows either way). */
export type Counted<T> = { count: number; results: T[] } | { count: number; rows: T[] };

/**
 * A paged list answer: reads `limit` and `offset` of the request (default page size `defaultLimit`), fetches that
 * page and answers it in DRF's LimitOffsetPagination shape.
 */
export const listPage = async <T>(
  request: FastifyRequest & { query: { limit?: number; offset?: number } },
  defaultLimit: number,
  fetch: (page: PageParams) => Promise<Counted<T>>,
): Promise<PageResult<T>> => {
  const page = pageParams(request.query, defaultLimit);
  const found = await fetch(page);
  return toPage(request, page, found.count, 'results' in found ? found.results : found.rows);
};
