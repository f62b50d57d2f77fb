import type { AuditEntry, Page } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import { auditKeys } from '../keys';

/** The filters of the audit page, as the API reads them ('' for none). */
export type AuditFilters = { from: string; to: string; actor: string; entity: string; entity_id: string; action: string };

/** The filters as a query: the empty ones left out. */
export const auditQuery = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));

/** GET /audit/: the company's audit rows, newest first, filtered (roles 1–2). */
export const getAuditEntries = (filters: AuditFilters, { limit, offset, signal }: PageParams) =>
  apiRequest<Page<AuditEntry>>('/audit/', { query: { ...auditQuery(filters), limit, offset }, signal });

export const AUDIT_PAGE_SIZE = 50;

/** The audit list as the paged table reads it. */
export const auditPages = (filters: AuditFilters): PagedQuery<AuditEntry> => ({
  queryKey: auditKeys.list(filters),
  fetchPage: (params) => getAuditEntries(filters, params),
  pageSize: AUDIT_PAGE_SIZE,
});
