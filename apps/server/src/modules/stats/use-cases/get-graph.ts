import {
  CHART_SERIES,
  type ChartGranularity,
  type ChartModule,
  chartBuckets,
  dayOf,
  type GraphStatistics,
  type graphStatisticsQuerySchema,
} from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import type { BucketRow, StatsRepository } from '../stats.repository.js';
import { bucketFormat, bucketOf, chartRange, daysRange } from '../stats.rules.js';
import { type DashboardScope, type DashboardTarget, dashboardScope, type ScopeRepository } from './stats-scope.js';

export type GetGraphInput = { user: AuthUser; target: DashboardTarget; query: z.output<typeof graphStatisticsQuerySchema> };
type GraphRepository = ScopeRepository &
  Pick<StatsRepository, 'stockBuckets' | 'stockNow' | 'theoreticalNow' | 'posBuckets' | 'orderBuckets'>;

type Chart = { module: ChartModule; granularity: ChartGranularity; start: string; end: string; x: string[] };

const answer = (chart: Chart, series: (number | null)[][]): GraphStatistics => ({
  module: chart.module,
  granularity: chart.granularity,
  date_start: chart.start,
  date_end: chart.end,
  x_axis: chart.x,
  series: CHART_SERIES[chart.module].map((name, i) => ({ name, data: series[i] ?? [] })),
});

/** An order's side status → its series: 3 correct, 2 with errors, 0–1 waiting; online 2–3 sent; 4 canceled none. */
const orderSeries = (module: 'inbound' | 'outbound' | 'online', status: number): string | null => {
  if (module === 'online') return status === 2 || status === 3 ? 'sended' : status <= 1 ? 'waiting' : null;
  if (status === 3) return module === 'inbound' ? 'correctly_received' : 'correctly_exited';
  if (status === 2) return module === 'inbound' ? 'incorrectly_received' : 'incorrectly_exited';
  return status <= 1 ? 'waiting' : null;
};

/** Stock and theoretical stock of each bucket's last snapshot; the bucket holding today shows the stock now. */
const stockSeries = async (repo: GraphRepository, scope: DashboardScope, chart: Chart, today: string) => {
  const { locationIds } = scope;
  const index = new Map(chart.x.map((bucket, i) => [bucket, i]));
  const stock: (number | null)[] = chart.x.map(() => null);
  const theoretical: (number | null)[] = chart.x.map(() => null);
  const format = bucketFormat(chart.granularity);
  for (const r of await repo.stockBuckets({ locationIds, start: chart.start, end: chart.end, format })) {
    const i = index.get(r.bucket);
    if (i === undefined) continue;
    stock[i] = r.quantity;
    theoretical[i] = r.theoretical;
  }
  const current = index.get(bucketOf(chart.granularity, today));
  if (current !== undefined && chart.end >= today) {
    const [s, t] = await Promise.all([repo.stockNow(locationIds), repo.theoreticalNow(locationIds)]);
    stock[current] = s;
    theoretical[current] = t;
  }
  return [stock, theoretical];
};

/** Counts per bucket of the orders (by side status) or of the POS items (sales, returns). */
const countSeries = async (repo: GraphRepository, scope: DashboardScope, chart: Chart) => {
  const { module } = chart;
  if (module === 'stock') return [];
  const names: readonly string[] = CHART_SERIES[module];
  const index = new Map(chart.x.map((bucket, i) => [bucket, i]));
  const series = names.map(() => chart.x.map(() => 0));
  const add = (name: string | null, r: BucketRow) => {
    const i = index.get(r.bucket);
    const s = name === null ? undefined : series[names.indexOf(name)];
    if (i !== undefined && s) s[i] = (s[i] ?? 0) + r.n;
  };
  const { from, to } = daysRange(chart.start, chart.end, scope.timeZone);
  const args = { locationIds: scope.locationIds, from, to, format: bucketFormat(chart.granularity), timeZone: scope.timeZone };
  if (module === 'pos') {
    for (const r of await repo.posBuckets(args)) add(r.key === 'sale' ? 'sales' : 'returns', r);
  } else {
    for (const r of await repo.orderBuckets({ ...args, module })) add(orderSeries(module, Number(r.key)), r);
  }
  return series;
};

/**
 * GET /locations/{id}/graphstatistics/ and /companies/{id}/graphstatistics/: the dashboard's chart of a scope, one
 * value per bucket (day, month or year of the scope's zone) and series (CHART_SERIES of the module, default stock).
 * The range is checked by chartRange (stats.rules.ts): a bad one is a 400 on its field.
 */
export const getGraph = async (
  { repo, now }: { repo: GraphRepository; now: () => Date },
  { user, target, query }: GetGraphInput,
): Promise<GraphStatistics> => {
  const scope = await dashboardScope(repo, user, target);
  const module = query.module ?? 'stock';
  const today = dayOf(now(), scope.timeZone);
  const { granularity, start, end } = chartRange(query, today);
  const chart: Chart = { module, granularity, start, end, x: chartBuckets(granularity, start, end) };
  const series = module === 'stock' ? await stockSeries(repo, scope, chart, today) : await countSeries(repo, scope, chart);
  return answer(chart, series);
};
