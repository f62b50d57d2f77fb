import type { Db } from '../../db/client.js';
import type { JobKind } from '../../workers/job-runner.js';
import { createAuditRepository } from './audit.repository.js';
import { pruneAudit } from './use-cases/prune-audit.js';

export const AUDIT_PRUNE_JOB = 'audit-prune';
/** How often the retention runs (by one process: the job's period key). */
export const AUDIT_PRUNE_EVERY_MS = 3_600_000;

/** The audit log's retention (AUDIT_RETENTION_DAYS; 0 keeps everything): plugins/workers.ts runs it every hour. */
export const auditPruneJob = (db: Db, retentionDays: number): JobKind<unknown> => ({
  kind: AUDIT_PRUNE_JOB,
  handler: async () => {
    await pruneAudit(createAuditRepository(db), { retentionDays });
  },
});
