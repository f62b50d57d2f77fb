import { errorBodySchema, identitySchema, loginBodySchema, loginResponseSchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthService } from './auth.service.js';
import { createLoginThrottle } from './login-throttle.js';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const repo = createAuthRepository(db);
  const service = createAuthService({
    db,
    repo,
    throttle: createLoginThrottle({ repo }),
    sessionMaxMs: config.security.sessionMaxMs,
  });
  const tags = ['auth'];

  app.post(
    '/authtoken/',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in: email and password → token',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => service.login({ ...request.body, clientIp: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
  );

  app.get('/identity/', { config: { userOnly: true }, schema: { tags, response: { 200: identitySchema } } }, async (request) =>
    service.identity(currentUser(request)),
  );

  app.post(
    '/logout/',
    { config: { userOnly: true }, schema: { tags, response: { 200: z.object({ detail: z.string() }) } } },
    async (request) => {
      await service.logout(currentUser(request));
      return { detail: 'Signed out.' };
    },
  );
};
