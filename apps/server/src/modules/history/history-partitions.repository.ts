import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The month partitions of the append-only histories (migration 0032, docs/history-at-scale.md). Partitions are named
 * `<table>_pYYYYMM` and hold [first of the month, first of the next) in UTC; `<table>_default` holds rows of no month.
 */
export const HISTORY_TABLES = { traces: 'read_at', epcis_events: 'event_time' } as const;
export type HistoryTable = keyof typeof HISTORY_TABLES;
export const historyTables = Object.keys(HISTORY_TABLES) as HistoryTable[];

/** A month as `YYYY-MM` (UTC). */
export type Month = string;

export type MonthPartition = { table: HistoryTable; name: string; month: Month };

export type HistoryPartitionsRepository = {
  /** The month partitions of `table`, oldest first (the default partition is not one). */
  monthPartitions(table: HistoryTable): Promise<MonthPartition[]>;
  /**
   * Makes `month`'s partition unless it exists (true: made now). Rows of that month waiting in the default partition
   * move into it, in the same transaction; an advisory lock keeps two callers from racing.
   */
  createMonth(table: HistoryTable, month: Month): Promise<boolean>;
  /** The partition's columns, in table order. */
  columns(partition: MonthPartition): Promise<string[]>;
  /** The partition's rows as PostgreSQL's text of each value (null: NULL), in pages of `size` by id. */
  pages(partition: MonthPartition, columns: readonly string[], size: number): AsyncIterable<(string | null)[][]>;
  countRows(partition: MonthPartition): Promise<number>;
  /** Detaches the partition from its table and drops it, in one transaction. */
  dropPartition(partition: MonthPartition): Promise<void>;
};

const MONTH_NAME = /_p(\d{4})(\d{2})$/;

export const partitionName = (table: HistoryTable, month: Month): string => `${table}_p${month.replace('-', '')}`;

/** The bound of a month's partition: its first instant in UTC. */
const firstInstant = (month: Month): string => `${month}-01 00:00:00+00`;

export const nextMonth = (month: Month): Month => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number, 1));
  return date.toISOString().slice(0, 7);
};

const quoted = (name: string): SQL => sql`${sql.identifier(name)}`;

export const createHistoryPartitionsRepository = (db: Db): HistoryPartitionsRepository => ({
  async monthPartitions(table) {
    const rows = rowsOf<{ name: string }>(
      await db.execute(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass(${table}) order by c.relname`),
    );
    return rows.flatMap(({ name }) => {
      const match = MONTH_NAME.exec(name);
      return match && name === partitionName(table, `${match[1]}-${match[2]}`)
        ? [{ table, name, month: `${match[1]}-${match[2]}` }]
        : [];
    });
  },

  async createMonth(table, month) {
    const name = partitionName(table, month);
    const key = HISTORY_TABLES[table];
    const from = firstInstant(month);
    const to = firstInstant(nextMonth(month));
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`history-partitions:${table}`}))`);
      const [exists] = rowsOf<{ found: string | null }>(await tx.execute(sql`select to_regclass(${name})::text as found`));
      if (exists?.found) return false;
      // A default partition holding rows of the month would refuse the new partition: they move into it.
      const strays = `${name}_strays`;
      await tx.execute(sql`
        create temporary table ${quoted(strays)} on commit drop as
        with moved as (
          delete from ${quoted(`${table}_default`)}
          where ${quoted(key)} >= ${from}::timestamptz and ${quoted(key)} < ${to}::timestamptz returning *
        ) select * from moved`);
      await tx.execute(
        sql`create table ${quoted(name)} partition of ${quoted(table)} for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`,
      );
      await tx.execute(sql`insert into ${quoted(table)} select * from ${quoted(strays)}`);
      return true;
    });
  },

  async columns(partition) {
    const rows = rowsOf<{ name: string }>(
      await db.execute(sql`
        select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${partition.table} order by ordinal_position`),
    );
    return rows.map((row) => row.name);
  },

  async *pages(partition, columns, size) {
    const list = sql.join(
      columns.map((column) => sql`${quoted(column)}::text`),
      sql`, `,
    );
    let after = '-9223372036854775808';
    for (;;) {
      const result = await db.execute(sql`
        select id::text as "#id", ${list} from ${quoted(partition.name)}
        where id > ${after}::bigint order by id limit ${size}`);
      const rows = rowsOf<Record<string, string | null>>(result);
      if (rows.length === 0) return;
      // Values by position: the page's fields are the columns' text in table order (after the paging id).
      yield rows.map((row) => Object.values(row).slice(1));
      after = (rows[rows.length - 1] as Record<string, string>)['#id'] as string;
      if (rows.length < size) return;
    }
  },

  async countRows(partition) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${quoted(partition.name)}`));
    return row?.n ?? 0;
  },

  async dropPartition(partition) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table ${quoted(partition.table)} detach partition ${quoted(partition.name)}`);
      await tx.execute(sql`drop table ${quoted(partition.name)}`);
    });
  },
});
