import {
  errorBodySchema,
  identitySchema,
  loginBodySchema,
  loginResponseSchema,
  mfaEnrolBodySchema,
  mfaEnrolConfirmBodySchema,
  mfaEnrolConfirmedSchema,
  mfaLoginBodySchema,
  sessionResponseSchema,
  totpEnrolmentSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import { refusePasswordIfSsoOnly } from '../sso/use-cases/password-sign-in.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthService } from './auth.service.js';
import { createLoginThrottle } from './login-throttle.js';
import { createMfaRepository } from './mfa.repository.js';
import { createSecondFactor } from './second-factor.js';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const repo = createAuthRepository(db);
  const mfaRepo = createMfaRepository(db);
  const throttle = createLoginThrottle({ repo });
  const secondFactor = createSecondFactor({ db, repo: mfaRepo, throttle, sessionMaxMs: config.security.sessionMaxMs });
  const service = createAuthService({
    repo,
    mfaRepo,
    throttle,
    secondFactor,
    passwordAllowed: (user) => refusePasswordIfSsoOnly(db, user),
  });
  const context = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    clientIp: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  const route = routeDeclarer(['auth']);

  app.post(
    '/authtoken/',
    route({
      public: true,
      summary:
        'Sign in: email and password (and the known-client token of an earlier sign-in) → token, or the second ' +
        "factor's step (mfa_required) or its enrolment (mfa_enrol_required). 429 with Retry-After while throttled.",
      body: loginBodySchema,
      ok: loginResponseSchema,
      errors: { 400: errorBodySchema, 429: errorBodySchema },
    }),
    async (request) => service.login({ ...request.body, ...context(request) }),
  );

  app.post(
    '/authtoken/mfa/',
    route({
      public: true,
      summary: "Sign in, second step: the challenge's mfa_token and a TOTP code or a recovery code → token (5 tries)",
      body: mfaLoginBodySchema,
      ok: sessionResponseSchema,
      errors: { 400: errorBodySchema },
    }),
    async (request) => secondFactor.verify(request.body, context(request)),
  );

  app.post(
    '/authtoken/mfa/enrol/',
    route({
      public: true,
      summary: 'Sign in, enrolment a company requires of its administrators: the TOTP secret, its URI and QR code',
      body: mfaEnrolBodySchema,
      ok: totpEnrolmentSchema,
      errors: { 400: errorBodySchema },
    }),
    async (request) => secondFactor.startEnrolment(request.body),
  );

  app.post(
    '/authtoken/mfa/enrol/confirm/',
    route({
      public: true,
      summary: 'Sign in, enrolment confirmed with the first code → the recovery codes (shown once) and the session',
      body: mfaEnrolConfirmBodySchema,
      ok: mfaEnrolConfirmedSchema,
      errors: { 400: errorBodySchema, 409: errorBodySchema },
    }),
    async (request) => secondFactor.confirmEnrolment(request.body, context(request)),
  );

  app.get('/identity/', route({ userOnly: true, response: { 200: identitySchema } }), async (request) =>
    service.identity(currentUser(request)),
  );

  app.post('/logout/', route({ userOnly: true, response: { 200: z.object({ detail: z.string() }) } }), async (request) => {
    await service.logout(currentUser(request));
    return { detail: 'Signed out.' };
  });
};
