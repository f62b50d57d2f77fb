import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../routes/axe';
import { fitsPhone, MOBILE, openPage, type Place, poll, screenshot, useBrowser } from '../support/browser';
import { type Api, demoWorld } from '../support/journey-api';

/**
 * Shrink and accuracy (issue 26, item 7) on the demo store T-MAD-01: its weekly counts of the stockroom (the shrink
 * demo: four validated inventories of the last four weeks, a few items lost each time) show on the store dashboard and
 * on /shrink with the same figures as the API, in the user's number format; the CSV downloads for a Spanish
 * spreadsheet (a BOM, then a `;`-separated Spanish header). Spanish at 1280 px with the menu open, English at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };

type Report = {
  inventories: number;
  accuracy: number | null;
  shrink: { units: number; value: number };
  trend: unknown[];
  top_gtins: Array<{ gtin: string }>;
  top_sections: unknown[];
};

/** A number as the page writes it in `locale`, with `digits` decimals. */
const shown = (value: number, locale: string, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

const figure = (page: Page, id: string) => page.getByTestId(`stat-shrink-${id}-value`).textContent();

describe('shrink and accuracy: the demo store shows its figures and downloads them as CSV', () => {
  const browser = useBrowser();
  let api: Api;
  let store: Place;
  let report: Report;

  beforeAll(async () => {
    ({ api, store } = await demoWorld(1));
    const answer = await api<Report>('GET', `/locations/${store.id}/shrink/`);
    expect(answer.status).toBe(200);
    report = answer.json;
    // The demo's counts: four inventories, 4 + 2 + 5 + 1 items lost (other journeys may add more).
    expect(report.inventories).toBeGreaterThanOrEqual(4);
    expect(report.shrink.units).toBeGreaterThanOrEqual(12);
    expect(report.top_gtins.length).toBeGreaterThan(0);
  });

  it('es, 1280 px with the menu open: the dashboard card, the page with the API figures, the CSV for a Spanish spreadsheet', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: DESKTOP_1280 });
    await page.goto('/dashboard');
    const card = page.getByTestId('dashboard-shrink');
    await poll(() => card.getByTestId('stat-shrink-units-value').textContent()).toBe(shown(report.shrink.units, 'es-ES', 0));
    await poll(() => card.getByTestId('shrink-accuracy-chart').getAttribute('data-points')).toBe(String(report.trend.length));
    await screenshot(page, 'shrink-dashboard-es');

    // The menu entry opens the page.
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    await page.getByTestId('side-menu').getByText('Mermas y exactitud').click();
    await page.waitForURL('**/shrink');
    await poll(() => figure(page, 'inventories')).toBe(String(report.inventories));
    expect(await figure(page, 'accuracy')).toBe(`${shown(report.accuracy ?? 0, 'es-ES', 1)}%`);
    expect(await figure(page, 'units')).toBe(shown(report.shrink.units, 'es-ES', 0));
    expect(await figure(page, 'value')).toBe(shown(report.shrink.value, 'es-ES', 2));
    await poll(() => page.getByTestId('shrink-gtins-row').count()).toBe(report.top_gtins.length);
    expect(await page.getByTestId('shrink-gtins-name').first().textContent()).toBe(report.top_gtins[0]?.gtin);
    expect(await page.getByTestId('shrink-sections-row').count()).toBe(report.top_sections.length);
    await poll(() => page.getByTestId('shrink-days-chart').getAttribute('data-points')).toBe('30');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP_1280.width);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'shrink-page-es');

    // The CSV: a BOM, a Spanish header separated by `;`, the totals with a decimal comma.
    const download = page.waitForEvent('download');
    await page.getByTestId('shrink-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mermas_T-MAD-01_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await file.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/);
    expect(lines[0]).toBe('Tipo;Desde;Hasta;Clave;Descripción;Sección;Esperados;Coincidentes;Exactitud %;Unidades;Valor');
    expect(lines[1]?.split(';').at(-2)).toBe(String(report.shrink.units));
    expect(lines[1]?.split(';').at(-1)).toBe(String(report.shrink.value).replace('.', ','));
    expect(lines.filter((line) => line.startsWith('"inventario";'))).toHaveLength(report.inventories);
    await context.close();
  });

  it('en, 390 px: the figures in English number format, the page no wider than the phone', async () => {
    const { page, context } = await openPage(browser(), { at: store, language: 'en', viewport: MOBILE });
    await page.goto('/shrink');
    await poll(() => figure(page, 'inventories')).toBe(String(report.inventories));
    expect(await page.getByRole('heading', { name: 'Shrink and accuracy' }).isVisible()).toBe(true);
    expect(await figure(page, 'accuracy')).toBe(`${shown(report.accuracy ?? 0, 'en-GB', 1)}%`);
    expect(await figure(page, 'value')).toBe(shown(report.shrink.value, 'en-GB', 2));
    await poll(() => page.getByTestId('shrink-gtins-row').count()).toBe(report.top_gtins.length);
    await poll(() => page.getByTestId('shrink-days-chart').getAttribute('data-points')).toBe('30');
    await fitsPhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'shrink-page-en-mobile');
    await context.close();
  });
});
