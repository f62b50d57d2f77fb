import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Db, migrationsFolder } from '../db/client.js';
import * as schema from '../db/schema/index.js';

/**
 * The repositories' SQL snapshots (issue 33, immich's `server/src/queries/*.sql`): each repository's methods are called
 * with fixed inputs (snapshot-calls.ts) on an empty embedded database whose drizzle logger records every statement's
 * text; one file per repository, `<module>.<repository>.sql` beside this one, each statement under the method that ran
 * it. Parameters stay `$1`…, values are not written. `npm run sql:snapshots` writes them; sql-snapshots.test.ts fails
 * when they differ from what the code runs now.
 */

/** One call of a repository's method: its name and the call itself. */
export type SnapshotCall = { method: string; run: () => unknown };

/** One repository: the file it is written to (`<module>.<repository>`), its source, its calls, its uncalled methods. */
export type SnapshotRepository = {
  file: string;
  source: string;
  calls: SnapshotCall[];
  notCalled: string[];
  /** Rewrites a statement's text before it is written (what in it depends on the day of the run). */
  normalize?: (statement: string) => string;
};

/**
 * A statement's month partitions (`traces_p202612`) named by their rank among the same table's in it
 * (`traces_p{1}`, `traces_p{2}` …): a database has the partitions of the months around the day it was made
 * (migration 0032, history-partitions.job.ts), so a statement that lists the database's tables would otherwise name
 * other ones every month.
 */
export const rankedMonthPartitions = (statement: string): string => {
  const pattern = /\b([a-z_]+)_p(\d{6})\b/g;
  const months = new Map<string, string[]>();
  for (const [, table = '', month = ''] of statement.matchAll(pattern)) months.set(table, [...(months.get(table) ?? []), month]);
  const rank = (table: string, month: string) => [...new Set(months.get(table))].sort().indexOf(month) + 1;
  return statement.replace(pattern, (_whole, table: string, month: string) => `${table}_p{${rank(table, month)}}`);
};

type Args<F> = F extends (...args: infer A) => unknown ? A : never;
/**
 * The methods of a repository (or the functions of a repository module) and the arguments of each, typed by them; or,
 * for a method that needs more (a transaction handle), the call itself, given the repository.
 */
export type CallArgs<R> = {
  [K in keyof R as R[K] extends (...args: never[]) => unknown ? K : never]?: Args<R[K]> | ((repository: R) => unknown);
};

/**
 * The calls of `repository`'s methods with these arguments, and the names of its methods left uncalled (written in the
 * snapshot's header, so a method added without a call shows there).
 */
export const snapshotRepository = <R extends object>(
  file: string,
  source: string,
  repository: R,
  args: CallArgs<R>,
): SnapshotRepository => {
  // A repository is an object of methods: looked up by name, each called with the arguments typed by CallArgs above.
  const methods = repository as unknown as Record<string, (...a: unknown[]) => unknown>;
  const given = args as Record<string, unknown[] | ((repository: R) => unknown)>;
  const names = Object.keys(methods).filter((name) => typeof methods[name] === 'function');
  return {
    file,
    source,
    calls: Object.keys(given).map((method) => ({
      method,
      run: () => {
        const call = given[method];
        return typeof call === 'function' ? call(repository) : methods[method]?.apply(repository, call ?? []);
      },
    })),
    notCalled: names.filter((name) => !(name in given)).sort(),
  };
};

/** An embedded database, migrated and empty, whose statements `capture` records while `work` runs. */
export type CapturingDatabase = {
  db: Db;
  capture: (work: () => Promise<void>) => Promise<string[]>;
  close: () => Promise<void>;
};

