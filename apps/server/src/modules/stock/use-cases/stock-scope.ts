import type { StockRow, stockQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { foundOr, notFound } from '../../../http/errors.js';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { AlarmFilters, AreaSet } from '../stock.repository.js';
import { gtinFilter, toStockRow } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';

export type Page<T> = { count: number; results: T[] };
export type StockQuery = z.output<typeof stockQuerySchema>;

/** The areas a global query covers: area1 (or area), else location, else every location the user sees (foreign ids 404). */
export const areaSetOf = async (
  repo: Pick<StockRepository, 'area' | 'location'>,
  user: AuthUser,
  q: { location?: number; area1?: number; area?: number },
): Promise<AreaSet> => {
  const areaId = q.area1 ?? q.area;
  if (areaId) {
    const area = await repo.area(user, areaId);
    if (q.location && area.locationId !== q.location) throw notFound('admin.area_not_found');
    return { kind: 'area', areaId: area.id };
  }
  if (q.location) {
    await repo.location(user, q.location);
    return { kind: 'location', locationId: q.location };
  }
  return { kind: 'visible', user };
};

/** The GTIN (item type) of the user's company, or 404. */
export const requireItemType = async (repo: Pick<StockRepository, 'itemTypeOf'>, user: AuthUser, id: number) => {
  return foundOr(repo.itemTypeOf(user.companyId, id), 'catalog.gtin_not_found');
};

/** The alarm filters of a query: its location and area must be the user's (404). */
export const alarmFilters = async (
  repo: Pick<StockRepository, 'area' | 'location'>,
  user: AuthUser,
  query: { location?: number; area?: number; gtin?: string },
): Promise<AlarmFilters> => {
  if (query.location) await repo.location(user, query.location);
  if (query.area) await repo.area(user, query.area);
  return { locationId: query.location, areaId: query.area, gtin: gtinFilter(query) };
};

/** A page of stock per GTIN of the areas, with the minimum stocks of `minimumOfArea` when given. */
export const stockPage = async (
  repo: Pick<StockRepository, 'stockPerGtin'>,
  user: AuthUser,
  { areas, minimumOfArea, query, page }: { areas: AreaSet; minimumOfArea: number | null; query: StockQuery; page: PageParams },
): Promise<Page<StockRow>> => {
  const { count, rows } = await repo.stockPerGtin({
    companyId: user.companyId,
    areas,
    minimumOfArea,
    omitZero: query.omit,
    filters: { gtin: gtinFilter(query), itemtype: query.itemtype, description: query.description__icontains },
    orderBy: query.order_by,
    page,
  });
  return { count, results: rows.map(toStockRow) };
};
