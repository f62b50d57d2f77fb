import type { GraphStatistics, LocationStatistics } from '@rfid/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitsPhone, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { dateFieldText, dayText, typeDate } from '../support/date-field';
import {
  type Api,
  apiAs,
  boxPlan,
  createMovement,
  createOnlineOrder,
  createPurchaseOrder,
  demoWorld,
  hoursAgo,
  sgtin96,
} from '../support/journey-api';
import { addExitReader, demoReader, macOf, readBox } from '../support/readers';

/**
 * The dashboard of CD-MAD after the inbound, movement and online journeys' kind of work, done here
 * through the API and the readers: three purchase orders (one received correctly by the tunnel,
 * one with a tag missing, one not read), a movement leaving through the expedition portal and
 * another not read, an online parcel read by an Exit/Sale reader and another waiting. The server's
 * figures move by exactly what that work means; the page shows the server's figures in its boxes
 * and donuts, and its chart switches Days, Months and Years with the range rules of spec section 5.
 * In Spanish and English, on a desktop and at 390 px.
 */

const RUN = Date.now() % 1_000_000;
const PREFIX = `DASH-${RUN}`;

type Stats = LocationStatistics;
type Graph = GraphStatistics;

const es = (n: number, digits = 0) =>
  new Intl.NumberFormat('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
const en = (n: number, digits = 0) =>
  new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('dashboard journey: the figures, donuts and chart of CD-MAD after real work', () => {
  const browser = useBrowser();
  let api: Api;
  let center = { id: 0, description: '' };
  let before: Stats;
  let after: Stats;

  const statsOf = async (id: number) => (await api<Stats>('GET', `/locations/${id}/statistics/`)).json;
  const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

  beforeAll(async () => {
    const world = await demoWorld(3);
    ({ api, center } = world);
    const [g1, g2, g3] = world.gtins as [string, string, string];
    before = await statsOf(center.id);
    const tunnel = demoReader('TUN-MAD-01');
    const portal = demoReader('POR-MAD-EXP');
    const expedition = await addExitReader(api, { serial: `E2E-DASH-${RUN}`, mac: macOf(RUN, 0x0d), locationId: center.id });
    const serial = 760_000_000 + RUN * 20;
    const epc = (gtin: string, n: number) => sgtin96(gtin, serial + n);
    /** A purchase order `name` to the center, from the provider, of one box (`<name>-A`) of `quantity` × `gtin`. */
    const purchase = (name: string, gtin: string, quantity: number) =>
      createPurchaseOrder(api, {
        code: `${PREFIX}-${name}`,
        destinationId: center.id,
        providerId: world.provider.id,
        boxes: [boxPlan(`${PREFIX}-${name}-A`, [gtin, quantity])],
      });

    // Received correctly: 2 × g1 read exactly.
    await purchase('P1', g1, 2);
    await readBox(tunnel, { codebar: `${PREFIX}-P1-A`, epcs: [epc(g1, 1), epc(g1, 2)], at: hoursAgo(2) });
    // Received with differences: 3 × g2 expected, 2 read.
    await purchase('P2', g2, 3);
    await readBox(tunnel, { codebar: `${PREFIX}-P2-A`, epcs: [epc(g2, 3), epc(g2, 4)], at: hoursAgo(2) });
    // Waiting: never read.
    await purchase('P3', g3, 5);
    // A movement to the store leaves with one of the g1 tags; another waits.
    await createMovement(api, {
      code: `${PREFIX}-M1`,
      originId: center.id,
      destinationId: world.store.id,
      boxes: [boxPlan(`${PREFIX}-M1-A`, [g1, 1])],
    });
    await readBox(portal, { codebar: `${PREFIX}-M1-A`, epcs: [epc(g1, 1)], at: hoursAgo(1) });
    await createMovement(api, {
      code: `${PREFIX}-M2`,
      originId: center.id,
      destinationId: world.store.id,
      boxes: [boxPlan(`${PREFIX}-M2-A`, [g3, 1])],
    });
    // An online parcel leaves with a g2 tag; another waits.
    await createOnlineOrder(api, {
      code: `${PREFIX}-O1`,
      originId: center.id,
      boxes: [boxPlan(`${PREFIX}-O1-A`, [g2, 1])],
    });
    await readBox(expedition, { codebar: `${PREFIX}-O1-A`, epcs: [epc(g2, 3)], at: hoursAgo(1) });
    await createOnlineOrder(api, {
      code: `${PREFIX}-O2`,
      originId: center.id,
      boxes: [boxPlan(`${PREFIX}-O2-A`, [g1, 1])],
    });
    after = await statsOf(center.id);
  });

  it('the server’s figures moved by exactly the work done', () => {
    // Stocked: 2 + 2 received, 1 left by the movement, 1 sold online → +2.
    expect(after.stock - before.stock).toBe(2);
    // Theoretical: received 2 + 3 (expected contents), shipped 1 + 1 → +3.
    expect(after.theorical_stock - before.theorical_stock).toBe(3);
    expect(after.precision).toBe(
      after.theorical_stock === 0 ? 0 : Math.trunc((Math.abs(after.stock) / after.theorical_stock) * 100),
    );
    expect(after.items_out_30_days - before.items_out_30_days).toBe(2);
    expect(after.entrys.correctly_received - before.entrys.correctly_received).toBe(1);
    expect(after.entrys.incorrectly_received - before.entrys.incorrectly_received).toBe(1);
    expect(after.entrys.waiting - before.entrys.waiting).toBe(1);
    expect(after.exits.correctly_exited - before.exits.correctly_exited).toBe(1);
    expect(after.exits.waiting - before.exits.waiting).toBe(1);
    expect(after.online.sended - before.online.sended).toBe(1);
    expect(after.online.waiting - before.online.waiting).toBe(1);
  });

  it('es: the location, the four figures and the three donuts show the server’s numbers', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    await page.goto('/dashboard');
    await poll(() => text(page, 'dashboard-location')).toBe('Centro de distribución Madrid');
    const s = await statsOf(center.id);
    await poll(() => text(page, 'dashboard-stock')).toBe(es(s.stock));
    expect(await text(page, 'dashboard-theoretical')).toBe(es(s.theorical_stock));
    expect(await text(page, 'figure-precision-value')).toBe(`${es(s.precision)} %`);
    expect(await page.getByTestId('figure-precision').getByTestId('percent-bar').textContent()).toBe(
      `${Math.min(100, s.precision)}%`,
    );
    expect(await text(page, 'figure-change-value')).toBe(
      s.stock_evolution === null ? '—' : `${s.stock_evolution > 0 ? '+' : ''}${es(s.stock_evolution, 2)} %`,
    );
    expect(await text(page, 'figure-supply-value')).toBe(s.days_of_supply === null ? '—' : `${es(s.days_of_supply, 1)} días`);
    expect(await text(page, 'figure-supply-caption')).toContain(`${es(s.items_out_30_days)} artículos salidos`);

    const donut = async (id: string, slice: string) => text(page, `donut-${id}-${slice}-value`);
    expect(await donut('inbound', 'correctly_received')).toBe(es(s.entrys.correctly_received));
    expect(await donut('inbound', 'incorrectly_received')).toBe(es(s.entrys.incorrectly_received));
    expect(await donut('inbound', 'waiting')).toBe(es(s.entrys.waiting));
    expect(await text(page, 'donut-inbound-total')).toBe(
      es(s.entrys.correctly_received + s.entrys.incorrectly_received + s.entrys.waiting),
    );
    expect(await donut('outbound', 'correctly_exited')).toBe(es(s.exits.correctly_exited));
    expect(await donut('outbound', 'incorrectly_exited')).toBe(es(s.exits.incorrectly_exited));
    expect(await donut('outbound', 'waiting')).toBe(es(s.exits.waiting));
    expect(await donut('online', 'sended')).toBe(es(s.online.sended));
    expect(await donut('online', 'waiting')).toBe(es(s.online.waiting));
    expect(await page.getByTestId('donut-inbound').textContent()).toContain('Recibidos correctamente');
    expect(await page.getByTestId('donut-online').textContent()).toContain('Enviados');
    // The 3-step print wizard opens from here (roles 1 to 4; e2e/printing drives it).
    expect(await page.getByTestId('dashboard-print').isDisabled()).toBe(false);
    await screenshot(page, 'dashboard-es');
    await context.close();
  });

  it('es: statistics reload every 20 s without a page reload', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    // The polling alone: with the live stream down (as when it is cut), no event refreshes the figures in between.
    await page.route('**/api/events/stream**', (route) => route.abort());
    const loads: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes(`/locations/${center.id}/statistics/`) && r.ok()) loads.push(Date.now());
    });
    await page.goto('/dashboard');
    await poll(() => loads.length).toBe(1);
    await poll(() => loads.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const gap = (loads[1] as number) - (loads[0] as number);
    expect(gap).toBeGreaterThan(15_000);
    expect(gap).toBeLessThan(30_000);
    await context.close();
  });

  it('es: the chart by days (the last 60 days), months and years, with the range rules of spec section 5', async () => {
    const { page, context } = await openPage(browser(), { at: center });
    const graphs: Graph[] = [];
    page.on('response', (r) => {
      if (!r.url().includes('/graphstatistics/') || !r.ok()) return;
      // A range typed digit by digit asks for each valid day on the way and cancels the answer before: a cancelled
      // answer has no body, and was not drawn.
      r.json().then(
        (graph) => graphs.push(graph as Graph),
        () => undefined,
      );
    });
    await page.goto('/dashboard');
    const chart = page.getByTestId('dashboard-chart');
    const today = new Date();
    await poll(() => chart.getAttribute('data-points')).toBe('61');
    expect(await chart.getAttribute('data-granularity')).toBe('day');
    expect(await chart.getAttribute('data-module')).toBe('stock');
    expect(await chart.getAttribute('data-end')).toBe(localDay(today));
    const start60 = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 60);
    expect(await chart.getAttribute('data-start')).toBe(localDay(start60));
    // The range's fields show DD/MM/YYYY in Spanish (MUI X pickers), not the browser's own date input.
    await poll(() => dateFieldText(page.getByTestId('chart-day-start'))).toBe(dayText(start60));
    // The chart draws the stock series: its today point is the stock now.
    const stock = graphs.at(-1) as Graph;
    expect(stock.series.map((s) => s.name)).toEqual(['stock', 'theorical_stock']);
    expect(stock.series[0]?.data.at(-1)).toBe((await statsOf(center.id)).stock);
    expect(await page.locator('[data-testid="dashboard-chart"] svg').count()).toBeGreaterThan(0);

    // Inbound: today's bucket holds this journey's orders (and any other of today).
    const graphsBefore = graphs.length;
    await page.getByTestId('chart-module-inbound').click();
    await poll(() => chart.getAttribute('data-module')).toBe('inbound');
    // The chart may draw before the listener above has read the answer's body.
    await poll(() => graphs.length).toBeGreaterThan(graphsBefore);
    const inbound = graphs.at(-1) as Graph;
    const serverInbound = (
      await api<Graph>(
        'GET',
        `/locations/${center.id}/graphstatistics/?module=inbound&granularity=day&date_start=${inbound.date_start}&date_end=${inbound.date_end}`,
      )
    ).json;
    expect(inbound.series).toEqual(serverInbound.series);
    const todayIndex = inbound.x_axis.indexOf(localDay(new Date()));
    const todayTotal = inbound.series.reduce((sum, s) => sum + (s.data[todayIndex] ?? 0), 0);
    expect(todayTotal).toBeGreaterThanOrEqual(3);

    // Days: at most 60 days apart. 61 days says why and keeps the last chart.
    const start61 = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 61);
    await typeDate(page.getByTestId('chart-day-start'), dayText(start61));
    await poll(() => page.getByTestId('chart-range-problem').getAttribute('data-problem')).toBe('too_long');
    expect(await page.getByTestId('chart-range-problem').textContent()).toContain('60 días');
    // The last chart is kept: never the refused range (typed section by section, a date on the way may have been a
    // valid one, e.g. 30/10 on the way from 01/10 to 30/09, and drawn).
    expect(await chart.getAttribute('data-start')).not.toBe(localDay(start61));
    expect(Number(await chart.getAttribute('data-points'))).toBeLessThanOrEqual(61);
    // Start not before the end.
    await typeDate(page.getByTestId('chart-day-start'), dayText(today));
    await poll(() => page.getByTestId('chart-range-problem').getAttribute('data-problem')).toBe('start_not_before_end');
    // A valid range of 10 days draws 11 points.
    const start10 = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 10);
    await typeDate(page.getByTestId('chart-day-start'), dayText(start10));
    await poll(() => chart.getAttribute('data-points')).toBe('11');
    expect(await page.getByTestId('chart-range-problem').count()).toBe(0);
    expect(await chart.getAttribute('data-start')).toBe(localDay(start10));

    // Months: a start at or after the end moves the end to the start plus 2 months.
    await page.getByTestId('chart-granularity-month').click();
    await poll(() => chart.getAttribute('data-granularity')).toBe('month');
    expect(await chart.getAttribute('data-points')).toBe('12');
    // MM/YYYY in the month pickers.
    const monthEnd = page.getByTestId('chart-month-end');
    await poll(() => dateFieldText(monthEnd)).toMatch(/^\d{2}\/\d{4}$/);
    const endMonth = await dateFieldText(monthEnd);
    const [m, y] = endMonth.split('/').map(Number) as [number, number];
    const twoBack = `${String(((m + 9) % 12) + 1).padStart(2, '0')}/${m > 2 ? y : y - 1}`;
    await typeDate(page.getByTestId('chart-month-start'), twoBack);
    await poll(() => chart.getAttribute('data-points')).toBe('3');
    // An end typed at the start is not kept: the field goes back to the end it had.
    await monthEnd.locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(twoBack.replace(/\D/g, ''));
    await page.keyboard.press('Tab');
    await poll(() => dateFieldText(monthEnd)).toBe(endMonth);
    await poll(() => chart.getAttribute('data-points')).toBe('3');
    await screenshot(page, 'dashboard-chart-months-es');

    // Years: the list spans 50 years back; start years are before the end year, end years after the start.
    await page.getByTestId('chart-granularity-year').click();
    await poll(() => chart.getAttribute('data-granularity')).toBe('year');
    const year = today.getFullYear();
    expect(await chart.getAttribute('data-start')).toBe(`${year - 4}-01-01`);
    await page.getByTestId('chart-year-start').click();
    const startYears = (await page.getByRole('option').allTextContents()).map(Number);
    expect(startYears[0]).toBe(year - 1);
    expect(startYears.at(-1)).toBe(year - 49);
    expect(startYears).toHaveLength(49);
    await page.getByRole('option', { name: String(year - 10) }).click();
    await poll(() => chart.getAttribute('data-points')).toBe('11');
    await page.getByTestId('chart-year-end').click();
    const endYears = (await page.getByRole('option').allTextContents()).map(Number);
    expect(endYears).toEqual(Array.from({ length: 10 }, (_, i) => year - i));
    await page.getByRole('option', { name: String(year - 9) }).click();
    await poll(() => chart.getAttribute('data-points')).toBe('2');
    await page.getByTestId('chart-year-start').click();
    expect((await page.getByRole('option').allTextContents()).map(Number).every((y2) => y2 < year - 9)).toBe(true);
    await page.keyboard.press('Escape');
    await screenshot(page, 'dashboard-chart-years-es');
    await context.close();
  });

  it('en: the labels in English and the same numbers', async () => {
    const { page, context } = await openPage(browser(), { at: center, language: 'en' });
    await page.goto('/dashboard');
    const s = await statsOf(center.id);
    await poll(() => text(page, 'dashboard-stock')).toBe(en(s.stock));
    expect(await page.getByTestId('figure-precision').textContent()).toContain('Precision');
    expect(await page.getByTestId('figure-supply').textContent()).toContain('Days of supply');
    expect(await page.getByTestId('figure-change').textContent()).toContain('Stock change');
    expect(await page.getByTestId('donut-inbound').textContent()).toContain('Incorrectly received');
    expect(await page.getByTestId('donut-outbound').textContent()).toContain('Correctly exited');
    expect(await page.getByTestId('donut-online').textContent()).toContain('Sent');
    expect(await text(page, 'donut-online-sended-value')).toBe(en(s.online.sended));
    expect(await page.getByTestId('chart-granularity-day').textContent()).toBe('Days');
    expect(await page.getByTestId('chart-granularity-month').textContent()).toBe('Months');
    expect(await page.getByTestId('chart-granularity-year').textContent()).toBe('Years');
    await screenshot(page, 'dashboard-en');
    await context.close();
  });

  it('390 px: everything fits the phone', async () => {
    const { page, context } = await openPage(browser(), { at: center, viewport: MOBILE });
    await page.goto('/dashboard');
    const s = await statsOf(center.id);
    await poll(() => text(page, 'dashboard-stock')).toBe(es(s.stock));
    await poll(() => page.getByTestId('dashboard-chart').getAttribute('data-points')).toBe('61');
    await phoneShot(page, 'dashboard-mobile');
    await page.getByTestId('chart-granularity-year').click();
    await poll(() => page.getByTestId('dashboard-chart').getAttribute('data-granularity')).toBe('year');
    await fitsPhone(page);
    await context.close();
  });

  it('the Company tab: the figures over every location of the company', async () => {
    const identity = (await api<{ company: { id: number; name: string } }>('GET', '/identity/')).json;
    const company = (await api<Stats>('GET', `/companies/${identity.company.id}/statistics/`)).json;
    expect(company.scope).toEqual({ kind: 'company', id: identity.company.id, description: identity.company.name });
    const { page, context } = await openPage(browser(), { at: { id: identity.company.id, description: identity.company.name } });
    await page.evaluate(() => localStorage.setItem('location_kind', 'company'));
    await page.goto('/dashboard');
    await poll(() => text(page, 'dashboard-location')).toBe(identity.company.name);
    await poll(() => text(page, 'dashboard-stock')).toBe(
      es((await api<Stats>('GET', `/companies/${identity.company.id}/statistics/`)).json.stock),
    );
    expect(await text(page, 'donut-inbound-correctly_received-value')).toBe(
      es((await api<Stats>('GET', `/companies/${identity.company.id}/statistics/`)).json.entrys.correctly_received),
    );
    await context.close();
  });

  it('a viewer sees its store’s dashboard; another location’s figures are refused', async () => {
    const viewer = await apiAs('viewer@demo.local');
    expect((await viewer('GET', `/locations/${center.id}/statistics/`)).status).toBe(404);
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local', language: 'en' });
    await page.goto('/dashboard');
    await poll(() => text(page, 'dashboard-location')).toBe('Tienda Madrid Gran Vía');
    await poll(() => page.getByTestId('donut-inbound-waiting-value').count()).toBe(1);
    await context.close();
  });
});
