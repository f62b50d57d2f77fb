import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitsPhone, gotoHeading, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { type Api, apiAs, boxPlan, createMovement, demoWorld, hoursAgo, sgtin96 } from '../support/journey-api';
import { addReader, demoReader, macOf, readBox, readSet } from '../support/readers';

/**
 * Issue 6, point of sale: three items of the store T-MAD-01 (brought from CD-MAD by a movement
 * read at both ends, so the demo stock is left alone) are sold at the till POS-T01-01 (mode 4):
 * two in one sale, then one of them again (quantity 0, warning 'already_sold'). A return reader
 * (mode 5) the admin adds takes one back. /pos/exits and /pos list them, their details show each
 * item with quantity 1 and the tag sold twice with the warning icon and 0. In Spanish and
 * English, on a desktop and at 390 px.
 */

const RUN = Date.now() % 1_000_000;
const CODE = `OUT-POS-${RUN}`;

type Transaction = { id: number; item_count: number; destination_real_item_count: number; warning_count: number };
type Item = { epc: string; quantity: number; warning: string | null };

/** The row (or phone card) whose id link reads exactly `id`. */
const rowWithId = (list: Locator, id: number) =>
  list
    .locator('[data-testid="paged-row"], [data-testid="paged-card"]')
    .filter({ has: list.page().getByTestId('pos-link').getByText(String(id), { exact: true }) });

/**
 * Filters the list by id and waits for the filtered answer: the row is often on the first page already, and a click
 * on it while the filtered list replaced the page went nowhere (2026-11-25, en at 390 px).
 */
const filterId = async (page: Page, id: number) => {
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('id__contains') === String(id));
  await page.getByTestId('filter-id__contains').fill(String(id));
  await answered;
};

/** Filters the list by `id` and waits for its one row (or phone card) in `list`, which it returns. */
const filteredRow = async (page: Page, list: Locator, id: number) => {
  const row = rowWithId(list, id);
  await filterId(page, id);
  await poll(() => row.count()).toBe(1);
  return row;
};

/** Opens the POS list at `path`, waits for its `heading`, and filters it to transaction `id` (see filteredRow). */
const openFilteredRow = async (
  page: Page,
  { path, heading, list, id }: { path: string; heading: string; list: string; id: number },
) => {
  await gotoHeading(page, path, heading);
  return filteredRow(page, page.getByTestId(list), id);
};

