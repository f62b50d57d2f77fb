import { idParamSchema } from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, currentUser } from '../plugins/auth.js';
import type { Declarer, RouteDecl, ZodApp } from './route.js';

/** One route answering one record by the id its URL names (`:id`): as `route` takes it, with the record's schema. */
export type RecordDecl<R extends z.ZodType> = {
  summary?: string;
  maxRole?: number;
  errors?: RouteDecl['errors'];
  ok: R;
};

/**
 * The one-record routes of a module: `getRecord(url, { summary, maxRole, ok }, read)` declares `GET url` with the
 * `:id` path parameter (idParamSchema), answering the record `read(user, id)` gives.
 */
export const recordGetter =
  (app: ZodApp, route: Declarer) =>
  <R extends z.ZodType>(url: string, decl: RecordDecl<R>, read: (user: AuthUser, id: number) => Promise<z.input<R>>): void => {
    app.get(url, route({ ...decl, params: idParamSchema }), async (request: FastifyRequest) => {
      // Fastify has validated the parameters against idParamSchema before the handler runs.
      const { id } = request.params as z.output<typeof idParamSchema>;
      return read(currentUser(request), id);
    });
  };
