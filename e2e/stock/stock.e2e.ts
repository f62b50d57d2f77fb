import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type Place, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { type Api, apiAs, boxPlan, createPurchaseOrder, findLocation, hoursAgo, sgtin96 } from '../support/journey-api';
import { demoReader, readBox, readSet } from '../support/readers';

/**
 * Stock (spec section 2 "Inventory" and "Alarms", docs/design/stock.md). A purchase order's box
 * is read by the demo tunnel TUN-MAD-01 at CD-MAD's "Muelle de recepción" (3 + 2 tags STOCKED
 * there); the same barcode is read again, so box tracking counts two cycles. Then: stock by area
 * shows them; an inventory file adds counted stock (a bad row is refused whole, naming the row);
 * a minimum stock set above the stock raises an alarm seen in the header's bell and on /alarm;
 * stock by tag lists the tags; box stock shows the box, its contents and its tracking (CSV too);
 * the stock page ticks rows for printing. In Spanish and English, on a desktop and at 390 px.
 *
 * Other journeys share the server and stock items at the same dock: every figure is read from
 * the API before and compared as a difference, and the GTINs are from the middle of the catalog
 * (offset 240), which no other journey nor demo uses.
 */

const RUN = Date.now() % 1_000_000;
const CODE = `STK-E2E-${RUN}`;
const BOX = `${CODE}-B1`;

type StockRow = { gtin: string; count: number; rfid_count: number; counted_count: number; minimum_stock: number | null };
type Page11<T> = { count: number; results: T[] };

/**
 * Picks an option of a MUI select (role combobox) by its label and the option's text, and waits until the select shows
 * it. CI (2026-11-30, load 15–20): once the choice was not kept and Submit stayed disabled (not reproduced here, under load
 * either; cause not found). The pick is made again until the select shows it (at most 3 times), then must show it.
 */
const choose = async (page: Page, label: string, option: string) => {
  const select = page.getByRole('combobox', { name: label });
  for (let attempt = 1; ; attempt += 1) {
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await poll(() => page.getByRole('listbox').count()).toBe(0);
    if ((await select.textContent()) === option || attempt === 3) break;
  }
  await poll(() => select.textContent()).toBe(option);
};

/**
 * Opens the stock list at `path`, waits for its `heading`, picks the reception dock in its Zona filter and types `value`
 * in its filter `filter` (a test id).
 */
const openDockList = async (
  page: Page,
  { path, heading, filter, value }: { path: string; heading: string; filter: string; value: string },
) => {
  await page.goto(path);
  await poll(() => page.getByRole('heading', { name: heading }).count()).toBe(1);
  await choose(page, 'Zona', 'Muelle de recepción');
  await page.getByTestId(filter).fill(value);
};

/** Types `value` as the minimum stock and saves: the form refuses it, saying `message`. */
const minimumRefused = async (page: Page, value: string, message: string) => {
  await page.getByTestId('minimum-value').fill(value);
  await page.getByTestId('minimum-save').click();
  await poll(() => page.getByText(message).count()).toBe(1);
};

