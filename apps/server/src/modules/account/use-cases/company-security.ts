import type { CompanySecurity } from '@rfid/contract';
import { forbidden, foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { MfaRepository } from '../../auth/mfa.repository.js';

export type CompanySecurityDeps = { repo: Pick<MfaRepository, 'companySecurity' | 'setCompanySecurity'> };

/** Only the company's administrators (role 1) read or change its sign-in rules. */
const requireCompanyAdmin = (user: AuthUser) => {
  if (user.role !== 1 || user.apiKey) throw forbidden();
};

/** GET /api/company/security/ (role 1). */
export const getCompanySecurity = async ({ repo }: CompanySecurityDeps, user: AuthUser): Promise<CompanySecurity> => {
  requireCompanyAdmin(user);
  const row = await foundOr(repo.companySecurity(user.companyId), 'common.not_found');
  return { mfa_required_admins: row.mfaRequiredAdmins };
};

/**
 * PUT /api/company/security/ (role 1): with mfa_required_admins, an administrator with a password and no second factor
 * must enrol one at the next sign-in (sessions already open stay until they end).
 */
export const putCompanySecurity = async (
  deps: CompanySecurityDeps,
  user: AuthUser,
  body: CompanySecurity,
): Promise<CompanySecurity> => {
  requireCompanyAdmin(user);
  await deps.repo.setCompanySecurity(user.companyId, body.mfa_required_admins);
  return getCompanySecurity(deps, user);
};
