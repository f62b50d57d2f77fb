import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type Place, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { dayText, typeDate } from '../support/date-field';
import { type Api, demoWorld, sgtin96, withCheckDigit } from '../support/journey-api';
import { deleteFirstOrder, inboundOrderRows } from '../support/order-lists';
import { simulate } from '../support/readers';
import * as wizard from '../support/wizard';

/**
 * Issue 5, part A: the demo admin creates a purchase order with two boxes through the wizard (one
 * GTIN created through the add-GTIN dialog), finds it on the inbound dashboard, its detail and its
 * boxes; a barcode twice in the order, or one the company has, is said (issue 28: the order and its boxes are created
 * together at the wizard's end, nothing before); the demo tunnel reads one box and the boxes page shows its
 * status; the order cannot be deleted any more. Spanish and English, desktop and 390 px.
 */

const RUN = Date.now() % 10_000;
const ORDER_CODE = `E2E-WIZ-${RUN}`;
const BOX_A = `E2E-WIZ-A-${RUN}`;
const BOX_B = `E2E-WIZ-B-${RUN}`;
/** A GTIN the catalog does not have yet, in the demo company prefix so the tunnel's tags decode to it. */
const NEW_GTIN = withCheckDigit(`084370129${String(RUN).padStart(4, '0')}`);

