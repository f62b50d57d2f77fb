import type { MinimumStock, minimumStockQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { RequestInput } from '../../use-case-input.js';
import { toMinimumStock } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';
import { requireItemType } from './stock-scope.js';

export type ListMinimumStocksOfTypeInput = RequestInput<'itemTypeId', { query: z.output<typeof minimumStockQuerySchema> }>;

/** GET /types/{id}/minstock/: the GTIN's minimum stocks in the areas the user sees. */
export const listMinimumStocksOfType = async (
  repo: Pick<StockRepository, 'itemTypeOf' | 'location' | 'area' | 'minimumStocksOfType'>,
  { user, itemTypeId, query }: ListMinimumStocksOfTypeInput,
): Promise<MinimumStock[]> => {
  await requireItemType(repo, user, itemTypeId);
  if (query.location) await repo.location(user, query.location);
  if (query.area) await repo.area(user, query.area);
  const rows = await repo.minimumStocksOfType({ user, itemTypeId, locationId: query.location, areaId: query.area });
  return rows.map(toMinimumStock);
};
