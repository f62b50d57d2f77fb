import type { BrandInventoryStats } from '@rfid/contract';
import type { FiguresRepository } from '../figures.repository.js';
import type { StatsRepository } from '../stats.repository.js';
import { minutes } from '../stats.rules.js';
import { brandStats } from './stats-scope.js';

const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/**
 * GET /brands/{id}/inventorystats: the inventories of the brand's locations started in the range, and how long counting
 * the brand's stock now takes at the validated inventories' reading rate (Σ items read ÷ Σ seconds; none → null).
 */
export const getBrandInventoryStats = brandStats(
  async (
    { repo, figures }: { repo: Pick<StatsRepository, 'stockNow'>; figures: Pick<FiguresRepository, 'inventoryFigures'> },
    { brand, from, to },
  ): Promise<BrandInventoryStats> => {
    const [s, stock] = await Promise.all([
      figures.inventoryFigures({ locationIds: brand.locationIds, from, to }),
      repo.stockNow(brand.locationIds),
    ]);
    const rate = s.secondsSum > 0 ? s.readSum / s.secondsSum : 0;
    return {
      total_inventory_count: s.total,
      pending_inventories: s.pending,
      validated_inventories: s.validated,
      estimated_inventory_time: rate > 0 ? minutes(stock / rate) : null,
      avg_inventory_time: minutes(s.avgSeconds),
      avg_inventory_items: round2(s.avgItems),
      avg_inventory_accuracy: round2(s.avgAccuracy),
      from: from.toISOString(),
      to: to.toISOString(),
    };
  },
);
