import type { FastifyRequest } from 'fastify';

export type PageParams = { limit: number; offset: number };
export type PageResult<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export const pageParams = (query: { limit?: number; offset?: number }, defaultLimit = DEFAULT_PAGE_SIZE): PageParams => ({
  limit: Math.min(Math.max(query.limit ?? defaultLimit, 1), MAX_PAGE_SIZE),
  offset: Math.max(query.offset ?? 0, 0),
});

const withPaging = (request: FastifyRequest, limit: number, offset: number): string => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('limit', String(limit));
  if (offset > 0) url.searchParams.set('offset', String(offset));
  else url.searchParams.delete('offset');
  return url.toString();
};

/** DRF's LimitOffsetPagination answer, with absolute next/previous URLs. */
export const toPage = <T>(
  request: FastifyRequest,
  { limit, offset }: PageParams,
  count: number,
  results: T[],
): PageResult<T> => ({
  count,
  next: offset + limit < count ? withPaging(request, limit, offset + limit) : null,
  previous: offset > 0 ? withPaging(request, limit, Math.max(offset - limit, 0)) : null,
  results,
});
