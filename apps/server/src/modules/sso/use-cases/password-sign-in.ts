import { Role } from '@rfid/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { createSsoRepository, type SsoRepository } from '../sso.repository.js';

export const SSO_ONLY = 'auth.sso_only';

/**
 * Whether a user may sign in with a password: not when the company's single sign-on is on with "SSO only", except its
 * administrators (role 1: the break-glass account if the provider fails). Refused: 400 with a message the sign-in page
 * shows, as a wrong password's.
 */
export const checkPasswordSignIn = async (
  repo: Pick<SsoRepository, 'getConfig'>,
  user: { companyId: number; role: number },
): Promise<void> => {
  if (user.role === Role.CompanyAdmin) return;
  const config = await repo.getConfig(user.companyId);
  if (config?.enabled && config.ssoOnly) {
    throw new AppError('VALIDATION', { message: SSO_ONLY, errors: { non_field_errors: [SSO_ONLY] } });
  }
};

/** The one call POST /api/authtoken/ makes (modules/auth/auth.service.ts), once the password is right. */
export const refusePasswordIfSsoOnly = (db: Db, user: { companyId: number; role: number }): Promise<void> =>
  checkPasswordSignIn(createSsoRepository(db), user);
