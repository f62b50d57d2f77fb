// @vitest-environment jsdom
import type { OnlineOrder } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPage, atTestStore, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { OnlineDashboardPage } from './online-dashboard-page';

/**
 * The online dashboard (spec section 2) against a fake API: its rows (es, with the closed mark and delete only while
 * no box is verified), the state filter asked of the API (en), and a delete confirmed then sent (es).
 */
const LIST = '/api/locations/3/v1/orders/';

const order = (fields: Partial<OnlineOrder> = {}): OnlineOrder => ({
  id: 51,
  type: 'online',
  order_code: 'WEB-51',
  origin_status: 0,
  destination_status: 0,
  closed: false,
  waiting_time: 600,
  late: false,
  item_count: 4,
  real_item_count: 0,
  num_boxes: 1,
  num_verified_boxes: 0,
  creation_date: '2026-11-20T09:00:00Z',
  estimated_arrival_date: null,
  estimated_exit_date: null,
  exit_date: null,
  origin: 3,
  origin_description: 'T-MAD-01',
  order_name: 'WEB-51',
  ...fields,
});

const serve = (orders: OnlineOrder[]) =>
  fakeApi({
    'GET /api/locations/3/onlinestats/': () => ({ status: 200, body: {} }),
    [`GET ${LIST}`]: () => apiPage(orders),
    // (A 204 cannot carry the fake's JSON body: 200 with an empty object.)
    'DELETE /api/orders/51/': () => ({ status: 200, body: {} }),
  });

describe('OnlineDashboardPage', () => {
  atTestStore();

  it('es: rows with the closed mark; delete only on an order without verified boxes; a confirmed delete is sent', async () => {
    const calls = serve([order(), order({ id: 52, order_code: 'WEB-52', closed: true, num_verified_boxes: 1 })]);
    await renderApp(<OnlineDashboardPage />, { language: 'es', role: 4, namespaces: ['online', 'orders'] });
    const codes = await screen.findAllByTestId('order-code-link', {}, FIRST_LOAD);
    expect(codes.map((c) => c.textContent)).toEqual(['WEB-51', 'WEB-52']);
    const [open, closed] = codes.map((c) => c.closest('tr') as HTMLElement);
    expect(within(open as HTMLElement).queryByTestId('order-closed')).toBeNull();
    expect(within(closed as HTMLElement).getByTestId('order-closed')).toBeTruthy();
    expect(within(closed as HTMLElement).queryByTestId('delete-order')).toBeNull();

    await userEvent.click(within(open as HTMLElement).getByTestId('delete-order'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Borrar la orden WEB-51')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByTestId('confirm-yes'));
    expect(await screen.findByText('Orden borrada correctamente')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/orders/51/']);
  });

  it('en: the state filter is asked of the API; a visualizer sees no delete and no new order', async () => {
    const calls = serve([order()]);
    await renderApp(<OnlineDashboardPage />, { language: 'en', role: 5, namespaces: ['online', 'orders'] });
    await screen.findAllByTestId('order-code-link', {}, FIRST_LOAD);
    expect(screen.queryByTestId('delete-order')).toBeNull();
    expect(screen.queryByTestId('new-order')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Checked with errors' }));
    await waitFor(() =>
      expect(new URLSearchParams(calls.filter((c) => c.path === LIST).at(-1)?.query).get('origin_status')).toBe('2'),
    );
  });
});
