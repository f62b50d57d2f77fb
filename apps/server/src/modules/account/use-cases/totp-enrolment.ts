import { verify } from '@node-rs/argon2';
import type { RecoveryCodes, TotpEnrolment, TotpStatus } from '@rfid/contract';
import { AppError, conflict } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { MfaRepository } from '../../auth/mfa.repository.js';
import { enrolmentOf, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from '../../auth/totp.js';

export type TotpDeps = {
  repo: Pick<
    MfaRepository,
    'totpUser' | 'setPendingSecret' | 'enableTotp' | 'disableTotp' | 'replaceRecoveryCodes' | 'recoveryCodesLeft' | 'claimStep'
  >;
  now: () => number;
  verifyPassword?: (hash: string, password: string) => Promise<boolean>;
};

const BAD_CODE = 'auth.mfa_bad_code';
const badCode = () => new AppError('VALIDATION', { message: BAD_CODE, errors: { code: [BAD_CODE] } });

const load = async ({ repo }: TotpDeps, user: AuthUser) => {
  const row = await repo.totpUser(user.id);
  if (!row) throw new AppError('UNAUTHENTICATED', { message: 'auth.invalid_token' });
  return row;
};

const acceptCode = async ({ repo, now }: TotpDeps, userId: number, secret: string, code: string) => {
  const step = matchingStep(secret, code, now());
  return step !== null && (await repo.claimStep(userId, step));
};

/** GET /api/account/totp/: on or off, since when, recovery codes left, and whether the company requires it. */
export const totpStatus = async (deps: TotpDeps, user: AuthUser): Promise<TotpStatus> => {
  const row = await load(deps, user);
  return {
    enabled: row.totpEnabledAt !== null,
    enabled_at: row.totpEnabledAt?.toISOString() ?? null,
    recovery_codes_left: row.totpEnabledAt ? await deps.repo.recoveryCodesLeft(user.id) : 0,
    required: row.mfaRequiredAdmins && row.role === 1,
  };
};

/** POST /api/account/totp/: a new secret (replacing an unconfirmed one); 409 while the second factor is on. */
export const startTotpEnrolment = async (deps: TotpDeps, user: AuthUser): Promise<TotpEnrolment> => {
  const row = await load(deps, user);
  const secret = newTotpSecret();
  if (row.totpEnabledAt || !(await deps.repo.setPendingSecret(user.id, secret))) throw conflict('auth.mfa_enrolled_already');
  return enrolmentOf(secret, row.email);
};

/** POST /api/account/totp/confirm/: the first code of the pending secret → on, and 10 recovery codes shown once. */
export const confirmTotpEnrolment = async (deps: TotpDeps, user: AuthUser, code: string): Promise<RecoveryCodes> => {
  const row = await load(deps, user);
  if (row.totpEnabledAt) throw conflict('auth.mfa_enrolled_already');
  if (!row.totpSecret) throw new AppError('VALIDATION', { message: 'auth.mfa_not_enrolled' });
  if (!(await acceptCode(deps, user.id, row.totpSecret, code))) throw badCode();
  const codes = newRecoveryCodes();
  await deps.repo.enableTotp(user.id, codes.map(recoveryCodeHash));
  return { recovery_codes: codes };
};

/** DELETE /api/account/totp/: with the password or a current code; refused while the company requires it of the user. */
export const disableTotp = async (
  deps: TotpDeps,
  user: AuthUser,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> => {
  const row = await load(deps, user);
  if (!row.totpEnabledAt || !row.totpSecret) throw conflict('auth.mfa_off');
  if (row.mfaRequiredAdmins && row.role === 1) throw conflict('auth.mfa_required');
  const verifyPassword = deps.verifyPassword ?? ((hash: string, password: string) => verify(hash, password).catch(() => false));
  const proven = proof.code
    ? await acceptCode(deps, user.id, row.totpSecret, proof.code)
    : await verifyPassword(row.passwordHash, proof.password ?? '');
  if (!proven) throw new AppError('VALIDATION', { message: 'auth.mfa_bad_proof', errors: { password: ['auth.mfa_bad_proof'] } });
  await deps.repo.disableTotp(user.id);
};

/** POST /api/account/totp/recovery-codes/: 10 new recovery codes (the old ones stop working); 409 when off. */
export const regenerateRecoveryCodes = async (deps: TotpDeps, user: AuthUser): Promise<RecoveryCodes> => {
  const row = await load(deps, user);
  if (!row.totpEnabledAt) throw conflict('auth.mfa_off');
  const codes = newRecoveryCodes();
  await deps.repo.replaceRecoveryCodes(user.id, codes.map(recoveryCodeHash));
  return { recovery_codes: codes };
};
