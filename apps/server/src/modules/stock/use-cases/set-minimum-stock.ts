import type { MinimumStock, minimumStockBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toMinimumStock } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';
import { requireItemType } from './stock-scope.js';

export type SetMinimumStockInput = { user: AuthUser; body: z.output<typeof minimumStockBodySchema> };

/** POST /minstock/: sets the minimum stock of a GTIN in an area (creating its record when new). */
export const setMinimumStock = async (
  repo: Pick<StockRepository, 'area' | 'itemTypeOf' | 'upsertMinimumStock' | 'alarmsChanged' | 'minimumStockById'>,
  { user, body }: SetMinimumStockInput,
): Promise<{ created: boolean; record: MinimumStock }> => {
  const area = await repo.area(user, body.area);
  await requireItemType(repo, user, body.item_type);
  const { id, created } = await repo.upsertMinimumStock({
    companyId: user.companyId,
    areaId: area.id,
    itemTypeId: body.item_type,
    minimumStock: body.minimum_stock,
  });
  await repo.alarmsChanged(area);
  const record = await foundOr(repo.minimumStockById(user, id), 'stock.minimum_not_found');
  return { created, record: toMinimumStock(record) };
};
