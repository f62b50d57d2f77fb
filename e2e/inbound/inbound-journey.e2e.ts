import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type Place, phoneShot, poll, screenshot, tableFits, textInRow, useBrowser } from '../support/browser';
import { type Api, boxPlan, createPurchaseOrder, demoWorld, sgtin96 } from '../support/journey-api';
import { deleteFirstOrder, inboundOrderRows } from '../support/order-lists';
import { simulate } from '../support/readers';
import { switchValid, validSwitch } from '../support/verifications';

/**
 * The inbound journey of issue 5: an order with two boxes is created through the API, the demo
 * tunnel reads both (box A exactly, box B with one tag missing and one tag that is not GS1), and
 * the pages show the result in Spanish and English, on a desktop and at 390 px. The order cannot
 * be deleted any more. Then the exit portal reads box A's tags with the order's code: a provider
 * return, shown in the provider returns list and its detail.
 */

const RUN = Date.now() % 1_000_000;
const ORDER_CODE = `E2E-PO-${RUN}`;
const BOX_A = `E2E-BOX-A-${RUN}`;
const BOX_B = `E2E-BOX-B-${RUN}`;
/** A tag that is not a GS1 EPC: the box does not expect it, its quantity is 0 ('Nothing'). */
const FOREIGN_EPC = `E2801160600002084A${String(RUN % 1_000_000).padStart(6, '0')}`;

