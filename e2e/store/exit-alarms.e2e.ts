import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../routes/axe';
import { MOBILE, openPage, type Place, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { type Api, demoWorld } from '../support/journey-api';
import { demoReader, readSet } from '../support/readers';

/**
 * Exit alarms (issue 26): the exit alarms page of T-MAD-01 is open; its exit gate EXIT-T01-01 (working mode 8) reads a
 * tag of the store's stock that was never sold, sent as the reader sends it (POST /readingsets/ with its device key):
 * the alarm shows on the open page within 2 s, with no reload, through the live stream. A tag sold at the store's till
 * first passes the gate in silence. Marked lost (after the confirmation), the alarm leaves the open ones and its item is
 * UNKNOWN, in no area. Spanish at 1280 px with the menu open; English at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };
/** The goal of the issue: the alarm is on the open page within 2 s of the read. */
const GOAL_MS = 2_000;
/** The goal stretched by the machine's load (as the live updates journey does), always under half the 20 s polling. */
const boundMs = () => Math.min(GOAL_MS * Math.max(1, loadavg()[0] / availableParallelism()), 10_000);

type Item = { epc: string; state: number; location: number | null };

describe('exit alarms: an unsold tag at the exit gate alarms on the open page, a sold one does not', () => {
  const browser = useBrowser();
  const gate = demoReader('EXIT-T01-01');
  const till = demoReader('POS-T01-01');
  let api: Api;
  let store: Place = { id: 0, description: '' };
  /** Tags STOCKED at the store, never sold: each test takes its own. */
  let stock: string[] = [];

  const itemOf = async (epc: string) =>
    (await api<{ results: Item[] }>('GET', `/items/?epc=${epc}&limit=1`)).json.results[0] as Item;
  /** The gate reads the tags; answers when it sent them. */
  const pass = async (epcs: string[]) => {
    const sent = Date.now();
    expect((await readSet(gate, { epcs })).claimed_by).toBe('exit-gate');
    return sent;
  };
  /** The page opened on the exit alarms with its live stream connected. */
  const openAlarms = async (options: Parameters<typeof openPage>[1]): Promise<Page> => {
    const { page } = await openPage(browser(), { ...options, at: store });
    const stream = page.waitForResponse((response) => response.url().includes('/api/events/stream'));
    await page.goto('/exit-alarms');
    expect((await stream).headers()['content-type']).toContain('text/event-stream');
    await poll(() => page.locator('[data-testid="exit-alarms-table"], [data-testid="exit-alarms-table-cards"]').count()).toBe(1);
    return page;
  };

  beforeAll(async () => {
    const world = await demoWorld(1);
    ({ api, store } = world);
    const items = await api<{ results: Item[] }>('GET', `/items/?location=${store.id}&state=0&limit=40&order_by=-id`);
    stock = items.json.results.map((row) => row.epc);
    expect(stock.length).toBeGreaterThanOrEqual(4);
  });

  it('es, 1280 px with the menu open: the alarm within 2 s, none for the sold tag; marked lost, its item leaves the stock', async () => {
    const [unsold, sold] = stock.splice(0, 2) as [string, string];
    expect((await readSet(till, { epcs: [sold] })).claimed_by).toBe('pos-sale');
    const page = await openAlarms({ viewport: DESKTOP_1280 });
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });
    const table = page.getByTestId('exit-alarms-table');

    const sent = await pass([sold, unsold]);
    const row = rowOf(table, unsold);
    await poll(() => row.count(), { interval: 20 }).toBe(1);
    const shown = Date.now() - sent;
    console.log(`exit alarm: on the page ${shown} ms after the gate sent its set (goal ${GOAL_MS} ms)`);
    expect(shown).toBeLessThan(boundMs());
    expect(reloads).toBe(0);
    expect(await rowOf(table, sold).count()).toBe(0);
    expect(await row.getByTestId('status-open').textContent()).toBe('Abierta');
    expect(await row.getByTestId('exit-alarm-item-state').textContent()).toBe('EN STOCK');
    expect(await row.getByTestId('exit-alarm-reads').textContent()).toBe('1');
    await tableFits(page, 'exit-alarms-table');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'exit-alarms-open-es');

    // Marked lost: asked first, then the alarm leaves the open ones and the item is UNKNOWN, in no area.
    await row.getByTestId('exit-alarm-lost').click();
    const dialog = page.getByTestId('confirm-dialog');
    await poll(() => dialog.getByText('¿Marcar el artículo como perdido?').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Sí, perdido' }).click();
    await poll(() => row.count()).toBe(0);
    await poll(async () => itemOf(unsold)).toMatchObject({ state: 1, location: null });
    await poll(() => dialog.count()).toBe(0);
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Perdido' }).click();
    await poll(() => row.getByTestId('exit-alarm-item-state').textContent()).toBe('DESCONOCIDO');
    expect(await row.getByTestId('status-lost').textContent()).toBe('Perdido');
    await screenshot(page, 'exit-alarms-lost-es');
    await page.context().close();
  });

  it('en, 390 px: the alarm shows as a card without a reload; the bell counts it', async () => {
    const [unsold] = stock.splice(0, 1) as [string];
    const page = await openAlarms({ viewport: MOBILE, language: 'en' });
    const before = Number((await api<{ count: number }>('GET', `/exit_alarms/count/`)).json.count);
    const sent = await pass([unsold]);
    const card = rowOf(page.getByTestId('exit-alarms-table-cards'), unsold);
    await poll(() => card.count(), { interval: 20 }).toBe(1);
    console.log(`exit alarm (phone): on the page ${Date.now() - sent} ms after the gate sent its set`);
    expect(Date.now() - sent).toBeLessThan(boundMs());
    expect(await card.getByTestId('status-open').textContent()).toBe('Open');
    await poll(() => page.getByTestId('exit-alarms-bell').getAttribute('aria-label')).toBe(`Exit alarms: ${before + 1}`);
    await phoneShot(page, 'exit-alarms-open-en-phone');
    await page.context().close();
  });
});
