import { type AuditEntry, type AuditListQuery, parseDateBound } from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import type { Counted, PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toAuditEntry } from '../audit.dto.js';
import type { AuditFilter, AuditRepository } from '../audit.repository.js';

/** The filters of a query, its dates read in the company's zone (a day: that whole day); 400 naming a bad date. */
export const auditFilterOf = (query: Omit<AuditListQuery, 'limit' | 'offset'>, zone: string): AuditFilter => {
  const from = query.from ? parseDateBound(query.from, zone, 'start') : undefined;
  if (from === null) throw fieldError('from', 'common.date_time');
  const to = query.to ? parseDateBound(query.to, zone, 'end') : undefined;
  if (to === null) throw fieldError('to', 'common.date_time');
  return {
    ...(from ? { from: from.at } : {}),
    ...(to ? { to: { at: to.at, inclusive: to.inclusive } } : {}),
    ...(query.actor?.trim() ? { actor: query.actor.trim() } : {}),
    ...(query.entity?.trim() ? { entity: query.entity.trim() } : {}),
    ...(query.entity_id?.trim() ? { entityId: query.entity_id.trim() } : {}),
    ...(query.action ? { action: query.action } : {}),
  };
};

/** GET /api/audit/ (roles 1–2): the company's audit rows, newest first, filtered. */
export const listAudit = async (
  repo: Pick<AuditRepository, 'list' | 'companyZone'>,
  user: AuthUser,
  query: AuditListQuery,
  page: PageParams,
): Promise<Counted<AuditEntry>> => {
  const filter = auditFilterOf(query, await repo.companyZone(user.companyId));
  const found = await repo.list(user.companyId, filter, page);
  return { count: found.count, results: ('rows' in found ? found.rows : found.results).map(toAuditEntry) };
};
