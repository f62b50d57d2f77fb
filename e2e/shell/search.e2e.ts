import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, fitsPhone, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { type Api, apiAs, findLocation } from '../support/journey-api';

/**
 * The header search (issue 28, finding 16), keyboard only, as the demo admin: an EPC of the demo opens its track page,
 * an order code its detail, a GTIN its stock page; at 390 px the header's icon opens the same box in a dialog and the
 * header keeps its width. The EPC, order and GTIN are read through the product's own lists, not the search.
 */
describe('header search', () => {
  const browser = useBrowser();
  let api: Api;
  let epc: string;
  let gtin: string;
  let order: { id: number; order_code: string };

  beforeAll(async () => {
    api = await apiAs('admin@demo.local');
    const items = await api<{ results: { epc: string; gtin: string | null; scheme: string }[] }>(
      'GET',
      '/items/?limit=50&epc__icontains=30',
    );
    const sgtin = items.json.results.find((item) => item.scheme === 'sgtin-96' && item.gtin);
    if (!sgtin?.gtin) throw new Error('no SGTIN-96 item in the demo');
    epc = sgtin.epc;
    gtin = sgtin.gtin;
    const store = await findLocation(api, 'CD-MAD');
    const orders = await api<{ results: { id: number; order_code: string }[] }>(
      'GET',
      `/locations/${store.id}/v1/porders/?limit=1`,
    );
    const first = orders.json.results[0];
    if (!first) throw new Error('no purchase order of CD-MAD in the demo');
    order = first;
  });

  /** Types `text` into the search box (already focused) and presses Enter, as a scanner does. */
  const scan = async (page: Page, text: string) => {
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  };

  it('es, 1280 px: / goes to the box; an EPC, an order code and a GTIN open their pages with Enter', async () => {
    const { page, context } = await openPage(browser(), { viewport: { ...DESKTOP, width: 1280 } });
    await page.goto('/dashboard');
    const box = page.getByRole('combobox', { name: 'Búsqueda rápida: EPC, GTIN, orden o caja' });
    await box.waitFor();
    await page.locator('body').click();
    await page.keyboard.press('/');
    await poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);

    // An EPC, typed in lower case as some scanners send it: Enter opens its track page.
    await scan(page, epc.toLowerCase());
    await page.waitForURL(`**/track-epc/${epc}`);
    await page.getByTestId('tracked-item').waitFor();

    // An order code: the list shows it first; the screenshot shows the list, then Enter opens the order.
    await page.keyboard.press('Control+k');
    await page.keyboard.type(order.order_code);
    const firstOption = page.getByRole('option').first();
    await poll(() => firstOption.textContent()).toContain(order.order_code);
    expect(await firstOption.textContent()).toContain('Orden de compra');
    await screenshot(page, 'search-results-1280-es');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/inbound/order/${order.id}/detail`);
    await poll(() => page.getByTestId('order-code').first().textContent()).toBe(order.order_code);

    // A GTIN: its stock page.
    await page.keyboard.press('/');
    await scan(page, gtin);
    await page.waitForURL(`**/inventory/stocks/${gtin}/gtin`);
    await page.getByTestId('stock-gtin').waitFor();

    // Nothing found says so, and Esc closes the list.
    await page.keyboard.press('/');
    await page.keyboard.type('ZZZ-NO-EXISTE');
    await poll(() => page.getByRole('presentation').last().textContent()).toContain('Sin resultados');
    await page.keyboard.press('Escape');
    await poll(() => box.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('es, 390 px: the header’s icon opens the search in a dialog; an order code and an EPC open their pages', async () => {
    const { page, context } = await openPage(browser(), { viewport: MOBILE });
    await page.goto('/dashboard');
    const button = page.getByRole('button', { name: 'Búsqueda rápida: EPC, GTIN, orden o caja' });
    await button.waitFor();
    await fitsPhone(page);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Búsqueda rápida' });
    await dialog.waitFor();
    await page.keyboard.type(order.order_code);
    await poll(() => page.getByRole('option').first().textContent()).toContain(order.order_code);
    await phoneShot(page, 'search-dialog-390-es');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/inbound/order/${order.id}/detail`);
    await poll(() => dialog.count()).toBe(0);

    await page.keyboard.press('Control+k');
    await dialog.waitFor();
    await scan(page, epc);
    await page.waitForURL(`**/track-epc/${epc}`);
    await page.getByTestId('tracked-item').waitFor();
    await fitsPhone(page);
    await context.close();
  });
});
