import type { ItemStockRow, itemStockQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toEpcLine } from '../../tracking/epc-line.js';
import { areaRef, gtinFilter } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';
import { areaSetOf, type Page } from './stock-scope.js';

export type ListItemStockInput = { user: AuthUser; query: z.output<typeof itemStockQuerySchema>; page: PageParams };

/** GET /global-item-stock/: the tags in stock (items STOCKED), one row each. */
export const listItemStock = async (
  repo: Pick<StockRepository, 'area' | 'location' | 'itemStock'>,
  { user, query, page }: ListItemStockInput,
): Promise<Page<ItemStockRow>> => {
  const areas = await areaSetOf(repo, user, query);
  const { count, rows } = await repo.itemStock({
    areas,
    epc: query.epc__icontains?.trim() || undefined,
    gtin: gtinFilter(query),
    page,
  });
  return {
    count,
    results: rows.map((r) => ({
      ...toEpcLine(r, 1),
      area: areaRef(r),
      location: r.locationId,
      last_seen_at: r.lastSeenAt?.toISOString() ?? null,
    })),
  };
};
