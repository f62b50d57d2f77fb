import type { StockEvolutionRow, stockEvolutionQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StatsRepository } from '../stats.repository.js';

export type ListStockEvolutionInput = { user: AuthUser; query: z.output<typeof stockEvolutionQuerySchema>; page: PageParams };

/**
 * GET /stockev/: the daily stock snapshots of the locations the user sees, newest first unless order_by=day. A location
 * filter the user does not see is a 404; without an area, location totals only unless area__isnull=false.
 */
export const listStockEvolution = async (
  { repo }: { repo: Pick<StatsRepository, 'location' | 'listStockEvolution'> },
  { user, query, page }: ListStockEvolutionInput,
): Promise<{ count: number; results: StockEvolutionRow[] }> => {
  if (query.location !== undefined) await repo.location(user, query.location);
  const areaIsNull = query.area__isnull === undefined ? true : query.area__isnull.toLowerCase() === 'true';
  const { count, rows } = await repo.listStockEvolution({
    user,
    location: query.location,
    area: query.area,
    areaIsNull,
    dayGte: query.day__gte,
    dayLte: query.day__lte,
    ascending: query.order_by === 'day',
    page,
  });
  return {
    count,
    results: rows.map((r) => ({
      day: r.day,
      location: r.location,
      location_description: r.locationDescription,
      area: r.area,
      area_description: r.areaDescription,
      quantity: r.quantity,
      theoretical_quantity: r.theoreticalQuantity,
    })),
  };
};
