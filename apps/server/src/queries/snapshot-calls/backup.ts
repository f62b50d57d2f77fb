import type { Db } from '../../db/client.js';
import { createBackupRepository } from '../../modules/backup/backup.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const backupCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('backup.backup', 'modules/backup/backup.repository.ts', createBackupRepository(db), {
    lastMigration: [],
    tableCounts: [],
    version: [],
    serverMajor: [],
    checkpoint: [],
    exportSnapshot: [],
    otherSessions: [],
    contents: [],
  });
