import type { InventoryStats, inventoryStatsQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { statsRange } from '../../movements/outbound.shared.js';
import { minutes } from '../../stats/stats.rules.js';
import type { RequestInput } from '../../use-case-input.js';
import { estimatedMinutes, round2 } from '../inventory.rules.js';
import type { InventoryRepository } from '../inventory-store.repository.js';

export type GetInventoryStatsInput = RequestInput<'locationId', { query: z.output<typeof inventoryStatsQuerySchema>; now: Date }>;

/**
 * GET /locations/{id}/inventorystats/: the inventory figures of the location over inventories started in a range
 * (default the last 30 days before `now`; date-only bounds are the location's days) and its stock now.
 */
export const getInventoryStats = async (
  repo: Pick<InventoryRepository, 'location' | 'figures' | 'stockNow'>,
  { user, locationId, query, now }: GetInventoryStatsInput,
): Promise<InventoryStats> => {
  const { timeZone } = await repo.location(user, locationId);
  const { from, to } = statsRange(query, now, timeZone);
  const [f, stock] = await Promise.all([repo.figures({ locationIds: [locationId], from, to }), repo.stockNow([locationId])]);
  return {
    total_inventory_count: f.total,
    pending_inventories: f.pending,
    validated_inventories: f.validated,
    estimated_inventory_time: estimatedMinutes({ stock, itemsRead: f.readSum, minutes: f.secondsSum / 60 }),
    avg_inventory_time: minutes(f.avgSeconds),
    avg_inventory_items: round2(f.avgItems),
    avg_inventory_accuracy: round2(f.avgAccuracy),
    stock,
    from: from.toISOString(),
    to: to.toISOString(),
  };
};
