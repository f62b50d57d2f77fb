// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { ReplenishmentLine } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aPickLine } from '../../../test/fixtures';
import { dismissRefusedEntry } from '../../../test/handheld';
import { apiPage, atTestStore, fakeApi, renderApp } from '../../../test/render-app';
import { outbox } from '../use-outbox';
import { HandheldPicksPage } from './handheld-picks-page';

const line = aPickLine;

/** The store's pick list on a fake server: a pick of a GTIN it knows is stored once by its id, another is refused. */
const fakeServer = (lines: ReplenishmentLine[]) => {
  const stored = new Set<string>();
  return fakeApi({
    'GET /api/locations/3/replenishment/': () => apiPage(lines),
    'POST /api/locations/3/replenishment/picks/': (body) => {
      const { id, gtin, status, quantity } = body as { id: string; gtin: string; status: string; quantity?: number };
      if (!lines.some((l) => l.gtin === gtin)) {
        return {
          status: 400,
          body: { message: 'Invalid', errors: { gtin: ['La tienda no tiene ninguna unidad de este GTIN.'] } },
        };
      }
      const answer = { status: stored.has(id) ? 200 : 201, body: { id: 1, gtin, status, quantity: quantity ?? 0, at: '' } };
      stored.add(id);
      return answer;
    },
  });
};

const cardOf = (description: string) =>
  screen.getByText(description).closest('[data-testid="handheld-pick-line"]') as HTMLElement;

/**
 * The handheld's pick list (issue 32) against a fake API and the real queue (IndexedDB, fake-indexeddb): a pick and a
 * skip are queued with their own UUID and sent; a refused one is shown with the server's message.
 */
describe('HandheldPicksPage', () => {
  atTestStore();
  beforeEach(async () => {
    await outbox.setOwner(1);
  });

  it('queues a pick and a skip with their own UUIDs and sends them, in Spanish', async () => {
    const calls = fakeServer([line(), line({ gtin: '08437012100015', description: 'Pantalón chino', to_pick: 1 })]);
    await renderApp(<HandheldPicksPage />, { language: 'es', role: 3, namespaces: ['handheld'] });
    expect(await screen.findByText('Camiseta básica')).toBeTruthy();
    expect(within(cardOf('Camiseta básica')).getByText('Desde: Almacén tienda (4)')).toBeTruthy();

    await userEvent.click(within(cardOf('Camiseta básica')).getByRole('button', { name: 'Recoger 2' }));
    await userEvent.click(within(cardOf('Pantalón chino')).getByRole('button', { name: 'Omitir' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const [pick, skip] = calls.filter((call) => call.method === 'POST').map((call) => call.body) as { id: string }[];
    expect(pick).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), gtin: '08437012100008', status: 'picked', quantity: 2 });
    expect(skip).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), gtin: '08437012100015', status: 'skipped' });
    expect(pick?.id).not.toBe(skip?.id);
    await waitFor(() => expect(within(cardOf('Camiseta básica')).getByText('Recogidas 2')).toBeTruthy());
    // Each card changes once its own post is answered: the second may come later than the first.
    await waitFor(() => expect(within(cardOf('Pantalón chino')).getByText('Omitida por hoy')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Recoger 2' })).toBeNull();
  });

  it('shows a pick the server refuses in the refused list with its message, in English', async () => {
    const known = line();
    fakeServer([known]);
    await renderApp(<HandheldPicksPage />, { language: 'en', role: 3, namespaces: ['handheld'] });
    await outbox.add({
      key: crypto.randomUUID(),
      kind: 'pick',
      path: '/locations/3/replenishment/picks/',
      body: { id: crypto.randomUUID(), gtin: '12345678901231', status: 'picked', quantity: 1 },
      label: 'Gorra',
      units: 1,
    });
    await outbox.flush();
    await dismissRefusedEntry(userEvent, ['Pick of Gorra: 1', 'La tienda no tiene ninguna unidad de este GTIN.']);
  });

  it('shows a read-only role the list without its buttons', async () => {
    fakeServer([line()]);
    await renderApp(<HandheldPicksPage />, { language: 'en', role: 5, namespaces: ['handheld'] });
    expect(await screen.findByText('Camiseta básica')).toBeTruthy();
    expect(screen.getByText('Your role can see the pick list but not work it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pick 2' })).toBeNull();
  });
});
