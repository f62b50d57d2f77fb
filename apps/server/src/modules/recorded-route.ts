import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, currentUser } from '../plugins/auth.js';

/**
 * The handler of an idempotent POST at a location (`/locations/:id/…`, a handheld's count or receipt, a pick):
 * `record(user, { locationId, body })`, then 201 with `answerOf` what it made, or 200 with what an earlier call with the
 * same client id had made. `answerSchema` is the route's 200/201 schema: it types `answerOf` (the reply here is untyped).
 */
export const recordAtLocation =
  <Body, Recorded extends { isCreated: boolean }, Answer extends z.ZodType>(
    _answerSchema: Answer,
    record: (user: AuthUser, input: { locationId: number; body: Body }) => Promise<Recorded>,
    answerOf: (recorded: Recorded) => z.input<Answer>,
  ) =>
  async (request: FastifyRequest & { params: { id: number }; body: Body }, reply: FastifyReply) => {
    const recorded = await record(currentUser(request), { locationId: request.params.id, body: request.body });
    return reply.code(recorded.isCreated ? 201 : 200).send(answerOf(recorded));
  };
