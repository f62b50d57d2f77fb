import type { AuditDetail } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toAuditDetail } from '../audit.dto.js';
import type { AuditRepository } from '../audit.repository.js';

/** GET /api/audit/{id}/ (roles 1–2): one row of the company with its fields before and after; 404 for another's. */
export const getAudit = async (repo: Pick<AuditRepository, 'get'>, user: AuthUser, id: number): Promise<AuditDetail> => {
  const row = await repo.get(user.companyId, id);
  if (!row) throw notFound();
  return toAuditDetail(row);
};
