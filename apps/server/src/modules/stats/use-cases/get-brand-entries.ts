import { type BrandEntriesStatistics, entryDonut } from '@rfid/contract';
import type { StatsRepository } from '../stats.repository.js';
import { statsRange } from '../stats.rules.js';
import { type BrandStatsInput, brandScope, type ScopeRepository } from './stats-scope.js';

/**
 * GET /brands/{id}/entries/statistics: the entry donut (purchase orders and movements arriving, by destination status)
 * of the brand's locations over the orders created in the range (default the last 30 days), with their number.
 */
export const getBrandEntries = async (
  { repo, now }: { repo: ScopeRepository & Pick<StatsRepository, 'orderStatusCounts'>; now: () => Date },
  { user, brandId, query }: BrandStatsInput,
): Promise<BrandEntriesStatistics> => {
  const brand = await brandScope(repo, user, brandId);
  const { from, to } = statsRange(query, now(), brand.timeZone);
  const counts = await repo.orderStatusCounts({ locationIds: brand.locationIds, from, to });
  return {
    ...entryDonut(counts.entry),
    orders: Object.values(counts.entry).reduce<number>((sum, n) => sum + (n ?? 0), 0),
    locations: brand.locationIds.length,
    from: from.toISOString(),
    to: to.toISOString(),
  };
};
