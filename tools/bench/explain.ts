// `npm run bench:scale -- --explain`: the SQL statements each list request runs, and their plans.
//
// The app runs in-process: every HTTP request the server takes runs in its own AsyncLocalStorage
// context (the server's 'request' listeners are wrapped), and node-postgres's Client.prototype.query
// records each statement (text and values) into the context it runs in, so a request's statements
// are exactly its own (the workers' and the bench's own queries run outside any request). Each
// read-only statement is then run again under EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) on the bench's
// connection, and the plan is checked for sequential scans of big tables, sorts spilled to disk and
// row estimates off by more than 100×.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import pg from 'pg';

export type Statement = { text: string; values: unknown[] };
type Captured = { id: string; statements: Statement[] };

const requests = new AsyncLocalStorage<Captured>();
const byId = new Map<string, Statement[]>();
/** The header that names a request whose statements are kept. */
export const EXPLAIN_HEADER = 'x-bench-explain';

/** Records the statements of every request that carries EXPLAIN_HEADER (call once, before the app is listening). */
export const captureStatements = (server: Server): void => {
  type Listener = (request: IncomingMessage, response: ServerResponse) => void;
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  for (const listener of listeners) {
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const id = request.headers[EXPLAIN_HEADER];
      if (typeof id !== 'string') return listener(request, response);
      const captured: Captured = { id, statements: [] };
      byId.set(id, captured.statements);
      requests.run(captured, () => listener(request, response));
    });
  }
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const captured = requests.getStore();
    if (captured) {
      const [first, second] = args;
      if (typeof first === 'string') captured.statements.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        // drizzle passes its parameters beside the query config (`query(config, values)`).
        const config = first as { text: string; values?: unknown[] };
        captured.statements.push({ text: config.text, values: Array.isArray(second) ? second : (config.values ?? []) });
      }
    }
    return original.apply(this, args);
  };
};

/** The statements the request sent with `EXPLAIN_HEADER: id` ran. */
export const statementsOf = (id: string): Statement[] => byId.get(id) ?? [];

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Sort Method'?: string;
  'Sort Space Type'?: string;
  'Sort Space Used'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};
type Explained = { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number };

export type StatementReport = {
  sql: string;
  executionMs: number;
  planningMs: number;
  flags: string[];
  plan: string[];
  error?: string;
};

/** Only statements that read: EXPLAIN ANALYZE runs what it explains. */
const isReadOnly = (text: string): boolean =>
  /^\s*(select|with)\b/i.test(text) && !/\b(insert\s+into|update\s+\w+\s+set|delete\s+from|for\s+update)\b/i.test(text);

/**
 * The flags of one plan: a sequential scan that read more than 100,000 rows of one of `bigTables`, a sort on disk,
 * a row estimate off by more than 100× (per loop). Below a Limit a node stops early by design, so there only an
 * underestimate (more rows than planned, what misleads a join choice) is flagged.
 */
const flagsOf = (node: PlanNode, bigTables: Set<string>, flags: string[], underLimit = false): void => {
  const relation = node['Relation Name'];
  const loops = node['Actual Loops'] ?? 0;
  const actual = node['Actual Rows'] ?? 0;
  const read = (actual + (node['Rows Removed by Filter'] ?? 0)) * loops;
  if (node['Node Type'] === 'Seq Scan' && relation && bigTables.has(relation) && read > 100_000) {
    flags.push(`seq scan on ${relation} (${read.toLocaleString('en')} rows read, ${(actual * loops).toLocaleString('en')} kept)`);
  }
  if (node['Sort Space Type'] === 'Disk' || /external/i.test(node['Sort Method'] ?? '')) {
    flags.push(`sort on disk (${node['Sort Method']}, ${node['Sort Space Used']} kB)`);
  }
  const planned = node['Plan Rows'];
  const under = actual > planned * 100;
  const over = planned > Math.max(1, actual) * 100;
  if (loops > 0 && (under || (over && !underLimit))) {
    const ratio = Math.max(planned, actual) / Math.max(1, Math.min(planned, actual));
    flags.push(
      `estimate ${under ? 'under' : 'over'} ×${Math.round(ratio)} at ${node['Node Type']}${relation ? ` on ${relation}` : ''} (planned ${planned}, actual ${actual})`,
    );
  }
  for (const child of node.Plans ?? []) flagsOf(child, bigTables, flags, underLimit || node['Node Type'] === 'Limit');
};

