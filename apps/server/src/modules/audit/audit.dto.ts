import type { AuditAction, AuditActor, AuditDetail, AuditEntry } from '@rfid/contract';
import type { AuditRow } from './audit.repository.js';

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  // Written by the hook from the contract's enums (audit_log's actor_kind and action hold nothing else).
  actor: { kind: row.actorKind as AuditActor, id: row.actorId, label: row.actorLabel },
  api_key_id: row.apiKeyId,
  ip: row.ip,
  user_agent: row.userAgent,
  method: row.method,
  route: row.route,
  path: row.path,
  entity: row.entity,
  entity_id: row.entityId,
  action: row.action as AuditAction,
  status: row.status,
});

export const toAuditDetail = (row: AuditRow): AuditDetail => ({
  ...toAuditEntry(row),
  before: row.before ?? null,
  after: row.after ?? null,
  prev_hash: row.prevHash,
  hash: row.hash,
});
