import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, currentUser } from '../plugins/auth.js';
import type { Declarer, RouteDecl, ZodApp } from './route.js';

/** One delete route: as `route` takes it, with the path parameters that name what it deletes. */
export type DeletedDecl<P extends z.ZodType> = {
  summary: string;
  maxRole?: number;
  errors?: RouteDecl['errors'];
  params: P;
};

/**
 * The delete routes of a module: `deleteNoContent(url, { summary, maxRole, params, errors }, remove)` declares
 * `DELETE url` answering 204 (an empty body) once `remove(user, params)` is done.
 */
export const noContentDeleter =
  (app: ZodApp, route: Declarer) =>
  <P extends z.ZodType>(
    url: string,
    decl: DeletedDecl<P>,
    remove: (user: AuthUser, params: z.output<P>) => Promise<void>,
  ): void => {
    app.delete(url, route({ ...decl, noContent: true }), async (request: FastifyRequest, reply) => {
      // Fastify has validated the parameters against this very schema before the handler runs.
      const params = request.params as z.output<P>;
      await remove(currentUser(request), params);
      return reply.code(204).send(null);
    });
  };
