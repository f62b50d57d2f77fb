import type { BoxStockRow, boxStockQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toBoxStockRow } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';
import { areaSetOf, type Page } from './stock-scope.js';

export type ListBoxStockInput = { user: AuthUser; query: z.output<typeof boxStockQuerySchema>; page: PageParams };

/** GET /boxstock/ and /areas/{id}/boxstock/: boxes whose last sighting was in the areas. */
export const listBoxStock = async (
  repo: Pick<StockRepository, 'area' | 'location' | 'boxStock'>,
  { user, query, page }: ListBoxStockInput,
): Promise<Page<BoxStockRow>> => {
  const areas = await areaSetOf(repo, user, query);
  const { count, rows } = await repo.boxStock({
    companyId: user.companyId,
    areas,
    codebar: query.codebar__icontains || undefined,
    page,
  });
  return { count, results: rows.map(toBoxStockRow) };
};
