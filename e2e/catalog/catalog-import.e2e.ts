import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { apiAs, withCheckDigit } from '../support/journey-api';

/**
 * The catalogue import (issue 27): the company admin opens "Importar catálogo" from the administration menu (Spanish,
 * 1280 px with the menu open), uploads a CSV with `;` (one row with a bad check digit), follows the progress bar to
 * the end, reads the counts and downloads the rejected rows' report in Spanish; the new GTINs are in the catalogue. In
 * English at 390 px, the same import is listed with its counts and the page fits the phone.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };

describe('catalogue import: upload, progress, counts, rejected rows', () => {
  const browser = useBrowser();
  // GTIN-14s no demo data has (prefix 008497), a new set per run (the server's data lives as long as this file's worker).
  const stamp = String(Date.now()).slice(-6);
  const gtins = [1, 2, 3].map((n) => withCheckDigit(`008497${stamp}${n}`));
  const bad = `${(gtins[0] as string).slice(0, 13)}${(Number((gtins[0] as string)[13]) + 1) % 10}`;
  const csv = [
    'gtin;descripcion;precio;talla;color',
    `${gtins[0]};"Camisa; lino";29,95;M;Blanco`,
    `${gtins[1]};Pantalón chino;49;42;Beige`,
    `${gtins[2]};Cinturón;19,5;U;Marrón`,
    `${bad};Dígito malo;10;M;Rojo`,
  ].join('\n');
  const fileName = `catalogo-${stamp}.csv`;

  it('es, 1280 px with the menu open: upload, progress bar to 100 %, counts, rejected rows report', async () => {
    const { page, context } = await openPage(browser(), { viewport: DESKTOP_1280 });
    await page.goto('/dashboard');
    await poll(() => page.getByTestId('side-menu').isVisible()).toBe(true);
    // The administration menu: the user menu's admin entry.
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-admin_menu').click();
    await page.waitForURL('**/administrador/locations/');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Importar catálogo' }).click();
    await page.waitForURL('**/administrador/catalog-import');
    await page
      .getByTestId('catalog-import-file')
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await poll(() => page.getByTestId('catalog-import-file-name').textContent()).toContain(fileName);
    await page.getByTestId('catalog-import-submit').click();

    const current = page.getByTestId('catalog-import-current');
    await poll(() => current.getByTestId('catalog-import-done').textContent(), { timeout: 60_000 }).toContain('1 fila rechazada');
    expect(await current.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const counts = await current.locator('[data-testid^="catalog-import-counts-"]').textContent();
    expect(counts).toContain('3 nuevos');
    expect(counts).toContain('1 rechazado');
    await poll(() => rowOf(page.getByTestId('catalog-imports'), fileName).count()).toBe(1);
    await tableFits(page, 'catalog-imports');
    await screenshot(page, 'catalog-import-done-es');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      current.getByRole('button', { name: 'Filas rechazadas' }).click(),
    ]);
    const report = readFileSync(await download.path(), 'utf8');
    expect(report.split('\n')[0]).toBe('línea,código GTIN,motivo');
    expect(report).toContain(`5,"${bad}","GTIN no válido`);

    const api = await apiAs('admin@demo.local');
    const listed = await api<{ results: { gtin: string; description: string; price: string }[] }>(
      'GET',
      `/types/?gtin=${gtins[0]}`,
    );
    expect(listed.json.results[0]).toMatchObject({ description: 'Camisa; lino', price: '29.95' });
    await context.close();
  });

  it('en, 390 px: the import is listed with its state and counts; the page fits the phone', async () => {
    const { page, context } = await openPage(browser(), { viewport: MOBILE, language: 'en' });
    await page.goto('/administrador/catalog-import');
    const card = rowOf(page.getByTestId('catalog-imports-cards'), fileName);
    await poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('Finished');
    expect(await card.textContent()).toContain('3 new');
    await phoneShot(page, 'catalog-import-list-en');
    await context.close();
  });
});
