import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { apiAs, findLocation } from '../support/journey-api';

/**
 * Issue 28, item 6: the admin, with CD-MAD in the header, adds a reader in an area of T-BCN-01 at 390 px. The add form
 * lets them choose its working mode (a Normal reader too: only later changes need type All), and after saving it says
 * that the reader is at T-BCN-01, which the readers list (it follows the header) would not show, and offers to switch:
 * the list then shows it with the chosen mode. The server has it at T-BCN-01 in that mode.
 */
describe('add reader: its working mode, and a reader added at another location than the header', () => {
  const browser = useBrowser();

  it('es, 390 px: chooses the mode, is told the reader is at T-BCN-01 and switches the header to see it', async () => {
    const api = await apiAs('admin@demo.local');
    const [madrid, barcelona] = await Promise.all([findLocation(api, 'CD-MAD'), findLocation(api, 'T-BCN-01')]);
    const areas = await api<{ results: Array<{ id: number; description: string }> }>('GET', `/locations/${barcelona.id}/areas/`);
    const area = areas.json.results[0];
    expect(area?.id).toBeGreaterThan(0);
    const serial = `E2E-ELSEWHERE-${Date.now() % 100_000}`;

    const { page, context } = await openPage(browser(), { at: madrid, viewport: MOBILE });
    await page.goto('/administrador/devices/add');
    await page.getByTestId('field-serial_number').fill(serial);
    await page.getByTestId('field-mac_address').fill(`AA:BB:CC:${String(Date.now() % 100).padStart(2, '0')}:E2:28`);
    await page.getByRole('combobox', { name: 'Zona' }).fill(area?.description ?? '');
    await page.getByRole('option', { name: `${area?.description} · ${barcelona.description}` }).click();
    // The reader type stays Normal; the working mode is chosen all the same.
    const mode = page.getByRole('combobox', { name: 'Modo de trabajo' });
    expect(await mode.getAttribute('aria-disabled')).toBeNull();
    await mode.click();
    await page.getByRole('option', { name: 'Venta', exact: true }).click();
    await screenshot(page, 'admin-reader-add-mode-mobile');
    await page.getByTestId('submit').click();

    const notice = page.getByTestId('reader-elsewhere');
    await poll(() => notice.textContent()).toContain(`El lector ${serial} está en ${barcelona.description}.`);
    expect(await notice.textContent()).toContain(`(${madrid.description})`);
    await phoneShot(page, 'admin-reader-elsewhere-mobile');
    await page.getByTestId('reader-switch-location').click();
    await page.waitForURL('**/administrador/devices');
    await poll(() => page.getByTestId('readers-page').locator('h1').textContent()).toBe(`Lectores · ${barcelona.description}`);
    await page.getByTestId('filter-serial_number__icontains').fill(serial);
    await poll(() => page.getByTestId('paged-card').count()).toBe(1);
    expect(await page.getByTestId('paged-card').textContent()).toContain('Venta');
    await screenshot(page, 'admin-reader-elsewhere-list-mobile');
    await context.close();

    const readers = await api<{ results: Array<{ serial_number: string; working_mode: number; location_id: number }> }>(
      'GET',
      `/readers/?serial_number__icontains=${serial}`,
    );
    expect(readers.json.results).toEqual([
      expect.objectContaining({ serial_number: serial, working_mode: 4, location_id: barcelona.id }),
    ]);
  });
});
