import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Language } from '../i18n/messages.js';
import { type ExportRows, exportOptionsOf, sendExport } from '../lib/export/reply.js';
import type { ExportTable, Words } from '../lib/export/table.js';
import { type AuthUser, currentUser } from '../plugins/auth.js';
import type { Declarer, RouteDecl, ZodApp } from './route.js';

/**
 * One file route (CSV or xlsx, lib/export): its summary, its role limit, its path parameters (if any), its query (with
 * `exportQuerySchema`'s `format` and `lang`) and, when it declares them, its answers.
 */
export type ExportDecl<P extends z.ZodType, Q extends z.ZodType> = {
  summary: string;
  maxRole?: number;
  params?: P;
  querystring: Q;
  response?: RouteDecl['response'];
};

/** What the fetch of a file gets besides the user: the validated path parameters and query. */
export type ExportInput<P extends z.ZodType, Q extends z.ZodType> = { params: z.output<P>; query: z.output<Q> };

/** The file a route sends: its table, its download name, its rows and the time zone its times are written in. */
export type ExportFile<R> = { table: ExportTable<R>; name: Words; rows: ExportRows<R>; timeZone: string };

/**
 * The file routes of a module: `getExport(url, { summary, maxRole, params, querystring }, fetch)` declares `GET url`
 * sending the file `fetch(user, { params, query })` gives, in the format and language the request asks
 * (`exportOptionsOf`: `defaultLanguage` when it names none).
 */
export const exportGetter =
  (app: ZodApp, route: Declarer, defaultLanguage: Language) =>
  <P extends z.ZodType, Q extends z.ZodType, R>(
    url: string,
    { params, ...decl }: ExportDecl<P, Q>,
    fetch: (user: AuthUser, input: ExportInput<P, Q>) => Promise<ExportFile<R>>,
  ): void => {
    app.get(url, route({ ...decl, ...(params ? { params } : {}) }), async (request: FastifyRequest, reply) => {
      // Fastify has validated the parameters and the query against these very schemas before the handler runs.
      const input = { params: request.params, query: request.query } as ExportInput<P, Q>;
      const { timeZone, ...file } = await fetch(currentUser(request), input);
      return sendExport(reply, { ...file, options: exportOptionsOf(request, { timeZone, defaultLanguage }) });
    });
  };
