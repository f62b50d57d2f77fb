import { streamTicketSchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser, loadSessionUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createSessionsRepository } from '../sessions/sessions.repository.js';
import { issueStreamTicket } from '../sessions/use-cases/issue-stream-ticket.js';
import { redeemStreamTicket } from '../sessions/use-cases/redeem-stream-ticket.js';
import type { LiveHub } from './live.service.js';

const lastEventId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const streamQuerySchema = z.object({
  /**
   * A one-time ticket (POST /api/events/ticket/), for clients that cannot send `Authorization` (a browser's
   * EventSource). A session's token is never taken from the URL (issue 29).
   */
  ticket: z.string().max(200).optional(),
  /** Resume after this event (the `Last-Event-ID` header wins; EventSource sends it when it reconnects). */
  last_event_id: lastEventId.optional(),
});

const streamHeadersSchema = z.object({ 'last-event-id': lastEventId.optional() }).passthrough();

/**
 * `GET /api/events/stream`: the user's live updates as Server-Sent Events (issue 17 item 5; live.service.ts). By
 * `Authorization` (a token or an API key), or `?ticket=` (a one-time ticket of POST /api/events/ticket/, taken on
 * use); only events of the locations the user sees; a comment line every 15 s; `Last-Event-ID` (or `?last_event_id=`)
 * replays what came after it.
 */
export const liveRoutes: FastifyPluginAsyncZod<ModuleDeps & { live: LiveHub }> = async (app, { live, db, config }) => {
  const sessions = createSessionsRepository(db);
  const idleMs = config.security.sessionIdleMs;
  const now = () => new Date();
  const route = routeDeclarer(['live']);

  app.post(
    '/events/ticket/',
    route({
      summary:
        "A one-time ticket for the live stream (`GET /api/events/stream?ticket=`), good for 60 s and one stream; a user's own token only",
      userOnly: true,
      ok: streamTicketSchema,
    }),
    async (request) => issueStreamTicket({ repo: sessions, now }, currentUser(request)),
  );

  app.get(
    '/events/stream',
    {
      // Authenticated here: by the request's credentials (plugins/auth.ts) or by the ticket.
      // Long-lived: not one of the requests served at once (http/load-shedding.ts).
      config: { public: true, longLived: true },
      schema: {
        tags: ['live'],
        summary:
          'Live updates (Server-Sent Events): `data` is {id, topic, location, payload, at}; heartbeats are comment lines; resume with Last-Event-ID',
        querystring: streamQuerySchema,
        headers: streamHeadersSchema,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const { ticket } = request.query;
      const user =
        request.user ??
        (ticket
          ? await redeemStreamTicket(
              { repo: sessions, now, sessionUser: (userId, sessionId) => loadSessionUser(db, userId, sessionId, idleMs) },
              ticket,
            )
          : null);
      if (!user) throw new AppError('UNAUTHENTICATED', { message: 'auth.no_credentials' });
      const after = request.headers['last-event-id'] ?? request.query.last_event_id ?? null;
      const { stream, close } = await live.open({ companyId: user.companyId, locationIds: user.locationIds }, after);
      reply.raw.once('close', close);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The connection is this stream's alone: it closes with it (a server that stops ends the stream, and its close
          // must not then wait for the keep-alive timeout of an idle socket).
          .header('connection', 'close')
          .send(stream)
      );
    },
  );
};
