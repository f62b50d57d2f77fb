// @vitest-environment jsdom
import type { Inventory, InventoryStats } from '@rfid/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, apiPage, atTestStore, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { InventoryDashboardPage } from './inventory-dashboard-page';

/**
 * The inventory dashboard (spec section 2) against a fake API: its figures and rows (es and en), the area, state and id
 * filters asked of the API, and the empty list with or without "New inventory".
 */
const LIST = '/api/locations/3/inventories/';

const inventory = (fields: Partial<Inventory> = {}): Inventory => ({
  id: 12,
  state: 2,
  valid: true,
  canceled: false,
  start_time: '2026-11-20T09:00:00Z',
  end_time: '2026-11-20T10:00:00Z',
  closed_at: null,
  theorical_stock: 15000,
  matched_items: 1400,
  items: 1450,
  missing_items: 100,
  excess_items: 50,
  progress: 93,
  accuracy: 93,
  is_partial: false,
  is_file_created: false,
  location: 3,
  location_description: 'T-MAD-01',
  location_area: 5,
  location_area_description: 'Almacén tienda',
  device: null,
  item_types: [],
  ...fields,
});

const stats: InventoryStats = {
  total_inventory_count: 1234,
  pending_inventories: 2,
  validated_inventories: 30,
  estimated_inventory_time: 12.5,
  avg_inventory_time: 10,
  avg_inventory_items: 800,
  avg_inventory_accuracy: 97.25,
  stock: 5000,
  from: '2026-10-31',
  to: '2026-11-30',
};

const serve = (list: (url: URL) => ApiAnswer) =>
  fakeApi({
    'GET /api/locations/3/inventorystats/': () => ({ status: 200, body: stats }),
    'GET /api/locations/3/areas/': () => apiPage([{ id: 5, description: 'Almacén tienda' }]),
    [`GET ${LIST}`]: (_body, url) => list(url),
  });

describe('InventoryDashboardPage', () => {
  atTestStore();

  it('es: the figures in Spanish numbers and a row with its area, type, state and counts', async () => {
    serve(() => apiPage([inventory(), inventory({ id: 13, state: 0, is_partial: true })]));
    await renderApp(<InventoryDashboardPage />, { language: 'es', role: 3, namespaces: ['inventory'] });
    const links = await screen.findAllByTestId('inventory-link', {}, FIRST_LOAD);
    expect(links.map((l) => l.textContent)).toEqual(['12', '13']);
    await waitFor(() => expect(screen.getByTestId('stat-total-value').textContent).toContain('1234'));
    expect(screen.getByTestId('stat-avgAccuracy-value').textContent).toContain('97,25');
    expect(screen.getByTestId('stat-estimatedTime-value').textContent).toContain('12,50');
    const first = links[0]?.closest('tr') as HTMLElement;
    expect(within(first).getByText('Validado')).toBeTruthy();
    expect(within(first).getByText('Total')).toBeTruthy();
    expect(within(first).getByTestId('inventory-row-expected').textContent).toBe('15.000');
    const second = links[1]?.closest('tr') as HTMLElement;
    expect(within(second).getByText('Pendiente')).toBeTruthy();
    expect(within(second).getByText('Parcial')).toBeTruthy();
    expect(screen.getByTestId('new-inventory').textContent).toBe('Nuevo inventario');
  });

  it('en: the state, area and id filters are asked of the API', async () => {
    const calls = serve(() => apiPage([inventory()]));
    await renderApp(<InventoryDashboardPage />, { language: 'en', role: 3, namespaces: ['inventory'] });
    await screen.findAllByTestId('inventory-link', {}, FIRST_LOAD);
    const lastQuery = () => new URLSearchParams(calls.filter((c) => c.path === LIST).at(-1)?.query);
    expect(lastQuery().get('order_by')).toBe('-id');

    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Validated' }));
    await waitFor(() => expect(lastQuery().get('state')).toBe('2'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Area' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Almacén tienda' }));
    await waitFor(() => expect(lastQuery().get('location_area')).toBe('5'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partial' }));
    await waitFor(() => expect(lastQuery().get('inventorypartial__isnull')).toBe('False'));

    await userEvent.type(screen.getByTestId('filter-id'), '12');
    await waitFor(() => expect(lastQuery().get('id__icontains')).toBe('12'));
    expect(lastQuery().get('state')).toBe('2');
    expect(lastQuery().get('location_area')).toBe('5');
  });

  it('empty: es offers "Nuevo inventario" to a role that may open one; en tells a role that may not', async () => {
    serve(() => apiPage([]));
    await renderApp(<InventoryDashboardPage />, { language: 'es', role: 3, namespaces: ['inventory'] });
    expect((await screen.findByTestId('paged-empty', {}, FIRST_LOAD)).textContent).toBe(
      'No hay inventarios de esta ubicación. Abra uno con «Nuevo inventario».',
    );
    expect(screen.getByTestId('empty-new-inventory')).toBeTruthy();
    cleanup();
    await renderApp(<InventoryDashboardPage />, { language: 'en', role: 4, namespaces: ['inventory'] });
    expect((await screen.findByTestId('paged-empty')).textContent).toBe('This location has no inventories.');
    expect(screen.queryByTestId('empty-new-inventory')).toBeNull();
    expect(screen.queryByTestId('new-inventory')).toBeNull();
  });
});
