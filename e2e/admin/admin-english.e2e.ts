import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, screenshot, useBrowser } from '../support/browser';

const alertText = (page: Page, kind: 'success' | 'error') => page.getByTestId(`form-alert-${kind}`).textContent();

describe('admin in English, and the readers list at 390 px', () => {
  const browser = useBrowser();

  it('shows the form messages in English (direct, sentence case: docs/writing-guide.md), adds a company user, downloads the billing file', async () => {
    const { page, context } = await openPage(browser(), { language: 'en' });
    await page.goto('/administrador/devices/add');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByText('Enter the serial number').count()).toBe(1);
    expect(await page.getByText("MAC address can't be empty").count()).toBe(1);
    expect(await page.getByText('Select an area').count()).toBe(1);
    await screenshot(page, 'admin-reader-add-errors-en');

    await page.goto('/administrador/areas/add');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByText('Enter the stock').count()).toBe(1);
    expect(await page.getByText("Description can't be empty").count()).toBe(1);
    expect(await page.getByText('Select the distribution center').count()).toBe(1);

    await page.goto('/administrador/visualizers/add_company_user');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByText('Select a company for the user').count()).toBe(1);
    await page.getByTestId('field-first_name').fill('Carla');
    await page.getByTestId('field-last_name').fill('Company');
    await page.getByTestId('field-email').fill('carla.company@demo.local');
    await page.getByTestId('field-password').fill('Carla company 2026');
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('submit').click();
    await expect.poll(() => alertText(page, 'success')).toContain('New user added');
    expect(await page.getByTestId('field-email').inputValue()).toBe('');

    await page.goto('/administrador/visualizers/locations');
    await page.getByTestId('filter-search').fill('viewer@');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(1);
    expect(await page.getByTestId('paged-row').textContent()).toContain('Visualizer');
    await screenshot(page, 'admin-users-en');

    await page.goto('/administrador/locations/');
    const download = page.waitForEvent('download');
    await page.getByTestId('billing-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    await expect.poll(() => page.getByTestId('download-done').textContent()).toMatch(/Saved .*\.csv \(\d+ rows\)/);
    await screenshot(page, 'admin-billing-download-en');
    await context.close();
  });

  it('readers list at 390 px: compact cards on the real API, no sideways scroll', async () => {
    const { page, context } = await openPage(browser(), { viewport: MOBILE });
    await page.goto('/administrador/devices');
    await expect.poll(() => page.getByTestId('paged-card').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-readers-real-mobile');
    await context.close();
  });
});
