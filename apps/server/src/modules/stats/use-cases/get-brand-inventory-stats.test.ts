import { describe, expect, it } from 'vitest';
import { getBrandInventoryStats } from './get-brand-inventory-stats.js';
import {
  brandNotFound,
  brandStatsDeps,
  expectRefusedBeforeFigures,
  tenDays as query,
  statsUser as user,
} from './stats-fixtures.js';

describe('get brand inventory stats (use case)', () => {
  it("answers the brand's inventories and how long counting its stock takes at their reading rate", async () => {
    const { deps, asked, called } = brandStatsDeps({
      inventoryFigures: async () => ({
        total: 6,
        pending: 1,
        validated: 4,
        avgSeconds: 90,
        avgItems: 33.3333,
        avgAccuracy: 97.456,
        readSum: 600,
        secondsSum: 300,
      }),
    });
    expect(await getBrandInventoryStats(deps, { user, brandId: 5, query })).toEqual({
      total_inventory_count: 6,
      pending_inventories: 1,
      validated_inventories: 4,
      // 600 items in 300 s = 2 items/s; the stock of 95 items → 47.5 s = 0.79 min.
      estimated_inventory_time: 0.79,
      avg_inventory_time: 1.5, // 90 s
      avg_inventory_items: 33.33,
      avg_inventory_accuracy: 97.46,
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-10T22:59:59.999Z',
    });
    expect(called('stockNow')).toEqual([[[2, 3]]]);
    expect(asked.map((a) => a.range)).toEqual([
      { locationIds: [2, 3], from: new Date('2026-10-31T23:00:00Z'), to: new Date('2026-11-10T22:59:59.999Z') },
    ]);
  });

  it('has no estimate nor averages without a validated inventory that took time', async () => {
    const { deps } = brandStatsDeps();
    expect(await getBrandInventoryStats(deps, { user, brandId: 5, query })).toMatchObject({
      total_inventory_count: 0,
      estimated_inventory_time: null,
      avg_inventory_time: null,
      avg_inventory_items: null,
      avg_inventory_accuracy: null,
    });
  });

  it("refuses another company's brand (404)", async () => {
    const { called } = await expectRefusedBeforeFigures(getBrandInventoryStats, { brandId: 7, query }, brandNotFound);
    expect(called('stockNow')).toEqual([]);
  });
});
