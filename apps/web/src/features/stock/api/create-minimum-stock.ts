import type { MinimumStock } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { stockKeys } from '../keys';

export type MinimumStockValues = { area: number; item_type: number; minimum_stock: number };

/** POST /minstock/: sets the minimum stock of a GTIN in an area (201 new, 200 replaced). */
export const createMinimumStock = (body: MinimumStockValues) =>
  apiRequest<MinimumStock>('/minstock/', { method: 'POST', body, silent: true });

export const useCreateMinimumStock = () => useSavingMutation(createMinimumStock, stockKeys.all);
