// @vitest-environment jsdom
import type { ExitAlarm } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, atStore, renderApp } from '../../test/render-app';
import { ExitAlarmsBell } from './exit-alarms-bell';
import { ExitAlarmsPage } from './exit-alarms-page';

/**
 * The exit alarms page (issue 26) with Testing Library against a fake API (fetch): the open alarms of the chosen store,
 * and its three resolutions (lost asks first); a role that does not write gets no actions.
 */

const EPC = '3034257BF7194E4000000001';
const alarm = (fields: Partial<ExitAlarm> = {}): ExitAlarm => ({
  id: 41,
  location: 2,
  item: 501,
  epc: EPC,
  gtin: '08400000000017',
  item_type: 7,
  description: 'Camiseta básica',
  size_primary: 'M',
  colour: 'Blanco',
  price: '19.95',
  external_image: '',
  area: { id: 9, description: 'Salida' },
  device: { id: 4, serial_number: 'EXIT-T01-01' },
  item_state: 0,
  current_state: 0,
  first_read_at: '2026-05-01T10:00:00.000Z',
  last_read_at: '2026-05-01T10:00:20.000Z',
  reads: 2,
  status: 'open',
  note: '',
  resolved_by: null,
  resolved_at: null,
  ...fields,
});

/** A fake API: the list answers `rows()`, the resolution answers the alarm resolved; every call recorded. */
const fakeApi = (rows: () => ExitAlarm[]) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.search, body });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    if (method === 'GET' && url.pathname === '/api/exit_alarms/count/') {
      return json(200, { count: rows().filter((row) => row.status === 'open').length });
    }
    if (method === 'GET' && url.pathname === '/api/locations/2/exit_alarms/') {
      const results = rows();
      return json(200, { count: results.length, next: null, previous: null, results });
    }
    const resolved = /^\/api\/exit_alarms\/(\d+)\/resolve\/$/.exec(url.pathname);
    if (method === 'POST' && resolved) {
      return json(200, alarm({ status: body.status, current_state: body.status === 'lost' ? 1 : 0 }));
    }
    return json(404, { message: 'Not found' });
  });
  return calls;
};

const renderIn = (language: 'es' | 'en', role = 3, ui: ReactNode = <ExitAlarmsPage />) =>
  renderApp(ui, { language, role, namespaces: ['exit-alarms', 'tracking'] });

describe('ExitAlarmsPage', () => {
  atStore({ id: 2, description: 'Tienda Madrid Centro' });

  it('es: lists the open alarms with the item; "Marcar falsa alarma" resolves at once and the list asks again', async () => {
    let status: ExitAlarm['status'] = 'open';
    const calls = fakeApi(() => (status === 'open' ? [alarm()] : []));
    await renderIn('es');
    const [row] = (await screen.findAllByTestId('paged-row')) as [HTMLElement];
    expect(within(row).getByTestId('exit-alarm-description').textContent).toBe('Camiseta básica');
    expect(within(row).getByTestId('exit-alarm-variant').textContent).toBe('Talla M · Blanco');
    expect(within(row).getByTestId('exit-alarm-epc').textContent).toBe(EPC);
    expect(within(row).getByTestId('exit-alarm-reads').textContent).toBe('2');
    expect(within(row).getByText('Abierta')).toBeTruthy();
    expect(within(row).getByText('EN STOCK')).toBeTruthy();
    // The list asks for the open ones by default.
    expect(calls[0]?.query).toContain('status=open');

    status = 'false_alarm';
    await userEvent.click(within(row).getByRole('button', { name: `Marcar falsa alarma: ${EPC}` }));
    await waitFor(() => expect(screen.getByTestId('notifier').textContent).toBe(`Alarma de ${EPC} marcada como falsa alarma.`));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/exit_alarms/41/resolve/', query: '', body: { status: 'false_alarm' } },
    ]);
    await waitFor(() => expect(screen.queryAllByTestId('paged-row')).toHaveLength(0));
  });

  it('en: "Mark lost" asks first; No changes nothing, Yes marks it lost', async () => {
    const calls = fakeApi(() => [alarm()]);
    await renderIn('en');
    const [row] = (await screen.findAllByTestId('paged-row')) as [HTMLElement];
    await userEvent.click(within(row).getByRole('button', { name: `Mark lost: ${EPC}` }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Mark the item as lost?')).toBeTruthy();
    expect(
      within(dialog).getByText(`Camiseta básica (${EPC}) will leave the store's stock: it becomes UNKNOWN, in no area.`),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());

    await userEvent.click(within(row).getByRole('button', { name: `Mark lost: ${EPC}` }));
    await userEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Yes, lost' }));
    await waitFor(() =>
      expect(screen.getByTestId('notifier').textContent).toBe(`Alarm of ${EPC} marked as lost: the item leaves the stock.`),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ status: 'lost' }]);
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    await userEvent.click(within(row).getByRole('button', { name: `Mark recovered: ${EPC}` }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({ status: 'recovered' });
  });

  it('a visualizer (role 5) sees the alarms without actions', async () => {
    fakeApi(() => [alarm()]);
    await renderIn('es', 5);
    const [row] = (await screen.findAllByTestId('paged-row')) as [HTMLElement];
    expect(within(row).queryByRole('button', { name: /Marcar/ })).toBeNull();
  });

  it('the header bell counts the open exit alarms and leads to /exit-alarms; with none it is not shown', async () => {
    let open = [alarm(), alarm({ id: 42 })];
    fakeApi(() => open);
    const view = await renderIn('es', 3, <ExitAlarmsBell />);
    const bell = await screen.findByTestId('exit-alarms-bell');
    expect(bell.getAttribute('aria-label')).toBe('Alarmas de salida: 2');
    expect(bell.getAttribute('href')).toBe('/exit-alarms');
    view.unmount();
    open = [];
    await renderIn('es', 3, <ExitAlarmsBell />);
    await waitFor(() => expect(screen.queryByTestId('exit-alarms-bell')).toBeNull());
  });
});
