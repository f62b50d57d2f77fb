import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterSimulator } from '../../tools/printer-simulator/src/printer-simulator';
import { fitsPhone, MOBILE, openPage, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { dateTimeText, typeDate } from '../support/date-field';
import { type Api, boxPlan, createPurchaseOrder, sgtin96, withCheckDigit } from '../support/journey-api';
import { inboundOrderRows } from '../support/order-lists';
import { demoWorldWithPrinter } from '../support/printers';
import { macOf } from '../support/readers';

/**
 * Printing (spec section 2 "Printing"): a manual print order with a GS1-128 scan and an unknown GTIN created through
 * 'Create', an order from a CSV, a range printed on the printer simulator with its progress watched, a job canceled
 * part way, the print detail and contents, the impressions download, the printer upload, the 4-step print wizard
 * from a purchase order's detail, and two orders ticked on the inbound dashboard printed in one print order. The printer is tools/printer-simulator on a free port, added as a printer of CD-MAD.
 * In Spanish and English, on a desktop and at 390 px.
 */

const RUN = Date.now() % 1_000_000;
const NAME = `PRN-E2E-${RUN}`;

type Order = { id: number; name: string; state: string; progress: number; total_quantity: number; from_label: number };
type Tag = { label_number: number; gtin: string; item: { epc: string; serial_number: string }; printed_at: string | null };

/** Picks an option of an MUI select (a combobox with its label). */
const choose = async (page: Page, label: string | RegExp, option: string | RegExp) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
};

/** The tag type and format of the demo hang tag. */
const chooseHangTag = async (page: Page, language: 'es' | 'en' = 'es') => {
  await choose(page, language === 'es' ? /Tipo de etiqueta/ : /Tag type/, /colgante 96 bits/);
  await choose(page, language === 'es' ? /Formato de etiqueta/ : /Tag format/, /Etiqueta colgante/);
};