describe('inbound part A: order wizard, dashboard, detail, boxes', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place = { id: 0, description: '' };
  let provider = { id: 0, name: '' };
  let gtin = '';
  let orderId = 0;

  beforeAll(async () => {
    ({
      api,
      center,
      provider,
      gtins: [gtin = ''],
    } = await demoWorld(1));
    expect(gtin).toMatch(/^\d{14}$/);
  });

  it('es: the wizard creates the order and two boxes (one GTIN created in the dialog); a duplicate barcode is refused', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/inbound/');
    await page.getByTestId('new-order').click();
    await page.waitForURL('**/inbound/order/add');
    await page.getByRole('heading', { name: 'Nueva orden de compra' }).waitFor();
    await wizard.fillPurchaseOrder(page, ORDER_CODE, provider.name);
    await poll(() => page.getByTestId('draft-order').textContent()).toContain(ORDER_CODE);

    // Box A: an existing GTIN (2 units) and a new one created through the add-GTIN dialog (1 unit).
    await wizard.addBoxWithNewGtin(page, {
      barcode: BOX_A,
      gtin,
      quantity: 2,
      newGtin: NEW_GTIN,
      fields: { description: `Camiseta E2E ${RUN}`, price: '19.95' },
      shots: { addGtin: 'inbound-create-add-gtin-es', addBox: 'inbound-create-add-box-es' },
    });

    // Box B: one GTIN, 1 unit.
    await page.getByTestId('add-box').click();
    await page.getByTestId('box-barcode').fill(BOX_B);
    await wizard.pickGtin(page, 0, gtin, 'gtin-option');
    await page.getByTestId('box-save').click();
    await page.getByTestId('add-box-dialog').waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('wizard-box').count()).toBe(2);

    // The same barcode twice in the order: shown on the field.
    await wizard.duplicateBoxRefused(page, BOX_A, gtin, 'inbound-create');
    // Nothing is on the server before the last button; 'Crear la orden' creates the order with both boxes.
    expect(await wizard.countOrdersWithCode(api, { kind: 'purchase', locationId: center.id, code: ORDER_CODE })).toBe(0);
    orderId = await wizard.createOrder(page);
    await screenshot(page, 'inbound-create-done-es');
    // Back to step 1 with a cleared form.
    await poll(() => page.getByTestId('order-code').inputValue()).toBe('');
    expect(await page.getByTestId('wizard-box').count()).toBe(0);
    await context.close();

    const order = (await api<{ item_count: number; num_boxes: number; order_code: string }>('GET', `/v1/porders/${orderId}/`))
      .json;
    expect(order).toMatchObject({ order_code: ORDER_CODE, item_count: 4, num_boxes: 2 });
  });

  it('es: a code that exists here already is warned of, with the way to the existing order; the order opens from it', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/inbound/order/add');
    await page.getByTestId('order-code').fill(`${ORDER_CODE}-X`);
    await page.getByTestId('order-code').fill(ORDER_CODE);
    await poll(() => page.getByTestId('order-code-exists').textContent()).toContain(
      `Ya existe una orden con el código ${ORDER_CODE} (n.º ${orderId}) en esta ubicación`,
    );
    await screenshot(page, 'inbound-create-code-exists-es');
    // Another code: the warning goes.
    await page.getByTestId('order-code').fill(`${ORDER_CODE}-NEW`);
    await poll(() => page.getByTestId('order-code-exists').count()).toBe(0);
    await page.getByTestId('order-code').fill(ORDER_CODE);
    await page.getByTestId('order-code-exists').getByTestId('created-detail-link').click();
    // A typed code is a draft: leaving asks first.
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL(`**/inbound/order/${orderId}/detail`);
    await context.close();
  });

  it('es: the dashboard lists the order with its statistics; detail and boxes open from it', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/inbound/');
    await poll(() => page.getByTestId('stat-orders-value').textContent()).toMatch(/^\d+$/);
    await page.getByTestId('filter-order_code__icontains').fill(ORDER_CODE);
    const rows = page.getByTestId('inbound-orders').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.textContent()).toContain(provider.name);
    expect(await row.textContent()).toContain('0 / 4');
    expect(await row.textContent()).toContain('0 / 2');
    expect(await page.getByTestId('download-print-data').isDisabled()).toBe(true);
    await screenshot(page, 'inbound-dashboard-es');

    // The other filters: state, report type, id and provider name narrow the list in the server.
    const choose = async (label: string, option: string) => {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Estado', 'Verificado con errores');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    await choose('Estado', 'Sin verificar');
    await poll(() => rows.count()).toBe(1);
    await choose('Tipo de informe', 'Verificadas');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    await choose('Tipo de informe', 'Pendientes');
    await poll(() => rows.count()).toBe(1);
    await page.getByTestId('filter-id__icontains').fill(String(orderId));
    await page.getByTestId('filter-origin__name__icontains').fill('zzz-nadie');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    await page.getByTestId('filter-origin__name__icontains').fill(provider.name.slice(0, 6));
    await poll(() => rows.count()).toBe(1);

    // Row download: the items CSV through the download dialog.
    await row.getByTestId('order-actions').click();
    await page.getByTestId('download-items').click();
    await poll(() => page.getByTestId('download-done').count()).toBe(1);
    await page.getByTestId('download-close').click();
    await page.getByTestId('download-dialog').waitFor({ state: 'detached' });
    // Print data: enabled once the arrival range has a start date.
    await typeDate(page.getByTestId('filter-arrival').getByTestId('date-start'), dayText(new Date()));
    await poll(() => page.getByTestId('download-print-data').isDisabled()).toBe(false);
    await page.getByTestId('download-print-data').click();
    await poll(() => page.getByTestId('download-done').count()).toBe(1);
    await page.getByTestId('download-close').click();
    // The arrival filter hides the order (not arrived yet) until the start date is cleared.
    await typeDate(page.getByTestId('filter-arrival').getByTestId('date-start'), '');
    await poll(() => rows.count()).toBe(1);

    await row.getByTestId('order-detail-link').click();
    await page.waitForURL(`**/inbound/order/${orderId}/detail`);
    const lines = page.getByTestId('order-lines').getByTestId('paged-row');
    await poll(() => lines.count()).toBe(2);
    // Ordered by GTIN: the demo GTIN (0843701 2…) before the new one (0843701 29…) unless it sorts after.
    const texts = await lines.allTextContents();
    expect(texts.map((text) => (text.includes(NEW_GTIN) ? NEW_GTIN : gtin))).toEqual([gtin, NEW_GTIN].sort());
    expect(await page.getByTestId('print-lines').isDisabled()).toBe(true);
    await lines.first().getByTestId('line-tick').locator('input').check();
    expect(await page.getByTestId('print-lines').isDisabled()).toBe(false);
    await screenshot(page, 'inbound-order-detail-es');

    await page.goto(`/inbound/order/${orderId}/boxes`);
    const boxes = page.getByTestId('order-boxes').getByTestId('paged-row');
    await poll(() => boxes.count()).toBe(2);
    await page.getByTestId('filter-barcode').fill(BOX_B);
    await poll(() => boxes.count()).toBe(1);
    await boxes.first().getByTestId('box-link').click();
    await page.waitForURL(`**/inbound/order/${orderId}/box/*/detail`);
    await poll(() => page.getByTestId('box-barcode').textContent()).toBe(BOX_B);
    await poll(() => page.getByTestId('box-lines').getByTestId('paged-row').count()).toBe(1);
    await screenshot(page, 'inbound-box-detail-es');
    await page.getByTestId('box-lines').getByTestId('line-gtin').click();
    await page.waitForURL(`**/inbound/order/${orderId}/gtin/*/detail`);
    await poll(() => page.getByTestId('gtin-value').textContent()).toBe(gtin);
    await page.getByTestId('gtin-card').waitFor();
    await screenshot(page, 'inbound-order-gtin-es');
    await context.close();
  });

  it('es: the tunnel reads box A; the boxes page shows its status; the order can no longer be deleted', async () => {
    const serial = 800_000_000 + RUN * 10;
    await simulate('TUN-MAD-01', BOX_A, [sgtin96(gtin, serial), sgtin96(gtin, serial + 1), sgtin96(NEW_GTIN, serial + 2)]);
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/inbound/order/${orderId}/boxes`);
    const boxA = page.getByTestId('order-boxes').getByTestId('paged-row').filter({ hasText: BOX_A });
    await poll(() => boxA.getByTestId('box-status').textContent()).toBe('Verificada sin errores');
    expect(await boxA.getByTestId('box-items').textContent()).toBe('3 / 3');
    expect(await boxA.getByTestId('box-verifications-link').textContent()).toBe('1');
    const boxB = page.getByTestId('order-boxes').getByTestId('paged-row').filter({ hasText: BOX_B });
    expect(await boxB.getByTestId('box-status').textContent()).toBe('Sin verificar');
    await screenshot(page, 'inbound-order-boxes-es');
    await boxA.getByTestId('box-verifications-link').click();
    await page.waitForURL(`**/order/${orderId}/box/*/verifications`);

    const rows = await inboundOrderRows(page, ORDER_CODE, 1);
    await poll(() => rows.first().textContent()).toContain('1 / 2');
    await deleteFirstOrder(page, rows, 'No se puede borrar: revise las verificaciones de esa orden.');
    await screenshot(page, 'inbound-dashboard-delete-refused-es');
    expect((await api('GET', `/v1/porders/${orderId}/`)).status).toBe(200);
    await context.close();
  });

  it('en: dashboard, a barcode the company has is refused by name (no order made), delete refused in English', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto('/inbound/');
    await page.getByRole('heading', { name: 'Inbound' }).waitFor();
    await poll(() => page.getByTestId('stat-orders').textContent()).toContain('Orders');
    await page.getByTestId('filter-order_code__icontains').fill(ORDER_CODE);
    const rows = page.getByTestId('inbound-orders').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(1);
    await poll(() => rows.first().textContent()).toContain('Checking');
    await screenshot(page, 'inbound-dashboard-en');
    await deleteFirstOrder(page, rows, 'Cannot delete the order. Check verifications.');

    await page.goto('/inbound/order/add');
    await wizard.fillPurchaseOrder(page, `${ORDER_CODE}-EN`, provider.name);
    await wizard.addBox(page, BOX_A, [{ gtin, quantity: 1 }]);
    await page.getByRole('button', { name: 'Create the order' }).click();
    await poll(() => page.getByTestId('form-alert-error').textContent()).toContain(`Barcode ${BOX_A} already exists.`);
    await screenshot(page, 'inbound-create-duplicate-en');
    await context.close();
    expect(await wizard.countOrdersWithCode(api, { kind: 'purchase', locationId: center.id, code: `${ORDER_CODE}-EN` })).toBe(0);
  });

  it('390 px: the dashboard is a list of cards, the wizard and the boxes page fit the phone', async () => {
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE });
    await page.goto('/inbound/');
    const cards = page.getByTestId('inbound-orders-cards').getByTestId('paged-card');
    await poll(() => cards.count()).toBeGreaterThanOrEqual(1);
    await page.getByTestId('filter-order_code__icontains').fill(ORDER_CODE);
    // Only the order: the English run's order was refused whole.
    await poll(() => cards.count()).toBe(1);
    expect(await cards.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(ORDER_CODE)]));
    await phoneShot(page, 'inbound-dashboard-mobile');

    await page.goto(`/inbound/order/${orderId}/boxes`);
    await poll(() => page.getByTestId('order-boxes-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'inbound-order-boxes-mobile');

    await page.goto('/inbound/order/add');
    await page.getByTestId('order-code').waitFor();
    await phoneShot(page, 'inbound-create-mobile');
    await wizard.fillPurchaseOrder(page, `${ORDER_CODE}-M`, provider.name);
    await page.getByTestId('add-box').click();
    await page.getByTestId('box-barcode').fill(`${BOX_A}-M`);
    await wizard.pickGtin(page, 0, gtin, 'gtin-option');
    await screenshot(page, 'inbound-create-add-box-mobile');
    await page.getByTestId('box-save').click();
    await page.getByTestId('add-box-dialog').waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('wizard-box').count()).toBe(1);
    await phoneShot(page, 'inbound-create-boxes-mobile');
    await wizard.createOrder(page);
    await phoneShot(page, 'inbound-create-done-mobile');
    await context.close();
  });

  it('role 4 (printer operator): no new-order button, no delete, and the wizard says who may create orders', async () => {
    const { page, context } = await openPage(browser(), { at: center, email: 'printer@demo.local' });
    // The order and the phone's (-M); the English one was refused whole.
    const rows = await inboundOrderRows(page, ORDER_CODE, 2);
    expect(await page.getByTestId('new-order').count()).toBe(0);
    await rows.first().getByTestId('order-actions').click();
    await page.getByTestId('download-order').waitFor();
    expect(await page.getByTestId('delete-order').count()).toBe(0);
    await page.keyboard.press('Escape');
    await wizard.notAllowed(page, ['/inbound/order/add']);
    await context.close();
  });

  it('es: an order without verified boxes is deleted, in green', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const rows = await inboundOrderRows(page, `${ORDER_CODE}-M`, 1);
    await deleteFirstOrder(page, rows, 'Orden borrada correctamente');
    expect(await page.getByTestId('notifier').getAttribute('class')).toContain('Success');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    await context.close();
  });
});
