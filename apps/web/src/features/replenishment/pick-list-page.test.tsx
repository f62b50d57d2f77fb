// @vitest-environment jsdom
import type { ReplenishmentLine } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { aPickLine } from '../../test/fixtures';
import { apiPage, atTestStore, fakeApi, renderApp } from '../../test/render-app';
import { PickListPage } from './pick-list-page';

/**
 * The pick list page (issue 26, item 4) against a fake API: a line is picked (then shown picked) or skipped (then gone),
 * and a read-only role sees no buttons. The texts are the ones a user reads.
 */
const line = aPickLine;

/** The store's pick list held by the fake server: a pick marks the line, a skip takes it away. */
const fakeServer = (lines: ReplenishmentLine[]) => {
  let state = [...lines];
  return fakeApi({
    'GET /api/locations/3/replenishment/': () => apiPage(state),
    'POST /api/locations/3/replenishment/picks/': (body) => {
      const { gtin, status, quantity } = body as { gtin: string; status: string; quantity?: number };
      state =
        status === 'skipped'
          ? state.filter((l) => l.gtin !== gtin)
          : state.map((l) => (l.gtin === gtin ? { ...l, picked: quantity ?? 1, picked_at: '2026-11-10T10:00:00Z' } : l));
      return { status: 201, body: { id: 1, gtin, status, quantity: quantity ?? 0, at: '2026-11-10T10:00:00Z' } };
    },
  });
};

const renderIn = (language: 'es' | 'en', role = 4, ui: ReactNode = <PickListPage />) =>
  renderApp(ui, { language, role, namespaces: ['replenishment'] });

describe('PickListPage', () => {
  atTestStore();

  it('picks a line (then shows it picked) and skips another (then it is gone), in Spanish', async () => {
    const calls = fakeServer([line(), line({ gtin: '08437012100015', description: 'Pantalón chino', to_pick: 1 })]);
    await renderIn('es');
    const rows = await screen.findAllByTestId('replenishment-description');
    expect(rows.map((r) => r.textContent)).toEqual(['Camiseta básica', 'Pantalón chino']);
    expect(screen.getAllByText('Almacén tienda (4)')).toHaveLength(2);
    expect(screen.getAllByTestId('replenishment-floor')[0]?.textContent).toBe('0 de 2');

    await userEvent.click(screen.getAllByRole('button', { name: 'Recoger' })[0] as HTMLElement);
    expect(await screen.findByText('Recogidas 2')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ gtin: '08437012100008', status: 'picked', quantity: 2 });
    // The picked line has no Pick button any more, only Skip; the other line keeps both.
    expect(screen.getAllByRole('button', { name: 'Recoger' })).toHaveLength(1);

    const pantalon = screen.getByText('Pantalón chino').closest('tr') as HTMLElement;
    await userEvent.click(within(pantalon).getByRole('button', { name: 'Omitir' }));
    await waitFor(() => expect(screen.queryByText('Pantalón chino')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toContainEqual({
      gtin: '08437012100015',
      status: 'skipped',
    });
  });

  it('shows a read-only role the list without Pick and Skip, in English', async () => {
    fakeServer([line()]);
    await renderIn('en', 5);
    expect(await screen.findByText('Camiseta básica')).toBeTruthy();
    expect(screen.getByText('0 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pick' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });
});
