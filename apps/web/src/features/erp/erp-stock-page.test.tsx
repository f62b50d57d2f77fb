// @vitest-environment jsdom
import type { ErpDifference, ErpSnapshotDetail } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, cleanAfterEach, renderApp } from '../../test/render-app';
import { ErpStockPage } from './erp-stock-page';

/**
 * The "Stock ERP vs RFID" page (issue 27) with Testing Library against a fake API (fetch): the differences with their
 * filters, the import of a snapshot and its refused rows, and a role that does not import.
 */

const difference = (fields: Partial<ErpDifference> = {}): ErpDifference => ({
  location: { id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' },
  gtin: '08400000000017',
  item_type: 7,
  description: 'Camiseta básica',
  erp_quantity: 12,
  rfid_quantity: 9,
  difference: -3,
  erp_imported_at: '2026-05-04T07:00:00.000Z',
  ...fields,
});

const snapshot: ErpSnapshotDetail = {
  id: 5,
  created_at: '2026-05-04T07:00:00.000Z',
  created_by: null,
  source: 'csv',
  file_name: 'erp.csv',
  rows: 1200,
  rejected: 1,
  locations: [{ id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' }],
  rejected_rows: [
    { row: 7, store: 'T-XXX', gtin: '1', quantity: '1', reason: "'T-XXX' no es el código de una ubicación que pueda ver." },
  ],
};

/** A fake API: the differences answer `rows`, the import `snapshot`; every call recorded with its query. */
const fakeApi = (rows: ErpDifference[]) => {
  const calls: (ApiCall & { isForm: boolean })[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, query: url.search, body: undefined, isForm: init?.body instanceof FormData });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    if (method === 'GET' && url.pathname === '/api/erp/differences/') {
      return json(200, { count: rows.length, next: null, previous: null, results: rows });
    }
    if (method === 'GET' && url.pathname === '/api/locations/') {
      return json(200, {
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' }],
      });
    }
    if (method === 'POST' && url.pathname === '/api/erp/stock/') return json(201, snapshot);
    return json(404, { message: 'Not found' });
  });
  return calls;
};

const renderIn = (language: 'es' | 'en', role = 3) => renderApp(<ErpStockPage />, { language, role, namespaces: ['erp'] });

describe('ErpStockPage', () => {
  cleanAfterEach();

  it('es: lists ERP, RFID and the difference, only the differences by default; the GTIN filter asks the server', async () => {
    const calls = fakeApi([difference()]);
    await renderIn('es');
    const [row] = (await screen.findAllByTestId('paged-row')) as [HTMLElement];
    expect(within(row).getByText('Camiseta básica')).toBeTruthy();
    expect(within(row).getByText('T-MAD-01 · Tienda Madrid')).toBeTruthy();
    expect(within(row).getByTestId('erp-difference').textContent).toBe('-3');
    const first = calls.find((c) => c.path === '/api/erp/differences/');
    expect(first?.query).toContain('only_differences=true');
    expect(first?.query).toContain('order_by=-abs_difference');

    await userEvent.type(screen.getByTestId('erp-filter-gtin'), '8400');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/erp/differences/' && c.query?.includes('gtin=8400'))).toBe(true),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Solo diferencias' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/erp/differences/').at(-1)?.query).not.toContain('only_differences'),
    );
  });

  it('en: imports a CSV as multipart and lists the refused rows with their reason', async () => {
    const calls = fakeApi([]);
    await renderIn('en');
    expect(await screen.findByText('No differences. Import an ERP stock snapshot to compare it.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('erp-upload'));
    expect((await screen.findByTestId('form-alert-error')).textContent).toContain('Choose a CSV file.');
    const file = new File(['store;gtin;quantity\nT-MAD-01;08400000000017;12\n'], 'erp.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByTestId('erp-file'), file);
    expect(screen.getByTestId('erp-file-name').textContent).toBe('erp.csv');
    await userEvent.click(screen.getByTestId('erp-upload'));
    const alert = await screen.findByTestId('form-alert-error');
    await waitFor(() => expect(alert.textContent).toContain('Imported 1,200 rows (T-MAD-01); refused 1.'));
    expect(alert.textContent).toContain("Row 7: 'T-XXX' no es el código de una ubicación que pueda ver.");
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/erp/stock/', query: '', body: undefined, isForm: true },
    ]);
  });

  it('a visualizer (role 5) reads the differences but has no import', async () => {
    fakeApi([difference({ difference: 2, rfid_quantity: 14 })]);
    await renderIn('es', 5);
    const [row] = (await screen.findAllByTestId('paged-row')) as [HTMLElement];
    expect(within(row).getByTestId('erp-difference').textContent).toBe('+2');
    expect(screen.queryByTestId('erp-upload')).toBeNull();
    expect(screen.getByTestId('erp-export')).toBeTruthy();
  });
});
