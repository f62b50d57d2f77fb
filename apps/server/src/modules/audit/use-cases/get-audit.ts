import type { AuditDetail } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toAuditDetail } from '../audit.dto.js';
import type { AuditRepository } from '../audit.repository.js';

/** GET /api/audit/{id}/ (roles 1–2): one row of the company with its fields before and after; 404 for another's. */
export const getAudit = async (repo: Pick<AuditRepository, 'get'>, user: AuthUser, id: number): Promise<AuditDetail> => {
  const row = await foundOr(repo.get(user.companyId, id), 'common.not_found');
  return toAuditDetail(row);
};
