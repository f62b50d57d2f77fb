// @vitest-environment jsdom
import type { InboundStats, PurchaseOrder } from '@rfid/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, apiPage, atTestStore, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { InboundDashboardPage } from './inbound-dashboard-page';

/**
 * The inbound dashboard (spec section 2) against a fake API: its six figures and its rows in Spanish and English, the
 * filters and the next page asked of the API with their query, ticking orders for the print wizard, the empty list
 * (with or without the create button) and a list that fails to load.
 */
const LIST = '/api/locations/3/v1/porders/';
const STATS = '/api/locations/3/porders/statistics/';

const order = (fields: Partial<PurchaseOrder> = {}): PurchaseOrder => ({
  id: 41,
  type: 'purchase',
  order_code: 'PO-41',
  origin_status: 0,
  destination_status: 3,
  closed: false,
  sync: false,
  container: '',
  waiting_time: 7200,
  item_count: 5,
  real_item_count: 3,
  num_boxes: 2,
  num_verified_boxes: 1,
  creation_date: '2026-11-20T09:00:00Z',
  estimated_arrival_date: '2026-11-21T09:00:00Z',
  arrival_date: '2026-11-21T11:00:00Z',
  origin: 9,
  provider_name: 'Textiles Norte',
  order_name: 'PO-41 · Textiles Norte',
  destination: 3,
  destination_description: 'T-MAD-01',
  ...fields,
});

const stats: InboundStats = {
  orders: 12345,
  average_delay: 2.5,
  daily_orders: 4,
  reception_time: '1.75,6300',
  max_time: '3,10800',
  average_reception_time: 1.75,
  max_reception_time: 3,
  incorrect_daily_orders: 0.25,
  total_orders_for_today: 1,
  total_pending_orders_for_today: 0,
  correctly_received_porders: 10,
  incorrectly_received_porders: 2,
  from: '2026-10-31',
  to: '2026-11-30',
};

/** The fake API: the figures and the list (`list` answers by the request's URL, for paging and filters). */
const serve = (list: (url: URL) => ApiAnswer) =>
  fakeApi({
    [`GET ${STATS}`]: () => ({ status: 200, body: stats }),
    [`GET ${LIST}`]: (_body, url) => list(url),
  });

const listCalls = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.path === LIST).map((c) => new URLSearchParams(c.query));

const statValue = (id: string) => screen.getByTestId(`stat-${id}-value`).textContent;

