import { ItemState, ItemStatus } from '@rfid/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type Place, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { type Api, demoWorld } from '../support/journey-api';

/**
 * The store floor's availability (issue 26, items 2, 3 and 6): an item of T-MAD-01 set damaged on the EPC tracker drops
 * its GTIN's sellable stock by one on the availability page, and finding the GTIN shows it on the floor of the store.
 * Spanish at 1280 px with the menu open, English at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };

type Availability = { gtin: string; in_stock: number; on_floor: number; sellable: number };
type Item = { id: number; epc: string; gtin: string | null; state: number; status: number };

describe('availability: an item set damaged leaves the sellable stock; find item shows its GTIN', () => {
  const browser = useBrowser();
  let api: Api;
  let store: Place;
  let before: Availability;
  let item: Item;

  const availabilityOf = async (gtin: string) =>
    (await api<{ results: Availability[] }>('GET', `/locations/${store.id}/availability/?gtin=${gtin}`)).json.results[0];

  beforeAll(async () => {
    ({ api, store } = await demoWorld(1));
    // A GTIN of the store's floor with sellable stock (the demo's), and one of its items still for sale.
    const rows = (await api<{ results: Availability[] }>('GET', `/locations/${store.id}/availability/?limit=100`)).json.results;
    const candidates = rows.filter((r) => r.on_floor > 0 && r.sellable > 0);
    for (const row of candidates) {
      const listed = await api<{ results: Item[] }>(
        'GET',
        `/items/?gtin=${row.gtin}&location=${store.id}&state=${ItemState.Stocked}&limit=100`,
      );
      const sellable = listed.json.results.find((i) => i.status === ItemStatus.Sellable);
      if (sellable) {
        item = sellable;
        before = row;
        break;
      }
    }
    expect(item).toBeDefined();
  });
  afterAll(async () => {
    // The demo item goes back on sale (the server's data lives as long as this file's worker).
    if (item) await api('POST', '/items/status/', { epcs: [item.epc], status: ItemStatus.Sellable });
  });

  it('es, 1280 px with the menu open: "Dañado" on the EPC tracker; the availability of its GTIN sells one less', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: DESKTOP_1280 });
    await page.goto(`/track-epc/${item.epc}`);
    const panel = page.getByTestId('item-status-panel');
    await poll(() => panel.getByTestId('item-status').textContent()).toBe('A la venta');
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    await panel.getByRole('combobox', { name: 'Nuevo estado' }).click();
    await page.getByRole('option', { name: 'Dañado' }).click();
    await panel.getByRole('button', { name: 'Cambiar estado' }).click();
    await poll(() => panel.getByTestId('item-status').textContent()).toBe('Dañado');
    await poll(() => panel.getByTestId('item-status-history').getByTestId('paged-row').count()).toBe(1);
    await screenshot(page, 'availability-status-es');

    await page.getByTestId('side-menu').getByRole('link', { name: 'Disponibilidad' }).click();
    await page.waitForURL('**/availability');
    await page.getByTestId('filter-gtin').fill(item.gtin as string);
    const row = rowOf(page.getByTestId('availability-table'), item.gtin as string);
    await poll(() => row.count()).toBe(1);
    await poll(() => row.getByTestId('availability-sellable').textContent()).toBe(String(before.sellable - 1));
    expect(await row.getByTestId('availability-in_stock').textContent()).toBe(String(before.in_stock));
    await tableFits(page, 'availability-table');
    expect(await availabilityOf(item.gtin as string)).toMatchObject({ sellable: before.sellable - 1, in_stock: before.in_stock });
    await screenshot(page, 'availability-table-es');
    await context.close();
  });

  it('en, 390 px: find item by GTIN shows it on the floor of this store; locate follows its EPC', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: MOBILE, language: 'en' });
    await page.goto('/find-item');
    await page.getByTestId('find-input').fill(item.gtin as string);
    await page.getByTestId('find-submit').click();
    const card = page.getByTestId('find-type');
    await poll(() => card.count()).toBe(1);
    await poll(() => card.getByTestId('find-here').textContent()).toContain(`${before.on_floor} on the floor`);
    await phoneShot(page, 'availability-find-en');
    await card.getByRole('link', { name: 'Locate' }).first().click();
    await page.waitForURL('**/find-item/locate/**');
    await poll(() => page.getByTestId('locate-trend').textContent()).not.toBe('');
    await phoneShot(page, 'availability-locate-en');

    await page.goto('/availability');
    await poll(() => page.getByTestId('availability-table-cards').count()).toBe(1);
    await phoneShot(page, 'availability-table-en');
    await context.close();
  });
});
