// @vitest-environment jsdom
import type { SearchAnswer, SearchResult } from '@rfid/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { atStore, renderApp } from '../../test/render-app';
import { HeaderSearch } from './header-search';

/**
 * The header search (issue 28, finding 16) with Testing Library against a fake API (fetch): typing shows the matches,
 * arrows and Enter open one, Enter before the matches came opens the single exact one, `/` and Ctrl+K go to the box,
 * Esc closes the list; at a narrow width an icon opens the box in a dialog.
 */

const EPC = '30364433400D1EC0000004D2';
const item: SearchResult = { kind: 'item', label: EPC, detail: 'Camisa azul', route: `/track-epc/${EPC}`, is_exact: true };
const order = (code: string, id: number, isExact = false): SearchResult => ({
  kind: 'purchase_order',
  label: code,
  detail: 'Textil SA → Tienda Madrid',
  route: `/inbound/order/${id}/detail`,
  is_exact: isExact,
});

/** Answers by `q`: the EPC's item, two orders for "PO-1", nothing else; records each query. */
const fakeSearch = () => {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input));
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname !== '/api/search/') return json(404, { message: 'Not found' });
    asked.push(url.searchParams);
    const q = url.searchParams.get('q') ?? '';
    const results: SearchResult[] =
      q === EPC ? [item] : q.startsWith('PO-1') ? [order('PO-100', 10, q === 'PO-100'), order('PO-101', 11, q === 'PO-101')] : [];
    const answer: SearchAnswer = { query: q, results };
    return json(200, answer);
  });
  return asked;
};

/** Where the router is (the page a match opened). */
const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

const renderIn = (language: 'es' | 'en') =>
  renderApp(
    <>
      <HeaderSearch />
      <Where />
    </>,
    { language, role: 3, namespaces: ['search'] },
  );

const where = () => screen.getByTestId('where').textContent;

/** A narrow screen: every media query of the theme's `down('md')` matches. */
const narrowScreen = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));

describe('HeaderSearch', () => {
  atStore({ id: 2, description: 'Tienda Madrid' });

  it('es: typing shows the matches with their kind; arrows move and Enter opens the chosen one', async () => {
    const asked = fakeSearch();
    await renderIn('es');
    const box = screen.getByRole('combobox', { name: 'Búsqueda rápida: EPC, GTIN, orden o caja' });
    await userEvent.type(box, 'PO-1');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Orden de compraPO-100Textil SA → Tienda Madrid',
      'Orden de compraPO-101Textil SA → Tienda Madrid',
    ]);
    // The matches shown are those of the whole text, asked with the header's location.
    expect([asked.at(-1)?.get('q'), asked.at(-1)?.get('location')]).toEqual(['PO-1', '2']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(where()).toBe('/inbound/order/11/detail');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('en: Enter right after a scanned EPC asks at once and opens the exact match', async () => {
    fakeSearch();
    await renderIn('en');
    const box = screen.getByRole('combobox', { name: 'Quick search: EPC, GTIN, order or box' });
    fireEvent.change(box, { target: { value: EPC } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(where()).toBe(`/track-epc/${EPC}`));
  });

  it('es: says when nothing matches; Esc closes the list', async () => {
    fakeSearch();
    await renderIn('es');
    const box = screen.getByRole('combobox', { name: 'Búsqueda rápida: EPC, GTIN, orden o caja' });
    await userEvent.type(box, 'ZZZ');
    expect(
      await screen.findByText('Sin resultados. Introduzca un EPC, un GTIN, el código de una orden o el de una caja.'),
    ).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('/ and Ctrl+K go to the box; / typed inside a text box stays a character', async () => {
    fakeSearch();
    await renderIn('en');
    const box = screen.getByRole('combobox', { name: 'Quick search: EPC, GTIN, order or box' });
    expect(document.activeElement).not.toBe(box);
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('');
    await userEvent.keyboard('a/');
    expect((box as HTMLInputElement).value).toBe('a/');
    (box as HTMLInputElement).blur();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(box);
  });

  it('es, narrow screen: an icon opens the box in a dialog; opening a match closes it', async () => {
    narrowScreen();
    fakeSearch();
    await renderIn('es');
    expect(screen.queryByRole('combobox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Búsqueda rápida: EPC, GTIN, orden o caja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Búsqueda rápida' });
    const box = screen.getByRole('combobox', { name: 'Búsqueda rápida: EPC, GTIN, orden o caja' });
    expect(dialog.contains(box)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(box));
    await userEvent.type(box, 'PO-100');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('/inbound/order/10/detail');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Ctrl+K opens it again.
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Búsqueda rápida' })).toBeTruthy();
  });
});
