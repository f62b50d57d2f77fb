import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Identity, LoginResponse } from '@rfid/contract';
import { AppError } from '../../http/errors.js';
import { msg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { createAuthRepository } from './auth.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import type { MfaRepository } from './mfa.repository.js';
import type { SecondFactor } from './second-factor.js';

export const BAD_CREDENTIALS = 'auth.bad_credentials';

/**
 * The hash an unknown (or inactive) user's password is checked against, made like the real ones (argon2
 * defaults, as users.service and the seed hash): a login takes as long whether the user exists or not.
 */
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
};

/** The 429 of a throttled sign-in: when to try again, in the header and the message. */
export const throttled = (seconds: number): AppError =>
  new AppError('TOO_MANY_REQUESTS', {
    message: msg('auth.try_again_in', {
      seconds,
      at: new Date(Date.now() + seconds * 1000).toISOString().slice(11, 19),
    }),
    retryAfterSeconds: seconds,
  });

export const createAuthService = ({
  repo,
  mfaRepo,
  throttle,
  secondFactor,
  passwordAllowed = async () => undefined,
}: {
  repo: ReturnType<typeof createAuthRepository>;
  mfaRepo: Pick<MfaRepository, 'touchKnownClient' | 'companySecurity'>;
  throttle: LoginThrottle;
  secondFactor: Pick<SecondFactor, 'afterPassword'>;
  /** Throws when the user's company signs in only through its provider (modules/sso: refusePasswordIfSsoOnly). */
  passwordAllowed?: (user: { companyId: number; role: number }) => Promise<void>;
}) => {
  // Made now, so the first unknown user's login does not take longer than the others.
  dummyPasswordHash().catch(() => undefined);
  return {
    async login({
      username,
      password,
      client_token: clientToken,
      clientIp,
      userAgent = '',
    }: {
      username: string;
      password: string;
      client_token?: string | undefined;
      clientIp: string;
      userAgent?: string;
    }): Promise<LoginResponse> {
      const userKey = `user:${username.toLowerCase()}`;
      const keys = [`ip:${clientIp}`, userKey];
      const user = await repo.findUserByEmail(username);
      // A known client of this user (a browser that signed in as it before) is never throttled: an attacker's failures
      // cannot lock the owner out. Its wrong passwords still count.
      const known =
        user !== undefined &&
        clientToken !== undefined &&
        (await mfaRepo.touchKnownClient(user.id, createHash('sha256').update(clientToken).digest('hex')));
      if (!known) {
        const wait = await throttle.retryAfter(keys);
        if (wait > 0) throw throttled(wait);
      }
      // Always one argon2 verification, against a dummy hash when there is no such user: the time taken says nothing.
      const matches = await verify(user?.passwordHash ?? (await dummyPasswordHash()), password).catch(() => false);
      if (!user?.isActive || !matches) {
        await throttle.recordFailure(keys);
        throw new AppError('VALIDATION', { message: BAD_CREDENTIALS, errors: { non_field_errors: [BAD_CREDENTIALS] } });
      }
      // A company that signs in only through its provider (issue 29, docs/sso.md): its role 1 keeps the password.
      await passwordAllowed(user);
      // The session (clearing only this user's count: the address's failures stand), or the second factor's step.
      const company = await mfaRepo.companySecurity(user.companyId);
      return secondFactor.afterPassword(user, company?.mfaRequiredAdmins ?? false, userKey, { clientIp, userAgent, clientToken });
    },

    async logout(user: AuthUser): Promise<void> {
      await repo.deleteToken(user.tokenHash);
    },

    async identity(user: AuthUser): Promise<Identity> {
      const row = await repo.findIdentity(user.id);
      if (!row) throw new AppError('UNAUTHENTICATED', { message: 'auth.invalid_token' });
      return {
        id: row.id,
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        user_role: row.role,
        editor: row.editor,
        company: { id: row.companyId, name: row.companyName },
        locations: user.assignedLocationIds,
      };
    },
  };
};
