import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeErpRepo } from './erp-fixtures.js';
import { importErpStock } from './import-erp-stock.js';
import { listErpSnapshots } from './list-erp-snapshots.js';

describe('list ERP snapshots (use case)', () => {
  it('lists the imports newest first with their stores, paged', async () => {
    const { repo } = fakeErpRepo();
    for (const store of ['T-MAD-01', 'T-BCN-01']) {
      await importErpStock({ repo, now: () => new Date('2026-05-04T07:00:00Z') }, testUser(), {
        source: 'json',
        fileName: '',
        language: 'en',
        rows: [{ row: 1, store, gtin: '4006381333931', quantity: '1' }],
      });
    }
    const page = await listErpSnapshots(repo, testUser(), { limit: 1, offset: 0 });
    expect(page.count).toBe(2);
    expect(page.results.map((s) => [s.id, s.locations.map((l) => l.code)])).toEqual([[2, ['T-BCN-01']]]);
  });
});
