import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type Place, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { type Api, demoWorld } from '../support/journey-api';

/**
 * Stock ERP vs RFID (issue 27): a store's ERP stock uploaded as a Spanish CSV on the page shows, per GTIN, the ERP's
 * quantity beside the RFID stock (the stock screens' figure) and the difference; the filters narrow it and the CSV
 * export downloads it. Spanish at 1280 px with the menu open, English at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };

type StockRow = { gtin: string; count: number };

describe('ERP vs RFID stock: an uploaded snapshot shows its differences to the RFID stock', () => {
  const browser = useBrowser();
  let api: Api;
  let store: Place;
  let stocked: StockRow;

  beforeAll(async () => {
    ({ api, store } = await demoWorld(1));
    const rows = (await api<{ results: StockRow[] }>('GET', `/global-stock/?location=${store.id}&limit=20`)).json.results;
    const found = rows.find((r) => r.count > 0);
    expect(found).toBeDefined();
    stocked = found as StockRow;
  });

  it('es, 1280 px with the menu open: uploads a CSV, the GTIN shows ERP − 3 against RFID; exports the CSV', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: DESKTOP_1280 });
    await page.goto('/dashboard');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Stock ERP vs RFID' }).click();
    await page.waitForURL('**/erp/stock');
    const file = join(tmpdir(), `erp-journey-${process.pid}.csv`);
    await writeFile(
      file,
      `\uFEFF"tienda";"ean";"cantidad"\r\n"T-MAD-01";"${stocked.gtin}";"${stocked.count + 3}"\r\n"T-NOPE";"${stocked.gtin}";"1"\r\n`,
    );
    await page.getByTestId('erp-file').setInputFiles(file);
    await page.getByTestId('erp-upload').click();
    const alert = page.getByTestId('form-alert-error');
    await poll(() => alert.textContent()).toContain('Importadas 1 filas (T-MAD-01); rechazadas 1.');
    expect(await alert.textContent()).toContain("Fila 3: 'T-NOPE' no es el código de una ubicación que pueda ver.");

    await page.getByTestId('erp-filter-gtin').fill(stocked.gtin);
    const row = rowOf(page.getByTestId('erp-differences'), stocked.gtin);
    await poll(() => row.count()).toBe(1);
    await poll(() => row.getByTestId('erp-difference').textContent()).toBe('-3');
    expect(await row.textContent()).toContain(String(stocked.count + 3));
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    await tableFits(page, 'erp-differences');
    await screenshot(page, 'erp-stock-es');

    const download = page.waitForEvent('download');
    await page.getByTestId('erp-export').click();
    const saved = await (await download).path();
    const text = await readFile(saved, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`"${stocked.gtin}"`);
    expect(text.split(/\r?\n/)[0]).toBe(
      '\uFEFFTienda;Nombre de la tienda;GTIN;Descripción;Cantidad ERP;Cantidad RFID;Diferencia;Importado del ERP',
    );
    await context.close();
  });

  it('en, 390 px: the viewer reads the differences of their store without the import, and nothing is wider than the screen', async () => {
    const { page, context } = await openPage(browser(), {
      email: 'viewer@demo.local',
      at: store,
      viewport: MOBILE,
      language: 'en',
    });
    await page.goto('/erp/stock');
    await page.getByTestId('erp-filter-gtin').fill(stocked.gtin);
    await poll(() => page.getByTestId('erp-differences-cards').getByTestId('erp-difference').first().textContent()).toBe('-3');
    expect(await page.getByTestId('erp-upload').count()).toBe(0);
    await phoneShot(page, 'erp-stock-en-phone');
    await context.close();
  });
});
