import { pageOf } from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, currentUser } from '../plugins/auth.js';
import { type Counted, listPage, type PageParams } from './paging.js';
import type { Declarer, RouteDecl, ZodApp } from './route.js';

type PageQuery = { limit?: number; offset?: number };

/**
 * One paged list route: its summary, its role limit and error answers (as `route` takes them), its path parameters
 * (if any), its query, the schema of one row and its page size.
 */
export type PagedDecl<P extends z.ZodType, Q extends z.ZodType<PageQuery>, R extends z.ZodType> = {
  summary: string;
  maxRole?: number;
  errors?: RouteDecl['errors'];
  params?: P;
  querystring: Q;
  row: R;
  pageSize: number;
};

/** What the fetch of a paged list gets besides the user: the validated path parameters and query. */
export type PagedInput<P extends z.ZodType, Q extends z.ZodType> = { params: z.output<P>; query: z.output<Q> };

/**
 * The paged list routes of a module: `pagedGet(url, { summary, params, querystring, row, pageSize }, fetch)` declares
 * `GET url` answering `pageOf(row)` (DRF's LimitOffsetPagination, `pageSize` rows by default) with the rows
 * `fetch(user, { params, query }, page)` finds.
 */
export const pagedGetter =
  (app: ZodApp, route: Declarer) =>
  <P extends z.ZodType, Q extends z.ZodType<PageQuery>, R extends z.ZodType>(
    url: string,
    { params, row, pageSize, ...decl }: PagedDecl<P, Q, R>,
    fetch: (user: AuthUser, input: PagedInput<P, Q>, page: PageParams) => Promise<Counted<z.output<R>>>,
  ): void => {
    app.get(url, route({ ...decl, ...(params ? { params } : {}), ok: pageOf(row) }), async (request: FastifyRequest) => {
      // Fastify has validated the parameters and the query against these very schemas (Q's rows are a PageQuery).
      const input = { params: request.params, query: request.query } as PagedInput<P, Q>;
      const paged = request as FastifyRequest & { query: PageQuery };
      return listPage(paged, pageSize, (page) => fetch(currentUser(request), input, page));
    });
  };