describe('printing journey: orders by hand and from CSV, printing to the simulator, cancel, detail, downloads, upload', () => {
  const browser = useBrowser();
  let api: Api;
  let simulator: PrinterSimulator;
  let printer = { id: 0, description: '' };
  let center = { id: 0, description: '' };
  let gtins: string[] = [];
  let providerId = 0;
  let formatId = 0;

  const orderNamed = async (name: string): Promise<Order> => {
    const list = await api<{ results: Order[] }>('GET', `/printer/print_orders/?name__icontains=${encodeURIComponent(name)}`);
    const order = list.json.results.find((o) => o.name === name);
    if (!order) throw new Error(`no print order ${name}`);
    return order;
  };
  const labelsOf = async (id: number) =>
    (await api<{ results: Tag[] }>('GET', `/printer/print_orders/${id}/items/?limit=1000`)).json.results;
  const createOrder = async (name: string, rows: [string, number][]) => {
    const r = await api<Order>('POST', '/printer/print_orders/', {
      tag_company_format: formatId,
      name,
      items: rows.map(([gtin, quantity]) => ({ gtin, quantity })),
    });
    expect(r.status).toBe(201);
    return r.json;
  };
  /** The row (or phone card) of a print order in the list. */
  /** The printer simulator afresh, and the inbound dashboard filtered by an order code, showing `count` orders. */
  const openInboundOrders = async (code: string, count: number, language: 'es' | 'en' = 'es') => {
    simulator.reset();
    simulator.setMode({ printMs: 20 });
    const opened = await openPage(browser(), { at: center, language });
    const rows = await inboundOrderRows(opened.page, code, count);
    return { ...opened, rows };
  };
  const orderRow = (page: Page, name: string): Locator => rowOf(page.getByTestId('print-orders'), name);

  beforeAll(async () => {
    const world = await demoWorldWithPrinter(6, { printMs: 120, description: `Simulador E2E ${RUN}`, mac: macOf(RUN, 0x91) });
    ({ api, center, gtins, simulator, printer, formatId } = world);
    providerId = world.provider.id;
  });
  afterAll(async () => {
    await simulator?.close();
  });

  it('es: a manual order — a GTIN searched, a GS1-128 and a Digital Link scan, an unknown GTIN refused then created through Create', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/bionix-printer/orders/add-manual');
    await page.getByTestId('manual-submit').click();
    await poll(() => page.getByText('Seleccione un tipo de etiqueta').count()).toBe(1);
    await chooseHangTag(page);
    await page.getByTestId('manual-name').fill(`${NAME}-manual`);
    // Row 1: searched from 8 digits on and picked.
    await page.getByTestId('manual-gtin-0').fill((gtins[0] as string).slice(0, 10));
    await page
      .getByTestId('gtin-option')
      .filter({ hasText: gtins[0] as string })
      .click();
    await page.getByTestId('manual-quantity-0').fill('2');
    // Row 2: a GS1-128 scan (bracketed, with a serial and a lot): the 14 digits after AI 01.
    await page.getByTestId('manual-scan').click();
    await poll(() => page.getByTestId('scanner-ready').count()).toBe(1);
    await page.keyboard.type(`(01)${gtins[1]}(21)SN${RUN}(10)LOTE7`);
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('manual-gtin-1').inputValue()).toBe(gtins[1]);
    await page.getByTestId('manual-quantity-1').fill('3');
    // A GS1 Digital Link scan (a QR code's URI: any resolver host, a path prefix, a query) fills a third row; the raw
    // GS1-128 form is read the same way (packages/epc element-string tests).
    await page.getByTestId('manual-scan').click();
    await page.keyboard.type(`https://qr.example.com/moda/01/${gtins[2]}/21/SN${RUN}?linkType=gs1:pip`);
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('manual-gtin-2').inputValue()).toBe(gtins[2]);
    // A scan that is no GS1 code leaves a note (issue 16: the note must go once the order is created).
    await page.getByTestId('manual-scan').click();
    await page.keyboard.type('SIN-GTIN-7');
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('scan-error').textContent()).toContain('no es un código GS1 con GTIN');
    // Row 4: a GTIN the catalog does not have, typed without picking: the order is refused and the row flagged.
    const unknown = withCheckDigit(`8437099${String(RUN).padStart(6, '0')}`.slice(0, 13));
    await page.getByTestId('manual-add-row').click();
    await page.getByTestId('manual-gtin-3').fill(unknown);
    await page.getByTestId('manual-submit').click();
    await poll(() => page.getByTestId('form-alert-error').textContent()).toContain(
      'No se ha podido crear la orden. Uno de los artículos no existe.',
    );
    await poll(() => page.getByText('Este artículo no existe').count()).toBe(1);
    await screenshot(page, 'printing-manual-missing-es');
    // 'Create' opens the add-GTIN dialog with the typed GTIN; once created the row takes it.
    await page.getByTestId('manual-gtin-3').fill(unknown.slice(0, 13));
    await page.getByTestId('manual-gtin-3').fill(unknown);
    await page.getByTestId('gtin-option-create').click();
    await page.getByTestId('add-gtin-dialog').waitFor();
    expect(await page.getByTestId('add-gtin-gtin').inputValue()).toBe(unknown);
    await page.getByTestId('add-gtin-description').fill(`Bufanda E2E ${RUN}`);
    await page.getByTestId('add-gtin-price').fill('12,50');
    await page.getByTestId('add-gtin-submit').click();
    await page.getByTestId('add-gtin-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('manual-quantity-3').fill('1');
    await screenshot(page, 'printing-manual-es');
    await page.getByTestId('manual-submit').click();
    await poll(() => page.getByTestId('form-alert-success').textContent()).toMatch(/Orden de impresión \d+ añadida/);
    const order = await orderNamed(`${NAME}-manual`);
    expect(order).toMatchObject({ state: 'PENDING', total_quantity: 7 });
    const contents = await api<{ results: { gtin: string; quantity: number }[] }>(
      'GET',
      `/printer/print_orders/${order.id}/print_contents/`,
    );
    expect(contents.json.results.map((c) => [c.gtin, c.quantity])).toEqual([
      [gtins[0], 2],
      [gtins[1], 3],
      [gtins[2], 1],
      [unknown.padStart(14, '0'), 1],
    ]);
    // The form starts again, with no scan note left from the order just created.
    expect(await page.getByTestId('manual-row').count()).toBe(1);
    expect(await page.getByTestId('scan-error').count()).toBe(0);
    await context.close();
  });

  it('en: an order from a CSV — the file is required, then created from gtin;quantity lines', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto('/bionix-printer/orders/add');
    await chooseHangTag(page, 'en');
    await page.getByTestId('csv-submit').click();
    await poll(() => page.getByTestId('csv-file-error').textContent()).toBe('Select a file');
    await page.getByTestId('csv-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByTestId('csv-submit').click();
    await poll(() => page.getByTestId('csv-file-error').textContent()).toBe('Only .csv files can be uploaded');
    const csv = `gtin;quantity\n${gtins[3]};4\n${gtins[4]};2\n${gtins[3]};1\n`;
    await page.getByTestId('csv-file').setInputFiles({ name: `${NAME}-csv.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await poll(() => page.getByTestId('csv-file-name').textContent()).toBe(`${NAME}-csv.csv`);
    await screenshot(page, 'printing-csv-en');
    await page.getByTestId('csv-submit').click();
    await poll(() => page.getByTestId('form-alert-success').textContent()).toMatch(/Print order \d+ added/);
    const order = await orderNamed(`${NAME}-csv`);
    expect(order).toMatchObject({ total_quantity: 7, state: 'PENDING' });
    await page.getByTestId('created-order-link').click();
    await page.waitForURL(`**/print/${order.id}/contents`);
    const rows = page.getByTestId('print-contents').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(2);
    expect(await rows.getByTestId('content-quantity').allTextContents()).toEqual(['5', '2']);
    await screenshot(page, 'printing-contents-en');
    await context.close();
  });

  it('es: prints labels 2 to 6 on the simulator, the progress rises live, then the detail shows the printed EPCs', async () => {
    const order = await createOrder(`${NAME}-range`, [
      [gtins[0] as string, 4],
      [gtins[1] as string, 4],
    ]);
    simulator.reset();
    simulator.setMode({ printMs: 400 });
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/bionix-printer/orders');
    const row = orderRow(page, `${NAME}-range`);
    await poll(() => row.count()).toBe(1);
    await row.getByTestId('print-order-print').click();
    const dialog = page.getByTestId('print-dialog');
    // Print stays disabled until a printer is chosen; the range fields only with the range option.
    expect(await dialog.getByTestId('print-submit').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('range-from').isDisabled()).toBe(true);
    await choose(page, /Impresora/, new RegExp(`Simulador E2E ${RUN}`));
    await dialog.getByTestId('range-range').check();
    await dialog.getByTestId('range-from').fill('0');
    await dialog.getByTestId('range-to').fill('9');
    await poll(() => dialog.getByText('Mínimo 1').count()).toBe(1);
    expect(await dialog.getByText('Máximo 8').count()).toBe(1);
    expect(await dialog.getByTestId('print-submit').isDisabled()).toBe(true);
    await dialog.getByTestId('range-from').fill('2');
    await dialog.getByTestId('range-to').fill('6');
    await screenshot(page, 'printing-dialog-es');
    await dialog.getByTestId('print-submit').click();
    // Before printing, the printer is verified.
    await poll(() => page.getByTestId('verify-printer-text').textContent()).toContain(`Simulador E2E ${RUN}`);
    expect(await page.getByTestId('verify-printer-text').textContent()).toContain(`127.0.0.1:${simulator.port}`);
    await page.getByTestId('verify-yes').click();
    await poll(() => row.getByTestId('print-order-state').getAttribute('data-state')).toBe('WORKING');
    // Watched part way, then done.
    await poll(async () =>
      Number(((await row.getByTestId('print-progress-count').textContent()) ?? '0').split('/')[0]),
    ).toBeGreaterThan(0);
    const midway = Number(((await row.getByTestId('print-progress-count').textContent()) ?? '0').split('/')[0]);
    expect(midway).toBeLessThan(5);
    await screenshot(page, 'printing-progress-es');
    await poll(() => row.getByTestId('print-order-state').getAttribute('data-state'), { timeout: 30_000 }).toBe('PARTIAL');
    expect(await row.getByTestId('print-progress-count').textContent()).toBe('5 / 8');
    const labels = await labelsOf(order.id);
    const printed = labels.filter((l) => l.printed_at).map((l) => l.label_number);
    expect(printed).toEqual([2, 3, 4, 5, 6]);
    // The simulator got exactly those labels, each writing its own SGTIN-96.
    expect(simulator.labels.map((l) => l.epc)).toEqual(labels.slice(1, 6).map((l) => l.item.epc));
    // Each encode verified (~RVE asked, every printed EPC encoded once, none VOID).
    expect(simulator.commands).toContain('~RVE');
    expect(simulator.encoded).toEqual(labels.slice(1, 6).map((l) => l.item.epc));
    expect(simulator.voids).toHaveLength(0);
    expect(labels.map((l) => l.item.epc)).toEqual(labels.map((l) => sgtin96(l.gtin, Number(l.item.serial_number))));
    expect(simulator.labels[0]?.fields).toContain(`(01)${labels[1]?.gtin}(21)${labels[1]?.item.serial_number}`);
    // The print detail: id, EPC, GTIN and serial number, 10 per page, and Go back to the list.
    await row.getByTestId('print-order-link').click();
    await page.waitForURL(`**/print/${order.id}/detail`);
    const tags = page.getByTestId('print-tags').getByTestId('paged-row');
    await poll(() => tags.count()).toBe(8);
    expect(await tags.getByTestId('tag-epc').allTextContents()).toEqual(labels.map((l) => l.item.epc));
    expect(await tags.nth(0).getByTestId('tag-printed').textContent()).toBe('Sin imprimir');
    await screenshot(page, 'printing-detail-es');
    await page.getByTestId('go-back').click();
    await page.waitForURL('**/bionix-printer/orders');
    await context.close();
  });

  it('es and en, at 390 px too: a label whose encode failed is void in the detail, never shown as printed', async () => {
    const order = await createOrder(`${NAME}-void`, [[gtins[2] as string, 3]]);
    simulator.reset();
    // The printer cannot write the second label's tag: it prints VOID over it and reports the failure (~RV).
    simulator.setMode({ printMs: 20, failFormats: [simulator.received() + 2] });
    const started = await api<Order>('POST', '/printer/print/', { print_order: order.id, printer: printer.id });
    expect(started.status).toBe(202);
    await poll(async () => (await orderNamed(`${NAME}-void`)).state, { timeout: 30_000 }).toBe('PRINTED');
    const labels = await labelsOf(order.id);
    const failed = labels[1] as Tag;
    expect(simulator.encoded).toEqual([labels[0]?.item.epc, labels[2]?.item.epc]);
    simulator.setMode({ failFormats: [] });

    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/bionix-printer/print/${order.id}/detail`);
    const tags = page.getByTestId('print-tags').getByTestId('paged-row');
    await poll(() => tags.count()).toBe(3);
    await poll(() => tags.nth(1).getByTestId('tag-printed').getAttribute('data-void')).toBe('encode_failed');
    expect(await tags.nth(1).getByTestId('tag-printed').textContent()).toBe('Anulada (fallo de codificación)');
    expect(await tags.nth(1).getByTestId('tag-epc').textContent()).toBe(failed.item.epc);
    expect(await tags.nth(0).getByTestId('tag-printed').getAttribute('data-void')).toBeNull();
    expect(await page.getByTestId('print-header-voided').textContent()).toContain('1 etiqueta anulada');
    await screenshot(page, 'printing-detail-void-es');
    await context.close();

    const mobile = await openPage(browser(), { at: center, language: 'en', viewport: MOBILE });
    await mobile.page.goto(`/bionix-printer/print/${order.id}/detail`);
    // At 390 px the rows are cards (the labels' own, below the voided labels section).
    const card = mobile.page.getByTestId('print-tags-cards').getByTestId('paged-card').nth(1);
    await poll(() => card.getByTestId('tag-printed').textContent()).toBe('Void (encode failed)');
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(mobile.page, 'printing-detail-void-en-mobile');
    await mobile.context.close();
  });

  let cancelAttempt: { order: Order; context: BrowserContext } | undefined;
  // Retried once: this journey failed twice in loaded CI runs with the open dialog gone from the page before Yes
  // (never reproduced here, even under CPU load); the diagnostics below say what the page was showing if it recurs.
  it('es: cancels a job part way: the confirmation, the job stops between labels, what printed is recorded', {
    retry: 1,
  }, async () => {
    if (cancelAttempt) {
      // A retry: the failed attempt's job must not keep the printer busy.
      await cancelAttempt.context.close();
      await api('PUT', `/printer/print_orders/${cancelAttempt.order.id}/`, { canceled: true });
      const id = cancelAttempt.order.id;
      await poll(async () => (await api<Order>('GET', `/printer/print_orders/${id}/`)).json.state).not.toBe('WORKING');
    }
    const order = await createOrder(`${NAME}-cancel-${Date.now()}`, [[gtins[2] as string, 60]]);
    simulator.reset();
    simulator.setMode({ printMs: 300 });
    const started = await api<Order>('POST', '/printer/print/', { print_order: order.id, printer: printer.id });
    expect(started.status).toBe(202);
    const { page, context } = await openPage(browser(), { at: center });
    cancelAttempt = { order, context };
    await page.goto('/bionix-printer/orders');
    const events: string[] = [];
    page.on('crash', () => events.push('page crashed'));
    page.on('framenavigated', (frame) => events.push(`navigated to ${frame.url()}`));
    page.on('pageerror', (error) => events.push(`page error: ${error.message}`));
    const row = orderRow(page, order.name);
    await poll(() => row.getByTestId('print-order-cancel').count()).toBe(1);
    await poll(() => simulator.labels.length).toBeGreaterThanOrEqual(2);
    await row.getByTestId('print-order-cancel').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.textContent()).toContain('¿Está seguro de cancelar la impresión ?');
    const yes = confirm.getByTestId('confirm-yes');
    await yes.waitFor({ timeout: 10_000 }).catch(() => {
      throw new Error(`the confirmation is gone before Yes (at ${page.url()}): ${events.join('; ') || 'no page event'}`);
    });
    await yes.click();
    await poll(() => row.getByTestId('print-order-state').getAttribute('data-state')).toBe('PARTIAL');
    await poll(() => row.getByTestId('print-order-print').count()).toBe(1);
    await screenshot(page, 'printing-canceled-es');
    // The cancel answers once the label on the printer has ended, so what it recorded is final.
    const after = (await api<Order>('GET', `/printer/print_orders/${order.id}/`)).json;
    expect(after.progress).toBeLessThan(60);
    expect(simulator.labels).toHaveLength(after.progress);
    expect(after.from_label).toBe(after.progress + 1);
    await context.close();
  });

  it('es: a late cancel, while the last label prints, ends PRINTED (all printed), not partial with a Print button', async () => {
    const order = await createOrder(`${NAME}-late-${Date.now()}`, [[gtins[2] as string, 3]]);
    simulator.reset();
    simulator.setMode({ printMs: 2_000 });
    const receivedBefore = simulator.received();
    const started = await api<Order>('POST', '/printer/print/', { print_order: order.id, printer: printer.id });
    expect(started.status).toBe(202);
    // Labels 1 and 2 printed, label 3 on the printer: the cancel comes now (by the API, so a slow page cannot miss
    // the moment; the page's own Cancel is the journey above).
    await poll(() => simulator.received() - receivedBefore, { timeout: 15_000 }).toBe(3);
    expect(simulator.labels.length).toBeLessThan(3);
    const canceled = await api<Order>('PUT', `/printer/print_orders/${order.id}/`, { canceled: true });
    expect(canceled.json).toMatchObject({ state: 'PRINTED', progress: 3, canceled: true });
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/bionix-printer/orders');
    const row = orderRow(page, order.name);
    await poll(() => row.getByTestId('print-order-state').getAttribute('data-state')).toBe('PRINTED');
    expect(await row.getByTestId('print-order-state').textContent()).toContain('Impresa');
    expect(await row.getByTestId('print-order-cancel').count()).toBe(0);
    await screenshot(page, 'printing-late-cancel-es');
    expect(simulator.labels).toHaveLength(3);
    await context.close();
  });

  it('en: downloads the impressions of a range: both dates required, the CSV lists the labels printed', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto('/bionix-printer/impresions');
    await typeDate(page.getByTestId('impressions-from'), '');
    await typeDate(page.getByTestId('impressions-to'), '');
    await page.getByTestId('impressions-download').click();
    await poll(() => page.getByText('The FROM date is required').count()).toBe(1);
    expect(await page.getByText('The TO date is required').count()).toBe(1);
    const now = new Date();
    await typeDate(page.getByTestId('impressions-from'), dateTimeText(new Date(now.getTime() - 3_600_000)));
    await typeDate(page.getByTestId('impressions-to'), dateTimeText(new Date(now.getTime() + 60_000)));
    const download = page.waitForEvent('download');
    await page.getByTestId('impressions-download').click();
    const file = await download;
    await poll(() => page.getByTestId('download-done').count()).toBe(1);
    await screenshot(page, 'printing-impressions-en');
    const text = await readFile((await file.path()) as string, 'utf8');
    const range = await labelsOf((await orderNamed(`${NAME}-range`)).id);
    for (const label of range.filter((l) => l.printed_at)) expect(text).toContain(label.item.epc);
    // A file for people in English (docs/exports.md): a byte-order mark, English headers, `,` between cells.
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split(/\r?\n/)[0]).toBe('Printed at,Print order,Name,Label,GTIN,Serial number,EPC,Printer,Printer MAC');
    await context.close();
  });

  it('es: the printer upload prints a .csv on that printer and goes back to the printers list 8 s later', async () => {
    simulator.reset();
    simulator.setMode({ printMs: 20 });
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/bionix-printer/${printer.id}/upload`);
    await poll(() => page.getByText(`127.0.0.1:${simulator.port}`).count()).toBe(1);
    await page.getByTestId('upload-submit').click();
    await poll(() => page.getByTestId('upload-file-error').textContent()).toBe('Por favor seleccione un archivo');
    await page
      .getByTestId('upload-file')
      .setInputFiles({ name: `${NAME}-subida.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${gtins[5]};3\n`) });
    await page.getByTestId('upload-submit').click();
    await poll(() => page.getByTestId('form-alert-success').textContent()).toMatch(
      /Archivo subido: orden \d+ imprimiéndose \(3 etiquetas\)/,
    );
    await poll(() => page.getByTestId('upload-redirect').count()).toBe(1);
    await screenshot(page, 'printing-upload-es');
    await simulator.waitForLabels(3);
    const startedAt = Date.now();
    await page.waitForURL('**/bionix-printer/all', { timeout: 15_000 });
    expect(Date.now() - startedAt).toBeGreaterThan(5_000);
    await context.close();
  });

  it('es: the 4-step wizard of a purchase order detail prints the ticked lines with their edited quantities', async () => {
    const code = `PRN-PO-${RUN}`;
    const { orderId } = await createPurchaseOrder(api, {
      code,
      destinationId: center.id,
      providerId,
      boxes: [boxPlan(`${code}-B`, [gtins[0] as string, 3], [gtins[1] as string, 2])],
    });
    simulator.reset();
    simulator.setMode({ printMs: 20 });
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/inbound/order/${orderId}/detail`);
    const ticks = page.getByTestId('line-tick');
    await poll(() => ticks.count()).toBe(2);
    expect(await page.getByTestId('print-lines').isDisabled()).toBe(true);
    await ticks.nth(0).locator('input').check();
    await ticks.nth(1).locator('input').check();
    await page.getByTestId('print-lines').click();
    const wizard = page.getByTestId('print-wizard');
    await poll(() => wizard.getByTestId('wizard-record').count()).toBe(2);
    expect(await wizard.getByTestId('wizard-quantity-0').inputValue()).toBe('3');
    await wizard.getByTestId('wizard-quantity-1').fill('1');
    await screenshot(page, 'printing-wizard-records-es');
    await wizard.getByTestId('wizard-next').click();
    expect(await wizard.getByTestId('wizard-next').isDisabled()).toBe(true);
    await choose(page, /Tipo de etiqueta/, /colgante 96 bits/);
    await wizard.getByTestId('wizard-next').click();
    // Back goes back one step and keeps the choice.
    await wizard.getByTestId('wizard-back').click();
    expect(await page.getByRole('combobox', { name: /Tipo de etiqueta/ }).textContent()).toContain('colgante');
    await wizard.getByTestId('wizard-next').click();
    await choose(page, /Formato de etiqueta/, /Etiqueta colgante/);
    await wizard.getByTestId('wizard-next').click();
    expect(await wizard.getByTestId('wizard-next').isDisabled()).toBe(true);
    await wizard.getByTestId('choice-print').check();
    expect(await wizard.getByTestId('wizard-next').isDisabled()).toBe(true);
    await choose(page, /Impresora/, new RegExp(`Simulador E2E ${RUN}`));
    await wizard.getByTestId('range-range').check();
    expect(await wizard.getByTestId('range-from').inputValue()).toBe('1');
    expect(await wizard.getByTestId('range-to').inputValue()).toBe('500');
    await wizard.getByTestId('range-to').fill('501');
    await poll(() => wizard.getByText('Máximo 500').count()).toBe(1);
    await wizard.getByTestId('range-all').check();
    await screenshot(page, 'printing-wizard-print-es');
    await wizard.getByTestId('wizard-next').click();
    await page.getByTestId('verify-yes').click();
    await page.waitForURL('**/bionix-printer/orders');
    const labels = await simulator.waitForLabels(4);
    const order = await orderNamed(`Orden ${orderId}`);
    expect(order.total_quantity).toBe(4);
    expect(labels.map((l) => l.epc)).toEqual((await labelsOf(order.id)).map((l) => l.item.epc));
    await context.close();
  });

  it("es and en: tick for printing — the inbound dashboard prints an order's expected labels, the box page one box's", async () => {
    const code = `PRN-TICK-${RUN}`;
    const { orderId, boxIds } = await createPurchaseOrder(api, {
      code,
      destinationId: center.id,
      providerId,
      boxes: [
        boxPlan(`${code}-A`, [gtins[3] as string, 2], [gtins[4] as string, 1]),
        boxPlan(`${code}-B`, [gtins[3] as string, 1]),
      ],
    });
    const { page, context, rows } = await openInboundOrders(code, 1);
    await rows.first().getByTestId('order-actions').click();
    await page.getByTestId('print-labels').click();
    const dialog = page.getByTestId('print-expected-dialog');
    expect(await dialog.textContent()).toContain(`las etiquetas esperadas de la orden ${code}`);
    // Print stays disabled until a printer is chosen; the printer is verified before anything is created.
    expect(await dialog.getByTestId('print-expected-submit').isDisabled()).toBe(true);
    await choose(page, /Impresora/, new RegExp(`Simulador E2E ${RUN}`));
    await screenshot(page, 'printing-expected-order-es');
    await dialog.getByTestId('print-expected-submit').click();
    await poll(() => page.getByTestId('verify-printer-text').textContent()).toContain(`la orden ${code}`);
    await page.getByTestId('verify-yes').click();
    await poll(() => page.getByTestId('notifier').textContent()).toContain('imprimiendo 4 etiquetas');
    await dialog.waitFor({ state: 'detached' });
    const labels = await simulator.waitForLabels(4);
    const order = await orderNamed(code);
    expect(order.total_quantity).toBe(4);
    expect(labels.map((l) => l.epc)).toEqual((await labelsOf(order.id)).map((l) => l.item.epc));
    await context.close();

    // The box page, in English: only box B's one label.
    simulator.reset();
    const english = await openPage(browser(), { at: center, language: 'en' });
    await english.page.goto(`/inbound/order/${orderId}/box/${boxIds[1]}/detail`);
    await english.page.getByTestId('print-box-labels').click();
    const boxDialog = english.page.getByTestId('print-expected-dialog');
    expect(await boxDialog.textContent()).toContain(`the expected labels of box ${code}-B`);
    await choose(english.page, /Printer/, new RegExp(`Simulador E2E ${RUN}`));
    await boxDialog.getByTestId('print-expected-submit').click();
    await english.page.getByTestId('verify-yes').click();
    await poll(() => english.page.getByTestId('notifier').textContent()).toContain('printing 1 label on');
    await simulator.waitForLabels(1);
    expect((await orderNamed(`${code} · ${code}-B`)).total_quantity).toBe(1);
    await screenshot(english.page, 'printing-expected-box-en');
    await english.context.close();
  });

  /** The texts of the ticked-orders print in each language. */
  const TICKED_TEXTS = {
    es: {
      button: 'Imprimir etiquetas (2 pedidos)',
      tagType: /Tipo de etiqueta/,
      format: /Formato de etiqueta/,
      printer: /Impresora/,
      orders: (codes: string) => `Pedidos: ${codes}`,
      verify: (codes: string) => `las etiquetas esperadas de los pedidos ${codes}`,
    },
    en: {
      button: 'Print labels (2 orders)',
      tagType: /Tag type/,
      format: /format/i,
      printer: /Printer/,
      orders: (codes: string) => `Orders: ${codes}`,
      verify: (codes: string) => `the expected labels of orders ${codes}`,
    },
  };
  /** Two orders ticked on the inbound dashboard and printed through its wizard, in `language`. */
  const printTickedOrders = (language: 'es' | 'en') => async () => {
    const text = TICKED_TEXTS[language];
    const prefix = `PRN-MULTI-${language.toUpperCase()}-${RUN}`;
    const [first, second] = [`${prefix}-1`, `${prefix}-2`];
    const codes = `${first}, ${second}`;
    simulator.reset();
    await createPurchaseOrder(api, {
      code: first,
      destinationId: center.id,
      providerId,
      boxes: [boxPlan(`${first}-A`, [gtins[3] as string, 2], [gtins[4] as string, 1])],
    });
    await createPurchaseOrder(api, {
      code: second,
      destinationId: center.id,
      providerId,
      boxes: [boxPlan(`${second}-A`, [gtins[3] as string, 1]), boxPlan(`${second}-B`, [gtins[5] as string, 2])],
    });
    const { page, context } = await openInboundOrders(prefix, 2, language);
    const button = page.getByTestId('print-ticked-orders');
    expect(await button.isDisabled()).toBe(true);
    await rowOf(page.getByTestId('inbound-orders'), first).getByTestId('order-tick').locator('input').check();
    await rowOf(page.getByTestId('inbound-orders'), second).getByTestId('order-tick').locator('input').check();
    await poll(() => button.textContent()).toBe(text.button);
    await button.click();
    // The dashboard's 3 steps: tag type, format, then order or print.
    const wizard = page.getByTestId('print-wizard');
    await choose(page, text.tagType, /colgante 96 bits/);
    await wizard.getByTestId('wizard-next').click();
    await choose(page, text.format, /Etiqueta colgante/);
    await wizard.getByTestId('wizard-next').click();
    await wizard.getByTestId('choice-print').check();
    expect(await wizard.getByTestId('wizard-orders').textContent()).toBe(text.orders(codes));
    await choose(page, text.printer, new RegExp(`Simulador E2E ${RUN}`));
    await screenshot(page, `printing-ticked-orders-${language}`);
    await wizard.getByTestId('wizard-next').click();
    await poll(() => page.getByTestId('verify-printer-text').textContent()).toContain(text.verify(codes));
    await page.getByTestId('verify-yes').click();
    await page.waitForURL('**/bionix-printer/orders');
    // One print order, named after both codes, with both orders' expected labels summed per GTIN.
    const order = await orderNamed(codes);
    expect(order.total_quantity).toBe(6);
    const contents = await api<{ results: { gtin: string; quantity: number }[] }>(
      'GET',
      `/printer/print_orders/${order.id}/print_contents/`,
    );
    expect(contents.json.results.map((c) => [c.gtin, c.quantity]).sort()).toEqual(
      [
        [gtins[3], 3],
        [gtins[4], 1],
        [gtins[5], 2],
      ].sort(),
    );
    const labels = await simulator.waitForLabels(6);
    expect(labels.map((l) => l.epc)).toEqual((await labelsOf(order.id)).map((l) => l.item.epc));
    await poll(async () => (await api<Order>('GET', `/printer/print_orders/${order.id}/`)).json.state).toBe('PRINTED');
    await context.close();
  };

  it(
    "es: two orders ticked on the inbound dashboard print in ONE print order of both orders' expected labels",
    printTickedOrders('es'),
  );

  it(
    "en: two orders ticked on the inbound dashboard print in ONE print order of both orders' expected labels",
    printTickedOrders('en'),
  );

  it('es: the 3-step dashboard wizard prints a waiting order of the chosen format, or starts a new one with it', async () => {
    simulator.reset();
    simulator.setMode({ printMs: 20 });
    const waiting = await orderNamed(`${NAME}-csv`);
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-print').click();
    const wizard = page.getByTestId('print-wizard');
    await choose(page, /Tipo de etiqueta/, /colgante 96 bits/);
    await wizard.getByTestId('wizard-next').click();
    await choose(page, /Formato de etiqueta/, /Etiqueta colgante/);
    await wizard.getByTestId('wizard-next').click();
    await wizard.getByTestId('choice-print').check();
    await choose(page, /Orden de impresión/, new RegExp(`${waiting.id} · ${NAME}-csv`));
    await choose(page, /Impresora/, new RegExp(`Simulador E2E ${RUN}`));
    await screenshot(page, 'printing-dashboard-wizard-es');
    await wizard.getByTestId('wizard-next').click();
    await page.getByTestId('verify-yes').click();
    await page.waitForURL('**/bionix-printer/orders');
    const labels = await simulator.waitForLabels(7);
    expect(labels.map((l) => l.epc)).toEqual((await labelsOf(waiting.id)).map((l) => l.item.epc));
    await poll(async () => (await api<Order>('GET', `/printer/print_orders/${waiting.id}/`)).json.state).toBe('PRINTED');
    // "Order": the manual order form opens with the tag type and format chosen.
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-print').click();
    await choose(page, /Tipo de etiqueta/, /colgante 96 bits/);
    await wizard.getByTestId('wizard-next').click();
    await choose(page, /Formato de etiqueta/, /Adhesivo/);
    await wizard.getByTestId('wizard-next').click();
    await wizard.getByTestId('choice-order').check();
    await wizard.getByTestId('wizard-next').click();
    await page.waitForURL('**/bionix-printer/orders/add-manual?**');
    await poll(() => page.getByRole('combobox', { name: /Formato de etiqueta/ }).textContent()).toContain('Adhesivo');
    await context.close();
  });

  it('390 px: the list becomes cards, the manual form and the dialog fit the phone', async () => {
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE });
    await page.goto('/bionix-printer/orders');
    const card = rowOf(page.getByTestId('print-orders-cards'), `${NAME}-range`);
    await poll(() => card.count()).toBe(1);
    await phoneShot(page, 'printing-orders-mobile');
    await card.getByTestId('print-order-print').click();
    await page.getByTestId('print-dialog').waitFor();
    await phoneShot(page, 'printing-dialog-mobile');
    await page.goto('/bionix-printer/orders/add-manual');
    await page.getByTestId('manual-gtin-0').waitFor();
    await phoneShot(page, 'printing-manual-mobile');
    await page.goto('/bionix-printer/impresions');
    await page.getByTestId('impressions-from').waitFor();
    await fitsPhone(page);
    await context.close();
  });

  it('en desktop list; the visualizer (role 5) has no printer pages', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto('/bionix-printer/orders');
    const row = orderRow(page, `${NAME}-csv`);
    // Newest first, 10 a page: the journey's later orders may have pushed the CSV order to a later page.
    await poll(async () => {
      if ((await row.count()) === 1) return 1;
      const next = page.getByRole('button', { name: 'Next page' });
      if (await next.isEnabled()) await next.click();
      return 0;
    }).toBe(1);
    expect(await row.getByTestId('print-order-locations').textContent()).toBe('All');
    await tableFits(page, 'print-orders');
    await screenshot(page, 'printing-orders-en');
    await context.close();
    const viewer = await openPage(browser(), { email: 'viewer@demo.local', language: 'en' });
    await viewer.page.goto('/bionix-printer/orders');
    await poll(() => viewer.page.getByTestId('not-allowed').count()).toBe(1);
    await viewer.context.close();
  });
});
