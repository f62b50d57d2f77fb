import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import type { LiveHub } from './live.service.js';

const lastEventId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const streamQuerySchema = z.object({
  /** The user's token, for clients that cannot send `Authorization` (a browser's EventSource). */
  access_token: z.string().max(200).optional(),
  /** Resume after this event (the `Last-Event-ID` header wins; EventSource sends it when it reconnects). */
  last_event_id: lastEventId.optional(),
});

const streamHeadersSchema = z.object({ 'last-event-id': lastEventId.optional() }).passthrough();

/**
 * `GET /api/events/stream`: the user's live updates as Server-Sent Events (issue 17 item 5; live.service.ts). Token by
 * `Authorization: Token …` or `?access_token=`; only events of the locations the user sees; a comment line every 15 s;
 * `Last-Event-ID` (or `?last_event_id=`) replays what came after it.
 */
export const liveRoutes: FastifyPluginAsyncZod<ModuleDeps & { live: LiveHub }> = async (app, { live }) => {
  app.get(
    '/events/stream',
    {
      config: { tokenInQuery: true },
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
      const user = currentUser(request);
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
