import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type Place, phoneShot, poll, screenshot, tableFits, textInRow, useBrowser } from '../support/browser';
import { type Api, boxPlan, createMovement, createOnlineOrder, demoWorld, itemTypeOf, sgtin96 } from '../support/journey-api';
import { addExitReader, demoReader, macOf, readBox } from '../support/readers';

/**
 * The order pages of online orders and movements (components/order-pages): an online order with
 * two boxes at CD-MAD, box A read by an online exit reader (mode 6, added here) with one tag more
 * than expected (over 100 %), box B never read; a movement CD-MAD → T-MAD-01 with two boxes read
 * exactly by the expedition portal (mode 1) and at the store's entry portal (mode 3) with one tag
 * of box B missing. The detail, boxes, box and GTIN pages show each side's statuses and counts,
 * in Spanish and English, at 390 px; a verified online box cannot be deleted, an unread one can;
 * a visualizer of the store sees the movement's entry but not the center's online order.
 */

const RUN = Date.now() % 1_000_000;
const ONLINE_CODE = `E2E-OP-ONL-${RUN}`;
const MOVE_CODE = `E2E-OP-MOV-${RUN}`;
const ONL_A = `E2E-OP-ONL-A-${RUN}`;
const ONL_B = `E2E-OP-ONL-B-${RUN}`;
const MOV_A = `E2E-OP-MOV-A-${RUN}`;
const MOV_B = `E2E-OP-MOV-B-${RUN}`;
const ONLINE_READER = `E2E-OP-ONL-${RUN}`;

const rowOf = (page: Page, table: string, text: string) =>
  page.getByTestId(table).getByTestId('paged-row').filter({ hasText: text });

