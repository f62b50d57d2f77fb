import type { Db } from '../../db/client.js';
import type { JobKind, JobLog } from '../../workers/job-runner.js';
import { createHistoryArchive } from './history-archive.js';
import { createHistoryPartitionsRepository } from './history-partitions.repository.js';
import { maintainHistoryPartitions } from './use-cases/maintain-history-partitions.js';

export const HISTORY_PARTITIONS_JOB = 'history-partitions';
/** Daily (by one process: the job's period key). */
export const HISTORY_PARTITIONS_EVERY_MS = 24 * 3_600_000;

export type HistoryPartitionsJobOptions = {
  monthsAhead: number;
  retentionMonths: number;
  archiveDir: string;
  now?: () => Date;
};

/** The partitions made ahead and the retention of the histories (docs/history-at-scale.md): plugins/workers.ts runs it daily. */
export const historyPartitionsJob = (
  db: Db,
  log: JobLog,
  { monthsAhead, retentionMonths, archiveDir, now = () => new Date() }: HistoryPartitionsJobOptions,
): JobKind<unknown> => ({
  kind: HISTORY_PARTITIONS_JOB,
  handler: async () => {
    const report = await maintainHistoryPartitions(createHistoryPartitionsRepository(db), createHistoryArchive(archiveDir), {
      monthsAhead,
      retentionMonths,
      now: now(),
    });
    if (report.created.length > 0 || report.archived.length > 0) log.info(report, 'history partitions');
  },
});
