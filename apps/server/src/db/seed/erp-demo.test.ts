import { describe, expect, it } from 'vitest';
import { seededDemo } from '../../test/seeded-demo.js';
import { seedErpDemo } from './erp-demo.js';
import { seedStockDemo } from './stock-demo.js';

type Difference = { gtin: string; erp_quantity: number; rfid_quantity: number; difference: number };

/** The demo's ERP stock: T-MAD-01's differences show a few GTINs that differ, among many that agree. */
describe('ERP demo', () => {
  const demo = seededDemo([seedStockDemo, seedErpDemo]);

  it('has one snapshot of two stores, and T-MAD-01 differs in a few GTINs, one of them only in the ERP', async () => {
    const { t, store, admin } = demo();
    const snapshots = (await t.call('GET', '/api/erp/snapshots/', admin)).json();
    expect(snapshots.results.map((s: { locations: { code: string }[] }) => s.locations.map((l) => l.code).sort())).toEqual([
      ['T-BCN-01', 'T-MAD-01'],
    ]);
    const all = (await t.call('GET', `/api/erp/differences/?location=${store}&limit=1000`, admin)).json();
    const differing: Difference[] = all.results.filter((d: Difference) => d.difference !== 0);
    expect(differing.length).toBeGreaterThanOrEqual(2);
    expect(differing.length).toBeLessThan(all.count / 2);
    expect(differing.find((d) => d.gtin === '08400000099998')).toMatchObject({ erp_quantity: 4, rfid_quantity: 0 });
  });
});
