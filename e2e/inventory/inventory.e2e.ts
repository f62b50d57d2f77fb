import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type Place, phoneShot, poll, screenshot, tableFits, useBrowser } from '../support/browser';
import { type Api, apiAs, demoWorld, hoursAgo, itemTypeOf, sgtin96 } from '../support/journey-api';
import { addReader, macOf, type Reader, readSet } from '../support/readers';

/**
 * Inventory journey (spec section 2 "Inventory", docs/design/inventory.md): in a fresh area of
 * the store T-MAD-01, a cabinet (working mode 7) reads six tags, which become the area's stock;
 * then a handheld (mode 2) reads four of them and a stray tag. The dashboard shows the handheld's
 * inventory (6 expected, 5 read, 2 missing, 1 in excess), its detail the missing and excess
 * GTINs, its items page the read and lost EPCs; Validate asks first, then the lost items are
 * UNKNOWN and the stray one STOCKED (seen in the EPC tracker); the CSV downloads with its
 * progress. A partial inventory is opened from the dashboard; the store's visualizer sees it but
 * cannot validate it (and the API refuses). Spanish and English, desktop and 390 px.
 */

const RUN = Date.now() % 1_000_000;
const AREA = `E2E-INV-${RUN}`;

type InventoryRow = {
  id: number;
  state: number;
  theorical_stock: number;
  items: number;
  matched_items: number;
  missing_items: number;
  excess_items: number;
  is_file_created: boolean;
  is_partial: boolean;
  device: { serial_number: string } | null;
};
type Item = { epc: string; state: number; area: { id: number } | null };

/** The row (or phone card) whose id link reads exactly `id`. */
const rowWithId = (list: Locator, id: number) =>
  list
    .locator('[data-testid="paged-row"], [data-testid="paged-card"]')
    .filter({ has: list.page().getByTestId('inventory-link').getByText(String(id), { exact: true }) });

/**
 * Opens a select filter by the test id of its input and picks an option by its text, again until the select shows it:
 * a list that redraws under load (a live event, the polling) can lose a pick, as `chooseInSelect` found
 * (e2e/outbound/dashboards.ts).
 */
const choose = async (page: Page, testId: string, option: string) => {
  const select = page.getByTestId(testId).locator('xpath=..').getByRole('combobox');
  const item = page.getByRole('option', { name: option, exact: true });
  await poll(
    async () => {
      if ((await select.textContent())?.trim() === option) return true;
      if (!(await item.isVisible())) await select.click();
      await item.click({ timeout: 5_000 }).catch(() => undefined);
      return (await select.textContent())?.trim() === option;
    },
    { timeout: 30_000 },
  ).toBe(true);
};