describe('stock journey: stock by area, counted stock, minimum stock and alarms, by tag, boxes', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place;
  let dock = 0;
  let g1 = '';
  let g2 = '';
  let epcs: string[] = [];
  /** The figures of the dock before this journey's reads. */
  let before = { g1: 0, g2: 0 };

  const stockOf = async (gtin: string): Promise<StockRow> => {
    const page = (await api<Page11<StockRow>>('GET', `/areas/${dock}/summary/?omit=false&gtin=${gtin}`)).json;
    return page.results.find((row) => row.gtin === gtin) as StockRow;
  };
  const alarmCount = async () => (await api<{ count: number }>('GET', '/alarms/count/')).json.count;

  beforeAll(async () => {
    api = await apiAs('admin@demo.local');
    center = await findLocation(api, 'CD-MAD');
    const areas = await api<{ results: Array<{ id: number; description: string }> }>(
      'GET',
      `/locations/${center.id}/areas/?limit=100`,
    );
    dock = areas.json.results.find((area) => area.description === 'Muelle de recepción')?.id ?? 0;
    expect(dock).toBeGreaterThan(0);
    const types = await api<{ results: Array<{ gtin: string }> }>('GET', '/types/?limit=2&offset=240&order_by=gtin');
    [g1, g2] = types.json.results.map((row) => row.gtin) as [string, string];
    before = { g1: (await stockOf(g1)).count, g2: (await stockOf(g2)).count };
    const providers = await api<{ results: Array<{ id: number }> }>('GET', '/providers/?limit=1');
    await createPurchaseOrder(api, {
      code: CODE,
      destinationId: center.id,
      providerId: providers.json.results[0]?.id ?? 0,
      boxes: [boxPlan(BOX, [g1, 3], [g2, 2])],
    });
    const serial = 5_100_000_000 + RUN * 10;
    epcs = [
      sgtin96(g1, serial),
      sgtin96(g1, serial + 1),
      sgtin96(g1, serial + 2),
      sgtin96(g2, serial + 3),
      sgtin96(g2, serial + 4),
    ];
    const tunnel = demoReader('TUN-MAD-01');
    await readBox(tunnel, { codebar: BOX, epcs, at: hoursAgo(2) });
    // The box passes the tunnel again: a second cycle of the same barcode (a new verification).
    await readSet(tunnel, { codebar: BOX, epcs: epcs.slice(0, 4), at: hoursAgo(1) });
  });

  it('the API agrees: 3 and 2 more items STOCKED at the dock', async () => {
    expect((await stockOf(g1)).count).toBe(before.g1 + 3);
    expect((await stockOf(g2)).count).toBe(before.g2 + 2);
  });

  it('es: stock by area, after choosing the dock and Submit, shows the GTINs read; an unknown GTIN says "No se encontraron resultados"', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/inventory/stocks');
    await poll(() => page.getByRole('heading', { name: 'Stock por zona' }).count()).toBe(1);
    await poll(() => page.getByTestId('area-stock-hint').count()).toBe(1);
    expect(await page.getByTestId('stock-submit').isDisabled()).toBe(true);
    await choose(page, 'Zona', 'Muelle de recepción');
    await page.getByTestId('stock-submit').click();
    const table = page.getByTestId('area-stock-table');
    await poll(() => table.getByTestId('paged-row').count()).toBeGreaterThan(0);
    await page.getByTestId('filter-gtin').fill(g1);
    await page.getByTestId('stock-submit').click();
    const row = rowOf(table, g1);
    await poll(() => row.getByTestId('stock-quantity').textContent()).toBe(String(before.g1 + 3));
    expect(await row.getByTestId('stock-minimum').getAttribute('href')).toBe(`/minstock/${g1}/edit?area=${dock}`);
    await tableFits(page, 'area-stock-table');
    await screenshot(page, 'stock-area-es');
    // A GTIN with no stock there: the red snackbar of the spec.
    await page.getByTestId('filter-gtin').fill('99999999');
    await page.getByTestId('stock-submit').click();
    await poll(() => page.getByTestId('notifier').textContent()).toBe('No se encontraron resultados');
    expect(await page.getByTestId('notifier').getAttribute('class')).toContain('MuiAlert-colorError');
    await screenshot(page, 'stock-area-no-results-es');
    // The GTIN's page: product card and its stock at the location.
    await page.goto(`/inventory/stocks/${g1}/gtin`);
    await poll(() => page.getByTestId('gtin-card').count()).toBe(1);
    await poll(() => page.getByTestId('gtin-stock-total').textContent()).not.toBe('');
    await screenshot(page, 'stock-gtin-es');
    await context.close();
  });

  it('es: an inventory file adds counted stock; no file, and a file with a bad row, are refused and change nothing', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/inventory/upload_csv/?area=${dock}`);
    await poll(() => page.getByRole('heading', { name: 'Subir fichero de inventario' }).count()).toBe(1);
    await poll(() => page.getByRole('combobox', { name: 'Zona' }).textContent()).toBe('Muelle de recepción');
    await page.getByTestId('upload-submit').click();
    expect(await page.getByTestId('upload-file-error').textContent()).toBe('Seleccione un fichero');
    const bad = `gtin;cantidad\n${g1};4\n${g2};dos\n`;
    await page.getByTestId('upload-file').setInputFiles({ name: 'muelle.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByTestId('upload-submit').click();
    await poll(() => page.getByTestId('form-alert-error').textContent()).toContain(
      // The server's own Spanish (issue 16: messages in the user's language).
      "Fila 3: la cantidad 'dos' no es un número entero igual o mayor que 0.",
    );
    expect(await page.getByTestId('form-alert-error').textContent()).toContain('no se ha guardado nada');
    expect((await stockOf(g1)).counted_count).toBe(0);
    await screenshot(page, 'stock-upload-refused-es');
    const good = `gtin;cantidad\n${g1};4\n${g2};6\n`;
    await page.getByTestId('upload-file').setInputFiles({ name: 'muelle.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByTestId('upload-submit').click();
    await poll(() => page.getByTestId('form-alert-success').textContent()).toBe(
      'Fichero subido: 2 filas, 2 GTIN, 10 unidades contadas en Muelle de recepción.',
    );
    await screenshot(page, 'stock-upload-done-es');
    expect(await stockOf(g1)).toMatchObject({ count: before.g1 + 7, counted_count: 4 });
    await page.getByTestId('upload-see-stock').click();
    await page.waitForURL(`**/inventory/stocks?area=${dock}`);
    const row = rowOf(page.getByTestId('area-stock-table'), g2);
    await poll(() => row.getByTestId('stock-quantity').textContent()).toBe(String(before.g2 + 8));
    await context.close();
  });

  it('es: a minimum stock above the stock raises an alarm, shown in the bell and on /alarm', async () => {
    const baseline = await alarmCount();
    const current = (await stockOf(g1)).count;
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto(`/minstock/${g1}/edit?area=${dock}`);
    await poll(() => page.getByTestId('minimum-current').textContent()).toBe(`Stock actual en la zona: ${current}`);
    const bell = page.getByTestId('alarms-bell');
    await poll(() => bell.getAttribute('aria-label')).toBe(baseline ? `Alarmas: ${baseline}` : 'Alarmas');
    // The spec's validation: required, then numbers only.
    await minimumRefused(page, '', 'Campo obligatorio');
    await minimumRefused(page, 'diez', 'Introduzca solo números');
    await page.getByTestId('minimum-value').fill(String(current + 5));
    await page.getByTestId('minimum-save').click();
    await poll(() => page.getByTestId('form-alert-success').textContent()).toContain(
      `Stock mínimo guardado: ${current + 5} en Muelle de recepción.`,
    );
    expect(await page.getByTestId('form-alert-success').textContent()).toContain('se ha creado una alarma');
    await poll(() => bell.getAttribute('aria-label')).toBe(`Alarmas: ${baseline + 1}`);
    expect(await page.getByTestId('alarms-bell-count').locator('.MuiBadge-badge').textContent()).toBe(String(baseline + 1));
    await screenshot(page, 'stock-minimum-saved-es');
    expect(await alarmCount()).toBe(baseline + 1);
    // The bell goes to /alarm: the count box and the alarm's row.
    await bell.click();
    await page.waitForURL('**/alarm');
    await poll(() => page.getByTestId('alarm-count-value').textContent()).toBe(String(baseline + 1));
    await page.getByTestId('filter-gtin').fill(g1);
    const row = rowOf(page.getByTestId('alarms-table'), g1);
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('alarm-area').textContent()).toBe('Muelle de recepción');
    expect(await row.getByTestId('alarm-current').textContent()).toBe(String(current));
    expect(await row.getByTestId('alarm-minimum').textContent()).toBe(String(current + 5));
    await screenshot(page, 'stock-alarms-es');
    // Only the current location's alarms: the count box follows.
    const here = (await api<{ count: number }>('GET', `/alarms/count/?location=${center.id}`)).json.count;
    await choose(page, 'Ubicación', center.description);
    await poll(() => page.getByTestId('alarm-count-value').textContent()).toBe(String(here));
    await poll(() => row.count()).toBe(1);
    // Its link opens the form with the minimum; lowering it to the stock ends the alarm.
    await row.getByTestId('alarm-minimum').click();
    await page.waitForURL(`**/minstock/${g1}/edit?area=${dock}`);
    await poll(() => page.getByTestId('minimum-value').inputValue()).toBe(String(current + 5));
    await page.getByTestId('minimum-value').fill(String(current));
    await page.getByTestId('minimum-save').click();
    await poll(() => page.getByTestId('form-alert-success').count()).toBe(1);
    await poll(() => bell.getAttribute('aria-label')).toBe(baseline ? `Alarmas: ${baseline}` : 'Alarmas');
    await context.close();
  });

  it('es: stock by tag lists the tags read, quantity 1 each, linked to the EPC tracker', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await openDockList(page, { path: '/epc-stock', heading: 'Stock por etiqueta', filter: 'filter-gtin', value: g2 });
    const table = page.getByTestId('epc-stock-table');
    for (const epc of epcs.slice(3)) {
      const row = rowOf(table, epc);
      await poll(() => row.count()).toBe(1);
      expect(await row.getByTestId('tag-quantity').textContent()).toBe('1');
      expect(await row.getByTestId('tag-epc').getAttribute('href')).toBe(`/track-epc/${epc}`);
    }
    await page.getByTestId('filter-epc').fill(epcs[4] as string);
    await poll(() => table.getByTestId('paged-row').count()).toBe(1);
    await tableFits(page, 'epc-stock-table');
    await screenshot(page, 'stock-epc-es');
    await context.close();
  });

  it('es: box stock shows the box at the dock with its contents, and its tracking: 2 cycles, 9 detections, as CSV too', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await openDockList(page, { path: '/inventory/boxstocks', heading: 'Stock de cajas', filter: 'filter-codebar', value: BOX });
    const table = page.getByTestId('box-stock-table');
    const row = rowOf(table, BOX);
    await poll(() => row.count()).toBe(1);
    // The last sighting read 4 tags.
    expect(await row.getByTestId('box-quantity').textContent()).toBe('4');
    await poll(() => table.getByTestId('paged-row').count()).toBe(1);
    await screenshot(page, 'stock-boxes-es');
    await row.getByTestId('box-contents').click();
    const dialog = page.getByTestId('box-content-dialog');
    await poll(() => dialog.getByTestId('box-content-line').count()).toBe(2);
    const lines = await dialog
      .getByTestId('box-content-line')
      .evaluateAll((rows) =>
        rows.map((r) => [
          r.querySelector('[data-testid="box-content-gtin"]')?.textContent,
          r.querySelector('[data-testid="box-content-quantity"]')?.textContent,
        ]),
      );
    expect(lines).toEqual([
      [g1, '3'],
      [g2, '1'],
    ]);
    await screenshot(page, 'stock-box-contents-es');
    await dialog.getByTestId('box-content-close').click();
    await page.getByTestId('box-tab-tracking').click();
    const seen = rowOf(page.getByTestId('box-tracking-table'), BOX);
    await poll(() => seen.count()).toBe(1);
    expect(await seen.getByTestId('seen-cycles').textContent()).toBe('2');
    expect(await seen.getByTestId('seen-detections').textContent()).toBe('9');
    await screenshot(page, 'stock-box-tracking-es');
    await page.getByTestId('box-tracking-download').click();
    await poll(() => page.getByTestId('download-done').count()).toBe(1);
    await context.close();
  });

  it('es: the stock page prints only once a row is ticked', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/stock');
    await poll(() => page.getByRole('heading', { name: 'Stock', exact: true }).count()).toBe(1);
    const print = page.getByTestId('stock-print');
    await poll(() => page.getByTestId('stock-table').getByTestId('paged-row').count()).toBeGreaterThan(0);
    expect(await print.isDisabled()).toBe(true);
    await page.getByTestId('filter-gtin').fill(g1);
    const row = rowOf(page.getByTestId('stock-table'), g1);
    await poll(() => row.count()).toBe(1);
    await tableFits(page, 'stock-table');
    await row.getByTestId('stock-select').locator('input').check();
    await poll(() => print.isDisabled()).toBe(false);
    expect(await page.getByTestId('stock-selected-count').textContent()).toBe('1 GTIN seleccionado');
    // Omitting zeros off: the whole catalog, GTINs with no stock too.
    await page.getByTestId('filter-gtin').fill('');
    const withZeros = (await api<Page11<StockRow>>('GET', `/global-stock/?location=${center.id}&omit=false&limit=1`)).json.count;
    const withoutZeros = (await api<Page11<StockRow>>('GET', `/global-stock/?location=${center.id}&limit=1`)).json.count;
    expect(withZeros).toBeGreaterThan(withoutZeros);
    await page.getByTestId('stock-omit').uncheck();
    await poll(() => page.locator('.MuiTablePagination-displayedRows').textContent()).toContain(String(withZeros));
    await screenshot(page, 'stock-page-es');
    await print.click();
    // The 4-step print wizard starts from the ticked rows (e2e/printing drives it to the end).
    await poll(() => page.getByTestId('wizard-record').count()).toBe(1);
    await context.close();
  });

  it('en: the minimum stock form says "Field is required" and "Enter numbers only"; the upload "Select a file"', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto(`/minstock/${g2}/edit?area=${dock}`);
    await poll(() => page.getByRole('heading', { name: 'Minimum stock' }).count()).toBe(1);
    await poll(() => page.getByTestId('minimum-current').count()).toBe(1);
    await minimumRefused(page, '', 'Field is required');
    await minimumRefused(page, '1.5', 'Enter numbers only');
    await screenshot(page, 'stock-minimum-errors-en');
    await page.goto('/inventory/upload_csv/');
    await poll(() => page.getByRole('heading', { name: 'Upload inventory file' }).count()).toBe(1);
    await page.getByTestId('upload-submit').click();
    expect(await page.getByTestId('upload-file-error').textContent()).toBe('Select a file');
    await page.goto('/alarm');
    await poll(() => page.getByRole('heading', { name: 'Alarms' }).count()).toBe(1);
    await poll(() => page.getByTestId('alarm-count-value').textContent()).toBe(String(await alarmCount()));
    await screenshot(page, 'stock-alarms-en');
    await context.close();
  });

  it('a visualizer sees the stock but may not upload nor change a minimum', async () => {
    const store = await findLocation(api, 'T-MAD-01');
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local', at: store, language: 'en' });
    await page.goto('/inventory/upload_csv/');
    await poll(() => page.getByTestId('upload-not-allowed').count()).toBe(1);
    expect(await page.getByTestId('upload-submit').count()).toBe(0);
    await page.goto(`/minstock/${g1}/edit`);
    await poll(() => page.getByTestId('minimum-save').count()).toBe(1);
    expect(await page.getByTestId('minimum-save').isDisabled()).toBe(true);
    await context.close();
  });

  it('390 px: stock by area, stock by tag, boxes and alarms become cards and fit the phone', async () => {
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE, language: 'en' });
    /** The first card of a list shown as cards: there is one once the list shows any. */
    const firstCard = (table: string) => page.getByTestId(`${table}-cards`).getByTestId('paged-card').first();
    // Each page, once `shown` is there (exactly one), fits the phone.
    for (const { path, shown, shot } of [
      { path: `/inventory/stocks?area=${dock}`, shown: firstCard('area-stock-table'), shot: 'stock-area-mobile' },
      { path: '/epc-stock', shown: firstCard('epc-stock-table'), shot: 'stock-epc-mobile' },
      { path: '/inventory/boxstocks', shown: firstCard('box-stock-table'), shot: 'stock-boxes-mobile' },
      { path: '/stock', shown: firstCard('stock-table'), shot: 'stock-page-mobile' },
      { path: '/alarm', shown: page.getByTestId('alarm-count-value'), shot: 'stock-alarms-mobile' },
      { path: `/minstock/${g1}/edit?area=${dock}`, shown: page.getByTestId('minimum-current'), shot: 'stock-minimum-mobile' },
    ]) {
      await page.goto(path);
      await poll(() => shown.count()).toBe(1);
      await phoneShot(page, shot);
    }
    await context.close();
  });
});
