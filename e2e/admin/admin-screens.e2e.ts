import { describe, expect, it } from 'vitest';
import { countRequests, MOBILE, openPage, screenshot, useBrowser } from '../support/browser';

describe('admin screens', () => {
  const browser = useBrowser();

  it('locations list: filters by code, shows the active column and billing download to role 1', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/administrador/locations/');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBeGreaterThan(3);
    expect(await page.getByRole('columnheader', { name: 'Activo' }).isVisible()).toBe(true);
    expect(await page.getByTestId('billing-download').isVisible()).toBe(true);
    await page.getByTestId('filter-code__icontains').fill('CD-BC');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(1);
    expect(await page.getByTestId('paged-row').textContent()).toContain('Centro de distribución Barcelona');
    await screenshot(page, 'admin-locations-desktop');
    await context.close();
  });

  it('location add: flags the required fields in Spanish without a call', async () => {
    const { page, context } = await openPage(browser());
    const posts = countRequests(page, (request) => request.method() === 'POST' && request.url().includes('/api/locations/'));
    await page.goto('/administrador/locations/add');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByText('Introduzca el nombre').count()).toBe(1);
    expect(await page.getByText('Seleccione la marca').count()).toBe(1);
    expect(await page.getByText('Introduzca el código postal').count()).toBe(1);
    expect(posts()).toBe(0);
    await screenshot(page, 'admin-location-add-errors');
    await context.close();
  });

  it('brand manager (role 2): no active column, billing download, add center, add reader or company user', async () => {
    const { page, context } = await openPage(browser(), { email: 'brand@demo.local' });
    await page.goto('/administrador/locations/');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBeGreaterThan(0);
    expect(await page.getByRole('columnheader', { name: 'Activo' }).count()).toBe(0);
    expect(await page.getByTestId('billing-download').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Añadir centro' }).count()).toBe(0);
    await page.goto('/administrador/devices');
    await expect.poll(() => page.getByTestId('readers-page').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Añadir lector' }).count()).toBe(0);
    await page.goto('/administrador/devices/add');
    await expect.poll(() => page.getByTestId('not-allowed').isVisible()).toBe(true);
    await page.goto('/administrador/visualizers/locations');
    await expect.poll(() => page.getByTestId('users-page').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Añadir usuario de empresa' }).count()).toBe(0);
    await context.close();
  });

  it('editor (role 3): the admin screens say they are not allowed', async () => {
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local' });
    for (const path of ['/administrador/locations/', '/administrador/devices', '/administrador/visualizers/locations']) {
      await page.goto(path);
      await expect.poll(() => page.getByTestId('not-allowed').textContent()).toBe('No tiene permiso para ver esta página.');
    }
    await context.close();
  });

  it('locations list at 390 px: cards, no sideways scroll', async () => {
    const { page, context } = await openPage(browser(), { viewport: MOBILE });
    await page.goto('/administrador/locations/');
    await expect.poll(() => page.getByTestId('paged-card').count()).toBeGreaterThan(3);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-locations-mobile');
    await page.goto('/administrador/locations/add');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByText('Introduzca el nombre').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-location-add-mobile');
    await page.goto('/administrador/locations/');
    await page.getByTestId('filter-code__icontains').fill('CD-MAD');
    await expect.poll(() => page.getByTestId('paged-card').count()).toBe(1);
    await page.getByTestId('edit-location-CD-MAD').click();
    await expect.poll(() => page.getByTestId('field-description').inputValue()).toBe('Centro de distribución Madrid');
    await expect.poll(() => page.getByTestId('location-areas').getByTestId('paged-card').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-location-edit-mobile');
    await context.close();
  });
});