describe('Inventory journey: a cabinet stocks an area, a handheld counts it, the inventory is validated', () => {
  const browser = useBrowser();
  let api: Api;
  let store: Place = { id: 0, description: '' };
  let areaId = 0;
  let gtins: string[] = [];
  let stock: string[] = [];
  let stray = '';
  let handheld: Reader;
  let inventoryId = 0;
  let partialId = 0;

  const inventoriesOfArea = async () =>
    (await api<{ results: InventoryRow[] }>('GET', `/locations/${store.id}/inventories/?location_area=${areaId}`)).json.results;
  const itemOf = async (epc: string) => (await api<Item[]>('POST', '/epc/retrieve/', { epc })).json[0] as Item;

  beforeAll(async () => {
    const world = await demoWorld(3);
    ({ api, store, gtins } = world);
    const area = await api<{ id: number }>('POST', '/areas/', { stock: 0, description: AREA, location_id: store.id });
    expect(area.status).toBe(201);
    areaId = area.json.id;
    const cabinet = await addReader(api, {
      serial: `E2E-CAB-${RUN}`,
      mac: macOf(RUN, 0x71),
      locationId: store.id,
      area: AREA,
      mode: 7,
    });
    handheld = await addReader(api, {
      serial: `E2E-HH-${RUN}`,
      mac: macOf(RUN, 0x72),
      locationId: store.id,
      area: AREA,
      mode: 2,
    });
    const [g0, g1, g2] = gtins as [string, string, string];
    const serial = 830_000_000 + RUN * 20;
    stock = [0, 1, 2].map((i) => sgtin96(g0, serial + i)).concat([3, 4, 5].map((i) => sgtin96(g1, serial + i)));
    stray = sgtin96(g2, serial + 9);
    // The cabinet's snapshot: these six are the area's stock.
    expect((await readSet(cabinet, { epcs: stock, at: hoursAgo(3) })).claimed_by).toBe('cabinet');
    // The handheld reads two of each GTIN and a tag that was never stocked.
    const read = await readSet(handheld, { epcs: [stock[0], stock[1], stock[3], stock[4], stray] as string[], at: hoursAgo(1) });
    expect(read.claimed_by).toBe('inventory');
    const rows = await inventoriesOfArea();
    expect(rows).toHaveLength(2);
    inventoryId = (rows.find((row) => row.state === 0) as InventoryRow).id;
  });

  it('the API agrees: the cabinet inventory is validated, the handheld one pending with 2 missing and 1 excess', async () => {
    const [pending, cabinet] = await inventoriesOfArea();
    expect(pending).toMatchObject({
      id: inventoryId,
      state: 0,
      theorical_stock: 6,
      items: 5,
      matched_items: 4,
      missing_items: 2,
      excess_items: 1,
      device: { serial_number: `E2E-HH-${RUN}` },
    });
    expect(cabinet).toMatchObject({ state: 2, theorical_stock: 0, items: 6, excess_items: 6 });
    expect((await itemOf(stock[2] as string)).state).toBe(0);
  });

  it('es: the dashboard shows seven statistics and the inventory with its figures, filtered by area', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    await page.goto('/inventory/');
    await poll(() => page.getByRole('heading', { name: 'Inventarios', exact: true }).count()).toBe(1);
    const stats = page.getByTestId('inventory-stats');
    for (const id of ['total', 'pending', 'validated', 'estimatedTime', 'avgTime', 'avgItems', 'avgAccuracy']) {
      await poll(() => stats.getByTestId(`stat-${id}-value`).count()).toBe(1);
    }
    expect(await stats.getByTestId('stat-total').textContent()).toContain('Inventarios');
    expect(await stats.getByTestId('stat-avgAccuracy').textContent()).toContain('Exactitud media');
    await choose(page, 'filter-area', AREA);
    const list = page.getByTestId('inventory-list');
    await poll(() => list.getByTestId('paged-row').count()).toBe(2);
    const row = rowWithId(list, inventoryId);
    expect(await row.getByTestId('inventory-row-expected').textContent()).toBe('6');
    expect(await row.getByTestId('inventory-row-read').textContent()).toBe('5');
    expect(await row.getByTestId('inventory-row-missing').textContent()).toBe('2');
    expect(await row.getByTestId('inventory-row-excess').textContent()).toBe('1');
    expect(await row.getByTestId('inventory-state').textContent()).toContain('Pendiente');
    expect(await row.getByTestId('row-icon-default').count()).toBe(1);
    // The state and type filters.
    await choose(page, 'filter-state', 'Validado');
    await poll(() => list.getByTestId('paged-row').count()).toBe(1);
    expect(await rowWithId(list, inventoryId).count()).toBe(0);
    await choose(page, 'filter-state', 'Todos');
    await choose(page, 'filter-type', 'Parcial');
    await poll(() => list.getByTestId('paged-empty').count()).toBe(1);
    await choose(page, 'filter-type', 'Total');
    await poll(() => list.getByTestId('paged-row').count()).toBe(2);
    await tableFits(page, 'inventory-list');
    await screenshot(page, 'inventory-dashboard-es');
    await rowWithId(list, inventoryId).getByTestId('inventory-link').click();
    await page.waitForURL(`**/inventory/${inventoryId}/detail`);
    await context.close();
  });

  it('es: the detail shows the missing and excess articles; a GTIN opens its product card', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    await page.goto(`/inventory/${inventoryId}/detail`);
    await poll(() => page.getByTestId('inventory-missing').textContent()).toBe('2');
    expect(await page.getByTestId('inventory-excess').textContent()).toBe('1');
    expect(await page.getByTestId('inventory-area').textContent()).toBe(AREA);
    expect(await page.getByTestId('inventory-read').textContent()).toBe('5');
    expect(await page.getByTestId('inventory-progress').textContent()).toContain('66%');
    const articles = page.getByTestId('inventory-articles').locator('[data-testid="paged-row"]');
    await poll(() => articles.count()).toBe(3);
    await choose(page, 'article-filter', 'Artículos que faltan');
    await poll(() => articles.count()).toBe(2);
    expect((await articles.getByTestId('article-gtin').allTextContents()).sort()).toEqual([gtins[0], gtins[1]].sort());
    expect(await articles.getByTestId('article-missing').allTextContents()).toEqual(['1', '1']);
    await choose(page, 'article-filter', 'Artículos sobrantes');
    await poll(() => articles.count()).toBe(1);
    expect(await articles.getByTestId('article-gtin').textContent()).toBe(gtins[2]);
    expect(await articles.getByTestId('article-excess').textContent()).toBe('1');
    await screenshot(page, 'inventory-detail-es');
    await articles.getByTestId('article-gtin').click();
    await page.waitForURL(`**/inventory/${inventoryId}/gtin/${await itemTypeOf(api, gtins[2] as string)}/detail`);
    await poll(() => page.getByTestId('gtin-card').count()).toBe(1);
    expect(await page.getByTestId('gtin-value').textContent()).toBe(gtins[2]);
    expect(await page.getByTestId('gtin-excess').textContent()).toBe('1');
    expect(await page.getByTestId('gtin-field-gtin').textContent()).toContain(gtins[2]);
    await screenshot(page, 'inventory-gtin-es');
    await page.getByTestId('page-back').click();
    await page.waitForURL(`**/inventory/${inventoryId}/detail`);
    await context.close();
  });

  it('es: the items page lists the read EPCs and the lost ones, each linking to the EPC tracker', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    await page.goto(`/inventory/${inventoryId}/detail-items`);
    const tags = page.getByTestId('inventory-tags').locator('[data-testid="paged-row"]');
    await poll(() => tags.count()).toBe(5);
    expect((await tags.getByTestId('tag-epc').allTextContents()).sort()).toEqual(
      [stock[0], stock[1], stock[3], stock[4], stray].sort(),
    );
    expect(await tags.getByTestId('tag-status-excess').count()).toBe(1);
    await choose(page, 'tag-kind', 'EPCs perdidos');
    await poll(() => tags.count()).toBe(2);
    expect((await tags.getByTestId('tag-epc').allTextContents()).sort()).toEqual([stock[2], stock[5]].sort());
    expect(await tags.getByTestId('tag-quantity').allTextContents()).toEqual(['0', '0']);
    await page.getByTestId('filter-epc__contains').fill((stock[5] as string).slice(-8).toLowerCase());
    await poll(() => tags.count()).toBe(1);
    await screenshot(page, 'inventory-items-lost-es');
    await tags.getByTestId('tag-epc').click();
    await page.waitForURL(`**/track-epc/${stock[5]}`);
    await poll(() => page.getByTestId('tracked-item').count()).toBe(1);
    await context.close();
  });

  it('es: Validate asks first; then the lost items are UNKNOWN and the stray one STOCKED here (EPC tracker)', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    await page.goto(`/inventory/${inventoryId}/detail`);
    await page.getByTestId('inventory-validate').click();
    const dialog = page.getByTestId('confirm-dialog');
    await poll(() => dialog.textContent()).toContain('¿Validar el inventario');
    expect(await dialog.textContent()).toContain('Faltan 2 artículos: pasarán a DESCONOCIDO');
    await page.getByTestId('confirm-no').click();
    await poll(() => dialog.count()).toBe(0);
    expect((await inventoriesOfArea()).find((row) => row.id === inventoryId)?.state).toBe(0);
    await page.getByTestId('inventory-validate').click();
    await screenshot(page, 'inventory-validate-confirm-es');
    await page.getByTestId('confirm-yes').click();
    await poll(() => page.getByTestId('inventory-done').count()).toBe(1);
    expect(await page.getByTestId('inventory-state').textContent()).toContain('Validado');
    expect(await page.getByTestId('inventory-done').textContent()).toBe('Stock ajustado');
    expect(await page.getByTestId('inventory-validate').count()).toBe(0);
    expect(await page.getByTestId('inventory-cancel').count()).toBe(0);
    await poll(() => page.getByTestId('inventory-closed-by').count()).toBe(1);
    await screenshot(page, 'inventory-validated-es');
    // The items moved.
    for (const epc of [stock[2], stock[5]] as string[]) expect(await itemOf(epc)).toMatchObject({ state: 1, area: null });
    expect(await itemOf(stray)).toMatchObject({ state: 0, area: { id: areaId } });
    // The tracker shows the change, claimed by the inventory.
    await page.goto(`/track-epc/${stock[2]}`);
    await poll(() => page.getByTestId('tracked-item').textContent()).toContain('DESCONOCIDO');
    await poll(() => page.getByTestId('epc-reading-sets').textContent()).toContain('inventario');
    await screenshot(page, 'inventory-tracker-lost-es');
    await page.goto(`/track-epc/${stray}`);
    await poll(() => page.getByTestId('tracked-item').textContent()).toContain('EN STOCK');
    await context.close();
  });

  it('es: the CSV is created with its progress and downloads as Inventory-{id}.csv; the row shows the file', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    await page.goto('/inventory/');
    await page.getByTestId('filter-id').fill(String(inventoryId));
    const list = page.getByTestId('inventory-list');
    const row = rowWithId(list, inventoryId);
    // The id filter leaves only ids that contain the digits typed.
    await poll(async () =>
      (await list.getByTestId('inventory-link').allTextContents()).every((id) => id.includes(String(inventoryId))),
    ).toBe(true);
    await poll(() => row.count()).toBe(1);
    const download = page.waitForEvent('download');
    await row.getByTestId('inventory-download').click();
    const dialog = page.getByTestId('inventory-csv-dialog');
    await poll(() => dialog.count()).toBe(1);
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Inventory-${inventoryId}.csv`);
    await poll(() => dialog.getByTestId('job-done').textContent()).toBe(`Guardado Inventory-${inventoryId}.csv`);
    const path = await file.path();
    // A file for a Spanish spreadsheet (docs/exports.md): byte-order mark, Spanish headers, `;`, words for states.
    const text = await readFile(path, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Inventario;Zona;EPC;GTIN;Descripción;Modelo;Color;Talla;Estado;Leído');
    expect(lines).toHaveLength(1 + 7); // 6 expected and 1 in excess
    // Text cells are quoted (one CSV writer, issue 13): the status column of each row.
    const rows = parse(lines.slice(1).join('\n'), { delimiter: ';' }) as string[][];
    expect(rows.filter((row) => row[8] === 'Faltante')).toHaveLength(2);
    await screenshot(page, 'inventory-csv-es');
    await dialog.getByTestId('job-close').click();
    await poll(() => row.getByTestId('row-icon-fileCreated').count()).toBe(1);
    await context.close();
  });

  it('es: a partial inventory is opened from the dashboard and the handheld reads into it', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    await page.goto('/inventory/');
    await page.getByTestId('new-inventory').click();
    const dialog = page.getByTestId('new-inventory-dialog');
    await page.getByTestId('new-inventory-submit').click();
    await poll(() => dialog.textContent()).toContain('Seleccione un área');
    await page.getByTestId('new-inventory-area').locator('xpath=..').getByRole('combobox').click();
    await page.getByRole('option', { name: AREA, exact: true }).click();
    await page.getByTestId('new-inventory-partial').click();
    await page.getByTestId('new-inventory-gtins').fill((gtins[1] as string).slice(-8));
    // The option reads its picture, description, GTIN, size and colour (issue 28): found by the GTIN it shows.
    await page.getByRole('option', { name: new RegExp(gtins[1] as string) }).click();
    await screenshot(page, 'inventory-new-partial-es');
    await page.getByTestId('new-inventory-submit').click();
    await page.waitForURL(/\/inventory\/\d+\/detail$/);
    partialId = Number(/inventory\/(\d+)\/detail/.exec(page.url())?.[1]);
    expect(partialId).toBeGreaterThan(inventoryId);
    await poll(() => page.getByTestId('inventory-type').textContent()).toBe(`Parcial: ${gtins[1]}`);
    // Of the three g1 items one was lost at the validation: two are expected.
    expect(await page.getByTestId('inventory-expected').textContent()).toBe('2');
    // One g1 item and one of another GTIN: a partial inventory counts only its GTINs.
    await readSet(handheld, { epcs: [stock[3], stock[0]] as string[], at: hoursAgo(0.2) });
    await page.reload();
    await poll(() => page.getByTestId('inventory-read').textContent()).toBe('1');
    expect(await page.getByTestId('inventory-excess').textContent()).toBe('0');
    await context.close();
  });

  it('the visualizer of the store sees the inventories but cannot open or validate one (the API refuses)', async () => {
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local', at: store });
    await page.goto('/inventory/');
    await poll(() => page.getByTestId('inventory-list').getByTestId('inventory-link').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('new-inventory').count()).toBe(0);
    await page.goto(`/inventory/${partialId}/detail`);
    await poll(() => page.getByTestId('inventory-state').textContent()).toContain('Pendiente');
    expect(await page.getByTestId('inventory-validate').count()).toBe(0);
    expect(await page.getByTestId('inventory-cancel').count()).toBe(0);
    await screenshot(page, 'inventory-viewer-es');
    await context.close();
    const viewer = await apiAs('viewer@demo.local');
    expect((await viewer('PUT', `/inventorys/${partialId}/`, { state: 2 })).status).toBe(403);
    expect((await viewer('GET', `/inventorys/${partialId}/`)).status).toBe(200);
    expect((await viewer('POST', `/locations/${store.id}/inventories/`, { location_area: areaId })).status).toBe(403);
  });

  it('en, 390 px: the dashboard as cards and the detail fit the phone', async () => {
    const { page, context } = await openPage(browser(), { at: store, language: 'en', viewport: MOBILE });
    await page.goto('/inventory/');
    await poll(() => page.getByRole('heading', { name: 'Inventories', exact: true }).count()).toBe(1);
    await page.getByTestId('filter-id').fill(String(inventoryId));
    const card = rowWithId(page.getByTestId('inventory-list-cards'), inventoryId);
    await poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('Validated');
    await phoneShot(page, 'inventory-dashboard-en-mobile');
    await page.goto(`/inventory/${inventoryId}/detail`);
    await poll(() => page.getByTestId('inventory-done').textContent()).toBe('Stock adjusted');
    await choose(page, 'article-filter', 'Missing items');
    await poll(() => page.getByTestId('inventory-articles-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'inventory-detail-en-mobile');
    await page.goto(`/inventory/${inventoryId}/detail-items`);
    await choose(page, 'tag-kind', 'Lost EPCs');
    await poll(() => page.getByTestId('inventory-tags-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'inventory-items-en-mobile');
    await context.close();
  });

  it('en, desktop: the partial inventory detail in English', async () => {
    const { page, context } = await openPage(browser(), { at: store, language: 'en' });
    await page.goto(`/inventory/${partialId}/detail`);
    await poll(() => page.getByTestId('inventory-type').textContent()).toBe(`Partial: ${gtins[1]}`);
    expect(await page.getByTestId('inventory-validate').textContent()).toBe('Validate');
    await page.getByTestId('inventory-cancel').click();
    await poll(() => page.getByTestId('confirm-dialog').textContent()).toContain('The stock does not change.');
    await page.getByTestId('confirm-yes').click();
    await poll(() => page.getByTestId('inventory-state').textContent()).toContain('Canceled');
    await screenshot(page, 'inventory-canceled-en');
    expect(await itemOf(stock[3] as string)).toMatchObject({ state: 0, area: { id: areaId } });
    await context.close();
  });
});
