import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { type Api, apiAs, findLocation } from '../support/journey-api';

/**
 * The brand dashboard (/brand/dashboard): the external page of GET /dashboards/?description=Brand in
 * an iframe, or a note when BRAND_DASHBOARD_URL is not set (the journeys' server has none); the
 * brand's statistics under it. In Spanish and English, on a desktop and at 390 px.
 */

type Brand = { id: number; description: string };

describe('brand dashboard journey', () => {
  const browser = useBrowser();
  let api: Api;
  let brands: Brand[];

  beforeAll(async () => {
    api = await apiAs('brand@demo.local');
    brands = (await api<{ results: Brand[] }>('GET', '/brands/?order_by=description&limit=100')).json.results;
  });

  it('es: as the server says — no dashboard configured — and the first brand’s statistics', async () => {
    const configured = (await api<{ full_url: string }[]>('GET', '/dashboards/?description=Brand')).json;
    const { page, context } = await openPage(browser(), { email: 'brand@demo.local' });
    await page.goto('/brand/dashboard');
    if (configured.length === 0) {
      await poll(() => page.getByTestId('brand-dashboard-none').textContent()).toContain(
        'No hay ningún panel de marca configurado',
      );
    } else {
      await poll(() => page.getByTestId('brand-dashboard-frame').getAttribute('src')).toBe(configured[0]?.full_url);
    }
    // The page starts at the brand of the current location (the user's default, CD-MAD).
    const center = await findLocation(api, 'CD-MAD');
    const brandId = (await api<{ brand: number }>('GET', `/locations/${center.id}/`)).json.brand;
    const first = brands.find((b) => b.id === brandId) as Brand;
    await poll(() => page.getByTestId('brand-select').textContent()).toContain(first.description);
    const purchase = (await api<{ orders: number }>('GET', `/brands/${first.id}/purchasestats`)).json;
    const sales = (await api<{ items_sold: number }>('GET', `/brands/${first.id}/salestats`)).json;
    await poll(() => page.getByTestId('stat-brand-purchase-orders-value').textContent()).toBe(String(purchase.orders));
    expect(await page.getByTestId('stat-brand-items-sold-value').textContent()).toBe(String(sales.items_sold));
    expect(await page.getByTestId('brand-group-inventory').textContent()).toContain('Inventarios');
    await screenshot(page, 'brand-dashboard-es');

    // Another brand.
    const second = brands.find((b) => b.id !== first.id) as Brand;
    const exits = (await api<{ orders: number }>('GET', `/brands/${second.id}/exitstats`)).json;
    await page.getByTestId('brand-select').click();
    await page.getByRole('option', { name: second.description }).click();
    await poll(() => page.getByTestId('stat-brand-exit-orders-value').textContent()).toBe(String(exits.orders));
    await context.close();
  });

  it('en: a configured dashboard is embedded from its full_url', async () => {
    const { page, context } = await openPage(browser(), { email: 'brand@demo.local', language: 'en' });
    // The journeys' server has no BRAND_DASHBOARD_URL: its answer is replaced by one that has.
    const url = `${baseUrl()}/legal`;
    await page.route('**/api/dashboards/**', (route) =>
      route.fulfill({ json: [{ id: 1, description: 'Brand', full_url: url }] }),
    );
    await page.goto('/brand/dashboard');
    await poll(() => page.getByTestId('brand-dashboard-frame').getAttribute('src')).toBe(url);
    expect(await page.getByTestId('brand-dashboard-frame').getAttribute('title')).toBe('External brand dashboard');
    expect(await page.getByText('Brand statistics').count()).toBe(1);
    await screenshot(page, 'brand-dashboard-frame-en');
    await context.close();
  });

  it('a failure of GET /dashboards/ is only logged: the page still says there is none', async () => {
    const { page, context } = await openPage(browser(), { email: 'brand@demo.local', language: 'en', viewport: MOBILE });
    await page.route('**/api/dashboards/**', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal server error.' } }),
    );
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.goto('/brand/dashboard');
    await poll(() => page.getByTestId('brand-dashboard-none').count()).toBe(1);
    expect(logged.some((m) => m.includes('brand dashboard not available'))).toBe(true);
    // No red notifier for it.
    expect(await page.getByText('Internal server error.').count()).toBe(0);
    await phoneShot(page, 'brand-dashboard-mobile-en');
    await context.close();
  });

  it('es: the user menu leads roles 1 and 2 to it ("Marca"); roles 3 to 5 have no entry and the page says plainly they may not', async () => {
    const editor = await apiAs('editor@demo.local');
    expect((await editor('GET', `/brands/${brands[0]?.id}/purchasestats`)).status).toBe(403);
    expect((await editor('GET', '/dashboards/?description=Brand')).status).toBe(403);

    const brandUser = await openPage(browser(), { email: 'brand@demo.local' });
    await brandUser.page.goto('/dashboard');
    await brandUser.page.getByTestId('user-menu-button').click();
    expect(await brandUser.page.getByTestId('user-menu-brand_menu').textContent()).toBe('Marca');
    await brandUser.page.getByTestId('user-menu-brand_menu').click();
    await brandUser.page.waitForURL('**/brand/dashboard');
    await poll(() => brandUser.page.getByTestId('side-menu').textContent()).toContain('Panel de marca');
    await poll(() => brandUser.page.getByTestId('brand-select').count()).toBe(1);
    await brandUser.context.close();

    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    await page.goto('/dashboard');
    await page.getByTestId('user-menu-button').click();
    await poll(() => page.getByTestId('user-menu-sign-off').count()).toBe(1);
    expect(await page.getByTestId('user-menu-brand_menu').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/brand/dashboard');
    await poll(() => page.getByTestId('brand-dashboard-not-allowed').textContent()).toContain(
      'Su rol no permite ver el panel de marca',
    );
    expect(await page.getByTestId('brand-dashboard-none').count()).toBe(0);
    expect(await page.getByTestId('brand-select').count()).toBe(0);
    await screenshot(page, 'brand-dashboard-not-allowed-es');
    await context.close();
  });
});
