import type { FastifyInstance } from 'fastify';
import type { ReadRouter } from '../db/read-replica.js';
import { SAFE_METHODS } from './methods.js';

/**
 * Each request's reads through `readDb` (docs/read-replicas.md): a GET's go to the read replica or the primary as the
 * router decides once for the whole request; a write request's (POST, PUT, PATCH, DELETE) to the primary, so that it
 * reads what it wrote. A user's write answered here sends their next reads to the primary until the replica has it
 * (read-your-writes, in this process). Registered after the auth plugin: the user is known at preHandler.
 */
export const readRoutingHooks = (app: FastifyInstance, router: ReadRouter): void => {
  app.addHook('preHandler', (request, _reply, done) => {
    router.runRequest(request.user?.id, !SAFE_METHODS.has(request.method), done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user && !SAFE_METHODS.has(request.method) && reply.statusCode < 400) router.noteWrite(request.user.id);
    done(null, payload);
  });
};
