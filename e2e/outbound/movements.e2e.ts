import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chooseLocation,
  MOBILE,
  openPage,
  type Place,
  phoneShot,
  poll,
  rowOf,
  screenshot,
  tableFits,
  useBrowser,
} from '../support/browser';
import { type Api, createMovement, demoWorld, hoursAgo, sgtin96 } from '../support/journey-api';
import { demoReader, readBox } from '../support/readers';
import {
  chooseInSelect,
  confirmWithNotice,
  exitStatsOf,
  expectExitFigures,
  filterCode,
  numberIn,
  openFilteredRow,
  openFilteredRows,
  statsRange,
} from './dashboards';

/**
 * Issue 6, movements: four movements from the center CD-MAD to the store T-MAD-01 are created
 * through the API. A is read at the exit by POR-MAD-EXP (mode 1) and at the store by POR-T01-ENT
 * (mode 3); B only at the exit; C never; D is read at the exit while the user is deleting it.
 * The exit dashboard of CD-MAD and the entry dashboard of T-MAD-01 show their statuses, the
 * statistics the server computes and the row icons: delete gone once verified, a 409 in red when
 * the order got verified meanwhile, B canceled from the entry dashboard, C deleted. In Spanish
 * and English, on a desktop and at 390 px.
 */

const RUN = Date.now() % 1_000_000;
const PREFIX = `OUT-MOV-${RUN}`;
const code = (letter: string) => `${PREFIX}-${letter}`;
const box = (letter: string) => `${PREFIX}-${letter}1`;

type Movement = {
  origin_status: number;
  destination_status: number;
  can_cancel: boolean;
  can_delete: boolean;
  real_item_count: number;
};

const EXIT = demoReader('POR-MAD-EXP');
const ENTRY = demoReader('POR-T01-ENT');

/** What a row's delete or cancel says when the order got verified meanwhile (409). */
const REFUSED = {
  'delete-order': 'No se puede borrar: revise las verificaciones de esa orden.',
  'cancel-order': 'No se pudo cancelar la orden, revise si la orden ya ha sido verificada.',
};

