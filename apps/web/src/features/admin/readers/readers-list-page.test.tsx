// @vitest-environment jsdom
import type { Reader } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aReader } from '../../../test/fixtures';
import { type ApiCall, apiPage, atTestStore, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { ReadersListPage } from './readers-list-page';

/**
 * The readers of the header's location against a fake API: each row's serial (leading to its edit page), MAC, area and
 * state; a reader type changed in the row is PUT at once.
 */
const reader = aReader;

const serve = (readers: Reader[]) =>
  fakeApi({
    'GET /api/readers/': () => apiPage(readers),
    'PUT /api/readers/7/': (body) => ({ status: 200, body: { ...reader(), ...(body as object) } }),
  });

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('ReadersListPage', () => {
  atTestStore();

  it('es: lists each reader with its serial linking to its edit page, its MAC and area', async () => {
    serve([reader(), reader({ id: 8, serial_number: 'FX9600-02', mac_address: 'AA:BB:CC:DD:EE:02' })]);
    await renderApp(<ReadersListPage />, { language: 'es', role: 1, namespaces: ['admin'] });
    const first = await screen.findByTestId('serial-FX9600-01', {}, FIRST_LOAD);
    expect(first.getAttribute('href')).toBe('/administrador/devices/7/edit');
    expect(screen.getByTestId('serial-FX9600-02')).toBeTruthy();
    const row = first.closest('tr') as HTMLElement;
    expect(within(row).getByText('AA:BB:CC:DD:EE:01')).toBeTruthy();
    expect(within(row).getByText('Muelle')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('T-MAD-01');
  });

  it('en: a reader online says so; a reader type changed in the row is PUT and said', async () => {
    const calls = serve([reader({ state: 'ON' })]);
    await renderApp(<ReadersListPage />, { language: 'en', role: 1, namespaces: ['admin'] });
    await screen.findByTestId('serial-FX9600-01', {}, FIRST_LOAD);
    expect(await screen.findByText('Online')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('type-FX9600-01')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ id: 7, reader_type: 1 }]));
    expect(await screen.findByText('Device updated')).toBeTruthy();
  });
});
