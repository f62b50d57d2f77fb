import { sessionParamsSchema, sessionSchema, sessionsRevokedSchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createSessionsRepository } from './sessions.repository.js';
import { listSessions } from './use-cases/list-sessions.js';
import { revokeOtherSessions } from './use-cases/revoke-other-sessions.js';
import { revokeSession } from './use-cases/revoke-session.js';

/**
 * A user's own sessions (issue 29, docs/sessions.md): the list, ending one, ending all the others. Only with a user's
 * own token (an API key is refused: it has no sessions).
 */
export const sessionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const route = routeDeclarer(['sessions']);
  const repo = createSessionsRepository(db);
  const clock = { now: () => new Date(), idleMs: config.security.sessionIdleMs };

  app.get(
    '/sessions/',
    route({
      summary: "The caller's open sessions, newest first (current: this request's); a user's own token only",
      userOnly: true,
      ok: z.array(sessionSchema),
    }),
    async (request) => listSessions({ ...clock, repo }, currentUser(request)),
  );

  app.delete(
    '/sessions/:id/',
    route({
      summary: "End one of the caller's sessions at once (another user's: 404); a user's own token only",
      userOnly: true,
      params: sessionParamsSchema,
      noContent: true,
    }),
    async (request, reply) => {
      await revokeSession({ repo }, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/revoke-others/',
    route({
      summary: "End every session of the caller but this one; a user's own token only",
      userOnly: true,
      ok: sessionsRevokedSchema,
    }),
    async (request) => revokeOtherSessions({ repo }, currentUser(request)),
  );
};
