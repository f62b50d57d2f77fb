import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeErpRepo } from './erp-fixtures.js';
import { getErpSnapshot } from './get-erp-snapshot.js';
import { importErpStock } from './import-erp-stock.js';

describe('get ERP snapshot (use case)', () => {
  it('answers one import with its rejected rows; another company’s is 404', async () => {
    const { repo } = fakeErpRepo();
    const { id } = await importErpStock({ repo, now: () => new Date('2026-05-04T07:00:00Z') }, testUser(), {
      source: 'json',
      fileName: '',
      language: 'en',
      rows: [
        { row: 1, store: 'T-MAD-01', gtin: '4006381333931', quantity: '1' },
        { row: 2, store: '', gtin: '4006381333931', quantity: '1' },
      ],
    });
    const answer = await getErpSnapshot(repo, testUser(), id);
    expect(answer.rejected_rows).toEqual([
      { row: 2, store: '', gtin: '4006381333931', quantity: '1', reason: 'the store is missing.' },
    ]);
    await expectStatus(getErpSnapshot(repo, testUser({ companyId: 2 }), id), 404);
  });
});
