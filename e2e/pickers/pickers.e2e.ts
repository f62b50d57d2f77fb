import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitsPhone, MOBILE, openPage, type Place, poll, screenshot, useBrowser } from '../support/browser';
import { typeDate } from '../support/date-field';
import { type Api, demoWorld } from '../support/journey-api';
import { tomorrowAt } from '../support/wizard';

/**
 * Issue 28, findings 2 and 5: the GTIN picker of the add-box dialog tells one model's sizes and colours apart (the demo
 * shirt 8437012101… has four GTINs that all read "Camisa de cuadros azul marino"), and the EPC tracker names the order
 * and box that brought a tag, each a link to its page.
 */

/** The digits of the finding: the demo GTINs 08437012101xxx, one model in several sizes. */
const TYPED = '8437012101';
const RUN = Date.now() % 10_000;

/** Wizard step 1 of a purchase order, then the add-box dialog opened. */
const openAddBox = async (page: Page, provider: string) => {
  await page.goto('/inbound/order/add');
  await page.getByTestId('order-code').fill(`E2E-PICK-${RUN}`);
  await typeDate(page.getByTestId('order-estimated-arrival'), tomorrowAt('10:30'));
  await page.getByTestId('order-provider').fill(provider.slice(0, 5));
  await page.getByRole('option', { name: provider }).first().click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('add-box').click();
  await page.getByTestId('add-box-dialog').waitFor();
};

type Row = { id: number; order_code?: string; num_verified_boxes?: number };

/** An EPC a demo purchase order's verified box brought to the center, with that order and box. */
const demoVerifiedEpc = async (api: Api, center: Place) => {
  const orders = await api<{ results: Row[] }>('GET', `/locations/${center.id}/v1/porders/?limit=100`);
  for (const order of orders.json.results.filter((row) => (row.num_verified_boxes ?? 0) > 0)) {
    const boxes = await api<{ results: Array<{ id: number; barcode: string }> }>('GET', `/porders/${order.id}/boxes/?limit=100`);
    for (const box of boxes.json.results) {
      const verifications = await api<{ results: Row[] }>('GET', `/rboxes/${box.id}/verifications/`);
      for (const verification of verifications.json.results) {
        const items = await api<{ results: Array<{ epc: string }> }>('GET', `/verifications/${verification.id}/items/?limit=1`);
        const epc = items.json.results[0]?.epc;
        if (epc) return { epc, order: { id: order.id, code: order.order_code ?? '' }, box };
      }
    }
  }
  throw new Error('no demo purchase order with a verified box at the center');
};

describe('pickers and lists tell items apart; the tracker names the order and box', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place = { id: 0, description: '' };
  let provider = { id: 0, name: '' };

  beforeAll(async () => {
    ({ api, center, provider } = await demoWorld(1));
  });

  for (const [name, viewport] of [
    ['desktop', undefined],
    ['390 px', MOBILE],
  ] as const) {
    it(`es, ${name}: typing ${TYPED} in the add-box dialog offers GTINs that differ by size or colour`, async () => {
      const { page, context } = await openPage(browser(), { at: center, ...(viewport ? { viewport } : {}) });
      await openAddBox(page, provider.name);
      await page.getByTestId('box-gtin-0').fill(TYPED);
      const options = page.getByTestId('gtin-option');
      await poll(() => options.count()).toBeGreaterThan(1);
      const texts = await options.allTextContents();
      // Before issue 28 every option read "<GTIN> · Camisa de cuadros azul marino": the words told nothing apart.
      const variants = await options.getByTestId('item-type-variant').allTextContents();
      expect(variants).toHaveLength(texts.length);
      expect(variants.every((text) => /^Talla \S+/.test(text))).toBe(true);
      const descriptions = texts.map((text, index) => text.replace(/\d{14}/, '').replace(variants[index] ?? '', ''));
      // Same model, so the description repeats; what differs is the size or colour.
      expect(new Set(descriptions).size).toBeLessThan(texts.length);
      expect(new Set(variants).size).toBe(variants.length);
      expect(await options.first().getByRole('img').getAttribute('aria-label')).toMatch(/^Sin imagen de /);
      await screenshot(page, `pickers-add-box-options-es-${viewport ? '390' : 'desktop'}`);
      if (viewport) await fitsPhone(page);
      // The GTIN chosen reads in full under the field.
      const chosen = variants[0] ?? '';
      await options.first().click();
      await poll(() => page.getByTestId('add-box-dialog').textContent()).toContain(chosen);
      await context.close();
    });
  }

  it('es, 390 px: the tracker names the order and box of a demo inbound tag and links to them', async () => {
    const { epc, order, box } = await demoVerifiedEpc(api, center);
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE });
    await page.goto(`/track-epc/${epc}`);
    const sets = page.getByTestId('epc-reading-sets');
    const orderLink = sets.getByTestId('reading-source-order').filter({ hasText: order.code }).first();
    await poll(() => orderLink.count()).toBe(1);
    expect(await sets.getByTestId('reading-source-box').filter({ hasText: box.barcode }).count()).toBeGreaterThan(0);
    await screenshot(page, 'pickers-track-epc-source-es-390');
    await fitsPhone(page);
    await orderLink.click();
    await page.waitForURL(`**/inbound/order/${order.id}/detail`);
    await poll(() => page.getByTestId('order-detail-page').textContent()).toContain(order.code);
    await context.close();
  });
});
