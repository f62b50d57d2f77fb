import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { apiAs, findLocation } from '../support/journey-api';

/** Each tile of the handheld's home, the address it opens and a heading of that page, as the page writes it. */
const TILES = {
  es: [
    { tile: 'find', path: '/find-item', heading: 'Buscar artículo' },
    { tile: 'pick', path: '/handheld/picks', heading: 'Lista de reposición' },
    { tile: 'alarms', path: '/exit-alarms', heading: 'Alarmas de salida' },
  ],
  en: [
    { tile: 'find', path: '/find-item', heading: 'Find item' },
    { tile: 'pick', path: '/handheld/picks', heading: 'Pick list' },
    { tile: 'alarms', path: '/exit-alarms', heading: 'Exit alarms' },
  ],
} as const;

/**
 * The handheld's other tasks (issue 32) at 390 px, in Spanish and English, as the store's clerk: find an item and the
 * exit alarms open the store-floor pages, which fit the phone; the pick list opens the handheld's own (worked offline
 * in offline-picks.e2e.ts); receive a box takes the box's barcode as a scanner types it (Enter ends it) and its
 * secondary action opens the box's page (the receipt itself is in offline-receipt.e2e.ts); where the browser has no
 * BarcodeDetector the page says the camera cannot read barcodes and the field remains.
 */
describe('handheld: the home tiles at 390 px', () => {
  const browser = useBrowser();

  for (const language of ['es', 'en'] as const) {
    it(`${language}: find, pick list and exit alarms fit the phone; a box is found by its barcode`, async () => {
      const api = await apiAs('admin@demo.local');
      const store = await findLocation(api, 'T-MAD-01');
      const { page, context } = await openPage(browser(), { email: 'editor@demo.local', at: store, viewport: MOBILE, language });
      for (const { tile, path, heading } of TILES[language]) {
        await page.goto('/handheld');
        await page.getByTestId(`handheld-tile-${tile}`).click();
        await page.waitForURL(`**${path}`);
        await poll(() => page.getByRole('heading', { name: heading, exact: true }).count()).toBeGreaterThan(0);
        await phoneShot(page, `handheld-tile-${tile}-${language}`);
      }

      // A box of the demo's first purchase order of CD-MAD (a center the clerk sees), by the order's own list.
      const center = await findLocation(api, 'CD-MAD');
      const orders = `/locations/${center.id}/v1/porders/`;
      const [order] = (await api<{ results: { id: number }[] }>('GET', `${orders}?limit=1`)).json.results;
      if (!order) throw new Error('no purchase order of CD-MAD in the demo');
      const boxes = await api<{ results: { barcode: string }[] }>('GET', `/porders/${order.id}/boxes/?limit=40`);
      const codebar = boxes.json.results.find((box) => box.barcode)?.barcode;
      if (!codebar) throw new Error('no box in the demo order');
      await page.goto('/handheld');
      await page.getByTestId('handheld-tile-receive').click();
      await page.waitForURL('**/handheld/receive');
      /** The barcode field has the keyboard (autofocus), as the scanner needs it. */
      const fieldHasFocus = () =>
        poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('handheld-receive-barcode');
      await fieldHasFocus();
      const hasDetector = await page.evaluate(() => 'BarcodeDetector' in window);
      expect(await page.getByTestId('handheld-receive-no-camera').count()).toBe(hasDetector ? 0 : 1);
      await phoneShot(page, `handheld-receive-${language}`);
      // The scanner types into the field, which has focus, and ends with Enter.
      await page.keyboard.type(`${codebar}\n`);
      await page.getByTestId('handheld-receive-open').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/handheld'));
      await poll(() => page.getByText(codebar).count()).toBeGreaterThan(0);
      await screenshot(page, `handheld-receive-box-${language}`);

      await page.goto('/handheld/receive');
      await fieldHasFocus();
      await page.keyboard.type('NO-SUCH-BOX-0000\n');
      await page.getByTestId('handheld-receive-open').click();
      await poll(() => page.getByTestId('handheld-receive-problem').count()).toBe(1);
      await context.close();
    });
  }
});