/** The plan as indented lines: node [relation / index] rows planned → actual × loops, ms. */
const linesOf = (node: PlanNode, depth: number, lines: string[]): void => {
  const on = node['Index Name'] ? ` using ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const actual = node['Actual Loops']
    ? `${node['Actual Rows']}${node['Actual Loops'] > 1 ? ` ×${node['Actual Loops']}` : ''}`
    : 'never run';
  const time = node['Actual Total Time'] === undefined ? '' : `, ${node['Actual Total Time'].toFixed(1)} ms`;
  lines.push(`${'  '.repeat(depth)}${node['Node Type']}${on} (rows ${node['Plan Rows']} → ${actual}${time})`);
  for (const child of node.Plans ?? []) linesOf(child, depth + 1, lines);
};

/** Tables of more than 100,000 rows (the ones a sequential scan of is a problem). */
export const bigTablesOf = async (client: pg.Client): Promise<Set<string>> => {
  const { rows } = await client.query<{ relname: string }>(
    "select relname from pg_class where relkind in ('r', 'p') and reltuples > 100000 and relnamespace = 'public'::regnamespace",
  );
  return new Set(rows.map((r) => r.relname));
};

/** EXPLAIN (ANALYZE, BUFFERS) of each read-only statement. */
export const explainAll = async (
  client: pg.Client,
  statements: Statement[],
  bigTables: Set<string>,
): Promise<StatementReport[]> => {
  const reports: StatementReport[] = [];
  for (const { text, values } of statements) {
    if (!isReadOnly(text)) continue;
    const sql = text.replace(/\s+/g, ' ').trim();
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': Explained[] }>(
        `explain (analyze, buffers, format json) ${text}`,
        values,
      );
      const explained = rows[0]?.['QUERY PLAN'][0];
      if (!explained) continue;
      const flags: string[] = [];
      flagsOf(explained.Plan, bigTables, flags);
      const plan: string[] = [];
      linesOf(explained.Plan, 0, plan);
      reports.push({ sql, executionMs: explained['Execution Time'], planningMs: explained['Planning Time'], flags, plan });
    } catch (error) {
      reports.push({ sql, executionMs: 0, planningMs: 0, flags: [], plan: [], error: (error as Error).message });
    }
  }
  return reports;
};

export type EndpointExplained = { name: string; url: string; statements: StatementReport[] };

const MAX_SQL = 600;
const MAX_PLAN_LINES = 30;

/** The report (EXPLAIN_RESULTS.md): a summary table, then each endpoint's statements, flags and plans. */
export const explainReport = (heading: string, endpoints: EndpointExplained[]): string => {
  const out: string[] = [heading, ''];
  const flagged = endpoints.filter((e) => e.statements.some((s) => s.flags.length > 0 || s.error));
  out.push(`${endpoints.length} list endpoints, ${flagged.length} with a flag.`, '');
  out.push('| endpoint | statements | execution ms (sum) | slowest ms | flags |', '|---|---:|---:|---:|---|');
  for (const e of endpoints) {
    const sum = e.statements.reduce((s, x) => s + x.executionMs, 0);
    const slowest = Math.max(0, ...e.statements.map((x) => x.executionMs));
    const flags = e.statements.flatMap((s) => (s.error ? [`error: ${s.error}`] : s.flags));
    out.push(
      `| \`${e.url.replace(/\|/g, '\\|')}\` | ${e.statements.length} | ${sum.toFixed(1)} | ${slowest.toFixed(1)} | ${flags.join('; ').replace(/\|/g, '\\|') || ''} |`,
    );
  }
  for (const e of endpoints) {
    out.push('', `## ${e.name}`, '', `\`GET ${e.url}\``, '');
    for (const [n, s] of e.statements.entries()) {
      const sql = s.sql.length > MAX_SQL ? `${s.sql.slice(0, MAX_SQL)} …` : s.sql;
      out.push(
        `${n + 1}. ${s.executionMs.toFixed(1)} ms (planning ${s.planningMs.toFixed(1)} ms)${s.flags.length ? ` — **${s.flags.join('; ')}**` : ''}${s.error ? ` — error: ${s.error}` : ''}`,
        '',
      );
      out.push('```sql', sql, '```', '');
      if (s.plan.length) {
        const plan =
          s.plan.length > MAX_PLAN_LINES
            ? [...s.plan.slice(0, MAX_PLAN_LINES), `… ${s.plan.length - MAX_PLAN_LINES} more nodes`]
            : s.plan;
        out.push('```', ...plan, '```', '');
      }
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
};
