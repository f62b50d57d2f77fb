import type { Db } from '../../db/client.js';
import { createHistoryPartitionsRepository } from '../../modules/history/history-partitions.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const historyPartitionsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'history.history-partitions',
    'modules/history/history-partitions.repository.ts',
    createHistoryPartitionsRepository(db),
    {
      monthPartitions: ['traces'],
      createMonth: ['traces', '2026-01'],
      columns: [{ table: 'traces', name: 'name', month: '2026-01' }],
      pages: [{ table: 'traces', name: 'name', month: '2026-01' }, ['column'], 1],
      countRows: [{ table: 'traces', name: 'name', month: '2026-01' }],
      dropPartition: [{ table: 'traces', name: 'name', month: '2026-01' }],
    },
  );