describe('InboundDashboardPage', () => {
  atTestStore();

  it('es: shows the six figures in Spanish numbers and the rows with their provider, state and counts', async () => {
    serve(() => apiPage([order(), order({ id: 42, order_code: 'PO-42', destination_status: 1, provider_name: 'Sur SA' })]));
    await renderApp(<InboundDashboardPage />, { language: 'es', role: 4, namespaces: ['inbound', 'orders'] });
    const codes = await screen.findAllByTestId('order-code-link', {}, FIRST_LOAD);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entradas');
    expect(codes.map((c) => c.textContent)).toEqual(['PO-41', 'PO-42']);
    await waitFor(() => expect(statValue('orders')).toContain('12.345'));
    expect(statValue('receptionTime')).toContain('1,75');
    expect(statValue('maxTime')).toContain('3,00');
    expect(statValue('averageDelay')).toContain('2,50');
    expect(statValue('incorrectDaily')).toContain('0,25');
    const first = codes[0]?.closest('tr') as HTMLElement;
    expect(within(first).getByText('Textiles Norte')).toBeTruthy();
    expect(within(first).getByText('Verificado sin errores')).toBeTruthy();
    expect(within(first).getByTestId('order-items').textContent).toBe('3 / 5');
    expect(screen.getByText('Verificando')).toBeTruthy();
  });

  it('en: the same figures in English numbers; a visualizer sees no tick column', async () => {
    serve(() => apiPage([order()]));
    await renderApp(<InboundDashboardPage />, { language: 'en', role: 5, namespaces: ['inbound', 'orders'] });
    expect(await screen.findByText('Checked without errors')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inbound');
    await waitFor(() => expect(statValue('orders')).toContain('12,345'));
    expect(statValue('receptionTime')).toContain('1.75');
    expect(statValue('averageDelay')).toContain('2.50');
    expect(screen.queryByTestId('order-tick')).toBeNull();
    expect(screen.queryByTestId('print-ticked-orders')).toBeNull();
  });

  it('asks the API for the order code filter and for the next page (offset 11) with the same filter', async () => {
    // 12 orders: the first page holds 11, the second one.
    const calls = serve((url) =>
      url.searchParams.get('offset') === '11'
        ? apiPage([order({ id: 52, order_code: 'PO-52' })], 12)
        : apiPage(
            Array.from({ length: 11 }, (_, i) => order({ id: 41 + i, order_code: `PO-${41 + i}` })),
            12,
          ),
    );
    await renderApp(<InboundDashboardPage />, { language: 'en', role: 4, namespaces: ['inbound', 'orders'] });
    expect(await screen.findAllByTestId('order-code-link')).toHaveLength(11);
    const firstQuery = listCalls(calls)[0];
    expect(firstQuery?.get('order_by')).toBe('-creation_date');
    expect(firstQuery?.get('limit')).toBe('11');
    expect(firstQuery?.get('offset')).toBe('0');

    await userEvent.type(screen.getByTestId('filter-order_code__icontains'), 'PO-5');
    await waitFor(() => expect(listCalls(calls).some((q) => q.get('order_code__icontains') === 'PO-5')).toBe(true));

    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('PO-52')).toBeTruthy();
    const last = listCalls(calls).at(-1);
    expect(last?.get('offset')).toBe('11');
    expect(last?.get('order_code__icontains')).toBe('PO-5');
    expect(screen.getByText('12–12 of 12')).toBeTruthy();
  });

  it('es: ticking two orders arms the print button with their count; unticking one lowers it', async () => {
    serve(() => apiPage([order(), order({ id: 42, order_code: 'PO-42' })]));
    await renderApp(<InboundDashboardPage />, { language: 'es', role: 4, namespaces: ['inbound', 'orders', 'printing'] });
    const button = await screen.findByTestId('print-ticked-orders');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Marcar el pedido PO-41 para imprimir' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Marcar el pedido PO-42 para imprimir' }));
    expect(button.textContent).toBe('Imprimir etiquetas (2 pedidos)');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Marcar el pedido PO-41 para imprimir' }));
    expect(button.textContent).toBe('Imprimir etiquetas (1 pedido)');
  });

  it('empty list: es with the create button for a role that may create (3), en without it for one that may not (4)', async () => {
    serve(() => apiPage([]));
    await renderApp(<InboundDashboardPage />, { language: 'es', role: 3, namespaces: ['inbound', 'orders'] });
    expect((await screen.findByTestId('paged-empty')).textContent).toBe('No hay órdenes de entrada. Cree una con «Nueva orden».');
    expect(screen.getByTestId('empty-new-order').textContent).toBe('Nueva orden');
    cleanup();

    await renderApp(<InboundDashboardPage />, { language: 'en', role: 4, namespaces: ['inbound', 'orders'] });
    expect(await screen.findByText('No inbound orders.')).toBeTruthy();
    expect(screen.queryByTestId('empty-new-order')).toBeNull();
  });

  it('a list the server fails says so (es and en) and offers no create button', async () => {
    serve(() => ({ status: 500, body: { message: 'boom' } }));
    await renderApp(<InboundDashboardPage />, { language: 'es', role: 3, namespaces: ['inbound', 'orders'] });
    expect(await screen.findByText('No se pudo cargar la lista')).toBeTruthy();
    expect(screen.queryByTestId('empty-new-order')).toBeNull();
    cleanup();
    await renderApp(<InboundDashboardPage />, { language: 'en', role: 4, namespaces: ['inbound', 'orders'] });
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
  });

  it('without a location it asks for one and calls nothing', async () => {
    localStorage.clear();
    const calls = serve(() => apiPage([order()]));
    await renderApp(<InboundDashboardPage />, { language: 'en', role: 4, namespaces: ['inbound', 'orders'] });
    expect(screen.getByTestId('inbound-no-location').textContent).toContain('Choose a location in the header');
    expect(calls.filter((c) => c.path === LIST)).toEqual([]);
  });
});
