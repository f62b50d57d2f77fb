import type { MinimumStock, minimumStockUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { AppError, conflict, foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toMinimumStock } from '../stock-dto.js';
import type { StockRepository } from '../stock-store.repository.js';

export type UpdateMinimumStockInput = { user: AuthUser; id: number; body: z.output<typeof minimumStockUpdateBodySchema> };

/** PUT /minstock/{id}/: a record's area and value (409 when that area already has one for the GTIN). */
export const updateMinimumStock = async (
  repo: Pick<StockRepository, 'minimumStockById' | 'area' | 'updateMinimumStock' | 'alarmsChanged'>,
  { user, id, body }: UpdateMinimumStockInput,
): Promise<MinimumStock> => {
  const current = await foundOr(repo.minimumStockById(user, id), 'stock.minimum_not_found');
  if (body.item_type !== undefined && body.item_type !== current.itemTypeId) {
    throw new AppError('VALIDATION', {
      message: 'stock.minimum_gtin_fixed',
      errors: { item_type: ['stock.minimum_gtin_fixed'] },
    });
  }
  const area = await repo.area(user, body.area);
  const done = await repo.updateMinimumStock({ id, areaId: area.id, minimumStock: body.minimum_stock });
  if (!done) throw conflict('stock.minimum_taken');
  await repo.alarmsChanged(area);
  const record = await foundOr(repo.minimumStockById(user, id), 'stock.minimum_not_found');
  return toMinimumStock(record);
};
