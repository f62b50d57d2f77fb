import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitsPhone, MOBILE, openPage, type Place, poll, screenshot, useBrowser } from '../support/browser';
import { type Api, boxPlan, createPurchaseOrder, demoWorld, sgtin96 } from '../support/journey-api';
import { simulate } from '../support/readers';
import { fillPurchaseOrder } from '../support/wizard';

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
  await fillPurchaseOrder(page, `E2E-PICK-${RUN}`, provider);
  await page.getByTestId('add-box').click();
  await page.getByTestId('add-box-dialog').waitFor();
};

/** An inbound order of this run with one box, read by the demo tunnel: its tag's history has the box's verification. */
const inboundTag = async (api: Api, center: Place, providerId: number, gtin: string) => {
  const code = `E2E-SRC-${RUN}`;
  const barcode = `E2E-SRC-B-${RUN}`;
  const { orderId } = await createPurchaseOrder(api, {
    code,
    destinationId: center.id,
    providerId,
    boxes: [boxPlan(barcode, [gtin, 1])],
  });
  const epc = sgtin96(gtin, 720_000_000 + RUN);
  await simulate('TUN-MAD-01', barcode, [epc]);
  return { epc, order: { id: orderId, code }, barcode };
};

describe('pickers and lists tell items apart; the tracker names the order and box', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place = { id: 0, description: '' };
  let provider = { id: 0, name: '' };
  let gtin = '';

  beforeAll(async () => {
    ({
      api,
      center,
      provider,
      gtins: [gtin = ''],
    } = await demoWorld(1));
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
      await screenshot(page, `pickers-add-box-options-es-${viewport ? '390' : 'desktop'}`);
      // Each option: its description, then "GTIN · Talla … · colour".
      const shown = await options.evaluateAll((list) =>
        list.map((option) => ({
          description: option.querySelector('p')?.textContent ?? '',
          variant: option.querySelector('[data-testid="item-type-variant"]')?.textContent ?? '',
        })),
      );
      expect(shown.every((option) => /^Talla \S+/.test(option.variant))).toBe(true);
      // Before issue 28 the options of one model all read "<GTIN> · Camisa de cuadros azul marino": a description
      // shown more than once is one model's sizes and colours, and these must now read apart.
      const byDescription = new Map<string, string[]>();
      for (const option of shown)
        byDescription.set(option.description, [...(byDescription.get(option.description) ?? []), option.variant]);
      const repeated = [...byDescription.values()].filter((group) => group.length > 1);
      expect(repeated.length).toBeGreaterThan(0);
      for (const group of repeated) expect(new Set(group).size).toBe(group.length);
      expect(await options.first().getByRole('img').getAttribute('aria-label')).toMatch(/^Sin imagen de /);
      const variants = shown.map((option) => option.variant);
      if (viewport) await fitsPhone(page);
      // The GTIN chosen reads in full under the field.
      const chosen = variants[0] ?? '';
      await options.first().click();
      await poll(() => page.getByTestId('add-box-dialog').textContent()).toContain(chosen);
      await context.close();
    });
  }

  it('es, 390 px: the tracker names the order and box of an inbound tag and links to them', async () => {
    const { epc, order, barcode } = await inboundTag(api, center, provider.id, gtin);
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE });
    await page.goto(`/track-epc/${epc}`);
    // On a phone the reading sets are cards.
    const sets = page.getByTestId('epc-reading-sets-cards');
    await poll(() => sets.getByTestId('paged-card').count()).toBeGreaterThan(0);
    await screenshot(page, 'pickers-track-epc-source-es-390');
    const orderLink = sets.getByTestId('reading-source-order').filter({ hasText: order.code }).first();
    await poll(() => orderLink.count()).toBe(1);
    expect(await sets.getByTestId('reading-source-box').filter({ hasText: barcode }).count()).toBeGreaterThan(0);
    await fitsPhone(page);
    await orderLink.click();
    await page.waitForURL(`**/inbound/order/${order.id}/detail`);
    await poll(() => page.getByTestId('order-detail-page').textContent()).toContain(order.code);
    await context.close();
  });
});
