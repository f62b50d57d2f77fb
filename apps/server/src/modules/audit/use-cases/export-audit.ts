import type { AuditExportQuery } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { AuditRepository, AuditRow } from '../audit.repository.js';
import { auditFilterOf } from './list-audit.js';

/** GET /api/audit/export/ (roles 1–2): the company's rows of the filters, newest first, in chunks, and its zone. */
export const exportAudit = async (
  repo: Pick<AuditRepository, 'chunks' | 'companyZone'>,
  user: AuthUser,
  query: AuditExportQuery,
): Promise<{ timeZone: string; chunks: AsyncIterable<readonly AuditRow[]> }> => {
  const timeZone = await repo.companyZone(user.companyId);
  return { timeZone, chunks: repo.chunks(user.companyId, auditFilterOf(query, timeZone)) };
};
