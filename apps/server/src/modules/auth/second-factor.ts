import { createHash, randomBytes } from 'node:crypto';
import { type LoginResponse, SessionMethod } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { MfaRepository } from './mfa.repository.js';
import { issueSession } from './sessions.js';
import { enrolmentOf, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp.js';

/** A second-factor challenge lasts 5 minutes and takes at most 5 codes (issue 29). */
export const MFA_TTL_MS = 5 * 60 * 1000;
export const MFA_MAX_ATTEMPTS = 5;
export const MFA_EXPIRED = 'auth.mfa_expired';
export const MFA_BAD_CODE = 'auth.mfa_bad_code';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Where a sign-in comes from (the session's list) and the client's known-client token, when it sent one. */
export type SignInContext = {
  clientIp: string;
  userAgent: string;
  clientToken?: string | undefined;
  /** The known-client token's hash a challenge kept (the second step does not send the token again). */
  clientTokenHash?: string | undefined;
};

/** A challenge for the password's next step: enter a code, or enrol first. */
const challenge = async (
  repo: MfaRepository,
  userId: number,
  userKey: string,
  stage: 'verify' | 'enrol',
  context: SignInContext,
) => {
  const token = randomBytes(24).toString('base64url');
  await repo.createChallenge({
    tokenHash: sha256(token),
    userId,
    data: { stage, userKey, ...(context.clientToken ? { clientTokenHash: sha256(context.clientToken) } : {}) },
    ttlMs: MFA_TTL_MS,
  });
  return token;
};

/** The challenge of `token` at `stage`, counting one try (a 400 when expired, used up or unknown). */
const openChallenge = async (repo: MfaRepository, token: string, stage: 'verify' | 'enrol') => {
  const found = await repo.tryChallenge(sha256(token), MFA_MAX_ATTEMPTS);
  if (!found || found.data.stage !== stage) throw new AppError('VALIDATION', { message: MFA_EXPIRED });
  const user = await repo.totpUser(found.userId);
  if (!user?.isActive) throw new AppError('VALIDATION', { message: MFA_EXPIRED });
  return { user, data: found.data };
};

/**
 * The second factor of a sign-in and the end of every password sign-in (issue 29, docs/security.md): TOTP codes (each
 * time step once), recovery codes (each once), the challenge between password and code, and the session with its
 * known-client token.
 */
export const createSecondFactor = ({
  db,
  repo,
  throttle,
  sessionMaxMs,
  now = Date.now,
}: {
  db: Db;
  repo: MfaRepository;
  throttle: LoginThrottle;
  sessionMaxMs: number;
  now?: () => number;
}) => {
  /** A TOTP code of the secret, in the current step ± 1 and later than the last one accepted for the user. */
  const acceptCode = async (userId: number, secret: string, code: string): Promise<boolean> => {
    const step = matchingStep(secret, code, now());
    return step !== null && (await repo.claimStep(userId, step));
  };

  /** The session, and a new known-client token for this browser (replacing the one it sent, if that was this user's). */
  const finish = async (userId: number, userKey: string, context: SignInContext) => {
    await throttle.recordSuccess([userKey]);
    const session = await issueSession(
      db,
      { userId, method: SessionMethod.Password, ip: context.clientIp, userAgent: context.userAgent },
      sessionMaxMs,
    );
    const clientToken = randomBytes(24).toString('base64url');
    const replaces = context.clientToken ? sha256(context.clientToken) : context.clientTokenHash;
    await repo.addKnownClient(userId, sha256(clientToken), replaces);
    return { ...session, client_token: clientToken };
  };

  const badCode = async (userKey: string, clientIp: string, field: string): Promise<never> => {
    // A wrong code counts as a failed sign-in of the account: guessing codes is slowed like guessing passwords.
    await throttle.recordFailure([userKey, `ip:${clientIp}`]);
    throw new AppError('VALIDATION', { message: MFA_BAD_CODE, errors: { [field]: [MFA_BAD_CODE] } });
  };

  return {
    acceptCode,
    finish,

    /** After the right password: a session, or the second factor's step (or its enrolment, when the company says so). */
    async afterPassword(
      user: { id: number; role: number; totpSecret: string | null; totpEnabledAt: Date | null },
      mfaRequiredAdmins: boolean,
      userKey: string,
      context: SignInContext,
    ): Promise<LoginResponse> {
      if (user.totpEnabledAt && user.totpSecret) {
        return { mfa_required: true, mfa_token: await challenge(repo, user.id, userKey, 'verify', context) };
      }
      if (mfaRequiredAdmins && user.role === 1) {
        return { mfa_enrol_required: true, mfa_token: await challenge(repo, user.id, userKey, 'enrol', context) };
      }
      return finish(user.id, userKey, context);
    },

    /** POST /api/authtoken/mfa/: the code (or a recovery code) of a challenge → the session. */
    async verify(
      body: { mfa_token: string; code?: string | undefined; recovery_code?: string | undefined },
      context: SignInContext,
    ) {
      const { user, data } = await openChallenge(repo, body.mfa_token, 'verify');
      const userKey = data.userKey ?? `user:${user.email.toLowerCase()}`;
      if (!user.totpSecret || !user.totpEnabledAt) throw new AppError('VALIDATION', { message: MFA_EXPIRED });
      const ok = body.code
        ? await acceptCode(user.id, user.totpSecret, body.code)
        : await repo.useRecoveryCode(user.id, recoveryCodeHash(body.recovery_code ?? ''));
      if (!ok) return badCode(userKey, context.clientIp, body.code ? 'code' : 'recovery_code');
      await repo.deleteChallenge(sha256(body.mfa_token));
      return finish(user.id, userKey, { ...context, clientTokenHash: data.clientTokenHash });
    },

    /** POST /api/authtoken/mfa/enrol/: the secret of the enrolment a company requires (a new one each call). */
    async startEnrolment(body: { mfa_token: string }) {
      const { user, data } = await openChallenge(repo, body.mfa_token, 'enrol');
      const secret = newTotpSecret();
      await repo.updateChallengeData(sha256(body.mfa_token), { ...data, secret });
      return enrolmentOf(secret, user.email);
    },

    /** POST /api/authtoken/mfa/enrol/confirm/: the first code → the second factor on, recovery codes and the session. */
    async confirmEnrolment(body: { mfa_token: string; code: string }, context: SignInContext) {
      const { user, data } = await openChallenge(repo, body.mfa_token, 'enrol');
      const userKey = data.userKey ?? `user:${user.email.toLowerCase()}`;
      if (!data.secret) throw new AppError('VALIDATION', { message: 'auth.mfa_not_enrolled' });
      if (!(await repo.setPendingSecret(user.id, data.secret)))
        throw new AppError('CONFLICT', { message: 'auth.mfa_enrolled_already' });
      if (!(await acceptCode(user.id, data.secret, body.code))) return badCode(userKey, context.clientIp, 'code');
      const codes = newRecoveryCodes();
      await repo.enableTotp(user.id, codes.map(recoveryCodeHash));
      await repo.deleteChallenge(sha256(body.mfa_token));
      return {
        ...(await finish(user.id, userKey, { ...context, clientTokenHash: data.clientTokenHash })),
        recovery_codes: codes,
      };
    },
  };
};
export type SecondFactor = ReturnType<typeof createSecondFactor>;
