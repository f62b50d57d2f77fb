import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { type Identity, SessionMethod } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { refusePasswordIfSsoOnly } from '../sso/use-cases/password-sign-in.js';
import type { createAuthRepository } from './auth.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import { issueSession } from './sessions.js';

export const BAD_CREDENTIALS = 'auth.bad_credentials';
export const TOO_MANY_ATTEMPTS = 'auth.too_many_attempts';

/**
 * The hash an unknown (or inactive) user's password is checked against, made like the real ones (argon2
 * defaults, as users.service and the seed hash): a login takes as long whether the user exists or not.
 */
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
};

export const createAuthService = ({
  db,
  repo,
  throttle,
  sessionMaxMs,
}: {
  db: Db;
  repo: ReturnType<typeof createAuthRepository>;
  throttle: LoginThrottle;
  /** SESSION_MAX_DAYS: a session's absolute end (config.security.sessionMaxMs). */
  sessionMaxMs: number;
}) => {
  // Made now, so the first unknown user's login does not take longer than the others.
  dummyPasswordHash().catch(() => undefined);
  return {
    async login({
      username,
      password,
      clientIp,
      userAgent = '',
    }: {
      username: string;
      password: string;
      clientIp: string;
      userAgent?: string;
    }) {
      const userKey = `user:${username.toLowerCase()}`;
      const keys = [`ip:${clientIp}`, userKey];
      if (await throttle.isBlocked(keys)) throw new AppError('TOO_MANY_REQUESTS', { message: TOO_MANY_ATTEMPTS });
      const user = await repo.findUserByEmail(username);
      // Always one argon2 verification, against a dummy hash when there is no such user: the time taken says nothing.
      const matches = await verify(user?.passwordHash ?? (await dummyPasswordHash()), password).catch(() => false);
      if (!user?.isActive || !matches) {
        await throttle.recordFailure(keys);
        throw new AppError('VALIDATION', { message: BAD_CREDENTIALS, errors: { non_field_errors: [BAD_CREDENTIALS] } });
      }
      // A company that signs in only through its provider (issue 29, docs/sso.md): its role 1 keeps the password.
      await refusePasswordIfSsoOnly(db, user);
      // Only this user's count: the address's failures stand (another account's success does not clear them).
      await throttle.recordSuccess([userKey]);
      return issueSession(db, { userId: user.id, method: SessionMethod.Password, ip: clientIp, userAgent }, sessionMaxMs);
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
