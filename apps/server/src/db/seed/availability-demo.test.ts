import { describe, expect, it } from 'vitest';
import { seededDemo } from '../../test/seeded-demo.js';
import { seedAvailabilityDemo } from './availability-demo.js';

type Row = { gtin: string; on_floor: number; in_stockroom: number; in_stock: number; sellable: number; reserved: number };

/** The store floor's demo: T-MAD-01 shows stock on the floor and in the stockroom, and items not for sale. */
describe('availability demo', () => {
  const demo = seededDemo([seedAvailabilityDemo]);

  it('gives T-MAD-01 GTINs on the floor and in the stockroom, damaged, reserved and on display items', async () => {
    const { t, store, admin } = demo();
    const page = (await t.call('GET', `/api/locations/${store}/availability/?limit=100`, admin)).json();
    const rows: Row[] = page.results;
    expect(rows.filter((r) => r.on_floor > 0 && r.in_stockroom > 0).length).toBeGreaterThanOrEqual(6);
    const total = (key: keyof Omit<Row, 'gtin'>) => rows.reduce((n, r) => n + r[key], 0);
    expect(total('reserved')).toBe(2);
    // 2 damaged, 2 reserved and 1 in quarantine are not sellable; on display is.
    expect(total('in_stock') - total('sellable')).toBe(5);
  });
});
