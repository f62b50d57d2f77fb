import type { ReplenishmentLine } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../routes/axe';
import { fitsPhone, MOBILE, openPage, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { apiAs, findLocation } from '../support/journey-api';
import { demoReader, readSet } from '../support/readers';

/**
 * A pick list worked through on a phone (issue 26, item 4): the demo store T-MAD-01 has units in its stockroom that its
 * sales floor lacks; on a phone in Spanish a line of the pick list is picked, then the sales floor's handheld
 * (HH-T01-01, working mode 2) reads those units on the floor: the line leaves the open page without a reload and the
 * floor's count of the GTIN rises by what was picked. English at 1280 px with the menu open: the list fits, and the
 * dashboard shows NOSBOS.
 */
const DESKTOP_1280 = { width: 1280, height: 900 };

describe('replenishment: a pick list worked through on a phone', () => {
  const browser = useBrowser();

  it('es, 390 px: Pick a line, the floor handheld sees the units, the line goes and the floor count rises', async () => {
    const api = await apiAs('admin@demo.local');
    const store = await findLocation(api, 'T-MAD-01');
    const areas = await api<{ results: { id: number; description: string }[] }>('GET', `/locations/${store.id}/areas/?limit=100`);
    const floor = areas.json.results.find((a) => a.description === 'Sala de ventas');
    expect(floor).toBeDefined();
    const list = await api<{ results: ReplenishmentLine[] }>('GET', `/locations/${store.id}/replenishment/?limit=100`);
    const line = list.json.results.find((l) => l.picked === null && l.epcs.length >= l.to_pick);
    if (!line) throw new Error('the demo pick list of T-MAD-01 is empty');
    const floorCount = async () =>
      (
        await api<{ results: { gtin: string; count: number }[] }>('GET', `/areas/${floor?.id}/summary/?gtin=${line.gtin}`)
      ).json.results.find((r) => r.gtin === line.gtin)?.count ?? 0;
    const before = await floorCount();

    const { page, context } = await openPage(browser(), { at: store, viewport: MOBILE });
    await page.goto('/replenishment');
    await page.getByTestId('replenishment-gtin-filter').fill(line.gtin);
    const card = rowOf(page.getByTestId('replenishment-list-cards'), line.gtin);
    await poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('replenishment-to-pick').textContent()).toBe(String(line.to_pick));
    expect(await card.textContent()).toContain(line.areas[0]?.description ?? '');
    await fitsPhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'replenishment-card-es-mobile');

    await card.getByRole('button', { name: 'Recoger' }).click();
    await poll(() => card.getByTestId('replenishment-picked').count()).toBe(1);
    await screenshot(page, 'replenishment-picked-es-mobile');

    // The clerk carries the units to the floor, where the handheld reads them: they move stockroom → floor.
    const stored = await readSet(demoReader('HH-T01-01'), { epcs: line.epcs.slice(0, line.to_pick) });
    expect(stored.claimed_by).toBe('inventory');
    await poll(() => card.count()).toBe(0);
    await poll(floorCount).toBe(before + line.to_pick);
    await fitsPhone(page);
    await context.close();
  });

  it('en, 1280 px with the menu open: the pick list fits', async () => {
    const api = await apiAs('admin@demo.local');
    const store = await findLocation(api, 'T-MAD-01');
    const { page, context } = await openPage(browser(), { at: store, language: 'en', viewport: DESKTOP_1280 });
    await page.goto('/replenishment');
    await poll(() => page.getByRole('heading', { name: 'Replenishment' }).count()).toBeGreaterThan(0);
    await poll(() => page.getByTestId('replenishment-list').locator('[data-testid="paged-row"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    await tableFits(page, 'replenishment-list');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'replenishment-list-en');

    // The store dashboard's NOSBOS card: GTINs with none on the floor and some in the stockroom, as the API counts them.
    const summary = await api<{ nosbos: number }>('GET', `/locations/${store.id}/replenishment/summary/`);
    await page.goto('/dashboard');
    await poll(() => page.getByTestId('nosbos-value').textContent()).toBe(String(summary.json.nosbos));
    expect(await page.getByTestId('nosbos-card').textContent()).toContain('Not on shelf but in stock');
    await context.close();
  });
});