describe('movements journey: a movement from a center to a store, verified at both ends, seen on both dashboards', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place = { id: 0, description: '' };
  let store: Place = { id: 0, description: '' };
  const ids: Record<string, number> = {};
  const boxIds: Record<string, number> = {};
  const epcs: Record<string, string[]> = {};

  /**
   * Clicks `action` on D's row; while the confirm dialog is open, `portal` reads D's box (at `at`). The confirmation is
   * refused, in red, saying why (REFUSED); the row shows D verified, without the action.
   */
  const refusedAsReadMeanwhile = async (
    page: Page,
    rowD: Locator,
    { action, portal, at }: { action: keyof typeof REFUSED; portal: typeof EXIT; at: Date },
  ) => {
    await rowD.getByTestId(action).click();
    await poll(() => page.getByTestId('confirm-dialog').count()).toBe(1);
    await readBox(portal, { codebar: box('D'), epcs: epcs.D as string[], at });
    await confirmWithNotice(page, REFUSED[action], 'error');
    await poll(() => rowD.getByTestId('order-status').textContent()).toBe('Verificado sin errores');
    expect(await rowD.getByTestId(action).count()).toBe(0);
    await poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
  };

  const movement = async (letter: string, side: 'exit' | 'entry' = 'exit') =>
    (await api<Movement>('GET', `/morders/${ids[letter]}/?side=${side}`)).json;

  beforeAll(async () => {
    const world = await demoWorld(2);
    ({ api, center, store } = world);
    const [g1, g2] = world.gtins as [string, string];
    const serial = 720_000_000 + RUN * 20;
    const plans: Record<string, Array<{ gtin: string; quantity: number }>> = {
      A: [
        { gtin: g1, quantity: 2 },
        { gtin: g2, quantity: 1 },
      ],
      B: [{ gtin: g1, quantity: 1 }],
      C: [{ gtin: g1, quantity: 1 }],
      D: [{ gtin: g2, quantity: 1 }],
    };
    epcs.A = [sgtin96(g1, serial), sgtin96(g1, serial + 1), sgtin96(g2, serial + 2)];
    epcs.B = [sgtin96(g1, serial + 3)];
    epcs.C = [sgtin96(g1, serial + 4)];
    epcs.D = [sgtin96(g2, serial + 5)];
    for (const [letter, contents] of Object.entries(plans)) {
      const created = await createMovement(api, {
        code: code(letter),
        originId: center.id,
        destinationId: store.id,
        boxes: [{ codebar: box(letter), contents }],
        // D is not due yet: its waiting time is not red.
        estimatedExit: letter === 'D' ? hoursAgo(-5) : hoursAgo(2.5),
      });
      ids[letter] = created.orderId;
      boxIds[letter] = created.boxIds[0] as number;
    }
    // A leaves the center and arrives at the store; B only leaves.
    await readBox(EXIT, { codebar: box('A'), epcs: epcs.A as string[], at: hoursAgo(2) });
    await readBox(ENTRY, { codebar: box('A'), epcs: epcs.A as string[], at: hoursAgo(1) });
    await readBox(EXIT, { codebar: box('B'), epcs: epcs.B as string[], at: hoursAgo(2) });
  });

  it('the API agrees: A checked at both ends, B only at the exit, C and D unread; A cannot be deleted (409)', async () => {
    expect(await movement('A')).toMatchObject({ origin_status: 3, destination_status: 3, can_delete: false, can_cancel: false });
    expect(await movement('B', 'entry')).toMatchObject({ origin_status: 3, destination_status: 0, can_cancel: true });
    expect(await movement('C')).toMatchObject({ origin_status: 0, destination_status: 0, can_delete: true, can_cancel: false });
    const refused = await api<{ message: string }>('DELETE', `/v1/morders/${ids.A}/`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Cannot delete the order. Check verifications.');
    expect((await api('GET', `/morders/${ids.A}/`)).status).toBe(200);
  });

  it('es: the exit dashboard of CD-MAD shows the statuses, the stats of the server, and delete only while unverified', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const list = await openFilteredRows(page, { path: '/movements/exit/', list: 'exit-orders', code: PREFIX }, 4);
    const rowA = rowOf(list, code('A'));
    expect(await rowA.getByTestId('order-status').textContent()).toBe('Verificado sin errores');
    expect(await rowA.getByTestId('order-items').textContent()).toBe('3 / 3');
    expect(await rowA.getByTestId('order-boxes-link').textContent()).toBe('1 / 1');
    expect(await rowA.getByTestId('order-other-location').textContent()).toBe(store.description);
    expect(await rowA.getByTestId('delete-order').count()).toBe(0);
    expect(await rowA.getByTestId('download-order').count()).toBe(1);
    expect(await rowA.getByTestId('order-detail-link').getAttribute('href')).toBe(`/movements/exit/order/${ids.A}/detail`);
    expect(await rowA.getByTestId('order-code-link').getAttribute('href')).toBe(`/movements/exit/order/${ids.A}/boxes`);
    const rowC = rowOf(list, code('C'));
    expect(await rowC.getByTestId('order-status').textContent()).toBe('Sin verificar');
    expect(await rowC.getByTestId('delete-order').count()).toBe(1);
    // C's estimated exit has passed without an exit: red; D is not due yet.
    expect(await rowC.getByTestId('order-waiting').getAttribute('data-late')).toBe('true');
    expect(await rowC.getByTestId('order-waiting').evaluate((node) => getComputedStyle(node).color)).toBe('rgb(211, 47, 47)');
    expect(await rowOf(list, code('D')).getByTestId('order-waiting').getAttribute('data-late')).toBe('false');

    // The five figures are the server's, for the last 30 days.
    const stats = await exitStatsOf(api, `/locations/${center.id}/movstats/`);
    expect(stats.orders).toBeGreaterThanOrEqual(4);
    await expectExitFigures(page, stats);
    await screenshot(page, 'outbound-exit-dashboard-es');
    await tableFits(page, 'exit-orders');

    // The state filter: only A and B are checked without errors among ours.
    await chooseInSelect(page, 'filter-state', 3);
    await poll(() => list.getByTestId('paged-row').count()).toBe(2);
    expect(await rowOf(list, code('C')).count()).toBe(0);
    await context.close();
  });

  it('es: the row download streams the movement CSV in the chosen report mode (GTIN lines, then the EPCs of both sides)', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const rowA = await openFilteredRow(page, { path: '/movements/exit/', list: 'exit-orders', code: code('A') });
    await rowA.getByTestId('download-order').click();
    // GTIN mode (0): one line per box and GTIN.
    await poll(() => page.getByTestId('download-done').textContent()).toBe(`Guardado movimiento-${ids.A}.csv (2 filas)`);
    await page.getByTestId('download-close').click();
    await chooseInSelect(page, 'filter-report-mode', 1);
    await rowA.getByTestId('download-order').click();
    // EPC mode (1): the three EPCs read at the exit and the three read at the store.
    await poll(() => page.getByTestId('download-done').textContent()).toBe(`Guardado movimiento-${ids.A}-epcs.csv (6 filas)`);
    await page.getByTestId('download-close').click();
    await context.close();
  });

  it('es: deleting D after it got verified meanwhile answers 409, shown in red, and the list reloads without the icon', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/movements/exit/');
    await filterCode(page, code('D'));
    const rowD = rowOf(page.getByTestId('exit-orders'), code('D'));
    await poll(() => rowD.getByTestId('delete-order').count()).toBe(1);
    // While the dialog is open the exit portal reads D's box.
    await refusedAsReadMeanwhile(page, rowD, { action: 'delete-order', portal: EXIT, at: hoursAgo(0.5) });
    await screenshot(page, 'outbound-exit-delete-refused-es');
    expect((await api('GET', `/morders/${ids.D}/`)).status).toBe(200);
    await context.close();
  });

  it('es: the entry dashboard of T-MAD-01: statuses, stats, cancel of B, delete of C, and a cancel refused once D arrived', async () => {
    const { page, context } = await openPage(browser(), { at: store });
    const list = await openFilteredRows(page, { path: '/movements/entry/', list: 'entry-orders', code: PREFIX }, 4);
    const [rowA, rowB, rowC, rowD] = ['A', 'B', 'C', 'D'].map((letter) => rowOf(list, code(letter))) as [
      Locator,
      Locator,
      Locator,
      Locator,
    ];
    expect(await rowA.getByTestId('order-status').textContent()).toBe('Verificado sin errores');
    expect(await rowA.getByTestId('order-items').textContent()).toBe('3 / 3');
    expect(await rowA.getByTestId('order-boxes-link').textContent()).toBe('1 / 1');
    expect(await rowA.getByTestId('order-other-location').textContent()).toBe(center.description);
    expect(await rowA.getByTestId('order-detail-link').getAttribute('href')).toBe(`/movements/entry/order/${ids.A}/detail`);
    expect(await rowA.getByTestId('order-boxes-link').getAttribute('href')).toBe(`/movements/entry/order/${ids.A}/boxes`);
    expect(await rowA.locator('[data-testid="cancel-order"], [data-testid="delete-order"]').count()).toBe(0);
    // B and D left the center but did not arrive: cancel, no delete. C was never read: delete, no cancel.
    for (const row of [rowB, rowD]) {
      expect(await row.getByTestId('order-status').textContent()).toBe('Sin verificar');
      expect(await row.getByTestId('cancel-order').count()).toBe(1);
      expect(await row.getByTestId('delete-order').count()).toBe(0);
    }
    expect(await rowC.getByTestId('delete-order').count()).toBe(1);
    expect(await rowC.getByTestId('cancel-order').count()).toBe(0);

    const stats = (
      await api<{
        orders: number;
        destination_pending_orders: number;
        average_reception_time: number | null;
        max_reception_time: number | null;
      }>('GET', `/locations/${store.id}/entrystats/?${statsRange()}`)
    ).json;
    expect(stats.orders).toBeGreaterThanOrEqual(4);
    expect(stats.average_reception_time).not.toBeNull();
    await poll(() => page.getByTestId('stat-orders-value').textContent()).toBe(numberIn('es', stats.orders, 0));
    expect(await page.getByTestId('stat-pending-value').textContent()).toBe(numberIn('es', stats.destination_pending_orders, 0));
    expect(await page.getByTestId('stat-averageReception-value').textContent()).toBe(
      `${numberIn('es', stats.average_reception_time, 2)}h`,
    );
    expect(await page.getByTestId('stat-maxReception-value').textContent()).toBe(
      `${numberIn('es', stats.max_reception_time, 2)}h`,
    );
    await screenshot(page, 'outbound-entry-dashboard-es');
    await tableFits(page, 'entry-orders');

    // Cancel B: destination_status 4.
    await rowB.getByTestId('cancel-order').click();
    await confirmWithNotice(page, 'Orden cancelada correctamente.', 'success');
    await poll(() => rowB.getByTestId('order-status').textContent()).toBe('Cancelado');
    expect(await rowB.getByTestId('cancel-order').count()).toBe(0);
    expect((await movement('B', 'entry')).destination_status).toBe(4);

    // Delete C.
    await rowC.getByTestId('delete-order').click();
    await confirmWithNotice(page, 'Orden borrada correctamente', 'success');
    await poll(() => list.getByTestId('paged-row').count()).toBe(3);
    expect((await api('GET', `/morders/${ids.C}/`)).status).toBe(404);

    // D arrives while the user is canceling it: 409, in red.
    await refusedAsReadMeanwhile(page, rowD, { action: 'cancel-order', portal: ENTRY, at: hoursAgo(0.25) });
    await screenshot(page, 'outbound-entry-after-es');
    await context.close();
  });

  it('en, 390 px: both dashboards are card lists within the phone, in English', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: MOBILE, language: 'en' });
    await page.goto('/movements/entry/');
    await poll(() => page.getByRole('heading', { name: 'Movements: entries' }).count()).toBe(1);
    await filterCode(page, PREFIX);
    const cards = page.getByTestId('entry-orders-cards');
    await poll(() => cards.getByTestId('paged-card').count()).toBe(3);
    expect(await rowOf(cards, code('A')).getByTestId('order-status').textContent()).toBe('Checked without errors');
    expect(await rowOf(cards, code('B')).getByTestId('order-status').textContent()).toBe('Canceled');
    await poll(() => page.getByTestId('stat-orders-value').count()).toBe(1);
    await phoneShot(page, 'outbound-entry-dashboard-mobile-en');

    await chooseLocation(page, center);
    await page.goto('/movements/exit/');
    await filterCode(page, PREFIX);
    const exitCards = page.getByTestId('exit-orders-cards');
    await poll(() => exitCards.getByTestId('paged-card').count()).toBe(3);
    expect(await rowOf(exitCards, code('A')).getByTestId('order-status').textContent()).toBe('Checked without errors');
    expect(await rowOf(exitCards, code('A')).getByTestId('delete-order').count()).toBe(0);
    await phoneShot(page, 'outbound-exit-dashboard-mobile-en');
    await page.goto('/movements/');
    await filterCode(page, PREFIX);
    await poll(() => page.getByTestId('movements-orders-cards').getByTestId('paged-card').count()).toBe(3);
    await phoneShot(page, 'outbound-movements-mobile-en');
    await context.close();
  });

  it('every movement from or to the location, each row linking to its side', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const rowAtCenter = await openFilteredRow(page, { path: '/movements/', list: 'movements-orders', code: code('A') });
    expect(await rowAtCenter.getByTestId('movement-exit').getByTestId('movement-direction').textContent()).toBe('Salida a');
    expect(await rowAtCenter.getByTestId('movement-location').textContent()).toBe(store.description);
    // Both sides' statuses and verified boxes: A was checked at the exit and at the store.
    expect(await rowAtCenter.getByTestId('exit-side').first().textContent()).toBe('Verificado sin errores');
    expect(await rowAtCenter.getByTestId('entry-side').first().textContent()).toBe('Verificado sin errores');
    expect(await rowAtCenter.getByTestId('entry-side').last().textContent()).toBe('1 / 1');
    expect(await rowAtCenter.getByTestId('order-detail-link').getAttribute('href')).toBe(`/movements/exit/order/${ids.A}/detail`);
    await screenshot(page, 'outbound-movements-es');
    await tableFits(page, 'movements-orders');

    await chooseLocation(page, store);
    const rowAtStore = await openFilteredRow(page, { path: '/movements/', list: 'movements-orders', code: code('A') });
    expect(await rowAtStore.getByTestId('movement-entry').getByTestId('movement-direction').textContent()).toBe('Entrada desde');
    expect(await rowAtStore.getByTestId('movement-location').textContent()).toBe(center.description);
    await rowAtStore.getByTestId('order-code-link').click();
    await page.waitForURL(`**/movements/entry/order/${ids.A}/boxes`);
    await context.close();
  });

  it('a visualizer of the store sees the entries but neither new order, cancel nor delete', async () => {
    const { page, context } = await openPage(browser(), { at: store, email: 'viewer@demo.local' });
    const list = await openFilteredRows(page, { path: '/movements/entry/', list: 'entry-orders', code: PREFIX }, 3);
    expect(await list.locator('[data-testid="cancel-order"], [data-testid="delete-order"]').count()).toBe(0);
    expect(await page.getByTestId('new-order').count()).toBe(0);
    await context.close();
  });
});
