import type { globalStockQuerySchema, StockRow } from '@rfid/contract';
import type { z } from 'zod';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StockRepository } from '../stock-store.repository.js';
import { areaSetOf, type Page, stockPage } from './stock-scope.js';

export type GetGlobalStockInput = { user: AuthUser; query: z.output<typeof globalStockQuerySchema>; page: PageParams };

/** GET /global-stock/: stock per GTIN of an area (area1), a location, or every location the user sees. */
export const getGlobalStock = async (
  repo: Pick<StockRepository, 'area' | 'location' | 'stockPerGtin'>,
  { user, query, page }: GetGlobalStockInput,
): Promise<Page<StockRow>> => {
  const areas = await areaSetOf(repo, user, query);
  return stockPage(repo, user, { areas, minimumOfArea: areas.kind === 'area' ? areas.areaId : null, query, page });
};
