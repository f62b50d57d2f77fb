import { type BrandEntriesStatistics, entryDonut } from '@rfid/contract';
import type { StatsRepository } from '../stats.repository.js';
import { brandStats } from './stats-scope.js';

/**
 * GET /brands/{id}/entries/statistics: the entry donut (purchase orders and movements arriving, by destination status)
 * of the brand's locations over the orders created in the range (default the last 30 days), with their number.
 */
export const getBrandEntries = brandStats(
  async (
    { repo }: { repo: Pick<StatsRepository, 'orderStatusCounts'> },
    { brand, from, to },
  ): Promise<BrandEntriesStatistics> => {
    const counts = await repo.orderStatusCounts({ locationIds: brand.locationIds, from, to });
    return {
      ...entryDonut(counts.entry),
      orders: Object.values(counts.entry).reduce<number>((sum, n) => sum + (n ?? 0), 0),
      locations: brand.locationIds.length,
      from: from.toISOString(),
      to: to.toISOString(),
    };
  },
);
