import { describe, expect, it } from 'vitest';
import type { HistoryArchive } from '../history-archive.js';
import type { HistoryPartitionsRepository, MonthPartition } from '../history-partitions.repository.js';
import { ArchiveMismatchError, maintainHistoryPartitions } from './maintain-history-partitions.js';

/** A repository of months in memory: each partition holds `rows` rows of one column. */
const fakeRepository = (months: Record<string, number>) => {
  const made = new Set(Object.keys(months));
  const dropped: string[] = [];
  const repo: HistoryPartitionsRepository = {
    monthPartitions: async (table) =>
      [...made]
        .filter((key) => key.startsWith(`${table}:`))
        .sort()
        .map((key): MonthPartition => {
          const month = key.slice(table.length + 1);
          return { table, month, name: `${table}_p${month.replace('-', '')}` };
        }),
    createMonth: async (table, month) => {
      if (made.has(`${table}:${month}`)) return false;
      made.add(`${table}:${month}`);
      return true;
    },
    columns: async () => ['id'],
    async *pages(partition) {
      const rows = months[`${partition.table}:${partition.month}`] ?? 0;
      yield Array.from({ length: rows }, (_, i) => [String(i + 1)]);
    },
    countRows: async (partition) => months[`${partition.table}:${partition.month}`] ?? 0,
    dropPartition: async (partition) => {
      dropped.push(partition.name);
      made.delete(`${partition.table}:${partition.month}`);
    },
  };
  return { repo, made, dropped };
};

/** An archive that keeps the rows it was given and reads back `lose` fewer. */
const fakeArchive = (lose = 0): HistoryArchive => {
  const stored = new Map<string, number>();
  return {
    async write(entry, pages) {
      let rows = 0;
      for await (const page of pages) rows += page.length;
      stored.set(`${entry.table}-${entry.month}`, rows);
      return { ...entry, rows, sha256: 'abc' };
    },
    read: async (entry) => ({ rows: (stored.get(`${entry.table}-${entry.month}`) ?? 0) - lose, sha256: 'abc' }),
  };
};

describe('maintainHistoryPartitions', () => {
  it('makes the current month and the months ahead of both histories, each once', async () => {
    const { repo, made } = fakeRepository({ 'traces:2026-12': 0 });
    const report = await maintainHistoryPartitions(repo, fakeArchive(), {
      monthsAhead: 2,
      retentionMonths: 0,
      now: new Date('2026-11-30T23:59:00Z'),
    });
    expect(report.created).toEqual([
      'traces:2026-11',
      'traces:2027-01',
      'epcis_events:2026-11',
      'epcis_events:2026-12',
      'epcis_events:2027-01',
    ]);
    expect(made.size).toBe(6);
  });

  it('keeps the retention months before the current one and archives, then drops, the older ones', async () => {
    const { repo, dropped } = fakeRepository({ 'traces:2026-07': 5, 'traces:2026-08': 2, 'traces:2026-09': 1 });
    const report = await maintainHistoryPartitions(repo, fakeArchive(), {
      monthsAhead: 0,
      retentionMonths: 2,
      now: new Date('2026-11-01T00:00:00Z'),
    });
    expect(dropped).toEqual(['traces_p202607', 'traces_p202608']);
    expect(report.archived.map((a) => [a.month, a.rows])).toEqual([
      ['2026-07', 5],
      ['2026-08', 2],
    ]);
  });

  it('never drops a month whose archive does not read back every row', async () => {
    const { repo, dropped } = fakeRepository({ 'traces:2025-01': 4 });
    await expect(
      maintainHistoryPartitions(repo, fakeArchive(1), {
        monthsAhead: 0,
        retentionMonths: 3,
        now: new Date('2026-11-01T00:00:00Z'),
      }),
    ).rejects.toBeInstanceOf(ArchiveMismatchError);
    expect(dropped).toEqual([]);
  });
});
