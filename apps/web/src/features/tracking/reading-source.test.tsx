// @vitest-environment jsdom
import type { ReadingSource } from '@rfid/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ReadingSourceLinks } from './reading-source';

/** What brought a reading on the EPC tracker (issue 28): the order and box as links to their pages. */
const none: ReadingSource = { order: null, box: null, side: null, return: null };

describe('ReadingSourceLinks', () => {
  afterEach(cleanup);

  it('es: a purchase verification links its order code and its box barcode to their pages', async () => {
    const source: ReadingSource = {
      ...none,
      order: { id: 12, order_code: 'PC-0012', type: 'purchase' },
      box: { id: 40, codebar: 'BOX-40' },
      side: 'destination',
    };
    await renderApp(<ReadingSourceLinks source={source} />, { language: 'es', role: 3, namespaces: ['tracking'] });
    expect(screen.getByTestId('reading-source').textContent).toBe('Pedido PC-0012Caja BOX-40');
    expect(screen.getByRole('link', { name: 'PC-0012' }).getAttribute('href')).toBe('/inbound/order/12/detail');
    expect(screen.getByRole('link', { name: 'BOX-40' }).getAttribute('href')).toBe('/inbound/order/12/box/40/detail');
  });

  it('en: a movement read at its origin opens the exit side; a sale return links the return', async () => {
    const source: ReadingSource = {
      order: { id: 7, order_code: 'MV-7', type: 'movement' },
      box: { id: 3, codebar: 'B3' },
      side: 'origin',
      return: null,
    };
    await renderApp(<ReadingSourceLinks source={source} />, { language: 'en', role: 3, namespaces: ['tracking'] });
    expect(screen.getByRole('link', { name: 'MV-7' }).getAttribute('href')).toBe('/movements/exit/order/7/detail');
    expect(screen.getByRole('link', { name: 'B3' }).getAttribute('href')).toBe('/movements/exit/order/7/box/3/detail');
    cleanup();
    await renderApp(<ReadingSourceLinks source={{ ...none, return: { id: 5, kind: 'sale', code: 'DV-5' } }} />, {
      language: 'en',
      role: 3,
      namespaces: ['tracking'],
    });
    expect(screen.getByTestId('reading-source').textContent).toBe('Return DV-5');
    expect(screen.getByRole('link', { name: 'DV-5' }).getAttribute('href')).toBe('/outbound/returns/5/detail');
  });

  it('shows nothing for a free reading', async () => {
    await renderApp(<ReadingSourceLinks source={none} />, { language: 'es', role: 3, namespaces: ['tracking'] });
    expect(screen.queryByTestId('reading-source')).toBeNull();
  });
});
