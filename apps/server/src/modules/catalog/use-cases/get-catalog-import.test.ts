import { ImportState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { importRow } from './catalog-import-fixtures.js';
import { getCatalogImport } from './get-catalog-import.js';

describe('get catalogue import (use case)', () => {
  it('answers the progress: percent of rows done, below 100 until it succeeded', async () => {
    const running = importRow({ state: ImportState.Running, totalRows: 400, rowsDone: 100, inserted: 90, rejected: 10 });
    const answer = await getCatalogImport({ get: async () => running }, testUser(), { id: 5, language: 'en' });
    expect(answer).toMatchObject({
      id: 5,
      state: 'running',
      rows_done: 100,
      total_rows: 400,
      percent: 25,
      inserted: 90,
      rejected: 10,
    });
    const all = importRow({ state: ImportState.Running, totalRows: 400, rowsDone: 400 });
    expect((await getCatalogImport({ get: async () => all }, testUser(), { id: 5, language: 'en' })).percent).toBe(99);
    const done = importRow({ state: ImportState.Succeeded, totalRows: 400, rowsDone: 400 });
    expect((await getCatalogImport({ get: async () => done }, testUser(), { id: 5, language: 'en' })).percent).toBe(100);
  });

  it("shows a failure's reason in the reader's language", async () => {
    const failed = importRow({ state: ImportState.Failed, error: 'catalogue.failed' });
    const answer = await getCatalogImport({ get: async () => failed }, testUser(), { id: 5, language: 'es' });
    expect(answer.error).toBe('La importación se detuvo tras varios intentos; las filas importadas antes se mantienen.');
  });

  it("is a 404 for another company's import (the repository looks it up in the user's company)", async () => {
    const asked: number[] = [];
    const repo = {
      get: async (companyId: number) => {
        asked.push(companyId);
        return undefined;
      },
    };
    await expectStatus(getCatalogImport(repo, testUser({ companyId: 7 }), { id: 5, language: 'en' }), 404);
    expect(asked).toEqual([7]);
  });
});
