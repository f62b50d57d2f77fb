import type { BrandSaleStats } from '@rfid/contract';
import type { FiguresRepository } from '../figures.repository.js';
import { perDay } from '../stats.rules.js';
import { brandStats } from './stats-scope.js';

/** GET /brands/{id}/salestats: POS sales and returns of the brand's locations, and per day of the range. */
export const getBrandSaleStats = brandStats(
  async (
    { figures }: { figures: Pick<FiguresRepository, 'saleFigures'> },
    { brand, from, to, days },
  ): Promise<BrandSaleStats> => {
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
  },
);
