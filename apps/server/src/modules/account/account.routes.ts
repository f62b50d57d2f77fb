import {
  companySecuritySchema,
  errorBodySchema,
  recoveryCodesSchema,
  totpConfirmBodySchema,
  totpDisableBodySchema,
  totpEnrolmentSchema,
  totpStatusSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import { createMfaRepository } from '../auth/mfa.repository.js';
import type { ModuleDeps } from '../registry.js';
import { getCompanySecurity, putCompanySecurity } from './use-cases/company-security.js';
import {
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  totpStatus,
} from './use-cases/totp-enrolment.js';

/** A user's own sign-in security (the TOTP second factor) and the company's rule (issue 29, docs/security.md). */
export const accountRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const route = routeDeclarer(['account'], { 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema });
  const repo = createMfaRepository(db);
  const deps = { repo, now: Date.now };

  app.get(
    '/account/totp/',
    route({
      summary: 'My second factor: on or off, recovery codes left, required by the company',
      ok: totpStatusSchema,
      userOnly: true,
    }),
    async (request) => totpStatus(deps, currentUser(request)),
  );
  app.post(
    '/account/totp/',
    route({
      summary: 'Start enrolling a TOTP second factor: secret, otpauth URI and QR code; 409 when on',
      ok: totpEnrolmentSchema,
      userOnly: true,
    }),
    async (request) => startTotpEnrolment(deps, currentUser(request)),
  );
  app.post(
    '/account/totp/confirm/',
    route({
      summary: 'Confirm the enrolment with the first code: the 10 recovery codes, shown this once',
      body: totpConfirmBodySchema,
      ok: recoveryCodesSchema,
      userOnly: true,
    }),
    async (request) => confirmTotpEnrolment(deps, currentUser(request), request.body.code),
  );
  app.delete(
    '/account/totp/',
    route({
      summary: 'Turn the second factor off, with the password or a code',
      body: totpDisableBodySchema,
      noContent: true,
      userOnly: true,
    }),
    async (request, reply) => {
      await disableTotp(deps, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/account/totp/recovery-codes/',
    route({
      summary: 'New recovery codes (the old ones stop working), shown this once',
      ok: recoveryCodesSchema,
      userOnly: true,
    }),
    async (request) => regenerateRecoveryCodes(deps, currentUser(request)),
  );

  app.get(
    '/company/security/',
    route({ summary: "The company's sign-in rules; role 1", ok: companySecuritySchema, userOnly: true }),
    async (request) => getCompanySecurity(deps, currentUser(request)),
  );
  app.put(
    '/company/security/',
    route({
      summary: 'Change the sign-in rules (mfa_required_admins: role 1 users must enrol a second factor); role 1',
      body: companySecuritySchema,
      ok: companySecuritySchema,
      userOnly: true,
    }),
    async (request) => putCompanySecurity(deps, currentUser(request), request.body),
  );
};
