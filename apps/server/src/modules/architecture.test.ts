import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of apps/server/src/modules (docs/design.md §3, issue 14), checked on the source text:
 * - queries only in `*.repository.ts` (a service may open `db.transaction(`, and hand `tx` to repositories);
 * - drizzle's condition builders (`and(`, `eq(`, `inArray(` …) imported only by `*.repository.ts`: a service that built
 *   a `where` and handed it down was a query the rule above could not see (issue 33; services pass typed inputs);
 * - no file over 500 lines (split by sub-area);
 * - no literal item state or status number in SQL: the enums of packages/contract (`${ItemState.Stocked}`);
 * - no background worker created, started or given job kinds by a module: plugins/workers.ts does that.
 * Tests and test fixtures (`*.test.ts`, `*-fixtures.ts`, `*.fixtures.ts`) are left out.
 */

const MODULES = fileURLToPath(new URL('.', import.meta.url));
const MAX_LINES = 500;

/** Exceptions to the rules: none (keep it so; a file that needs one says why here). */
const ALLOWED: Record<'query' | 'conditions' | 'size' | 'literalState', string[]> = {
  query: [],
  conditions: [],
  size: [],
  literalState: [],
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts');
    const isTestOnly = /\.test\.ts$|[.-]fixtures\.ts$/.test(entry.name);
    return isSource && !isTestOnly ? [path] : [];
  });

const files = sourceFiles(MODULES).map((path) => ({
  name: relative(MODULES, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));

/**
 * A query: the query builder or raw SQL on a database or transaction handle (`db.select(`, `tx\n  .update(` …), or an
 * SQL template (`sql\``, `sql.raw(`). `db.transaction(` is not one. Map's `.delete(`, a hash's `.update(` and a
 * repository's `repo.insert(` are not matched: only the handles named `db`, `tx` or `trx`.
 */
const QUERY = /\b(?:db|tx|trx)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\s*\(|\bsql(?:\.raw)?\s*[`(]/;

/** drizzle-orm's condition builders and operators (its `sql` template is a query: QUERY above). */
const CONDITION_BUILDERS = new Set(
  (
    'and or not eq ne gt gte lt lte inArray notInArray isNull isNotNull like ilike notLike notIlike between ' +
    'notBetween exists notExists arrayContains arrayContained arrayOverlaps sql'
  ).split(' '),
);

/**
 * The condition builders a file imports (values, not types) from drizzle-orm or one of its paths; a namespace import
 * (`import * as d from 'drizzle-orm'`) counts as all of them.
 */
const importedConditionBuilders = (text: string): string[] =>
  [...text.matchAll(/\bimport\s+(type\s+)?(\{[^}]*\}|\*\s*as\s+\w+)\s*from\s*['"]drizzle-orm(?:\/[^'"]*)?['"]/g)].flatMap(
    ([, typeOnly, names = '']) => {
      if (typeOnly) return [];
      if (names.startsWith('*')) return ['*'];
      return names
        .slice(1, -1)
        .split(',')
        .map((name) => name.trim())
        .filter((name) => !name.startsWith('type '))
        .map((name) => name.split(/\s+as\s+/)[0] ?? '')
        .filter((name) => CONDITION_BUILDERS.has(name));
    },
  );

/** A state or status column (`state`, `i.state`, `destination_status`) compared with, or set to, a number. */
const LITERAL_STATE_SQL = /\w*(?:state|status)\s*(?:=|<>|!=|>=|<=|>|<)\s*\d|\w*(?:state|status)\s+(?:not\s+)?in\s*\(\s*\d/i;
/** The same in the query builder: `eq(items.state, 2)`. */
const LITERAL_STATE_BUILDER = /\b(?:eq|ne|gt|gte|lt|lte)\(\s*[\w.]+\.\w*(?:state|status)\w*\s*,\s*\d/i;
/** The text of the SQL templates of a file (approximately: a nested template ends its outer one early, still scanned). */
const sqlTexts = (text: string): string[] => [...text.matchAll(/\bsql`([\s\S]*?)`/g)].map((match) => match[1] ?? '');

const violators = (rule: keyof typeof ALLOWED, isViolation: (file: { name: string; text: string }) => boolean) =>
  files.filter((file) => !ALLOWED[rule].includes(file.name) && isViolation(file)).map((file) => file.name);

/** Creating or starting a worker, registering a job kind, or starting work when the app is ready. */
const WORKER_START =
  /\bcreate(?:JobRunner|PrintSpooler|LlrpClient|StreamGrouper)\(|\bstartReadsSubscriber\(|\bjobs\.(?:register|add|every|start)\(|addHook\(\s*'onReady'/;

describe('modules architecture', () => {
  it('finds the module sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('queries only in repositories', () => {
    expect(violators('query', (file) => !file.name.endsWith('.repository.ts') && QUERY.test(file.text))).toEqual([]);
  });

  it('condition builders only in repositories', () => {
    const found = files
      .filter((file) => !file.name.endsWith('.repository.ts') && !ALLOWED.conditions.includes(file.name))
      .map((file) => ({ file: file.name, builders: importedConditionBuilders(file.text) }))
      .filter(({ builders }) => builders.length > 0);
    expect(found, "Build the conditions in a repository from a typed input (the contract's query schema)").toEqual([]);
  });

  it('the condition builders check finds what a service imported (issue 33: orders, movements, online)', () => {
    expect(importedConditionBuilders("import { and, eq, not, type SQL } from 'drizzle-orm';")).toEqual(['and', 'eq', 'not']);
    expect(importedConditionBuilders("import {\n  or as either,\n  inArray,\n} from 'drizzle-orm/sql/expressions';")).toEqual([
      'or',
      'inArray',
    ]);
    expect(importedConditionBuilders("import * as d from 'drizzle-orm';")).toEqual(['*']);
    expect(
      importedConditionBuilders("import type { SQL } from 'drizzle-orm';\nimport { type SQL as S } from 'drizzle-orm';"),
    ).toEqual([]);
    expect(importedConditionBuilders("import { and } from './drizzle-orm-helpers.js';")).toEqual([]);
  });

  it(`no file over ${MAX_LINES} lines`, () => {
    expect(violators('size', (file) => file.text.split('\n').length - 1 > MAX_LINES)).toEqual([]);
  });

  it('no literal item state or status in SQL', () => {
    expect(
      violators(
        'literalState',
        (file) => LITERAL_STATE_BUILDER.test(file.text) || sqlTexts(file.text).some((text) => LITERAL_STATE_SQL.test(text)),
      ),
    ).toEqual([]);
  });

  it('no module creates or starts a background worker (plugins/workers.ts does)', () => {
    expect(files.filter((file) => WORKER_START.test(file.text)).map((file) => file.name)).toEqual([]);
  });

  it('the allow-lists name files that exist', () => {
    const stale = (Object.keys(ALLOWED) as (keyof typeof ALLOWED)[]).flatMap((rule) =>
      ALLOWED[rule].filter((name) => !files.some((file) => file.name === name)).map((name) => `${rule}: ${name}`),
    );
    expect(stale).toEqual([]);
  });
});
