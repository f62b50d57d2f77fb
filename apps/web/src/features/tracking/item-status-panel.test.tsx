// @vitest-environment jsdom
import { type Identity, ItemStatus, type ItemStatusChange } from '@rfid/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { NotifierProvider } from '../../lib/notifier';
import { roleQueryOptions } from '../auth';
import { ItemStatusPanel } from './item-status-panel';

/**
 * The sale status of an item on the EPC tracker (issue 26, item 2), rendered with Testing Library against a fake API
 * (fetch): the status now, the control that changes it (a reservation needs its reference) and the history.
 */

const EPC = '303602F45009C40000000002';
type Call = { method: string; path: string; body: unknown };

const fakeApi = (routes: Record<string, (body: unknown) => { status: number; body: unknown }>) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = route ? route(body) : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
};
const page = <T,>(results: T[]) => ({ status: 200, body: { count: results.length, next: null, previous: null, results } });
const identity = (role: number): Identity => ({
  id: 1,
  email: 'p@x',
  first_name: 'P',
  last_name: 'I',
  user_role: role,
  editor: false,
  company: { id: 1, name: 'C' },
  locations: [],
});
const change: ItemStatusChange = {
  id: 1,
  from_status: ItemStatus.Sellable,
  to_status: ItemStatus.OnDisplay,
  reference: null,
  reason: 'handheld',
  user: 'editor@demo.local',
  location: 3,
  at: '2026-11-28T10:00:00.000Z',
};

const renderIn = async (language: 'es' | 'en', ui: ReactNode, role = 3) => {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'components', 'availability']);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(roleQueryOptions().queryKey, identity(role));
  return render(
    <QueryClientProvider client={client}>
      <NotifierProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </NotifierProvider>
    </QueryClientProvider>,
  );
};

const item = { id: 9, epc: EPC, status: ItemStatus.OnDisplay, status_ref: null };

describe('ItemStatusPanel', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('es: shows the status and its history; reserving asks for the reference, then sends it', async () => {
    const calls = fakeApi({
      'GET /api/items/9/status_changes/': () => page([change]),
      'POST /api/items/status/': () => ({ status: 200, body: { changed: 1, items: 1 } }),
    });
    await renderIn('es', <ItemStatusPanel item={item} />);
    expect(screen.getAllByTestId('item-status')[0]?.textContent).toBe('En exposición');
    const [row] = await screen.findAllByTestId('paged-row');
    expect(within(row as HTMLElement).getByText('A la venta')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('Terminal portátil')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Nuevo estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reservado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    // No reference: nothing is sent, the field says why.
    expect(screen.getByText('Obligatoria al reservar (p. ej. el código del pedido online).')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByTestId('status-reference'), 'WEB-000123');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/api/items/status/',
          body: { epcs: [EPC], status: ItemStatus.Reserved, reference: 'WEB-000123' },
        },
      ]),
    );
    expect(await screen.findByText('Estado cambiado.')).toBeTruthy();
  });

  it('en: a refused change shows the server’s reason; a visualizer (role 5) sees the status but no control', async () => {
    fakeApi({
      'GET /api/items/9/status_changes/': () => page([]),
      'POST /api/items/status/': () => ({
        status: 404,
        body: { message: '1 EPCs are not items at your locations: X.', code: 'availability.items_not_found' },
      }),
    });
    await renderIn('en', <ItemStatusPanel item={item} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'New status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Damaged' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('1 EPCs are not items at your locations: X.')).toBeTruthy();
    cleanup();
    await renderIn('en', <ItemStatusPanel item={item} />, 5);
    expect(screen.getAllByTestId('item-status')[0]?.textContent).toBe('On display');
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(await screen.findByText('No status changes.')).toBeTruthy();
  });
});
