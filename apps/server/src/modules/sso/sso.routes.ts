import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  errorBodySchema,
  loginResponseSchema,
  Role,
  ssoCallbackQuerySchema,
  ssoConfigBodySchema,
  ssoConfigSchema,
  ssoExchangeBodySchema,
  ssoStartBodySchema,
  ssoStartResponseSchema,
} from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import { issueSession } from '../auth/sessions.js';
import type { ModuleDeps } from '../registry.js';
import { createOidcClient, type OidcClient } from './sso.provider.js';
import { createSsoRepository } from './sso.repository.js';
import { CALLBACK_PATH, callbackUrl, HANDOFF_PAGE } from './sso.rules.js';
import { exchangeSso } from './use-cases/exchange-sso.js';
import { finishSso } from './use-cases/finish-sso.js';
import { getSsoConfig } from './use-cases/get-sso-config.js';
import { saveSsoConfig } from './use-cases/save-sso-config.js';
import { startSso } from './use-cases/start-sso.js';

/** Module options: the tests may hand their own relying party (by default openid-client's, createOidcClient). */
export type SsoRouteOptions = ModuleDeps & { oidcClient?: OidcClient };

/**
 * Single sign-on with OpenID Connect (issue 29, docs/sso.md): the company administrator's configuration (role 1), and
 * the public sign-in through the company's provider: start → provider → callback → the sign-in page exchanges a
 * one-time code for its session.
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRouteOptions> = async (app, { db, config, oidcClient }) => {
  const route = routeDeclarer(['sso']);
  const repo = createSsoRepository(db);
  const client = oidcClient ?? createOidcClient();
  const now = () => new Date();
  /** The address the browser uses: PUBLIC_URL when set, else the request's own origin (TRUST_PROXY decides). */
  const baseOf = (request: FastifyRequest): string => config.publicUrl?.toString() ?? `${request.protocol}://${request.host}/`;
  const unusablePasswordHash = () => hash(randomBytes(32).toString('base64url'));

  app.get(
    '/sso/config/',
    route({
      summary: "The company's single sign-on configuration (never its client secret); role 1",
      maxRole: Role.CompanyAdmin,
      ok: ssoConfigSchema,
    }),
    async (request) => getSsoConfig(repo, currentUser(request), callbackUrl(baseOf(request))),
  );

  app.put(
    '/sso/config/',
    route({
      summary: "Set the company's single sign-on (a blank client_secret keeps the stored one); role 1",
      maxRole: Role.CompanyAdmin,
      body: ssoConfigBodySchema,
      ok: ssoConfigSchema,
    }),
    async (request) => saveSsoConfig({ repo }, currentUser(request), request.body, callbackUrl(baseOf(request))),
  );

  app.post(
    '/sso/start/',
    route({
      public: true,
      summary: "Sign in through the company's provider: the e-mail's domain → the provider's authorization URL",
      body: ssoStartBodySchema,
      ok: ssoStartResponseSchema,
      errors: { 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema },
    }),
    async (request) =>
      startSso(
        { repo, client, now, log: (error) => request.log.warn({ err: error }, 'sso: provider not reachable') },
        request.body,
        callbackUrl(baseOf(request)),
      ),
  );

  app.get(
    CALLBACK_PATH.slice('/api'.length),
    route({
      public: true,
      summary: "The provider's answer (the redirect URI): to /login/sso#code=… signed in, else to /login?sso_error=<reason>",
      querystring: ssoCallbackQuerySchema,
      response: { 302: z.null().describe('To the sign-in page'), 400: errorBodySchema },
    }),
    async (request, reply) => {
      const query = new URL(request.url, 'http://callback.invalid').searchParams;
      const result = await finishSso(
        { repo, client, now, unusablePasswordHash, log: (error) => request.log.warn({ err: error }, 'sso: answer refused') },
        query,
      );
      const base = baseOf(request);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (result.ok) return reply.redirect(`${new URL(HANDOFF_PAGE, base).toString()}#code=${result.code}`, 302);
      const refused = new URL('/login', base);
      refused.searchParams.set('sso_error', result.reason);
      return reply.redirect(refused.toString(), 302);
    },
  );

  app.post(
    '/sso/exchange/',
    route({
      public: true,
      summary: "The callback's one-time code → the session (as POST /api/authtoken/ answers it)",
      body: ssoExchangeBodySchema,
      ok: loginResponseSchema,
      errors: { 400: errorBodySchema },
    }),
    async (request) =>
      exchangeSso({ repo, now, issue: (start) => issueSession(db, start, config.security.sessionMaxMs) }, request.body.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );
};
