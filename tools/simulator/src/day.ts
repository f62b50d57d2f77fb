import type { ApiClient, FetchLike } from './api.js';
import type { DayPlan } from './day-plan.js';
import { dayContext, openDayReaders } from './day-readers.js';
import { reportOrders, reportPos, reportReturns } from './day-results.js';
import { playArrivals, playInbound, playMovements, playOnline, playPos, playReplenishment } from './day-steps.js';
import { type Random, seededRandom } from './epcs.js';

/**
 * Plays a day plan (day-plan.ts) against a server: the orders are created through the REST API as
 * the web app would (signed in as the demo admin), and the readers send what they read with their
 * device keys, over HTTP or MQTT. Steps whose endpoints the server lacks are left out and named in
 * `skipped`.
 */

export type DayEnv = {
  api: ApiClient;
  server: string;
  fetchImpl?: FetchLike;
  transport: 'http' | 'mqtt';
  mqttUrl?: string;
  log: (line: string) => void;
};

export type DayBoxRow = {
  codebar: string;
  id: number;
  plan: string;
  status: number;
  /** Verifications of the box (of the exit side for movements). */
  verifications: number;
  entryStatus?: number;
};
export type DayOrderRow = {
  kind: 'purchase' | 'movement' | 'online';
  code: string;
  id: number;
  /** Destination status for purchases, origin status for movements and online orders. */
  status: number;
  /** Movements: the destination's status. */
  entryStatus?: number;
  boxes: DayBoxRow[];
};
export type DayReturnRow = { kind: 'provider' | 'sale'; id: number | null; code: string; items: number };
export type DayPosRow = { kind: 'sale' | 'return'; id: number | null; items: number; warnings: number };

export type DayReport = {
  seed: number;
  dayStart: string;
  readersAdded: string[];
  skipped: string[];
  orders: DayOrderRow[];
  returns: DayReturnRow[];
  pos: DayPosRow[];
  /** Reading sets sent, by what the server made of them (`claimed_by`; 'published' over MQTT). */
  claims: Record<string, number>;
  /** Units of T-MAD-01's pick list picked and then read on its sales floor by its handheld (issue 26). */
  replenished: number;
};

/**
 * The day's steps run in the plan's order (day-steps.ts), sending with readers opened first (day-readers.ts); then
 * what the server made of them is read back into the report (day-results.ts).
 */
export const playDay = async (plan: DayPlan, env: DayEnv): Promise<DayReport> => {
  const random: Random = seededRandom(plan.seed ^ 0x5eed);
  const report: DayReport = {
    seed: plan.seed,
    dayStart: plan.dayStart.toISOString(),
    readersAdded: [],
    skipped: [],
    orders: [],
    returns: [],
    pos: [],
    claims: {},
    replenished: 0,
  };
  const ctx = await dayContext(plan, env, report, random);
  const readers = await openDayReaders(ctx);
  try {
    const purchases = await playInbound(ctx, readers);
    const movements = await playMovements(ctx, readers);
    const online = await playOnline(ctx, readers);
    await playArrivals(ctx, readers, online);
    const posBefore = await playPos(ctx, readers);
    await playReplenishment(ctx);
    await reportOrders(ctx, { purchases, movements, online });
    await reportReturns(ctx, online);
    await reportPos(ctx, readers.posReturnPad !== null, posBefore);
  } finally {
    for (const r of Object.values(readers)) await r?.transport.close();
  }
  return report;
};

const ORDER_STATUS = ['pending', 'partly verified', 'verified with errors', 'verified without errors', 'canceled'];
const BOX_STATUS = ['pending', 'verified with errors', 'verified without errors', 'checking', 'canceled'];
const orderStatus = (s: number | undefined) => (s === undefined ? '' : `${s} ${ORDER_STATUS[s] ?? ''}`);

const table = (head: string[], rows: string[][]): string => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
};

/** The summary the CLI prints: orders with their boxes, returns, POS transactions, sets sent. */
export const formatDaySummary = (report: DayReport): string => {
  const out: string[] = [];
  out.push(`Day of seed ${report.seed} (from ${report.dayStart})`);
  if (report.readersAdded.length) out.push(`Readers added: ${report.readersAdded.join(', ')}`);
  out.push(
    '',
    table(
      ['kind', 'order', 'id', 'status', 'entry status', 'boxes (plan → status)'],
      report.orders.map((o) => [
        o.kind,
        o.code,
        String(o.id),
        orderStatus(o.status),
        orderStatus(o.entryStatus),
        o.boxes
          .map(
            (b) =>
              `${b.codebar.slice(b.codebar.lastIndexOf('-') + 1)} ${b.plan} → ${b.status}${b.entryStatus === undefined ? '' : `/${b.entryStatus}`}${b.verifications > 1 ? ` (${b.verifications} verifications)` : ''}`,
          )
          .join(', '),
      ]),
    ),
  );
  out.push(
    '',
    `Box status: ${BOX_STATUS.slice(0, 3)
      .map((s, i) => `${i} ${s}`)
      .join(', ')}; movement boxes show exit/entry.`,
  );
  if (report.returns.length || report.pos.length)
    out.push(
      '',
      table(
        ['kind', 'id', 'code', 'items', 'warnings'],
        [
          ...report.returns.map((r) => [`${r.kind} return`, String(r.id ?? '?'), r.code, String(r.items), '']),
          ...report.pos.map((p) => [`POS ${p.kind}`, String(p.id ?? '?'), '', String(p.items), String(p.warnings)]),
        ],
      ),
    );
  out.push(
    '',
    `Reading sets: ${Object.entries(report.claims)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  );
  if (report.replenished) out.push(`Replenished: ${report.replenished} units seen on T-MAD-01's sales floor`);
  for (const s of report.skipped) out.push(`Skipped: ${s}`);
  return out.join('\n');
};
