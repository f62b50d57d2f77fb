import type { AuditChainRepository } from '../audit.repository.js';

const DAY_MS = 86_400_000;

/**
 * The retention (AUDIT_RETENTION_DAYS; 0 keeps everything): deletes the rows older than that many days, in one
 * transaction that says so to the append-only trigger, and moves the chain's anchor to the first kept row.
 */
export const pruneAudit = async (
  repo: Pick<AuditChainRepository, 'prune'>,
  { retentionDays, now = new Date() }: { retentionDays: number; now?: Date },
): Promise<number> => {
  if (retentionDays <= 0) return 0;
  return repo.prune(new Date(now.getTime() - retentionDays * DAY_MS));
};
