import type { HistoryArchive } from '../history-archive.js';
import {
  type HistoryPartitionsRepository,
  type HistoryTable,
  historyTables,
  type Month,
  nextMonth,
} from '../history-partitions.repository.js';

export type HistoryPartitionsSettings = {
  /** HISTORY_PARTITIONS_AHEAD: months after the current one that have their partition made ahead. */
  monthsAhead: number;
  /** HISTORY_RETENTION_MONTHS (0: kept for ever): full months kept before the current one; older ones are archived, then dropped. */
  retentionMonths: number;
  now: Date;
  /** Rows read per query while archiving. */
  pageSize?: number;
};

export type HistoryPartitionsReport = {
  created: string[];
  archived: { table: HistoryTable; month: Month; rows: number; sha256: string }[];
};

export class ArchiveMismatchError extends Error {
  constructor(partition: string, expected: number, found: number) {
    super(`The archive of ${partition} holds ${found} rows, the partition ${expected}: the partition is kept.`);
    this.name = 'ArchiveMismatchError';
  }
}

const monthOf = (date: Date): Month => date.toISOString().slice(0, 7);

const monthsBefore = (month: Month, count: number): Month => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 - count, 1)).toISOString().slice(0, 7);
};

/**
 * The daily upkeep of the partitioned histories (docs/history-at-scale.md): makes the partitions of the current month
 * and `monthsAhead` after it (each made once, whoever runs it), then, with a retention, archives every month older
 * than it to a gzip'd CSV, reads the archive back, and drops the partition only when the archive holds every row.
 */
export const maintainHistoryPartitions = async (
  repo: HistoryPartitionsRepository,
  archive: HistoryArchive,
  { monthsAhead, retentionMonths, now, pageSize = 5_000 }: HistoryPartitionsSettings,
): Promise<HistoryPartitionsReport> => {
  const report: HistoryPartitionsReport = { created: [], archived: [] };
  const current = monthOf(now);
  for (const table of historyTables) {
    let month = current;
    for (let i = 0; i <= monthsAhead; i += 1) {
      if (await repo.createMonth(table, month)) report.created.push(`${table}:${month}`);
      month = nextMonth(month);
    }
    if (retentionMonths <= 0) continue;
    const oldestKept = monthsBefore(current, retentionMonths);
    for (const partition of await repo.monthPartitions(table)) {
      if (partition.month >= oldestKept) continue;
      const expected = await repo.countRows(partition);
      const columns = await repo.columns(partition);
      const written = await archive.write({ table, month: partition.month, columns }, repo.pages(partition, columns, pageSize));
      const read = await archive.read({ table, month: partition.month });
      if (written.rows !== expected || read.rows !== expected || read.sha256 !== written.sha256) {
        throw new ArchiveMismatchError(partition.name, expected, read.rows);
      }
      await repo.dropPartition(partition);
      report.archived.push({ table, month: partition.month, rows: expected, sha256: written.sha256 });
    }
  }
  return report;
};
