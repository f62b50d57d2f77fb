import { ImportState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { fakeImportRepo, fakeJob, gtin13, importRow } from './catalog-import-fixtures.js';
import { runCatalogImport } from './run-catalog-import.js';

const a = gtin13('841234500001');
const b = gtin13('841234500002');
const c = gtin13('841234500003');
const as14 = (gtin: string) => gtin.padStart(14, '0');

describe('run catalogue import (use case, the job)', () => {
  it('reads the file across its chunks, writes it in batches with their checkpoints, ends with the exact row count', async () => {
    const csv = `gtin,description,price\n${a},Uno,1\n${b},Dos,2\n${c},Tres,3\n${gtin13('841234500004')},Cuatro,4\n${gtin13('841234500005')},Cinco,5\n`;
    const { repo, state } = fakeImportRepo(csv, { pieces: 4, row: importRow({ totalRows: 5 }) });
    const job = fakeJob();
    await runCatalogImport({ repo, ...job, batchSize: 2 }, 5);
    expect(state.committed.map((batch) => [batch.fromRowsDone, batch.toRowsDone, batch.rows.length])).toEqual([
      [0, 2, 2],
      [2, 4, 2],
      [4, 5, 1],
    ]);
    expect(state.row).toMatchObject({ state: ImportState.Succeeded, totalRows: 5, rowsDone: 5, inserted: 5, rejected: 0 });
    expect(state.committed[0]?.rows[0]).toMatchObject({ gtin: as14(a), description: 'Uno', price: '1.00', line: 2 });
    // The progress after each batch: 2 of 5, 4 of 5, then 99 at most until the end.
    expect(job.progress).toEqual([40, 80, 99]);
  });

  it('a run after a crash goes on after the last checkpoint: every record counted once', async () => {
    const csv = `gtin,description\n${a},Uno\n${b},Dos\n${c},Tres\n`;
    // The first run committed the first two records (one new, one rejected) before its process died.
    const { repo, state } = fakeImportRepo(csv, {
      row: importRow({ state: ImportState.Running, rowsDone: 2, inserted: 1, rejected: 1 }),
      known: new Map([[as14(a), 'Uno']]),
    });
    await runCatalogImport({ repo, ...fakeJob() }, 5);
    expect(state.committed).toHaveLength(1);
    expect(state.committed[0]?.rows.map((r) => r.gtin)).toEqual([as14(c)]);
    expect(state.row).toMatchObject({ state: ImportState.Succeeded, rowsDone: 3, inserted: 2, rejected: 1, totalRows: 3 });
  });

  it('stops when another run moved the checkpoint (it has the job): nothing more written, not finished', async () => {
    const csv = `gtin,description\n${a},Uno\n${b},Dos\n${c},Tres\n`;
    const { repo, state, moveCheckpointBeforeBatch } = fakeImportRepo(csv);
    moveCheckpointBeforeBatch(1);
    await expect(runCatalogImport({ repo, ...fakeJob(), batchSize: 1 }, 5)).rejects.toThrow('lease lost');
    expect(state.committed).toHaveLength(1);
    expect(state.row.state).toBe(ImportState.Running);
  });

  it('delta: known GTINs updated or unchanged; the last row of a GTIN in a batch wins, the earlier is rejected', async () => {
    const csv = `gtin,description\n${a},Uno nuevo\n${b},Dos\n${c},Primero\n${c},Segundo\n`;
    const { repo, state } = fakeImportRepo(csv, {
      known: new Map([
        [as14(a), 'Uno'],
        [as14(b), 'Dos'],
      ]),
    });
    await runCatalogImport({ repo, ...fakeJob() }, 5);
    expect(state.row).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, rejected: 1, rowsDone: 4 });
    expect(state.catalogue.get(as14(c))).toBe('Segundo');
    expect(state.rejected).toEqual([
      { line: 4, gtin: as14(c), rejection: { reason: 'catalogue.duplicate', params: { line: 5 } } },
    ]);
  });

  it('rejects each bad record with its reason and line (check digit, description, price, brand, list, field count)', async () => {
    const badCheck = `${a.slice(0, 12)}${(Number(a[12]) + 1) % 10}`;
    const csv = [
      'gtin;description;price;brand;prices',
      `${badCheck};X;1;;`,
      `${b};;1;;`,
      `${c};X;1,2,3;;`,
      `${gtin13('841234500004')};X;1;Otra;`,
      `${gtin13('841234500005')};X;1;Marca Uno;ES=1`,
      `${gtin13('841234500006')};X;1`,
      `${gtin13('841234500007')};"Bien; con comillas";2,50;MARCA UNO;ES:2.5|FR:3`,
    ].join('\n');
    const { repo, state } = fakeImportRepo(csv, { row: importRow({ delimiter: ';' }) });
    await runCatalogImport({ repo, ...fakeJob() }, 5);
    expect(state.rejected.map((r) => [r.line, r.rejection.reason])).toEqual([
      [2, 'catalogue.invalid_gtin'],
      [3, 'catalogue.required'],
      [4, 'catalogue.not_a_number'],
      [5, 'catalogue.unknown_brand'],
      [6, 'catalogue.bad_list'],
      [7, 'catalogue.field_count'],
    ]);
    expect(state.committed.flatMap((batch) => batch.rows)).toEqual([
      expect.objectContaining({
        line: 8,
        description: 'Bien; con comillas',
        price: '2.50',
        brandId: 3,
        prices: [
          { country: 'ES', value: '2.50' },
          { country: 'FR', value: '3.00' },
        ],
      }),
    ]);
  });

  it('reads JSON Lines: a line that is no JSON object is rejected, blank lines are skipped but counted', async () => {
    const jsonl = `${JSON.stringify({ gtin: a, description: 'Uno', minimum_stock: 4 })}\n\n[1,2]\n{broken\n${JSON.stringify({ EAN: b, Descripción: 'Dos' })}`;
    const { repo, state } = fakeImportRepo(jsonl, { row: importRow({ format: 'jsonl' }), pieces: 5 });
    await runCatalogImport({ repo, ...fakeJob() }, 5);
    expect(state.rejected.map((r) => [r.line, r.rejection.reason])).toEqual([
      [3, 'catalogue.bad_json'],
      [4, 'catalogue.bad_json'],
    ]);
    expect(state.committed.flatMap((batch) => batch.rows).map((r) => [r.line, r.description, r.minimumStock])).toEqual([
      [1, 'Uno', 4],
      [5, 'Dos', null],
    ]);
  });

  it('does nothing for an import already finished', async () => {
    const { repo, state } = fakeImportRepo(`gtin,description\n${a},Uno\n`, { row: importRow({ state: ImportState.Succeeded }) });
    await runCatalogImport({ repo, ...fakeJob() }, 5);
    expect(state.committed).toEqual([]);
  });
});
