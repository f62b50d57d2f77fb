import type { Db } from '../../db/client.js';
import { createBackupRepository } from '../../modules/backup/backup.repository.js';
import { rankedMonthPartitions, type SnapshotRepository, snapshotRepository } from '../capture.js';

/** `tableCounts` lists the database's tables, the history's month partitions among them: named by their rank. */
export const backupCalls = (db: Db): SnapshotRepository => ({
  ...snapshotRepository('backup.backup', 'modules/backup/backup.repository.ts', createBackupRepository(db), {
    lastMigration: [],
    tableCounts: [],
    version: [],
    serverMajor: [],
    checkpoint: [],
    exportSnapshot: [],
    otherSessions: [],
    contents: [],
  }),
  normalize: rankedMonthPartitions,
});
