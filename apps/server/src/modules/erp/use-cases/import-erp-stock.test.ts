import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeErpRepo } from './erp-fixtures.js';
import { importErpStock } from './import-erp-stock.js';

const NOW = new Date('2026-05-04T07:00:00Z');
const GTIN13 = '4006381333931';
const GTIN14 = `0${GTIN13}`;

type ImportInput = Parameters<typeof importErpStock>[2];
/** Imports `rows` (a JSON body in English unless `file` says otherwise) as `user` into a fresh fake repository. */
const importRows = (
  user: Parameters<typeof importErpStock>[1],
  rows: ImportInput['rows'],
  file: Omit<ImportInput, 'rows'> = { source: 'json', fileName: '', language: 'en' },
) => {
  const { repo, saved } = fakeErpRepo();
  return { answer: importErpStock({ repo, now: () => NOW }, user, { ...file, rows }), saved };
};

describe('import ERP stock (use case)', () => {
  it('saves the good rows (repeated store and GTIN add up), keeps the bad ones with their reason in the language asked', async () => {
    const imported = importRows(
      testUser({ id: 4 }),
      [
        { row: 2, store: 'T-MAD-01', gtin: GTIN13, quantity: '3' },
        { row: 3, store: 'T-MAD-01', gtin: GTIN14, quantity: '-1' },
        { row: 4, store: 'T-BCN-01', gtin: GTIN13, quantity: '0' },
        { row: 5, store: 'T-XXX', gtin: GTIN13, quantity: '1' },
        { row: 6, store: 'T-MAD-01', gtin: GTIN13, quantity: '1.5' },
      ],
      { source: 'csv', fileName: 'erp.csv', language: 'es' },
    );
    const answer = await imported.answer;
    const { saved } = imported;
    expect(saved).toHaveLength(1);
    expect(saved[0]?.lines).toEqual([
      { locationId: 2, gtin: GTIN14, quantity: 2 },
      { locationId: 3, gtin: GTIN14, quantity: 0 },
    ]);
    expect(saved[0]?.at).toEqual(NOW);
    expect(saved[0]?.snapshot).toMatchObject({ companyId: 1, createdBy: 4, rowCount: 3, rejectedCount: 2, locationIds: [2, 3] });
    expect(answer.rejected_rows).toEqual([
      { row: 5, store: 'T-XXX', gtin: GTIN13, quantity: '1', reason: "'T-XXX' no es el código de una ubicación que pueda ver." },
      { row: 6, store: 'T-MAD-01', gtin: GTIN13, quantity: '1.5', reason: "la cantidad '1.5' no es un número entero." },
    ]);
    expect(answer.locations.map((l) => l.code)).toEqual(['T-MAD-01', 'T-BCN-01']);
  });

  it('a location editor imports only their stores: another store is an unknown one', async () => {
    const { answer, saved } = importRows(testUser({ role: 3, locationIds: [2] }), [
      { row: 1, store: 'T-MAD-01', gtin: GTIN13, quantity: '1' },
      { row: 2, store: 'T-BCN-01', gtin: GTIN13, quantity: '1' },
    ]);
    const { rejected_rows } = await answer;
    expect(saved[0]?.snapshot.locationIds).toEqual([2]);
    expect(rejected_rows.map((r) => r.reason)).toEqual(["'T-BCN-01' is not the code of a location you can see."]);
  });

  it('saves nothing when no row is good (400 naming the first problem): a wrong file never empties a store', async () => {
    const { answer, saved } = importRows(testUser(), [{ row: 1, store: 'T-MAD-01', gtin: '123', quantity: '1' }]);
    await expectStatus(answer, 400);
    expect(saved).toEqual([]);
  });
});