describe('inbound journey: an order read by the tunnel, its verifications, and a provider return', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place = { id: 0, description: '' };
  let provider = { id: 0, name: '' };
  let orderId = 0;
  let boxA = 0;
  let boxB = 0;
  let gtins: string[] = [];
  let epcsA: string[] = [];
  let epcsB: string[] = [];
  let verificationA = 0;
  let verificationB = 0;

  beforeAll(async () => {
    ({ api, center, provider, gtins } = await demoWorld(2));
    const [g1, g2] = gtins as [string, string];
    // The order, its reception and two boxes with their contents, as the creation wizard sends them.
    ({
      orderId,
      boxIds: [boxA = 0, boxB = 0],
    } = await createPurchaseOrder(api, {
      code: ORDER_CODE,
      destinationId: center.id,
      providerId: provider.id,
      boxes: [boxPlan(BOX_A, [g1, 2], [g2, 1]), boxPlan(BOX_B, [g1, 2])],
    }));

    // The tunnel reads box A exactly, and box B with one of its two tags missing plus a foreign tag.
    const serial = 700_000_000 + RUN * 10;
    epcsA = [sgtin96(g1, serial), sgtin96(g1, serial + 1), sgtin96(g2, serial + 2)];
    epcsB = [sgtin96(g1, serial + 3), FOREIGN_EPC];
    await simulate('TUN-MAD-01', BOX_A, epcsA);
    await simulate('TUN-MAD-01', BOX_B, epcsB);
    const listA = await api<{ results: Array<{ id: number }> }>('GET', `/rboxes/${boxA}/verifications/`);
    const listB = await api<{ results: Array<{ id: number }> }>('GET', `/rboxes/${boxB}/verifications/`);
    verificationA = listA.json.results[0]?.id ?? 0;
    verificationB = listB.json.results[0]?.id ?? 0;
    expect(verificationA).toBeGreaterThan(0);
    expect(verificationB).toBeGreaterThan(0);
  });

  it('the API agrees: box A checked without errors, box B with errors, the order checked with errors', async () => {
    expect((await api<{ status: number }>('GET', `/rboxes/${boxA}/`)).json.status).toBe(2);
    expect((await api<{ status: number }>('GET', `/rboxes/${boxB}/`)).json.status).toBe(1);
    const order = (await api<{ destination_status: number; num_verified_boxes: number }>('GET', `/v1/porders/${orderId}/`)).json;
    expect(order).toMatchObject({ destination_status: 2, num_verified_boxes: 2 });
  });

  it('es: box B verifications, its report per GTIN and its items (missing tag, Nothing for the foreign tag)', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/order/${orderId}/box/${boxB}/verifications`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    expect(await page.getByTestId('order-code').textContent()).toBe(ORDER_CODE);
    expect(await page.getByTestId('order-provider').textContent()).toBe(provider.name);
    const order = (await api<{ real_item_count: number; item_count: number }>('GET', `/v1/porders/${orderId}/`)).json;
    expect(order.item_count).toBe(5);
    await poll(() => page.getByTestId('order-items').textContent()).toBe(`${order.real_item_count} / 5`);
    expect(await page.getByTestId('order-boxes').textContent()).toBe('2 / 2');
    await poll(() => page.getByTestId('box-barcode').textContent()).toBe(BOX_B);
    expect(await page.getByText('Verificada con errores').count()).toBeGreaterThanOrEqual(1);
    const rows = page.getByTestId('box-verifications').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(1);
    const row = (await rows.first().textContent()) ?? '';
    expect(row).toContain(BOX_B);
    expect(row).toContain('TUN-MAD-01');
    expect(await validSwitch(page, verificationB).isChecked()).toBe(true);
    await screenshot(page, 'inbound-verifications-es');

    await page.getByTestId('verification-link').click();
    await page.waitForURL(`**/order/${orderId}/box/${boxB}/verifications/${verificationB}`);
    await poll(() => page.getByTestId('verification-result').textContent()).toBe('Con diferencias');
    const lines = page.getByTestId('verification-report').getByTestId('paged-row');
    await poll(() => lines.count()).toBeGreaterThanOrEqual(1);
    const line = lines.filter({ hasText: gtins[0] as string });
    expect(await line.getByTestId('line-expected').textContent()).toBe('2');
    expect(await line.getByTestId('line-real').textContent()).toBe('1');
    expect(await line.getByTestId('percent-bar').textContent()).toBe('50%');
    // The eleven columns fit a 1366 px screen: the table does not scroll sideways.
    await tableFits(page, 'verification-report');
    await screenshot(page, 'inbound-verification-report-es');

    await page.getByTestId('verification-items-link').click();
    await page.waitForURL(`**/verifications/${verificationB}/items`);
    const items = page.getByTestId('verification-items').getByTestId('paged-row');
    await poll(() => items.count()).toBe(2);
    const foreign = items.filter({ hasText: FOREIGN_EPC });
    expect(await foreign.getByTestId('item-quantity').textContent()).toBe('Nada');
    expect(await textInRow(items, epcsB[0] as string, 'item-quantity')).toBe('1');
    await screenshot(page, 'inbound-verification-items-es');
    // The EPC links to the tracker.
    await page.getByRole('link', { name: epcsB[0] as string }).click();
    await page.waitForURL(`**/track-epc/${epcsB[0]}`);
    await context.close();
  });

  it('es: box A is complete, every line at 100 %', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/order/${orderId}/box/${boxA}/verifications/${verificationA}`);
    await poll(() => page.getByTestId('verification-result').textContent()).toBe('Correcta');
    const bars = page.getByTestId('verification-report').getByTestId('percent-bar');
    await poll(() => bars.count()).toBe(2);
    expect(await bars.allTextContents()).toEqual(['100%', '100%']);
    await context.close();
  });

  it('en: the same pages in English', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto(`/order/${orderId}/box/${boxB}/verifications`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Checked with errors');
    expect(await page.getByRole('heading', { name: 'Box verifications' }).count()).toBe(1);
    await screenshot(page, 'inbound-verifications-en');
    await page.goto(`/order/${orderId}/box/${boxB}/verifications/${verificationB}`);
    await poll(() => page.getByTestId('verification-result').textContent()).toBe('With differences');
    await poll(() => page.getByTestId('verification-report').getByTestId('paged-row').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'inbound-verification-report-en');
    await page.goto(`/order/${orderId}/box/${boxB}/verifications/${verificationB}/items`);
    const foreign = page.getByTestId('verification-items').getByTestId('paged-row').filter({ hasText: FOREIGN_EPC });
    await poll(() => foreign.getByTestId('item-quantity').textContent()).toBe('Nothing');
    await screenshot(page, 'inbound-verification-items-en');
    await context.close();
  });

  it('the provider page lists the order among the resolved ones, with the statistics', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/order/${orderId}/box/${boxB}/verifications`);
    await page.getByTestId('order-provider').click();
    await page.waitForURL(`**/inbound/provider/${provider.id}/detail`);
    await poll(() => page.getByTestId('provider-name').textContent()).toBe(provider.name);
    await poll(() => page.getByTestId('provider-resolved').getByText(ORDER_CODE).count()).toBe(1);
    expect(await page.getByTestId('provider-pending').getByText(ORDER_CODE).count()).toBe(0);
    await poll(() => page.getByTestId('provider-stat-orders-value').count()).toBe(1);
    expect(Number(await page.getByTestId('provider-stat-orders-value').textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'inbound-provider-es');
    await context.close();
  });

  it('the valid switch asks first, then the box and the order are recomputed; switching back restores them', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/order/${orderId}/box/${boxB}/verifications`);
    const toggle = validSwitch(page, verificationB);
    await poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await poll(() => page.getByTestId('confirm-dialog').count()).toBe(1);
    await page.getByTestId('confirm-no').click();
    expect(await toggle.isChecked()).toBe(true);

    await switchValid(page, toggle, false);
    // Box B has no valid verification any more: unchecked, and the order is still being checked.
    await poll(() => page.getByTestId('order-boxes').textContent()).toBe('1 / 2');
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificando');
    expect((await api<{ status: number }>('GET', `/rboxes/${boxB}/`)).json.status).toBe(0);

    await switchValid(page, toggle, true);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    expect((await api<{ status: number }>('GET', `/rboxes/${boxB}/`)).json.status).toBe(1);
    await context.close();
  });

  it("a visualizer of a store does not see the center's order nor its verifications", async () => {
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local' });
    await page.goto(`/order/${orderId}/box/${boxB}/verifications`);
    await poll(() => page.getByTestId('order-header-error').textContent()).toBe('No encontrado');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    expect(await page.getByText(BOX_B).count()).toBe(0);
    await context.close();
  });

  it('es: the dashboard shows the order checked with errors, its boxes page each box, and delete is refused', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const rows = await inboundOrderRows(page, ORDER_CODE, 1);
    await poll(() => rows.first().textContent()).toContain('Verificado con errores');
    expect(await rows.first().textContent()).toContain('2 / 2');
    await screenshot(page, 'inbound-journey-dashboard-es');
    await rows.first().getByTestId('order-code-link').click();
    await page.waitForURL(`**/inbound/order/${orderId}/boxes`);
    const boxes = page.getByTestId('order-boxes').getByTestId('paged-row');
    await poll(() => boxes.count()).toBe(2);
    const rowA = boxes.filter({ hasText: BOX_A });
    const rowB = boxes.filter({ hasText: BOX_B });
    await poll(() => rowA.getByTestId('box-status').textContent()).toBe('Verificada sin errores');
    expect(await rowB.getByTestId('box-status').textContent()).toBe('Verificada con errores');
    expect(await rowB.getByTestId('box-verifications-link').textContent()).toBe('1');
    await screenshot(page, 'inbound-journey-boxes-es');
    await rowB.getByTestId('box-verifications-link').click();
    await page.waitForURL(`**/order/${orderId}/box/${boxB}/verifications`);
    await poll(() => page.getByTestId('box-verifications').getByTestId('paged-row').count()).toBe(1);

    await inboundOrderRows(page, ORDER_CODE, 1);
    await deleteFirstOrder(page, rows, 'No se puede borrar: revise las verificaciones de esa orden.');
    await screenshot(page, 'inbound-journey-delete-refused-es');
    await context.close();
  });

  it('en: the dashboard, the boxes page and the refused delete in English', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    const rows = await inboundOrderRows(page, ORDER_CODE, 1);
    await poll(() => rows.first().textContent()).toContain('Checked with errors');
    await deleteFirstOrder(page, rows, 'Cannot delete the order. Check verifications.');
    await screenshot(page, 'inbound-journey-delete-refused-en');
    await page.goto(`/inbound/order/${orderId}/boxes`);
    const rowB = page.getByTestId('order-boxes').getByTestId('paged-row').filter({ hasText: BOX_B });
    await poll(() => rowB.getByTestId('box-status').textContent()).toBe('Checked with errors');
    await screenshot(page, 'inbound-journey-boxes-en');
    await context.close();
  });

  it('the order cannot be deleted once a box is verified, and says why', async () => {
    const answer = await api<{ message: string }>('DELETE', `/porders/${orderId}/`);
    expect(answer.status).toBe(409);
    expect(answer.json.message).toBe('Cannot delete the order. Check verifications.');
    expect((await api('GET', `/v1/porders/${orderId}/`)).status).toBe(200);
  });

  it('the exit portal reads box A with the order code: a provider return, in the list and its detail', async () => {
    await simulate('POR-MAD-EXP', ORDER_CODE, epcsA);
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/inbound/returns');
    const row = page.getByTestId('provider-returns').getByTestId('paged-row').filter({ hasText: ORDER_CODE });
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(provider.name);
    expect(await row.getByTestId('return-order').getAttribute('href')).toBe(`/inbound/order/${orderId}/detail`);
    expect(await row.getByTestId('return-provider').getAttribute('href')).toBe(`/inbound/provider/${provider.id}/detail`);
    await screenshot(page, 'inbound-provider-returns-es');
    await row.getByTestId('return-link').click();
    await page.waitForURL('**/inbound/returns/*/detail');
    await poll(() => page.getByTestId('return-code').textContent()).toBe(ORDER_CODE);
    expect(await page.getByTestId('return-items').textContent()).toBe('3');
    const lines = page.getByTestId('return-lines').getByTestId('paged-row');
    await poll(() => lines.count()).toBe(2);
    expect(await textInRow(lines, gtins[0] as string, 'return-line-quantity')).toBe('2');
    expect(await textInRow(lines, gtins[1] as string, 'return-line-quantity')).toBe('1');
    await screenshot(page, 'inbound-provider-return-detail-es');
    // The returned tags are RETURNED TO SUPPLIER.
    await page.goto(`/track-epc/${epcsA[0]}`);
    await poll(() => page.getByTestId('epc-reading-sets').textContent()).toContain('DEVUELTO AL PROVEEDOR');
    await context.close();
  });

  it('en: the provider returns and the sale returns lists', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto('/inbound/returns');
    await poll(() => page.getByTestId('provider-returns').getByTestId('paged-row').filter({ hasText: ORDER_CODE }).count()).toBe(
      1,
    );
    expect(await page.getByRole('heading', { name: 'Provider returns' }).count()).toBe(1);
    await screenshot(page, 'inbound-provider-returns-en');
    await page.goto('/outbound/returns');
    await poll(() => page.getByRole('heading', { name: 'Sale returns' }).count()).toBe(1);
    await poll(() => page.getByTestId('sale-returns').textContent()).not.toBe('');
    await screenshot(page, 'inbound-sale-returns-en');
    await context.close();
  });

  it('at 390 px: cards, nothing wider than the phone', async () => {
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE });
    await page.goto(`/order/${orderId}/box/${boxB}/verifications`);
    await poll(() => page.getByTestId('box-verifications-cards').getByTestId('paged-card').count()).toBe(1);
    await phoneShot(page, 'inbound-verifications-mobile');
    await page.goto(`/order/${orderId}/box/${boxB}/verifications/${verificationB}`);
    await poll(() => page.getByTestId('verification-report-cards').getByTestId('paged-card').count()).toBeGreaterThanOrEqual(1);
    await phoneShot(page, 'inbound-verification-report-mobile');
    await page.goto(`/order/${orderId}/box/${boxB}/verifications/${verificationB}/items`);
    await poll(() => page.getByTestId('verification-items-cards').getByTestId('paged-card').count()).toBe(2);
    await poll(() => page.getByTestId('verification-items-cards').getByText('Nada').count()).toBe(1);
    await phoneShot(page, 'inbound-verification-items-mobile');
    await page.goto(`/inbound/provider/${provider.id}/detail`);
    await poll(() => page.getByTestId('provider-resolved-cards').getByText(ORDER_CODE).count()).toBe(1);
    await phoneShot(page, 'inbound-provider-mobile');
    await page.goto('/inbound/returns');
    await poll(() =>
      page.getByTestId('provider-returns-cards').getByTestId('paged-card').filter({ hasText: ORDER_CODE }).count(),
    ).toBe(1);
    await phoneShot(page, 'inbound-provider-returns-mobile');
    await context.close();
  });
});