/** Opens one: from `loadDataDir` (a migrated PGlite dump: the tests' template, the build's prebuilt) when given. */
export const openCapturingDatabase = async (loadDataDir?: Blob): Promise<CapturingDatabase> => {
  const client = new PGlite({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder });
  let sink: string[] | undefined;
  // The same cast as db/client.ts: PGlite's drizzle database is the PgDatabase every repository takes.
  const db = drizzle(client, { schema, logger: { logQuery: (query) => sink?.push(query) } }) as unknown as Db;
  return {
    db,
    capture: async (work) => {
      const statements: string[] = [];
      sink = statements;
      try {
        await work();
      } finally {
        sink = undefined;
      }
      return statements;
    },
    close: () => client.close(),
  };
};

/** Runs a call to its end: a promise awaited, an async iterable (a generator of chunks) read through. */
const settle = async (result: unknown): Promise<void> => {
  const value = await result;
  if (value && typeof value === 'object' && Symbol.asyncIterator in value) {
    for await (const _ of value as AsyncIterable<unknown>) {
      // read through
    }
  }
};

/** The text of one statement as written: drizzle's, with its closing semicolon. */
const statementText = (statement: string): string => `${statement.trim().replace(/;$/, '')};`;

/** One method's section of a snapshot file. */
export type SnapshotSection = { method: string; text: string; statements: number };

/** Runs every call of `repository` (in the order of the method names) and gives the sections of its file. */
export const snapshotSections = async (
  database: CapturingDatabase,
  repository: SnapshotRepository,
): Promise<SnapshotSection[]> => {
  const sections: SnapshotSection[] = [];
  for (const call of [...repository.calls].sort((a, b) => a.method.localeCompare(b.method))) {
    let failed: string | undefined;
    const statements = await database.capture(async () => {
      try {
        await settle(call.run());
      } catch (error) {
        // An empty database refuses some writes (a missing row a key points to): the statements up to it are kept.
        const code = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
        failed = typeof code === 'string' ? `SQLSTATE ${code}` : error instanceof Error ? error.name : 'error';
      }
    });
    const normalize = repository.normalize ?? ((statement: string) => statement);
    const lines = [`-- ${call.method}`, ...statements.map((statement) => statementText(normalize(statement)))];
    if (statements.length === 0) lines.push('-- (no statement)');
    if (failed) lines.push(`-- (stopped on an empty database: ${failed})`);
    sections.push({ method: call.method, text: lines.join('\n'), statements: statements.length });
  }
  return sections;
};

/** A snapshot file's text from its sections. */
export const snapshotText = (repository: SnapshotRepository, sections: SnapshotSection[]): string =>
  `${[
    [
      `-- ${repository.source}: generated by \`npm run sql:snapshots\` (apps/server/src/queries/snapshot-calls.ts), do not edit.`,
      ...(repository.notCalled.length > 0 ? [`-- Not called: ${repository.notCalled.join(', ')}.`] : []),
    ].join('\n'),
    ...sections.map((section) => section.text),
  ].join('\n\n')}\n`;

/** Splits a snapshot file's text into its sections (method → text), for the test's message. */
export const parseSections = (text: string): Map<string, string> => {
  const sections = new Map<string, string>();
  for (const block of text.split('\n\n').slice(1)) {
    const method = /^-- (\S+)/.exec(block)?.[1];
    if (method) sections.set(method, block.trimEnd());
  }
  return sections;
};

/** Every snapshot file's text (file name → text), on one capturing database. */
export const renderSnapshots = async (
  database: CapturingDatabase,
  repositories: SnapshotRepository[],
): Promise<{ files: Map<string, string>; methods: number; statements: number }> => {
  const files = new Map<string, string>();
  let [methods, statements] = [0, 0];
  for (const repository of [...repositories].sort((a, b) => a.file.localeCompare(b.file))) {
    if (files.has(`${repository.file}.sql`)) throw new Error(`Two repositories write ${repository.file}.sql`);
    const sections = await snapshotSections(database, repository);
    methods += sections.length;
    statements += sections.reduce((n, section) => n + section.statements, 0);
    files.set(`${repository.file}.sql`, snapshotText(repository, sections));
  }
  return { files, methods, statements };
};
