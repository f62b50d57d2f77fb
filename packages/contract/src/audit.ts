import { z } from 'zod';
import { pageQueryFields } from './common.js';
import { AUDIT_ACTIONS, AUDIT_ACTORS } from './enums.js';
import { exportQuerySchema } from './exports.js';

/** Rows of the audit log per page, by default. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * One row of the audit log (issue 29, docs/audit.md): who (actor: a user, an API key, a reader, the system), when, from
 * where (ip, user agent), what (method, route pattern, path) on which entity and id, and the answer's status.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTORS),
    id: z.number().int().nullable(),
    label: z.string(),
  }),
  api_key_id: z.number().int().nullable(),
  ip: z.string(),
  user_agent: z.string(),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  status: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One row with the fields before and after the write (secrets shown as "[redacted]") and its place in the chain. */
export const auditDetailSchema = auditEntrySchema.extend({
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/**
 * The filters of the list and the export: `from`/`to` (YYYY-MM-DD, days of the company's zone, both included, or a
 * date-time), `actor` (a user id, or text the e-mail or key name contains), `entity`, `entity_id`, `action`.
 */
export const auditFilterFields = {
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  actor: z.string().max(200).optional(),
  entity: z.string().max(100).optional(),
  entity_id: z.string().max(100).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Choose create, update, delete or action.' }).optional(),
};
export const auditListQuerySchema = z.object({ ...pageQueryFields, ...auditFilterFields });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditExportQuerySchema = z.object({ ...auditFilterFields, ...exportQuerySchema.shape });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
