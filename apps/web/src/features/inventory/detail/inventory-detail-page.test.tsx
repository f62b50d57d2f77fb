// @vitest-environment jsdom
import type { Inventory, InventorySummaryRow } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiPage, atTestStore, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { InventoryDetailPage } from './inventory-detail-page';

/**
 * An inventory's detail against a fake API: its title and area, its articles (each GTIN leading to the inventory's GTIN
 * detail, '--' read as the standard size), the missing items' filter asked of the API, and Validate, which asks first
 * and then PUTs the validated state.
 */
const inventory = (fields: Partial<Inventory> = {}): Inventory => ({
  id: 5,
  state: 0,
  valid: false,
  canceled: false,
  start_time: '2026-11-20T09:00:00Z',
  end_time: null,
  closed_at: null,
  theorical_stock: 10,
  matched_items: 7,
  items: 8,
  missing_items: 3,
  excess_items: 1,
  progress: 70,
  accuracy: 70,
  is_partial: false,
  is_file_created: false,
  location: 3,
  location_description: 'T-MAD-01',
  location_area: 11,
  location_area_description: 'Sala',
  device: null,
  item_types: [],
  ...fields,
});

const article: InventorySummaryRow = {
  item_type: 21,
  gtin: '08412345678905',
  theorical_quantity: 4,
  quantity: 3,
  matched: 3,
  missing: 1,
  excess: 0,
  season: 'W26',
  section: 'Mujer',
  model: 'M-1',
  description: 'Camiseta',
  reference: 'R-1',
  sizes: [],
  size_primary: '--',
  colour: 'Rojo',
};

const serve = () =>
  fakeApi({
    'GET /api/inventorys/5/': () => ({ status: 200, body: inventory() }),
    'GET /api/inventorys/5/users/': () => ({ status: 200, body: [] }),
    'GET /api/inventorys/5/summary/': () => apiPage([article]),
    'GET /api/inventorys/5/remaining_summary/': () => apiPage([]),
    'PUT /api/inventorys/5/': (body) => ({ status: 200, body: inventory({ state: 2, ...(body as object) }) }),
  });

const route = { path: '/inventory/:id', url: '/inventory/5' };

describe('InventoryDetailPage', () => {
  atTestStore();

  it('en: shows the inventory, its articles with their GTIN link and standard size, and asks for the missing ones', async () => {
    const calls = serve();
    await renderApp(<InventoryDetailPage />, { language: 'en', role: 1, namespaces: ['inventory', 'catalog'], route });
    const gtin = await screen.findByTestId('article-gtin', {}, FIRST_LOAD);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inventory 5');
    expect(await screen.findByText('T-MAD-01 · Sala')).toBeTruthy();
    expect(gtin.textContent).toBe('08412345678905');
    const row = gtin.closest('tr') as HTMLElement;
    expect(within(row).getByText('Standard')).toBeTruthy();
    expect(within(row).getByText('M-1 · Rojo')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Missing items' }));
    expect(await screen.findByText('No item is missing')).toBeTruthy();
    expect(calls.some((c: ApiCall) => c.path === '/api/inventorys/5/remaining_summary/')).toBe(true);
  });

  it('es: Validate asks first, then PUTs the validated state and says so', async () => {
    const calls = serve();
    await renderApp(<InventoryDetailPage />, { language: 'es', role: 1, namespaces: ['inventory', 'catalog'], route });
    await userEvent.click(await screen.findByTestId('inventory-validate', {}, FIRST_LOAD));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ state: 2 }]));
  });
});
