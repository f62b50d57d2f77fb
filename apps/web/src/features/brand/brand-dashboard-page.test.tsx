// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, apiPage, atTestStore, FIRST_LOAD, fakeApi, renderApp } from '../../test/render-app';
import { BrandDashboardPage } from './brand-dashboard-page';

/**
 * The brand dashboard (spec sections 2 and 7) against a fake API: the brand of the current location first, its figures
 * in the user's language, another brand's on choosing it; the external page when one is configured; roles above 2 are
 * told they may not see it and nothing is asked.
 */
const stats = (brandId: number): Record<string, (body: unknown) => ApiAnswer> => ({
  [`GET /api/brands/${brandId}/purchasestats`]: () => ({ status: 200, body: { orders: 12345 + brandId } }),
  [`GET /api/brands/${brandId}/entrystats`]: () => ({ status: 200, body: {} }),
  [`GET /api/brands/${brandId}/exitstats`]: () => ({ status: 200, body: {} }),
  [`GET /api/brands/${brandId}/salestats`]: () => ({ status: 200, body: { sales: 40 } }),
  [`GET /api/brands/${brandId}/inventorystats`]: () => ({ status: 200, body: { avg_inventory_accuracy: 97.5 } }),
});

const serve = (dashboards: unknown[] = []) =>
  fakeApi({
    'GET /api/dashboards/': () => ({ status: 200, body: dashboards }),
    'GET /api/brands/': () =>
      apiPage([
        { id: 2, description: 'Marca Luna', company_id: 1 },
        { id: 4, description: 'Marca Sol', company_id: 1 },
      ]),
    'GET /api/locations/3/': () => ({ status: 200, body: { brand: 4 } }),
    ...stats(2),
    ...stats(4),
  });

const value = (id: string) => screen.getByTestId(`stat-brand-${id}-value`).textContent;

describe('BrandDashboardPage', () => {
  atTestStore();

  it("es: no external page; the location's brand figures in Spanish numbers, then another brand's", async () => {
    const calls = serve();
    await renderApp(<BrandDashboardPage />, { language: 'es', role: 1, namespaces: ['dashboard'] });
    expect((await screen.findByTestId('brand-dashboard-none', {}, FIRST_LOAD)).textContent).toContain(
      'No hay ningún panel de marca configurado.',
    );
    await waitFor(() => expect(value('purchase-orders')).toBe('12.349'));
    expect(value('inventory-accuracy')).toContain('97,50');
    expect(value('entry-orders')).toBe('—');

    await userEvent.click(screen.getByRole('combobox', { name: 'Marca' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marca Luna' }));
    await waitFor(() => expect(value('purchase-orders')).toBe('12.347'));
    expect(calls.some((c) => c.path === '/api/brands/2/salestats')).toBe(true);
  });

  it('en: a configured external page is embedded with its address', async () => {
    serve([{ id: 1, description: 'Brand', full_url: 'https://bi.example.com/brand' }]);
    await renderApp(<BrandDashboardPage />, { language: 'en', role: 2, namespaces: ['dashboard'] });
    const frame = await screen.findByTestId('brand-dashboard-frame', {}, FIRST_LOAD);
    expect(frame.getAttribute('src')).toBe('https://bi.example.com/brand');
    await waitFor(() => expect(value('purchase-orders')).toBe('12,349'));
  });

  it('en: role 3 is told it may not see the dashboard, and nothing is asked of the API', async () => {
    const calls = serve();
    await renderApp(<BrandDashboardPage />, { language: 'en', role: 3, namespaces: ['dashboard'] });
    expect((await screen.findByTestId('brand-dashboard-not-allowed', {}, FIRST_LOAD)).textContent).toBe(
      'Your role may not see the brand dashboard: company and brand administrators (roles 1 and 2) see it.',
    );
    expect(calls.filter((c) => c.path.startsWith('/api/brands/') || c.path === '/api/dashboards/')).toEqual([]);
  });
});
