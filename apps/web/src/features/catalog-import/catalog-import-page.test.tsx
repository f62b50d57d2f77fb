// @vitest-environment jsdom
import type { CatalogImport } from '@rfid/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPage, cleanAfterEach, fakeApi, renderApp } from '../../test/render-app';
import { CatalogImportPage } from './catalog-import-page';

/**
 * The catalogue import page (issue 27) with Testing Library against a fake API: upload a file, follow the import's
 * progress bar as the server's progress moves, its counts, the rejected rows report; a refused file's problem shown;
 * roles 3–5 see no upload.
 */

const imported = (fields: Partial<CatalogImport> = {}): CatalogImport => ({
  id: 7,
  file_name: 'catalogo.csv',
  format: 'csv',
  bytes: 2048,
  state: 'running',
  total_rows: 12000,
  rows_done: 4800,
  percent: 40,
  inserted: 300,
  updated: 50,
  unchanged: 40,
  rejected: 10,
  ignored_columns: [],
  error: null,
  created_by: 'admin@demo.local',
  created_at: '2026-11-29T10:00:00.000Z',
  started_at: '2026-11-29T10:00:01.000Z',
  finished_at: null,
  ...fields,
});

const choose = async (name: string, content: string) => {
  const input = screen.getByTestId('catalog-import-file') as HTMLInputElement;
  await userEvent.upload(input, new File([content], name, { type: 'text/csv' }));
};

describe('CatalogImportPage', () => {
  cleanAfterEach();

  it('uploads the chosen file and shows the progress bar climbing to 100 with the counts (Spanish)', async () => {
    // The server's answers for the import, one per poll: running at 40 %, then finished.
    const progress = [
      imported(),
      imported({ state: 'succeeded', rows_done: 12000, percent: 100, inserted: 11900, rejected: 10 }),
    ];
    let polls = 0;
    const calls = fakeApi({
      'GET /api/types/import/': () => apiPage([]),
      'POST /api/types/import/': () => ({
        status: 202,
        body: imported({ state: 'queued', rows_done: 0, percent: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 }),
      }),
      'GET /api/types/import/7/': () => {
        const answer = progress[Math.min(polls, progress.length - 1)];
        polls += 1;
        return { status: 200, body: answer };
      },
    });
    await renderApp(<CatalogImportPage />, { language: 'es', role: 1, namespaces: ['catalog-import'] });
    await choose('catalogo.csv', 'gtin;descripcion\n8412345678905;Camisa\n');
    expect(screen.getByTestId('catalog-import-file-name')?.textContent).toContain('catalogo.csv');
    await userEvent.click(screen.getByTestId('catalog-import-submit'));

    const current = await screen.findByTestId('catalog-import-current');
    await waitFor(() => expect(current?.textContent).toContain('4800 de 12.000 filas'));
    expect(current.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
    // Polled again (every 1.5 s) until it ends.
    await waitFor(() => expect(screen.getByTestId('catalog-import-done')?.textContent).toContain('10 filas rechazadas'), {
      timeout: 5_000,
    });
    expect(current.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('catalog-import-counts-7')?.textContent).toContain('11.900 nuevos');
    expect(screen.getByTestId('catalog-import-counts-7')?.textContent).toContain('10 rechazados');
    expect(screen.getByTestId('catalog-import-rejected-7')?.textContent).toContain('Filas rechazadas');
    const upload = calls.find((call) => call.method === 'POST');
    expect(upload?.path).toBe('/api/types/import/');
  });

  it("shows the server's reason when it refuses the file (English)", async () => {
    fakeApi({
      'GET /api/types/import/': () => apiPage([]),
      'POST /api/types/import/': () => ({
        status: 400,
        body: { message: 'Invalid request.', errors: { file: ['The header row has no column for: description.'] } },
      }),
    });
    await renderApp(<CatalogImportPage />, { language: 'en', role: 2, namespaces: ['catalog-import'] });
    await userEvent.click(screen.getByTestId('catalog-import-submit'));
    expect(screen.getByTestId('catalog-import-error')?.textContent).toContain('Choose a file.');
    await choose('bad.csv', 'codigo;precio\n1;2\n');
    await userEvent.click(screen.getByTestId('catalog-import-submit'));
    expect((await screen.findByTestId('catalog-import-error')).textContent).toContain(
      'The header row has no column for: description.',
    );
  });

  it('lists earlier imports with their state and counts', async () => {
    fakeApi({
      'GET /api/types/import/': () =>
        apiPage([
          imported({
            id: 3,
            state: 'succeeded',
            percent: 100,
            rows_done: 1000,
            inserted: 1000,
            updated: 0,
            unchanged: 0,
            rejected: 0,
          }),
        ]),
    });
    await renderApp(<CatalogImportPage />, { language: 'en', role: 1, namespaces: ['catalog-import'] });
    expect(await screen.findByText('Finished')).toBeTruthy();
    expect(screen.getByTestId('catalog-import-counts-3')?.textContent).toContain('1,000 new');
    expect(screen.queryByTestId('catalog-import-rejected-3')).toBeNull();
  });

  it('roles 3 to 5 get no upload', async () => {
    fakeApi({});
    await renderApp(<CatalogImportPage />, { language: 'en', role: 3, namespaces: ['catalog-import'] });
    expect(screen.getByTestId('not-allowed')?.textContent).toContain('Only company administrators and brand managers');
    expect(screen.queryByTestId('catalog-import-submit')).toBeNull();
  });
});
