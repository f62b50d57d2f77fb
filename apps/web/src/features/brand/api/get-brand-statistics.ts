import type { BrandInventoryStats, BrandSaleStats, ExitStats, InboundStats, MovementEntryStats } from '@rfid/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandKeys } from '../keys';

/** Statistics reload every 20 s (spec section 2). */
const REFRESH_MS = 20_000;

export type BrandStatistics = {
  purchase: InboundStats | undefined;
  entry: MovementEntryStats | undefined;
  exit: ExitStats | undefined;
  sales: BrandSaleStats | undefined;
  inventory: BrandInventoryStats | undefined;
};

const brandStat = <T>(brandId: number, path: string) =>
  queryOptions({
    queryKey: brandKeys.statistics(brandId, path),
    queryFn: ({ signal }) => apiRequest<T>(`/brands/${brandId}/${path}`, { timeoutMs: 30_000, signal }),
    refetchInterval: REFRESH_MS,
    enabled: brandId > 0,
  });

/**
 * GET /brands/{id}/purchasestats, /entrystats, /exitstats, /salestats and /inventorystats (the last
 * 30 days, over the brand's locations).
 */
export const useBrandStatistics = (brandId: number) => {
  const results = useQueries({
    queries: [
      brandStat<InboundStats>(brandId, 'purchasestats'),
      brandStat<MovementEntryStats>(brandId, 'entrystats'),
      brandStat<ExitStats>(brandId, 'exitstats'),
      brandStat<BrandSaleStats>(brandId, 'salestats'),
      brandStat<BrandInventoryStats>(brandId, 'inventorystats'),
    ],
  });
  const [purchase, entry, exit, sales, inventory] = results;
  return {
    data: {
      purchase: purchase?.data,
      entry: entry?.data,
      exit: exit?.data,
      sales: sales?.data,
      inventory: inventory?.data,
    } as BrandStatistics,
    isPending: results.some((r) => r.isPending),
  };
};
