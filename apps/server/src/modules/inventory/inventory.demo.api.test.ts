import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { inventories } from '../../db/schema/index.js';
import { seedInventoryDemo } from '../../db/seed/inventory-demo.js';
import { seededDemo } from '../../test/seeded-demo.js';

/** The demo inventories (db/seed/inventory-demo.ts) make the inventory pages come alive on `npm start`. */
/** seed.ts calls the inventory demo; a seed without it (another module's tests) gets it here. */
const seedInventoryDemoIfMissing = async (db: Db) => {
  const [existing] = await db.select({ n: count() }).from(inventories);
  if ((existing?.n ?? 0) === 0) await seedInventoryDemo(db);
};

describe('inventory demo data', () => {
  const demo = seededDemo([seedInventoryDemoIfMissing]);
  const get = (url: string) => demo().t.app.inject({ url, headers: { authorization: demo().admin } });

  it('CD-MAD: two validated handheld inventories (one with its CSV) and a canceled partial one', async () => {
    const list = (await get(`/api/locations/${demo().center}/inventories/`)).json();
    expect(list.results.map((r: { state: number }) => r.state)).toEqual([2, 3, 2]);
    const [third, partial, first] = list.results;
    expect(first).toMatchObject({
      valid: true,
      is_file_created: true,
      is_partial: false,
      device: { serial_number: 'HH-MAD-01' },
    });
    expect(first.missing_items).toBeGreaterThan(0);
    expect(first.excess_items).toBe(3);
    expect(partial).toMatchObject({ canceled: true, is_partial: true });
    expect(partial.item_types).toHaveLength(3);
    expect(partial.items).toBeGreaterThan(0);
    expect(third).toMatchObject({ missing_items: 1, excess_items: 1 });
    const stats = (await get(`/api/locations/${demo().center}/inventorystats/`)).json();
    expect(stats).toMatchObject({ total_inventory_count: 3, pending_inventories: 0, validated_inventories: 2 });
    expect(stats.avg_inventory_time).toBeGreaterThan(0);
    expect(stats.estimated_inventory_time).toBeGreaterThan(0);
    const users = (await get(`/api/inventorys/${first.id}/users/`)).json();
    expect(users).toEqual([expect.objectContaining({ email: 'editor@demo.local', action: 'validated' })]);
  });

  it('T-MAD-01: a handheld inventory in progress, ready to validate', async () => {
    const list = (await get(`/api/locations/${demo().store}/inventories/`)).json();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ state: 0, excess_items: 2, device: { serial_number: 'HH-T01-01' } });
    expect(list.results[0].missing_items).toBeGreaterThan(0);
    expect(list.results[0].progress).toBeGreaterThanOrEqual(75);
  });
});
