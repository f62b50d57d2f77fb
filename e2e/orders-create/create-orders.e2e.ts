import { beforeAll, describe, expect, it } from 'vitest';
import { fitsPhone, MOBILE, openPage, type Place, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { typeDate } from '../support/date-field';
import { type Api, apiAs, demoWorld, findLocation, withCheckDigit } from '../support/journey-api';
import * as wizard from '../support/wizard';

/**
 * Issue 6: the shared order wizard creates movement and online orders. The demo admin at CD-MAD
 * creates a movement to T-MAD-01 with two boxes (one GTIN created through 'Create') and an online
 * order with one box; nothing is on the server until the wizard's last button (issue 28: it creates
 * the order and its boxes in one idempotent call; leaving before leaves no order); a barcode twice
 * in the draft is refused in the dialog, one the company has already by the server naming the box,
 * and a lost answer retried makes one order, not two; at 390 px the wizard
 * fits the phone (an editor creates a movement there, choosing among its own locations); the
 * printer operator (role 4) and the visualizer (role 5) are told they may not create orders and the
 * API refuses them. What the wizard created is checked through the API.
 */

const RUN = Date.now() % 100_000;
const MOVEMENT = `MOV-E2E-${RUN}`;
const ONLINE = `ONL-E2E-${RUN}`;
const MOBILE_MOVEMENT = `MOV-E2E-M-${RUN}`;
const BOX_1 = `MOV-E2E-${RUN}-1`;
const BOX_2 = `MOV-E2E-${RUN}-2`;
const BOX_GONE = `MOV-E2E-${RUN}-X`;
const ONLINE_BOX = `ONL-E2E-${RUN}-1`;
/** A GTIN the catalog does not have (demo company prefix, item reference from the run). */
const NEW_GTIN = withCheckDigit(`0843701${String(RUN).padStart(6, '0')}`);

type Line = { gtin: string; theorical_quantity: number };
type BoxRow = { id: number; barcode: string };

/** The boxes of an order and each box's expected lines, as the server has them. */
const boxContents = async (api: Api, orderUrl: string) => {
  const boxes = (await api<{ results: BoxRow[] }>('GET', `${orderUrl}boxes/?limit=40`)).json.results;
  const contents: Record<string, Record<string, number>> = {};
  for (const box of boxes) {
    const lines = (await api<{ results: Line[] }>('GET', `${orderUrl}boxes/${box.id}/report/?limit=100`)).json.results;
    contents[box.barcode] = Object.fromEntries(lines.map((line) => [line.gtin, line.theorical_quantity]));
  }
  return contents;
};

describe('order wizard: movement and online orders', () => {
  const browser = useBrowser();
  let admin: Api;
  let madrid: Place;
  let store: Place;
  let barcelonaStore: Place;
  let gtins: string[] = [];
  let movementId = 0;
  let onlineId = 0;

  beforeAll(async () => {
    ({ api: admin, center: madrid, store, gtins } = await demoWorld(2));
    barcelonaStore = await findLocation(admin, 'T-BCN-01');
  });

  it('es: the admin at CD-MAD creates a movement to T-MAD-01 with two boxes; a duplicate barcode is refused', async () => {
    const { page, context } = await openPage(browser(), { at: madrid });
    await page.goto('/movements/order/add');
    await page.getByRole('heading', { name: 'Nueva orden de movimiento' }).waitFor();
    // The origin is the current location, shown and not editable.
    expect(await page.getByTestId('order-current-location').inputValue()).toBe(madrid.description);
    expect(await page.getByTestId('order-current-location').isDisabled()).toBe(true);
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);

    await page.getByTestId('order-code').fill(MOVEMENT);
    await typeDate(page.getByTestId('order-estimated-arrival'), wizard.tomorrowAt('09:15'));
    // The destination search never offers the origin.
    await page.getByTestId('order-destination').fill('Centro de distribución');
    await poll(() => page.getByRole('listbox').textContent()).toContain('(CD-BCN)');
    expect(await page.getByRole('listbox').textContent()).not.toContain('(CD-MAD)');
    await page.getByTestId('order-destination').fill(store.description.slice(0, 12));
    await page.getByRole('option', { name: `${store.description} (T-MAD-01)` }).click();
    await screenshot(page, 'orders-create-movement-step1-es');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('add-box').waitFor();
    await poll(() => page.getByTestId('draft-order').textContent()).toContain(MOVEMENT);
    // Step 1 wrote nothing: the order is created with its boxes at the end.
    expect(await wizard.countOrdersWithCode(admin, { kind: 'movement', locationId: madrid.id, code: MOVEMENT })).toBe(0);
    // Without a box there is nothing to create.
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);

    // Box 1: a demo GTIN (2 units) and a new GTIN created through 'Create' (1 unit).
    await wizard.addBoxWithNewGtin(page, {
      barcode: BOX_1,
      gtin: gtins[0] as string,
      quantity: 2,
      newGtin: NEW_GTIN,
      fields: { description: `Pantalón E2E ${RUN}`, price: '29.90' },
      shots: { addBox: 'orders-create-movement-add-box-es' },
    });

    // Box 2: the second demo GTIN, 3 units. A third box is added and removed again.
    await wizard.addBox(page, BOX_2, [{ gtin: gtins[1] as string, quantity: 3 }]);
    await wizard.addBox(page, BOX_GONE, [{ gtin: gtins[1] as string, quantity: 1 }]);
    const rows = page.getByTestId('wizard-box');
    await poll(() => rows.count()).toBe(3);
    await rows.filter({ hasText: BOX_GONE }).getByTestId('remove-box').click();
    await poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('wizard-box-code').allTextContents()).toEqual([BOX_1, BOX_2]);
    expect(await page.getByTestId('wizard-box-gtins').allTextContents()).toEqual(['2', '1']);

    // The same barcode twice in the order: said on the field.
    await wizard.duplicateBoxRefused(page, BOX_1, gtins[0] as string, 'orders-create-movement');

    // Still nothing on the server; then 'Crear la orden': back to step 1, cleared, with the new order's links.
    expect(await wizard.countOrdersWithCode(admin, { kind: 'movement', locationId: madrid.id, code: MOVEMENT })).toBe(0);
    expect(await page.getByTestId('wizard-next').textContent()).toBe('Crear la orden');
    movementId = await wizard.createOrder(page);
    expect(await page.getByTestId('finished-order').textContent()).toContain(
      `${MOVEMENT} (n.º ${movementId}) creada con 2 cajas`,
    );
    expect(await page.getByTestId('created-detail-link').getAttribute('href')).toBe(`/movements/exit/order/${movementId}/detail`);
    expect(await page.getByTestId('created-dashboard-link').getAttribute('href')).toBe('/movements/exit/');
    expect(await page.getByTestId('order-code').inputValue()).toBe('');
    expect(await page.getByTestId('order-destination').inputValue()).toBe('');
    expect(await page.getByTestId('wizard-box').count()).toBe(0);
    expect(await page.getByTestId('created-boxes-link').getAttribute('href')).toBe(`/movements/exit/order/${movementId}/boxes`);
    await screenshot(page, 'orders-create-movement-done-es');
    await context.close();

    // The server has the order from CD-MAD to T-MAD-01 with the two boxes and their contents.
    const order = await admin<Record<string, unknown>>('GET', `/morders/${movementId}/`);
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({
      type: 'movement',
      order_code: MOVEMENT,
      origin: madrid.id,
      destination: store.id,
      origin_status: 0,
      destination_status: 0,
      num_boxes: 2,
      item_count: 6,
    });
    expect(order.json.estimated_arrival_date).toEqual(expect.any(String));
    expect(await boxContents(admin, `/morders/${movementId}/`)).toEqual({
      [BOX_1]: { [gtins[0] as string]: 2, [NEW_GTIN]: 1 },
      [BOX_2]: { [gtins[1] as string]: 3 },
    });
    // The removed box never reached the server.
    expect((await admin<{ count: number }>('GET', `/boxes/?codebar=${BOX_GONE}`)).json.count).toBe(0);
    // The new GTIN is in the catalog.
    expect((await admin<{ count: number }>('GET', `/types/?gtin__icontains=${NEW_GTIN}`)).json.count).toBe(1);
  });

  it('en: the admin creates an online order with one box; a barcode the company has is refused by name, nothing is created', async () => {
    const { page, context } = await openPage(browser(), { at: madrid, language: 'en' });
    await page.goto('/online/order/add');
    await page.getByRole('heading', { name: 'New online order' }).waitFor();
    // Step 1 is only the order code (and the current location as the origin).
    expect(await page.getByTestId('order-estimated-arrival').count()).toBe(0);
    expect(await page.getByTestId('order-current-location').inputValue()).toBe(madrid.description);
    await page.getByTestId('order-code').fill(ONLINE);
    await screenshot(page, 'orders-create-online-step1-en');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('add-box').waitFor();

    // A barcode of the movement (barcodes are unique in the company): the server refuses the order naming the box, and
    // creates nothing, neither the order nor its other box.
    await wizard.addBox(page, ONLINE_BOX, [{ gtin: gtins[0] as string, quantity: 4 }]);
    await wizard.addBox(page, BOX_2, [{ gtin: gtins[0] as string, quantity: 1 }]);
    await page.getByRole('button', { name: 'Create the order' }).click();
    await poll(() => page.getByTestId('form-alert-error').textContent()).toContain(`Barcode ${BOX_2} already exists.`);
    expect(await page.getByTestId('wizard-box').filter({ hasText: BOX_2 }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'orders-create-online-duplicate-en');
    expect(await wizard.countOrdersWithCode(admin, { kind: 'online', locationId: madrid.id, code: ONLINE })).toBe(0);
    expect((await admin<{ count: number }>('GET', `/boxes/?codebar=${ONLINE_BOX}`)).json.count).toBe(0);
    await page.getByTestId('wizard-box').filter({ hasText: BOX_2 }).getByTestId('remove-box').click();
    await poll(() => page.getByTestId('wizard-box-units').allTextContents()).toEqual(['4']);
    await screenshot(page, 'orders-create-online-boxes-en');

    // The first answer is lost on its way back (the server did create the order); the retry sends the same key and
    // gets that order back: one order, not two.
    let isFirstCall = true;
    await page.route('**/api/orders-with-boxes/', async (route) => {
      if (!isFirstCall) return route.continue();
      isFirstCall = false;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Create the order' }).click();
    await page.getByTestId('form-alert-error').waitFor();
    await poll(() => wizard.countOrdersWithCode(admin, { kind: 'online', locationId: madrid.id, code: ONLINE })).toBe(1);
    onlineId = await wizard.createOrder(page);
    expect(await page.getByTestId('finished-order').textContent()).toContain(`${ONLINE} (no. ${onlineId}) created with 1 box.`);
    expect(await page.getByTestId('created-boxes-link').getAttribute('href')).toBe(`/online/order/${onlineId}/boxes/`);
    expect(await wizard.countOrdersWithCode(admin, { kind: 'online', locationId: madrid.id, code: ONLINE })).toBe(1);
    await context.close();

    const order = await admin('GET', `/orders/${onlineId}/`);
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({
      type: 'online',
      order_code: ONLINE,
      origin: madrid.id,
      origin_status: 0,
      num_boxes: 1,
      item_count: 4,
    });
    expect(await boxContents(admin, `/orders/${onlineId}/`)).toEqual({ [ONLINE_BOX]: { [gtins[0] as string]: 4 } });
  });

  it('es: leaving the wizard at step 2 asks first, and leaves no order behind (issue 28)', async () => {
    const code = `${MOVEMENT}-LEFT`;
    const { page, context } = await openPage(browser(), { at: madrid, viewport: MOBILE });
    await page.goto('/movements/order/add');
    await page.getByTestId('order-code').fill(code);
    await page.getByTestId('order-destination').fill(store.description.slice(0, 12));
    await page.getByRole('option', { name: `${store.description} (T-MAD-01)` }).click();
    await page.getByTestId('wizard-next').click();
    await wizard.addBox(page, `${code}-1`, [{ gtin: gtins[0] as string, quantity: 1 }]);
    await screenshot(page, 'orders-create-draft-mobile');
    // Leaving asks; 'Seguir aquí' keeps the draft.
    await page.getByTestId('page-back').click();
    await poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('¿Salir sin crear la orden?');
    await phoneShot(page, 'orders-create-leave-mobile');
    await page.getByRole('button', { name: 'Seguir aquí' }).click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('wizard-box-code').allTextContents()).toEqual([`${code}-1`]);
    // 'Salir' leaves: no order, no box on the server.
    await page.getByTestId('page-back').click();
    await page.getByRole('button', { name: 'Salir' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/movements/exit/');
    await context.close();
    expect(await wizard.countOrdersWithCode(admin, { kind: 'movement', locationId: madrid.id, code })).toBe(0);
    expect((await admin<{ count: number }>('GET', `/boxes/?codebar=${code}-1`)).json.count).toBe(0);
  });

  it('390 px: an editor at T-MAD-01 creates a movement among its own locations; the wizard fits the phone', async () => {
    const editor = await apiAs('editor@demo.local');
    const { page, context } = await openPage(browser(), { email: 'editor@demo.local', at: store, viewport: MOBILE });
    await page.goto('/movements/order/add');
    await page.getByTestId('order-code').waitFor();
    await phoneShot(page, 'orders-create-movement-mobile');
    await page.getByTestId('order-code').fill(MOBILE_MOVEMENT);
    // The editor sees CD-MAD, T-MAD-01 and T-BCN-01: the destination offers the two that are not the origin.
    await page.getByTestId('order-destination').click();
    const listbox = page.getByRole('listbox');
    await poll(() => listbox.textContent()).toContain('(CD-MAD)');
    expect(await listbox.textContent()).toContain('(T-BCN-01)');
    expect(await listbox.textContent()).not.toContain('(T-MAD-01)');
    await page.getByRole('option', { name: `${barcelonaStore.description} (T-BCN-01)` }).click();
    await fitsPhone(page);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('add-box').waitFor();
    await fitsPhone(page);
    await page.getByTestId('add-box').click();
    await page.getByTestId('box-barcode').fill(`${MOBILE_MOVEMENT}-1`);
    await page.getByTestId('box-add-row').click();
    await wizard.pickGtin(page, 0, gtins[0] as string, 'gtin-option');
    await wizard.pickGtin(page, 1, gtins[1] as string, 'gtin-option');
    await screenshot(page, 'orders-create-add-box-mobile');
    expect(
      await page.evaluate(() => document.querySelector('[data-testid="add-box-dialog"] .MuiDialog-paper')?.scrollWidth),
    ).toBeLessThanOrEqual(MOBILE.width);
    await page.getByTestId('box-save').click();
    await page.getByTestId('add-box-dialog').waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('wizard-box').count()).toBe(1);
    await phoneShot(page, 'orders-create-boxes-mobile');
    const id = await wizard.createOrder(page);
    await phoneShot(page, 'orders-create-done-mobile');
    await context.close();

    const order = await editor('GET', `/morders/${id}/`);
    expect(order.json).toMatchObject({
      order_code: MOBILE_MOVEMENT,
      origin: store.id,
      destination: barcelonaStore.id,
      num_boxes: 1,
    });
    expect(await boxContents(editor, `/morders/${id}/`)).toEqual({
      [`${MOBILE_MOVEMENT}-1`]: { [gtins[0] as string]: 1, [gtins[1] as string]: 1 },
    });
  });

  it('role 4 (printer operator): told it may not create orders; the API refuses it (403)', async () => {
    const printer = await apiAs('printer@demo.local');
    const { page, context } = await openPage(browser(), { email: 'printer@demo.local', at: madrid });
    await wizard.notAllowed(page, ['/movements/order/add', '/online/order/add']);
    await screenshot(page, 'orders-create-not-allowed-es');
    await context.close();

    const movement = { order_code: `${MOVEMENT}-P`, origin_id: madrid.id, destination_id: store.id, origin_status: 0 };
    expect((await printer('POST', '/morders/', movement)).status).toBe(403);
    expect(
      (await printer('POST', '/orders/', { order_code: `${ONLINE}-P`, origin_id: madrid.id, origin_status: 0 })).status,
    ).toBe(403);
    // Nor may it add a box to the movement the admin created (the printer sees CD-MAD).
    const reception = (await printer<{ results: Array<{ id: number }> }>('GET', `/receptions/?order_id=${movementId}`)).json
      .results[0];
    expect(reception?.id).toBeGreaterThan(0);
    expect((await printer('POST', '/boxes/', { codebar: `${MOVEMENT}-P`, reception_id: reception?.id })).status).toBe(403);
    expect((await printer('POST', '/receptions/', { reception_code: 'P', order_id: onlineId })).status).toBe(403);
    const withBoxes = {
      kind: 'movement',
      order: movement,
      boxes: [{ codebar: `${MOVEMENT}-P`, contents: [{ gtin: gtins[0], quantity: 1 }] }],
    };
    expect((await printer('POST', '/orders-with-boxes/', withBoxes)).status).toBe(403);
    expect((await admin<{ count: number }>('GET', `/boxes/?codebar=${MOVEMENT}-P`)).json.count).toBe(0);
  });

  it('role 5 (visualizer): told it may not create orders, in English; the API refuses it (403)', async () => {
    const viewer = await apiAs('viewer@demo.local');
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local', at: store, language: 'en' });
    await wizard.notAllowed(page, ['/online/order/add', '/movements/order/add'], 'en');
    await screenshot(page, 'orders-create-not-allowed-en');
    await context.close();
    const movement = { order_code: `${MOVEMENT}-V`, origin_id: store.id, destination_id: madrid.id, origin_status: 0 };
    expect((await viewer('POST', '/morders/', movement)).status).toBe(403);
    expect((await viewer('POST', '/orders/', { order_code: `${ONLINE}-V`, origin_id: store.id, origin_status: 0 })).status).toBe(
      403,
    );
  });
});
