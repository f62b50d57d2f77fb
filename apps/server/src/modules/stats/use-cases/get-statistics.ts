import {
  dayOf,
  daysOfSupply,
  entryDonut,
  exitDonut,
  type LocationStatistics,
  onlineDonut,
  precisionPercent,
  type statsRangeQuerySchema,
  stockChangePercent,
} from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StatsRepository } from '../stats.repository.js';
import { LAST_YEAR_LOOKBACK_DAYS, SUPPLY_WINDOW_DAYS, sameDayLastYear, statsRange } from '../stats.rules.js';
import { type DashboardTarget, dashboardScope, type ScopeRepository } from './stats-scope.js';

const DAY_MS = 86_400_000;

export type GetStatisticsInput = { user: AuthUser; target: DashboardTarget; query: z.output<typeof statsRangeQuerySchema> };

/**
 * GET /locations/{id}/statistics/ and /companies/{id}/statistics/: the dashboard's figures of a scope (formulas in
 * packages/contract/src/stats.ts, SQL in the repository). Stock, theoretical stock (the precision), the stock a year
 * ago, the items out of the last 30 days (days of supply) and the donuts of the orders created in the range are read
 * in one snapshot. The range is date_start/date_end read in the scope's zone, default the 30 days before now.
 */
export const getStatistics = async (
  { repo, now }: { repo: ScopeRepository & Pick<StatsRepository, 'readSnapshot'>; now: () => Date },
  { user, target, query }: GetStatisticsInput,
): Promise<LocationStatistics> => {
  const scope = await dashboardScope(repo, user, target);
  const at = now();
  const { from, to } = statsRange(query, at, scope.timeZone);
  const { locationIds } = scope;
  const { stock, theoretical, lastYear, out, counts } = await repo.readSnapshot(async (reads) => ({
    stock: await reads.stockNow(locationIds),
    theoretical: await reads.theoreticalNow(locationIds),
    lastYear: await reads.snapshotTotalOn({
      locationIds,
      day: sameDayLastYear(dayOf(at, scope.timeZone)),
      lookbackDays: LAST_YEAR_LOOKBACK_DAYS,
    }),
    out: await reads.itemsOut({ locationIds, from: new Date(at.getTime() - SUPPLY_WINDOW_DAYS * DAY_MS), to: at }),
    counts: await reads.orderStatusCounts({ locationIds, from, to }),
  }));
  return {
    scope: { kind: scope.kind, id: scope.id, description: scope.description },
    date_start: from.toISOString(),
    date_end: to.toISOString(),
    stock,
    theorical_stock: theoretical,
    precision: precisionPercent(stock, theoretical),
    stock_evolution: stockChangePercent(stock, lastYear),
    current_year_stock: stock,
    last_year_stock: lastYear,
    days_of_supply: daysOfSupply(stock, out, SUPPLY_WINDOW_DAYS),
    items_out_30_days: out,
    entrys: entryDonut(counts.entry),
    exits: exitDonut(counts.exit),
    online: onlineDonut(counts.online),
  };
};
