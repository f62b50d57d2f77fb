import type { BrandSaleStats } from '@rfid/contract';
import type { FiguresRepository } from '../figures.repository.js';
import { perDay, statsRange } from '../stats.rules.js';
import { type BrandStatsInput, brandScope, type ScopeRepository } from './stats-scope.js';

/** GET /brands/{id}/salestats: POS sales and returns of the brand's locations, and per day of the range. */
export const getBrandSaleStats = async (
  { repo, figures, now }: { repo: ScopeRepository; figures: Pick<FiguresRepository, 'saleFigures'>; now: () => Date },
  { user, brandId, query }: BrandStatsInput,
): Promise<BrandSaleStats> => {
  const brand = await brandScope(repo, user, brandId);
  const { from, to, days } = statsRange(query, now(), brand.timeZone);
  const s = await figures.saleFigures({ locationIds: brand.locationIds, from, to });
  return {
    sales: s.sales,
    items_sold: s.itemsSold,
    returns: s.returns,
    items_returned: s.itemsReturned,
    daily_sales: perDay(s.sales, days),
    daily_items_sold: perDay(s.itemsSold, days),
    from: from.toISOString(),
    to: to.toISOString(),
  };
};
