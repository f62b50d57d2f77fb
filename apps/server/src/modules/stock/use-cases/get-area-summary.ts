import type { StockRow } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StockRepository } from '../stock-store.repository.js';
import { type Page, type StockQuery, stockPage } from './stock-scope.js';

export type GetAreaSummaryInput = { user: AuthUser; areaId: number; query: StockQuery; page: PageParams };

/** GET /areas/{id}/summary/: stock per GTIN of one area, with its minimum stocks. */
export const getAreaSummary = async (
  repo: Pick<StockRepository, 'area' | 'stockPerGtin'>,
  { user, areaId, query, page }: GetAreaSummaryInput,
): Promise<Page<StockRow>> => {
  const area = await repo.area(user, areaId);
  return stockPage(repo, user, { areas: { kind: 'area', areaId: area.id }, minimumOfArea: area.id, query, page });
};
