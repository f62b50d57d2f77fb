import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { InventoryRepository } from '../inventory-store.repository.js';
import { getInventoryStats } from './get-inventory-stats.js';
import { fakeInventoryRepo } from './inventory-fixtures.js';

const now = new Date('2026-11-30T12:00:00Z');
const figures: Awaited<ReturnType<InventoryRepository['figures']>> = {
  total: 4,
  pending: 1,
  validated: 2,
  avgSeconds: 1800,
  avgItems: 150.456,
  avgAccuracy: 97.125,
  readSum: 300,
  secondsSum: 3600,
};

describe("get a location's inventory statistics (use case)", () => {
  it('reads the last 30 days by default and answers the figures, the stock and the time to count it', async () => {
    const { repo, called } = fakeInventoryRepo({ figures: async () => figures, stockNow: async () => 600 });
    const answer = await getInventoryStats(repo, { user: testUser(), locationId: 2, query: {}, now });
    const from = new Date('2026-10-31T12:00:00Z');
    expect(called('figures')).toEqual([[{ locationIds: [2], from, to: now }]]);
    expect(called('stockNow')).toEqual([[[2]]]);
    expect(answer).toEqual({
      total_inventory_count: 4,
      pending_inventories: 1,
      validated_inventories: 2,
      // 300 items in 60 minutes: 5 a minute, so 600 in stock take 120 minutes.
      estimated_inventory_time: 120,
      avg_inventory_time: 30,
      avg_inventory_items: 150.46,
      avg_inventory_accuracy: 97.13,
      stock: 600,
      from: '2026-10-31T12:00:00.000Z',
      to: '2026-11-30T12:00:00.000Z',
    });
  });

  it("reads date-only bounds as the location's days, and refuses a location the user does not see (404)", async () => {
    const { repo, called } = fakeInventoryRepo({ figures: async () => figures });
    await getInventoryStats(repo, {
      user: testUser(),
      locationId: 2,
      query: { date_start: '2026-11-01', date_end: '2026-11-02' },
      now,
    });
    // Madrid is UTC+1 in November: 1 November starts at 23:00 UTC the day before; 2 November's last millisecond is
    // 22:59:59.999 UTC.
    expect(called('figures')).toMatchObject([
      [{ from: new Date('2026-10-31T23:00:00Z'), to: new Date('2026-11-02T22:59:59.999Z') }],
    ]);
    await expect(getInventoryStats(repo, { user: testUser(), locationId: 9, query: {}, now })).rejects.toMatchObject({
      status: 404,
    });
  });
});