describe('POS journey: a sale, a tag sold twice and a return at the store, with their details', () => {
  const browser = useBrowser();
  let api: Api;
  let store = { id: 0, description: '' };
  let epcs: string[] = [];
  let saleId = 0;
  let twiceId = 0;
  let returnId = 0;

  const latest = async (collection: 'sales' | 'returns') =>
    (await api<{ results: Transaction[] }>('GET', `/locations/${store.id}/${collection}/?order_by=-id&limit=1`)).json
      .results[0] as Transaction;

  beforeAll(async () => {
    const world = await demoWorld(2);
    ({ api, store } = world);
    const { center } = world;
    const [g1, g2] = world.gtins as [string, string];
    const serial = 760_000_000 + RUN * 10;
    epcs = [sgtin96(g1, serial), sgtin96(g1, serial + 1), sgtin96(g2, serial + 2)];
    // The store's own stock for this test: a movement from the center read at both ends.
    await createMovement(api, {
      code: CODE,
      originId: center.id,
      destinationId: store.id,
      boxes: [boxPlan(`${CODE}-B`, [g1, 2], [g2, 1])],
    });
    await readBox(demoReader('POR-MAD-EXP'), { codebar: `${CODE}-B`, epcs, at: hoursAgo(2) });
    await readBox(demoReader('POR-T01-ENT'), { codebar: `${CODE}-B`, epcs, at: hoursAgo(1) });
    const till = demoReader('POS-T01-01');
    // A sale of two items, then the first one sold again.
    await readSet(till, { epcs: epcs.slice(0, 2), at: hoursAgo(0.5) });
    saleId = (await latest('sales')).id;
    await readSet(till, { epcs: epcs.slice(0, 1), at: hoursAgo(0.4) });
    twiceId = (await latest('sales')).id;
    // The second item comes back through a return reader (mode 5) the admin adds at the till.
    const returns = await addReader(api, {
      serial: `E2E-RET-${RUN}`,
      mac: macOf(RUN, 5),
      locationId: store.id,
      area: 'Caja',
      mode: 5,
    });
    await readSet(returns, { epcs: epcs.slice(1, 2), at: hoursAgo(0.3) });
    returnId = (await latest('returns')).id;
  });

  it('the API agrees: a sale of 2, the tag sold twice counted 0 with a warning, a return of 1', async () => {
    expect((await api<Transaction>('GET', `/sales/${saleId}/`)).json).toMatchObject({
      item_count: 2,
      destination_real_item_count: 2,
      warning_count: 0,
    });
    expect(twiceId).toBeGreaterThan(saleId);
    expect((await api<Transaction>('GET', `/sales/${twiceId}/`)).json).toMatchObject({
      item_count: 1,
      destination_real_item_count: 0,
      warning_count: 1,
    });
    const items = (await api<{ results: Item[] }>('GET', `/sales/${twiceId}/report/`)).json.results;
    expect(items).toEqual([expect.objectContaining({ epc: epcs[0], quantity: 0, warning: 'already_sold' })]);
    expect((await api<Transaction>('GET', `/returns/${returnId}/`)).json).toMatchObject({ item_count: 1, warning_count: 0 });
  });

  it('es: /pos/exits lists both sales; the first shows its two items with quantity 1', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    // Other journeys sell at this store too: find ours through the id filter.
    const twice = await openFilteredRow(page, { path: '/pos/exits', heading: 'TPV: ventas', list: 'pos-list', id: twiceId });
    expect(await twice.getByTestId('pos-items').textContent()).toBe('1');
    expect(await twice.getByTestId('pos-warnings').textContent()).toBe('1');
    const sale = await filteredRow(page, page.getByTestId('pos-list'), saleId);
    expect(await sale.getByTestId('pos-items').textContent()).toBe('2');
    expect(await sale.getByTestId('pos-warnings').count()).toBe(0);
    await screenshot(page, 'outbound-pos-sales-es');
    await sale.getByTestId('pos-link').click();
    await page.waitForURL(`**/pos/exits/${saleId}`);
    await poll(() => page.getByTestId('pos-item-count').textContent()).toBe('2');
    const items = page.getByTestId('pos-items').getByTestId('paged-row');
    await poll(() => items.count()).toBe(2);
    expect(await items.getByTestId('item-quantity').allTextContents()).toEqual(['1', '1']);
    expect(await items.getByTestId('item-warning').count()).toBe(0);
    expect((await items.getByTestId('item-epc').allTextContents()).sort()).toEqual(epcs.slice(0, 2).sort());
    await screenshot(page, 'outbound-pos-sale-es');
    await context.close();
  });

  it('es: the tag sold twice shows the warning icon and 0', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    await page.goto(`/pos/exits/${twiceId}`);
    const items = page.getByTestId('pos-items').getByTestId('paged-row');
    await poll(() => items.count()).toBe(1);
    expect(await items.getByTestId('item-quantity').textContent()).toBe('0');
    expect(await items.getByTestId('item-warning').getAttribute('aria-label')).toBe(
      'Sin contar: esta etiqueta ya se había vendido',
    );
    expect(await page.getByTestId('pos-warning-count').textContent()).toBe('1');
    expect(await page.getByTestId('pos-counted').textContent()).toBe('0');
    await screenshot(page, 'outbound-pos-sold-twice-es');
    await context.close();
  });

  it('es: /pos lists the return, its detail the returned item with quantity 1', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    const row = await openFilteredRow(page, { path: '/pos', heading: 'TPV: devoluciones', list: 'pos-list', id: returnId });
    expect(await row.getByTestId('pos-items').textContent()).toBe('1');
    await screenshot(page, 'outbound-pos-returns-es');
    await row.getByTestId('pos-link').click();
    await page.waitForURL(`**/pos/${returnId}`);
    const items = page.getByTestId('pos-items').getByTestId('paged-row');
    await poll(() => items.count()).toBe(1);
    expect(await items.getByTestId('item-epc').textContent()).toBe(epcs[1]);
    expect(await items.getByTestId('item-quantity').textContent()).toBe('1');
    await items.getByTestId('item-epc').click();
    await page.waitForURL(`**/track-epc/${epcs[1]}`);
    await context.close();
  });

  it('en, 390 px: the lists are cards and the details fit the phone', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: MOBILE, language: 'en' });
    const twice = await openFilteredRow(page, { path: '/pos/exits', heading: 'POS: sales', list: 'pos-list-cards', id: twiceId });
    expect(await twice.getByTestId('pos-warnings').textContent()).toBe('1');
    await phoneShot(page, 'outbound-pos-sales-mobile-en');
    await twice.getByTestId('pos-link').click();
    await page.waitForURL(`**/pos/exits/${twiceId}`);
    const cards = page.getByTestId('pos-items-cards').getByTestId('paged-card');
    await poll(() => cards.count()).toBe(1);
    expect(await cards.getByTestId('item-quantity').textContent()).toBe('0');
    expect(await cards.getByTestId('item-warning').getAttribute('aria-label')).toBe(
      'Not counted: this tag had already been sold',
    );
    await phoneShot(page, 'outbound-pos-sold-twice-mobile-en');
    await page.goto(`/pos/${returnId}`);
    await poll(() => page.getByTestId('pos-items-cards').getByTestId('paged-card').count()).toBe(1);
    await poll(() => page.getByRole('heading', { name: `Return ${returnId}` }).count()).toBe(1);
    await fitsPhone(page);
    await context.close();
  });

  it("the store's visualizer sees the sale; the centers' printer operator does not (404, 'No encontrado')", async () => {
    const viewer = await apiAs('viewer@demo.local');
    expect((await viewer('GET', `/sales/${saleId}/`)).status).toBe(200);
    const printer = await apiAs('printer@demo.local');
    expect((await printer('GET', `/sales/${saleId}/`)).status).toBe(404);
    const { page, context } = await openPage(browser(), { at: store, email: 'printer@demo.local' });
    await page.goto(`/pos/exits/${saleId}`);
    await poll(() => page.getByTestId('pos-error').textContent()).toBe('No encontrado');
    await context.close();
  });
});
