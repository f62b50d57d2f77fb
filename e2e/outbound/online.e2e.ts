import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import { type Api, boxPlan, createOnlineOrder, demoWorld, hoursAgo, sgtin96 } from '../support/journey-api';
import { addExitReader, macOf, readBox } from '../support/readers';
import { chooseInSelect, exitStatsOf, expectExitFigures, filterCode, openFilteredRow, openFilteredRows } from './dashboards';

/**
 * Issue 6, online: the admin adds an Exit/Sale reader (working mode 6) at the expedition area of
 * CD-MAD through POST /readers/ (as tools/simulator/src/day.ts does), two online orders are
 * created through the API, and the reader expedites the first one's box. The online dashboard
 * shows it verified (state icon, items, boxes, exit date) and its downloads work; the second one,
 * past its estimated exit, has its waiting time in red and is deleted from the dashboard. In
 * Spanish and English, on a desktop and at 390 px.
 */

const RUN = Date.now() % 1_000_000;
const PREFIX = `OUT-ONL-${RUN}`;
const SHIPPED = `${PREFIX}-1`;
const LATE = `${PREFIX}-2`;

type OnlineOrder = { origin_status: number; num_verified_boxes: number; real_item_count: number; exit_date: string | null };

describe('online journey: an online order expedited by a mode-6 reader, seen verified on the online dashboard', () => {
  const browser = useBrowser();
  let api: Api;
  let center = { id: 0, description: '' };
  let shippedId = 0;
  let lateId = 0;
  let epcs: string[] = [];

  beforeAll(async () => {
    const world = await demoWorld(2);
    ({ api, center } = world);
    const [g1, g2] = world.gtins as [string, string];
    const reader = await addExitReader(api, { serial: `E2E-ONL-${RUN}`, mac: macOf(RUN, 6), locationId: center.id });
    ({ orderId: shippedId } = await createOnlineOrder(api, {
      code: SHIPPED,
      originId: center.id,
      estimatedExit: hoursAgo(1),
      boxes: [boxPlan(`${SHIPPED}-B`, [g1, 1], [g2, 1])],
    }));
    ({ orderId: lateId } = await createOnlineOrder(api, {
      code: LATE,
      originId: center.id,
      estimatedExit: hoursAgo(1),
      boxes: [boxPlan(`${LATE}-B`, [g1, 1])],
    }));
    const serial = 740_000_000 + RUN * 10;
    epcs = [sgtin96(g1, serial), sgtin96(g2, serial + 1)];
    // The expedition reads the first order's box before its estimated exit.
    await readBox(reader, { codebar: `${SHIPPED}-B`, epcs, at: hoursAgo(2) });
  });

  it('the API agrees: the box verified at the origin, the order checked without errors, its items sold', async () => {
    const order = (await api<OnlineOrder>('GET', `/orders/${shippedId}/`)).json;
    expect(order).toMatchObject({ origin_status: 3, num_verified_boxes: 1, real_item_count: 2 });
    expect(order.exit_date).not.toBeNull();
    expect((await api<OnlineOrder>('GET', `/orders/${lateId}/`)).json.origin_status).toBe(0);
  });

  it('es: the dashboard shows the expedited order verified, the late one in red, and the server’s statistics', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/online/');
    await poll(() => page.getByRole('heading', { name: 'Online', exact: true }).count()).toBe(1);
    await filterCode(page, PREFIX);
    const list = page.getByTestId('online-orders');
    await poll(() => list.getByTestId('paged-row').count()).toBe(2);
    const shipped = rowOf(list, SHIPPED);
    expect(await shipped.getByTestId('order-state-3').getAttribute('aria-label')).toBe('Verificado sin errores');
    expect(await shipped.getByTestId('order-items').textContent()).toBe('2 / 2');
    expect(await shipped.getByTestId('order-boxes-link').textContent()).toBe('1 / 1');
    expect(await shipped.getByTestId('order-boxes-link').getAttribute('href')).toBe(`/online/order/${shippedId}/boxes/`);
    expect(await shipped.getByTestId('order-detail-link').getAttribute('href')).toBe(`/online/order/${shippedId}/detail`);
    expect(await shipped.getByTestId('order-code-link').getAttribute('href')).toBe(`/online/order/${shippedId}/detail`);
    // Exited before its estimate: not late; a verified order cannot be deleted.
    expect(await shipped.getByTestId('order-waiting').getAttribute('data-late')).toBe('false');
    expect(await shipped.getByTestId('delete-order').count()).toBe(0);
    const exitDate = (await api<OnlineOrder>('GET', `/orders/${shippedId}/`)).json.exit_date as string;
    const exit = new Date(exitDate);
    const pad = (n: number) => String(n).padStart(2, '0');
    // One date style (docs/writing-guide.md): day/month/year with slashes, 24-hour.
    expect(await shipped.textContent()).toContain(`${pad(exit.getDate())}/${pad(exit.getMonth() + 1)}/${exit.getFullYear()}`);

    const late = rowOf(list, LATE);
    expect(await late.getByTestId('order-state-0').count()).toBe(1);
    expect(await late.getByTestId('order-waiting').getAttribute('data-late')).toBe('true');
    expect(await late.getByTestId('order-waiting').evaluate((node) => getComputedStyle(node).color)).toBe('rgb(211, 47, 47)');
    expect(await late.getByTestId('delete-order').count()).toBe(1);

    const stats = await exitStatsOf(api, `/locations/${center.id}/onlinestats/`);
    expect(stats.orders).toBeGreaterThanOrEqual(2);
    expect(stats.average_shipping_time).not.toBeNull();
    await expectExitFigures(page, stats);
    await screenshot(page, 'outbound-online-dashboard-es');
    await tableFits(page, 'online-orders');

    // The state filter keeps only the verified one.
    await chooseInSelect(page, 'filter-state', 3);
    await poll(() => list.getByTestId('paged-row').count()).toBe(1);
    expect(await rowOf(list, SHIPPED).count()).toBe(1);
    await context.close();
  });

  it('es: the download icon streams the order CSV, the items CSV and the order as Excel, named in Spanish', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const shipped = await openFilteredRow(page, { path: '/online/', list: 'online-orders', code: SHIPPED });
    // The dialog opens from the row; a refresh of the list (a live event, the polling) may redraw the row as it is
    // clicked, so the click is repeated until the dialog shows.
    const downloadOrder = page.getByTestId('download-order');
    await poll(async () => {
      if ((await downloadOrder.count()) === 0) await shipped.getByTestId('order-download').click();
      return downloadOrder.isVisible();
    }).toBe(true);
    await downloadOrder.click();
    // One line per box and GTIN.
    await poll(() => page.getByTestId('download-done').textContent()).toBe(`Guardado pedido-online-${shippedId}.csv (2 filas)`);
    await page.getByTestId('download-close').click();
    await shipped.getByTestId('order-download').click();
    await page.getByTestId('download-items').click();
    await poll(() => page.getByTestId('download-done').textContent()).toBe(
      `Guardado pedido-online-${shippedId}-articulos.csv (2 filas)`,
    );
    await page.getByTestId('download-close').click();
    // The same order as an Excel workbook (format=xlsx), saved under the server's Spanish name.
    await shipped.getByTestId('order-download').click();
    await page.getByTestId('download-order-xlsx').click();
    await poll(() => page.getByTestId('download-done').textContent()).toBe(`Guardado pedido-online-${shippedId}.xlsx`);
    await page.getByTestId('download-close').click();
    await context.close();
  });

  it('es: the late, unverified order is deleted from the dashboard', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const list = await openFilteredRows(page, { path: '/online/', list: 'online-orders', code: PREFIX }, 2);
    await rowOf(list, LATE).getByTestId('delete-order').click();
    await page.getByTestId('confirm-yes').click();
    const notice = page.getByTestId('notifier');
    await poll(() => notice.textContent()).toBe('Orden borrada correctamente');
    expect(await notice.getAttribute('class')).toMatch(/MuiAlert-colorSuccess/);
    await poll(() => list.getByTestId('paged-row').count()).toBe(1);
    expect((await api('GET', `/orders/${lateId}/`)).status).toBe(404);
    // A verified order is refused by the server.
    const refused = await api<{ message: string }>('DELETE', `/orders/${shippedId}/`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Cannot delete the order. Check verifications.');
    await context.close();
  });

  it('en, 390 px: the dashboard is a card list within the phone, the order verified', async () => {
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE, language: 'en' });
    await page.goto('/online/');
    await filterCode(page, PREFIX);
    const cards = page.getByTestId('online-orders-cards');
    await poll(() => cards.getByTestId('paged-card').count()).toBe(1);
    const card = rowOf(cards, SHIPPED);
    expect(await card.getByTestId('order-state-3').textContent()).toBe('Checked without errors');
    expect(await card.getByTestId('order-items').textContent()).toBe('2 / 2');
    await poll(() => page.getByTestId('stat-orders-value').count()).toBe(1);
    await phoneShot(page, 'outbound-online-dashboard-mobile-en');
    await card.getByTestId('order-code-link').click();
    await page.waitForURL(`**/online/order/${shippedId}/detail`);
    await context.close();
  });
});
