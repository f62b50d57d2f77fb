// @vitest-environment jsdom
import type { ShrinkReport } from '@rfid/contract';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { atStore, renderApp } from '../../test/render-app';
import { ShrinkPage } from './shrink-page';

/**
 * The shrink page (issue 26) rendered with Testing Library against a fake API (fetch): its figures and top lists in the
 * user's language (es: decimal comma and `.` thousands; en: decimal point and `,` thousands), and its refusal for roles
 * above 3. The charts load apart (their library is not part of this test).
 */

vi.mock('./components/shrink-charts', () => ({ ShrinkCharts: () => <div data-testid="shrink-charts-stub" /> }));

const report: ShrinkReport = {
  location_id: 3,
  time_zone: 'Europe/Madrid',
  date_from: '2026-10-31',
  date_to: '2026-11-29',
  inventories: 4,
  accuracy: 94.25,
  shrink: { units: 1234, value: 23456.5, inventory: { units: 1200, value: 22000 }, exit: { units: 34, value: 1456.5 } },
  trend: [],
  days: [],
  top_gtins: [
    { gtin: '08437012000011', description: 'Camiseta básica', section: 'Hombre', units: 1100, value: 12345.6 },
    { gtin: '08437012000028', description: 'Pantalón chino', section: 'Mujer', units: 134, value: 999.9 },
  ],
  top_sections: [
    { section: 'Hombre', units: 1100, value: 12345.6 },
    { section: '', units: 134, value: 999.9 },
  ],
};

/** A fake API answering the report; records the paths asked. */
const fakeApi = () => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input));
    asked.push(`${url.pathname}${url.search}`);
    const isReport = url.pathname === '/api/locations/3/shrink/';
    return new Response(JSON.stringify(isReport ? report : { message: 'Not found' }), {
      status: isReport ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
};

const figureText = (id: string) => screen.getByTestId(`stat-${id}-value`).textContent;

const renderIn = (language: 'es' | 'en', ui: ReactNode, role = 3) => renderApp(ui, { language, role, namespaces: ['shrink'] });

/** Opens the page in `language` and waits for its title and its report. */
const openReport = async (language: 'es' | 'en', title: string) => {
  await renderIn(language, <ShrinkPage />);
  expect(await screen.findByText(title)).toBeTruthy();
  await screen.findByTestId('shrink-gtins');
};

describe('ShrinkPage', () => {
  atStore({ id: 3, description: 'Tienda Madrid Centro' });

  it('es: the figures and top lists with a decimal comma and "." thousands, asked for the last 30 days', async () => {
    const asked = fakeApi();
    await openReport('es', 'Mermas y exactitud');
    expect(figureText('shrink-accuracy')).toBe('94,3%');
    expect(figureText('shrink-inventories')).toBe('4');
    expect(figureText('shrink-units')).toBe('1234');
    expect(figureText('shrink-value')).toBe('23.456,50');
    expect(figureText('shrink-inventory-units')).toBe('1200');
    expect(figureText('shrink-exit-units')).toBe('34');
    const gtins = within(screen.getByTestId('shrink-gtins'));
    expect(gtins.getAllByTestId('shrink-gtins-name').map((n) => n.textContent)).toEqual(['08437012000011', '08437012000028']);
    expect(gtins.getAllByTestId('shrink-gtins-units').map((n) => n.textContent)).toEqual(['1100', '134']);
    expect(gtins.getAllByTestId('shrink-gtins-value').map((n) => n.textContent)).toEqual(['12.345,60', '999,90']);
    const sections = within(screen.getByTestId('shrink-sections'));
    expect(sections.getAllByTestId('shrink-sections-name').map((n) => n.textContent)).toEqual(['Hombre', '(sin sección)']);
    expect(screen.getByTestId('shrink-csv').textContent).toContain('Descargar CSV');
    expect(asked[0]).toMatch(/^\/api\/locations\/3\/shrink\/\?date_from=\d{4}-\d{2}-\d{2}&date_to=\d{4}-\d{2}-\d{2}$/);
  });

  it('en: the same figures with a decimal point and "," thousands', async () => {
    fakeApi();
    await openReport('en', 'Shrink and accuracy');
    expect(figureText('shrink-accuracy')).toBe('94.3%');
    expect(figureText('shrink-units')).toBe('1,234');
    expect(figureText('shrink-value')).toBe('23,456.50');
    const gtins = within(screen.getByTestId('shrink-gtins'));
    expect(gtins.getAllByTestId('shrink-gtins-value').map((n) => n.textContent)).toEqual(['12,345.60', '999.90']);
    expect(within(screen.getByTestId('shrink-sections')).getAllByTestId('shrink-sections-name')[1]?.textContent).toBe(
      '(no section)',
    );
  });

  it('refuses roles above 3 without asking the API', async () => {
    const asked = fakeApi();
    await renderIn('es', <ShrinkPage />, 5);
    expect((await screen.findByTestId('shrink-not-allowed')).textContent).toContain('administrador, marca y editor');
    expect(asked).toEqual([]);
  });
});
