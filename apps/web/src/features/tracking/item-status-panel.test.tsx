// @vitest-environment jsdom
import { ItemStatus, type ItemStatusChange } from '@rfid/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiPage, cleanAfterEach, fakeApi, renderApp } from '../../test/render-app';
import { ItemStatusPanel } from './item-status-panel';

/**
 * The sale status of an item on the EPC tracker (issue 26, item 2), rendered with Testing Library against a fake API
 * (fetch): the status now, the control that changes it (a reservation needs its reference) and the history.
 */

const EPC = '303602F45009C40000000002';
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

const item = { id: 9, epc: EPC, status: ItemStatus.OnDisplay, status_ref: null };

const renderIn = (language: 'es' | 'en', ui: ReactNode, role = 3) =>
  renderApp(ui, { language, role, namespaces: ['availability'] });

describe('ItemStatusPanel', () => {
  beforeEach(() => localStorage.clear());
  cleanAfterEach();

  it('es: shows the status and its history; reserving asks for the reference, then sends it', async () => {
    const calls = fakeApi({
      'GET /api/items/9/status_changes/': () => apiPage([change]),
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
      'GET /api/items/9/status_changes/': () => apiPage([]),
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
