import type { AuditAction, AuditActor } from '@rfid/contract';
import type { AuditContent } from '../audit.chain.js';
import { auditBody } from '../audit.redact.js';
import type { AuditRepository } from '../audit.repository.js';

/** One write as the hook saw it (issue 29): who, from where, what, and the JSON before and after it. */
export type AuditEvent = Pick<
  AuditContent,
  'companyId' | 'ip' | 'userAgent' | 'method' | 'route' | 'path' | 'entity' | 'entityId' | 'status'
> & {
  at: Date;
  actor: { kind: AuditActor; id: number | null; label: string; apiKeyId: number | null };
  action: AuditAction;
  before?: unknown;
  after?: unknown;
};

/** The longest user agent kept. */
const MAX_AGENT = 500;

/** Appends one write to the audit log: bodies redacted (no secret is ever stored) and capped; its id. */
export const recordAudit = async (repo: Pick<AuditRepository, 'append'>, event: AuditEvent): Promise<number> =>
  repo.append({
    companyId: event.companyId,
    at: event.at.toISOString(),
    actorKind: event.actor.kind,
    actorId: event.actor.id,
    actorLabel: event.actor.label,
    apiKeyId: event.actor.apiKeyId,
    ip: event.ip,
    userAgent: event.userAgent.slice(0, MAX_AGENT),
    method: event.method,
    route: event.route,
    path: event.path,
    entity: event.entity,
    entityId: event.entityId,
    action: event.action,
    status: event.status,
    before: auditBody(event.before, event.route),
    after: auditBody(event.after, event.route),
  });
