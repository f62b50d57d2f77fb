import type { MinimumStock } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { stockKeys } from '../keys';

/** PUT /minstock/{id}/ {area, minimum_stock}: a minimum stock's value (and area). */
export const updateMinimumStock = ({ id, area, minimum_stock }: { id: number; area: number; minimum_stock: number }) =>
  apiRequest<MinimumStock>(`/minstock/${id}/`, { method: 'PUT', body: { area, minimum_stock }, silent: true });

export const useUpdateMinimumStock = () => useSavingMutation(updateMinimumStock, stockKeys.all);
