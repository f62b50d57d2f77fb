import type { Db } from '../../db/client.js';
import type { JobKind, JobLog } from '../../workers/job-runner.js';
import { createSessionsRepository } from './sessions.repository.js';
import { pruneSessions } from './use-cases/prune-sessions.js';

export const SESSIONS_PRUNE_JOB = 'sessions-prune';

/** The job that deletes ended sessions (plugins/workers.ts runs it every hour, once across the processes). */
export const sessionsPruneJob = (db: Db, log: JobLog, idleMs: number): JobKind<unknown> => ({
  kind: SESSIONS_PRUNE_JOB,
  async handler() {
    const deleted = await pruneSessions({ repo: createSessionsRepository(db), now: () => new Date(), idleMs });
    if (deleted) log.info({ deleted }, 'ended sessions deleted');
  },
});