describe('order pages of online orders and movements: detail, boxes, box and GTIN on each side', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place = { id: 0, description: '' };
  let store: Place = { id: 0, description: '' };
  let g1 = '';
  let g2 = '';
  let onlineId = 0;
  let onlineA = 0;
  let onlineB = 0;
  let moveId = 0;
  let moveA = 0;
  let moveB = 0;
  let itemType1 = 0;
  let itemType2 = 0;

  /**
   * The detail page of the movement's box B on `side` (opened from its row): its status, the other side's, and its
   * units read and expected.
   */
  const expectMovementBoxB = async (
    page: Page,
    side: 'exit' | 'entry',
    figures: { status: string; other: string; real: string; expected: string },
  ) => {
    await page.waitForURL(`**/movements/${side}/order/${moveId}/box/${moveB}/detail`);
    await poll(() => page.getByTestId('box-status').textContent()).toBe(figures.status);
    expect(await page.getByTestId('box-other-status').textContent()).toBe(figures.other);
    expect(await page.getByTestId('box-real').textContent()).toBe(figures.real);
    expect(await page.getByTestId('box-expected').textContent()).toBe(figures.expected);
  };

  beforeAll(async () => {
    ({
      api,
      center,
      store,
      gtins: [g1 = '', g2 = ''],
    } = await demoWorld(2));
    itemType1 = await itemTypeOf(api, g1);
    itemType2 = await itemTypeOf(api, g2);

    // The online order: box A expects one of each GTIN, box B one of the first.
    ({
      orderId: onlineId,
      boxIds: [onlineA = 0, onlineB = 0],
    } = await createOnlineOrder(api, {
      code: ONLINE_CODE,
      originId: center.id,
      boxes: [boxPlan(ONL_A, [g1, 1], [g2, 1]), boxPlan(ONL_B, [g1, 1])],
    }));

    // The movement: box A two of the first GTIN, box B two of the second and one of the first.
    ({
      orderId: moveId,
      boxIds: [moveA = 0, moveB = 0],
    } = await createMovement(api, {
      code: MOVE_CODE,
      originId: center.id,
      destinationId: store.id,
      boxes: [boxPlan(MOV_A, [g1, 2]), boxPlan(MOV_B, [g2, 2], [g1, 1])],
    }));

    // An online exit reader (mode 6) at the center's expedition area, added as the admin would.
    const reader = await addExitReader(api, { serial: ONLINE_READER, mac: macOf(RUN, 0xe1), locationId: center.id });

    const serial = 1_500_000_000 + RUN * 20;
    // Online box A leaves with one tag of the first GTIN more than expected: 3 of 2.
    const onlineEpcs = [sgtin96(g1, serial), sgtin96(g1, serial + 1), sgtin96(g2, serial + 2)];
    await readBox(reader, { codebar: ONL_A, epcs: onlineEpcs });

    // The movement leaves complete through the expedition portal and arrives with one tag of box B missing.
    const moveA1 = [sgtin96(g1, serial + 3), sgtin96(g1, serial + 4)];
    const moveB1 = [sgtin96(g2, serial + 5), sgtin96(g2, serial + 6), sgtin96(g1, serial + 7)];
    const exitPortal = demoReader('POR-MAD-EXP');
    const storePortal = demoReader('POR-T01-ENT');
    await readBox(exitPortal, { codebar: MOV_A, epcs: moveA1 });
    await readBox(exitPortal, { codebar: MOV_B, epcs: moveB1 });
    await readBox(storePortal, { codebar: MOV_A, epcs: moveA1 });
    await readBox(storePortal, { codebar: MOV_B, epcs: moveB1.slice(1) });
  });

  it('the API agrees: online box A over 100 % reads 0 online, the movement leaves correct and arrives with errors', async () => {
    const online = (await api<Record<string, number>>('GET', `/orders/${onlineId}/`)).json;
    expect(online).toMatchObject({ origin_status: 1, num_verified_boxes: 1, item_count: 3, real_item_count: 3 });
    const box = (await api<Record<string, number>>('GET', `/orders/${onlineId}/boxes/${onlineA}/`)).json;
    expect(box).toMatchObject({ status: 1, real_item_count: 3, theorical_item_count: 2, percent: 100, online_percent: 0 });
    const exit = (await api<Record<string, number>>('GET', `/morders/${moveId}/?side=exit`)).json;
    expect(exit).toMatchObject({ origin_status: 3, destination_status: 2, real_item_count: 5, num_verified_boxes: 2 });
    const entry = (await api<Record<string, number>>('GET', `/morders/${moveId}/?side=entry`)).json;
    expect(entry).toMatchObject({ destination_status: 2, real_item_count: 4, item_count: 5 });
  });

  it('es: the online order detail, its boxes, box A over 100 % (online reading 0) and a GTIN', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/online/order/${onlineId}/detail`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificando');
    expect(await page.getByTestId('order-code').textContent()).toBe(ONLINE_CODE);
    await poll(() => page.getByTestId('order-items').textContent()).toBe('3 / 3');
    expect(await page.getByTestId('order-boxes').first().textContent()).toBe('1 / 2');
    const lines = page.getByTestId('order-lines').getByTestId('paged-row');
    await poll(() => lines.count()).toBe(2);
    const line1 = lines.filter({ hasText: g1 });
    expect(await line1.getByTestId('line-expected').textContent()).toBe('2');
    expect(await line1.getByTestId('line-real').textContent()).toBe('2');
    expect(await line1.getByTestId('line-online').textContent()).toBe('100%');
    // Online orders are not printed from here: no tick column.
    expect(await page.getByTestId('line-tick').count()).toBe(0);
    await screenshot(page, 'order-pages-online-detail-es');

    await page.getByTestId('order-boxes-link').click();
    await page.waitForURL(`**/online/order/${onlineId}/boxes/`);
    await poll(() => page.getByTestId('order-boxes').getByTestId('paged-row').count()).toBe(2);
    const rowA = rowOf(page, 'order-boxes', ONL_A);
    const rowB = rowOf(page, 'order-boxes', ONL_B);
    await poll(() => rowA.getByTestId('box-status').textContent()).toBe('Verificada con errores');
    expect(await rowA.getByTestId('box-real').textContent()).toBe('3');
    expect(await rowA.getByTestId('box-expected').textContent()).toBe('2');
    expect(await rowA.getByTestId('box-percent').textContent()).toBe('100%');
    expect(await rowA.getByTestId('box-online').textContent()).toBe('0%');
    expect(await rowA.getByTestId('box-verifications-link').getAttribute('href')).toBe(
      `/online/order/${onlineId}/boxes/${onlineA}/verifications/`,
    );
    expect(await rowB.getByTestId('box-status').textContent()).toBe('Sin verificar');
    expect(await rowB.getByTestId('box-real').textContent()).toBe('0');
    expect(await page.getByRole('columnheader', { name: 'Hora de salida' }).count()).toBe(1);
    // Every column, both readings and the delete icon fit a 1366 px screen: the table does not scroll sideways.
    await tableFits(page, 'order-boxes');
    await screenshot(page, 'order-pages-online-boxes-es');
    // The barcode filter.
    await page.getByTestId('filter-barcode').fill(ONL_B);
    await poll(() => page.getByTestId('order-boxes').getByTestId('paged-row').count()).toBe(1);
    await page.getByTestId('filter-barcode').fill(ONL_A);
    await poll(() => rowA.count()).toBe(1);
    await rowA.getByTestId('box-link').click();

    await page.waitForURL(`**/online/order/${onlineId}/box/${onlineA}/detail`);
    await poll(() => page.getByTestId('box-barcode').textContent()).toBe(ONL_A);
    expect(await page.getByTestId('box-status').textContent()).toBe('Verificada con errores');
    expect(await page.getByTestId('box-real').textContent()).toBe('3');
    expect(await page.getByTestId('box-expected').textContent()).toBe('2');
    expect(await page.getByTestId('box-percent').textContent()).toBe('100%');
    expect(await page.getByTestId('box-online').textContent()).toBe('0%');
    const boxLines = page.getByTestId('box-lines').getByTestId('paged-row');
    await poll(() => boxLines.count()).toBe(2);
    const boxLine1 = boxLines.filter({ hasText: g1 });
    expect(await boxLine1.getByTestId('line-expected').textContent()).toBe('1');
    expect(await boxLine1.getByTestId('line-real').textContent()).toBe('2');
    expect(await boxLine1.getByTestId('line-online').textContent()).toBe('0%');
    expect(await textInRow(boxLines, g2, 'line-online')).toBe('100%');
    await screenshot(page, 'order-pages-online-box-es');
    await page.getByTestId('box-lines-filters').getByRole('textbox').fill(g2);
    await poll(() => boxLines.count()).toBe(1);
    await boxLines.first().getByTestId('line-gtin').click();

    await page.waitForURL(`**/online/order/${onlineId}/gtin/${itemType2}/detail`);
    await poll(() => page.getByTestId('gtin-value').textContent()).toBe(g2);
    expect(await page.getByTestId('order-status').textContent()).toBe('Verificando');
    expect(await page.getByTestId('gtin-order').textContent()).toBe(ONLINE_CODE);
    expect(await page.getByTestId('gtin-origin').textContent()).toBe(center.description);
    expect(await page.getByTestId('gtin-expected').textContent()).toBe('1');
    expect(await page.getByTestId('gtin-real').textContent()).toBe('1');
    expect(await page.getByTestId('gtin-online').textContent()).toBe('100%');
    await page.getByTestId('gtin-card').waitFor();
    await screenshot(page, 'order-pages-online-gtin-es');
    await context.close();
  });

  it('es: the movement from the exit side: verified without errors, both boxes correct', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/movements/exit/order/${moveId}/detail`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado sin errores');
    expect(await page.getByTestId('order-route').textContent()).toBe(`${center.description} → ${store.description}`);
    await poll(() => page.getByTestId('order-items').textContent()).toBe('5 / 5');
    expect(await page.getByTestId('order-boxes').first().textContent()).toBe('2 / 2');
    const lines = page.getByTestId('order-lines').getByTestId('paged-row');
    await poll(() => lines.count()).toBe(2);
    expect(await textInRow(lines, g2, 'line-real')).toBe('2');
    expect(await textInRow(lines, g2, 'percent-bar')).toBe('100%');
    await screenshot(page, 'order-pages-exit-detail-es');

    await page.goto(`/movements/exit/order/${moveId}/boxes`);
    await poll(() => page.getByTestId('order-boxes').getByTestId('paged-row').count()).toBe(2);
    const rowB = rowOf(page, 'order-boxes', MOV_B);
    await poll(() => rowB.getByTestId('box-status').textContent()).toBe('Verificada sin errores');
    const rowA = rowOf(page, 'order-boxes', MOV_A);
    expect(await rowA.getByTestId('box-status').textContent()).toBe('Verificada sin errores');
    expect(await rowA.getByTestId('box-link').getAttribute('href')).toBe(`/movements/exit/order/${moveId}/box/${moveA}/detail`);
    expect(await rowB.getByTestId('box-real').textContent()).toBe('3');
    expect(await rowB.getByTestId('box-percent').textContent()).toBe('100%');
    expect(await rowB.getByTestId('box-references').textContent()).toBe('2');
    expect(await rowB.getByTestId('box-verifications-link').getAttribute('href')).toBe(
      `/movements/exit/order/${moveId}/box/${moveB}/verifications`,
    );
    // Movements have no delete per box.
    expect(await page.getByTestId('box-delete').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Hora de salida' }).count()).toBe(1);
    await screenshot(page, 'order-pages-exit-boxes-es');
    await rowB.getByTestId('box-link').click();

    // The other side: box B arrived with a tag missing.
    await expectMovementBoxB(page, 'exit', {
      status: 'Verificada sin errores',
      other: 'Verificada con errores',
      real: '3',
      expected: '3',
    });
    await poll(() => page.getByTestId('box-lines').getByTestId('paged-row').count()).toBe(2);
    await screenshot(page, 'order-pages-exit-box-es');
    await context.close();
  });

  it('es and en: the box stickers of the movement download as a PDF with one page per box', async () => {
    for (const language of ['es', 'en'] as const) {
      const { page, context } = await openPage(browser(), { at: center, language });
      await page.goto(`/movements/exit/order/${moveId}/boxes`);
      await poll(() => page.getByTestId('order-boxes').getByTestId('paged-row').count()).toBe(2);
      const download = page.waitForEvent('download');
      await page.getByTestId('order-stickers').click();
      const dialog = page.getByTestId('stickers-dialog');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Stickers-.+-\d+\.pdf$/);
      await poll(() => dialog.getByTestId('job-done').textContent()).toBe(
        `${language === 'es' ? 'Guardado' : 'Saved'} ${file.suggestedFilename()}`,
      );
      const pdf = await PDFDocument.load(await readFile((await file.path()) as string));
      expect(pdf.getPageCount()).toBe(2);
      expect(pdf.getSubject()).toBe([MOV_A, MOV_B].sort().join(' '));
      await screenshot(page, `order-pages-stickers-${language}`);
      await dialog.getByTestId('job-close').click();
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    }
  });

  it('es: the movement from the entry side: verified with errors, box B with a tag missing, the GTIN at 50 %', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/movements/entry/order/${moveId}/detail`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    await poll(() => page.getByTestId('order-items').textContent()).toBe('4 / 5');
    const line2 = page.getByTestId('order-lines').getByTestId('paged-row').filter({ hasText: g2 });
    await poll(() => line2.getByTestId('line-real').textContent()).toBe('1');
    expect(await line2.getByTestId('line-expected').textContent()).toBe('2');
    expect(await line2.getByTestId('percent-bar').textContent()).toBe('50%');
    await screenshot(page, 'order-pages-entry-detail-es');

    await page.getByTestId('order-boxes-link').click();
    await page.waitForURL(`**/movements/entry/order/${moveId}/boxes`);
    const rowA = rowOf(page, 'order-boxes', MOV_A);
    const rowB = rowOf(page, 'order-boxes', MOV_B);
    await poll(() => rowB.getByTestId('box-status').textContent()).toBe('Verificada con errores');
    expect(await rowA.getByTestId('box-status').textContent()).toBe('Verificada sin errores');
    expect(await rowB.getByTestId('box-expected').textContent()).toBe('3');
    expect(await rowB.getByTestId('box-real').textContent()).toBe('2');
    expect(await rowB.getByTestId('box-percent').textContent()).toBe('66%');
    expect(await rowB.getByTestId('box-verifications-link').textContent()).toBe('1');
    expect(await rowB.getByTestId('box-verifications-link').getAttribute('href')).toBe(
      `/movements/entry/order/${moveId}/box/${moveB}/verifications`,
    );
    // The spec's entry columns, in its order.
    const headers = await page.getByTestId('order-boxes').locator('thead th').allTextContents();
    expect(headers).toEqual([
      'Estado',
      'Código de barras',
      'Hora de llegada',
      'Esperados',
      'Reales',
      'Referencias',
      'Verificaciones',
      'Completado',
    ]);
    await tableFits(page, 'order-boxes');
    await screenshot(page, 'order-pages-entry-boxes-es');
    await rowB.getByTestId('box-link').click();

    await expectMovementBoxB(page, 'entry', {
      status: 'Verificada con errores',
      other: 'Verificada sin errores',
      real: '2',
      expected: '3',
    });
    expect(await page.getByTestId('box-percent').textContent()).toBe('66%');
    const boxLine2 = page.getByTestId('box-lines').getByTestId('paged-row').filter({ hasText: g2 });
    await poll(() => boxLine2.getByTestId('line-real').textContent()).toBe('1');
    await screenshot(page, 'order-pages-entry-box-es');
    await boxLine2.getByTestId('line-gtin').click();

    await page.waitForURL(`**/movements/entry/order/${moveId}/gtin/${itemType2}/detail`);
    await poll(() => page.getByTestId('gtin-value').textContent()).toBe(g2);
    expect(await page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    expect(await page.getByTestId('gtin-route').textContent()).toBe(`${center.description} → ${store.description}`);
    expect(await page.getByTestId('gtin-expected').textContent()).toBe('2');
    expect(await page.getByTestId('gtin-real').textContent()).toBe('1');
    expect(await page.getByTestId('gtin-percent').textContent()).toBe('50%');
    await page.getByTestId('gtin-card').waitFor();
    await screenshot(page, 'order-pages-entry-gtin-es');
    // The same GTIN seen from the exit side left complete.
    await page.goto(`/movements/exit/order/${moveId}/gtin/${itemType2}/detail`);
    await poll(() => page.getByTestId('gtin-real').textContent()).toBe('2');
    expect(await page.getByTestId('order-status').textContent()).toBe('Verificado sin errores');
    expect(await page.getByTestId('gtin-percent').textContent()).toBe('100%');
    await context.close();
  });

  it('a side other than exit or entry is the not-found page', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/movements/sideways/order/${moveId}/detail`);
    await poll(() => page.getByText('Algo salió mal').count()).toBe(1);
    expect(await page.getByTestId('order-header').count()).toBe(0);
    await context.close();
  });

  it('en: the online boxes, the movement entry boxes, a box and a GTIN in English', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto(`/online/order/${onlineId}/boxes/`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Checking');
    const rowA = rowOf(page, 'order-boxes', ONL_A);
    await poll(() => rowA.getByTestId('box-status').textContent()).toBe('Checked with errors');
    expect(await rowOf(page, 'order-boxes', ONL_B).getByTestId('box-status').textContent()).toBe('Unchecked');
    expect(await page.getByRole('heading', { name: `Boxes of order ${onlineId}` }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Online reading' }).count()).toBe(1);
    await screenshot(page, 'order-pages-online-boxes-en');

    await page.goto(`/online/order/${onlineId}/box/${onlineA}/detail`);
    await poll(() => page.getByTestId('box-online').textContent()).toBe('0%');
    expect(await page.getByText('Online reading').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'order-pages-online-box-en');

    await page.goto(`/movements/entry/order/${moveId}/boxes`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Checked with errors');
    await poll(() => rowOf(page, 'order-boxes', MOV_B).getByTestId('box-status').textContent()).toBe('Checked with errors');
    expect(await page.getByRole('columnheader', { name: 'Arrival time' }).count()).toBe(1);
    await screenshot(page, 'order-pages-entry-boxes-en');

    await page.goto(`/movements/entry/order/${moveId}/detail`);
    await poll(() => page.getByTestId('order-lines').getByTestId('paged-row').count()).toBe(2);
    expect(await page.getByRole('heading', { name: `Order ${moveId}` }).count()).toBe(1);
    expect(await page.getByText('Movement · entry · item lines per GTIN').count()).toBe(1);
    await screenshot(page, 'order-pages-entry-detail-en');

    await page.goto(`/movements/exit/order/${moveId}/gtin/${itemType1}/detail`);
    await poll(() => page.getByTestId('gtin-value').textContent()).toBe(g1);
    expect(await page.getByTestId('order-status').textContent()).toBe('Checked without errors');
    expect(await page.getByText('Origin → destination').count()).toBe(1);
    await screenshot(page, 'order-pages-exit-gtin-en');
    await context.close();
  });

  it('390 px: cards with infinite scroll, nothing wider than the phone', async () => {
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE });
    await page.goto(`/online/order/${onlineId}/boxes/`);
    const cards = page.getByTestId('order-boxes-cards').getByTestId('paged-card');
    await poll(() => cards.count()).toBe(2);
    await poll(() => cards.filter({ hasText: ONL_A }).getByTestId('box-online').textContent()).toBe('0%');
    await phoneShot(page, 'order-pages-online-boxes-mobile');

    await page.goto(`/online/order/${onlineId}/detail`);
    await poll(() => page.getByTestId('order-lines-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'order-pages-online-detail-mobile');

    await page.goto(`/online/order/${onlineId}/box/${onlineA}/detail`);
    await poll(() => page.getByTestId('box-lines-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'order-pages-online-box-mobile');

    await page.goto(`/movements/entry/order/${moveId}/boxes`);
    await poll(() => page.getByTestId('order-boxes-cards').getByTestId('paged-card').count()).toBe(2);
    await poll(() =>
      page.getByTestId('order-boxes-cards').getByTestId('paged-card').filter({ hasText: MOV_B }).textContent(),
    ).toContain('Verificada con errores');
    await phoneShot(page, 'order-pages-entry-boxes-mobile');

    await page.goto(`/movements/exit/order/${moveId}/detail`);
    await poll(() => page.getByTestId('order-lines-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'order-pages-exit-detail-mobile');

    await page.goto(`/movements/entry/order/${moveId}/gtin/${itemType2}/detail`);
    await page.getByTestId('gtin-card').waitFor();
    await phoneShot(page, 'order-pages-entry-gtin-mobile');
    await context.close();
  });

  it("a visualizer of the store sees the movement's entry side but not the center's online order", async () => {
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local' });
    await page.goto(`/movements/entry/order/${moveId}/boxes`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    await poll(() => rowOf(page, 'order-boxes', MOV_B).getByTestId('box-status').textContent()).toBe('Verificada con errores');
    // Stickers are printing (roles 1 to 4).
    expect(await page.getByTestId('order-stickers').count()).toBe(0);
    await page.goto(`/movements/entry/order/${moveId}/box/${moveB}/detail`);
    await poll(() => page.getByTestId('box-real').textContent()).toBe('2');

    await page.goto(`/online/order/${onlineId}/detail`);
    await poll(() => page.getByTestId('order-header-error').textContent()).toBe('No encontrado');
    expect(await page.getByText(g1).count()).toBe(0);
    await page.goto(`/online/order/${onlineId}/boxes/`);
    await poll(() => page.getByTestId('order-header-error').textContent()).toBe('No encontrado');
    await poll(() => page.getByTestId('paged-empty').count()).toBe(1);
    expect(await page.getByText(ONL_A).count()).toBe(0);
    await page.goto(`/online/order/${onlineId}/box/${onlineA}/detail`);
    await poll(() => page.getByTestId('box-error').textContent()).toBe('No encontrado');
    await page.goto(`/online/order/${onlineId}/gtin/${itemType1}/detail`);
    await poll(() => page.getByTestId('gtin-error').textContent()).toBe('No encontrado');
    await screenshot(page, 'order-pages-viewer-not-found');
    await context.close();
  });

  it('role 4 (printer operator) sees the online boxes without a delete icon', async () => {
    const { page, context } = await openPage(browser(), { at: center, email: 'printer@demo.local' });
    await page.goto(`/online/order/${onlineId}/boxes/`);
    await poll(() => page.getByTestId('order-boxes').getByTestId('paged-row').count()).toBe(2);
    expect(await page.getByTestId('box-delete').count()).toBe(0);
    await context.close();
  });

  it('deleting the verified online box is refused in red; the unread one is deleted in green', async () => {
    const { page: enPage, context: enContext } = await openPage(browser(), { at: center, language: 'en' });
    await enPage.goto(`/online/order/${onlineId}/boxes/`);
    const enRowA = rowOf(enPage, 'order-boxes', ONL_A);
    await poll(() => enRowA.getByTestId('box-status').textContent()).toBe('Checked with errors');
    await enRowA.getByTestId('box-delete').click();
    await enPage.getByTestId('confirm-yes').click();
    const enNotice = enPage.getByTestId('notifier');
    await poll(() => enNotice.textContent()).toBe('Cannot delete the box. It has been verified.');
    expect(await enNotice.getAttribute('class')).toContain('Error');
    await enContext.close();

    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/online/order/${onlineId}/boxes/`);
    const rows = page.getByTestId('order-boxes').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(2);
    // No keeps the box.
    await rowOf(page, 'order-boxes', ONL_B).getByTestId('box-delete').click();
    await page.getByTestId('confirm-no').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(2);

    await rowOf(page, 'order-boxes', ONL_A).getByTestId('box-delete').click();
    await page.getByTestId('confirm-yes').click();
    const notice = page.getByTestId('notifier');
    await poll(() => notice.textContent()).toBe('No se puede borrar la caja: ya ha sido verificada.');
    expect(await notice.getAttribute('class')).toContain('Error');
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'order-pages-online-delete-refused-es');
    expect(await rows.count()).toBe(2);

    await rowOf(page, 'order-boxes', ONL_B).getByTestId('box-delete').click();
    await page.getByTestId('confirm-yes').click();
    await poll(() => notice.textContent()).toBe('Caja borrada correctamente');
    expect(await notice.getAttribute('class')).toContain('Success');
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await poll(() => rows.count()).toBe(1);
    // The header follows: one box, verified with errors; the order is verified (with errors) now.
    await poll(() => page.getByTestId('order-boxes').first().textContent()).toBe('1 / 1');
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Verificado con errores');
    await screenshot(page, 'order-pages-online-delete-done-es');
    expect((await api('GET', `/orders/${onlineId}/boxes/${onlineB}/`)).status).toBe(404);
    expect((await api('GET', `/orders/${onlineId}/boxes/${onlineA}/`)).status).toBe(200);
    await context.close();
  });
});
