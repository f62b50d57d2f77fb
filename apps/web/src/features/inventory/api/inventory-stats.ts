import type { InventoryStats } from '@rfid/contract';
import { useDashboardStats } from '../../../lib/query-client';
import { inventoryKeys } from '../keys';

/** GET /locations/{id}/inventorystats/ (30 s timeout; date_start and date_end, default the last 30 days). */
export const useInventoryStats = (locationId: number, isPhone: boolean) =>
  useDashboardStats<InventoryStats>(inventoryKeys.stats(locationId), locationId, 'inventorystats/', undefined, isPhone);
