import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, currentUser } from '../plugins/auth.js';
import type { Declarer, RouteDecl, ZodApp } from './route.js';

/** One create route: as `route` takes it, with the body it reads and the record it answers (201). */
export type CreatedDecl<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = {
  summary: string;
  maxRole?: number;
  errors?: RouteDecl['errors'];
  params?: P;
  body: B;
  created: R;
};

/** What the create of a route gets besides the user: the validated path parameters and body. */
export type CreatedInput<P extends z.ZodType, B extends z.ZodType> = { params: z.output<P>; body: z.output<B> };

/**
 * The create routes of a module: `postCreated(url, { summary, maxRole, params, body, created }, create)` declares
 * `POST url` answering 201 with the record `create(user, { params, body })` gives.
 */
export const createdPoster =
  (app: ZodApp, route: Declarer) =>
  <P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    url: string,
    decl: CreatedDecl<P, B, R>,
    create: (user: AuthUser, input: CreatedInput<P, B>) => Promise<z.input<R>>,
  ): void => {
    app.post(url, route(decl), async (request: FastifyRequest, reply) => {
      // Fastify has validated the parameters and the body against these very schemas before the handler runs.
      const input = { params: request.params, body: request.body } as CreatedInput<P, B>;
      return reply.status(201).send(await create(currentUser(request), input));
    });
  };
