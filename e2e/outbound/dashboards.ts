import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { poll, rowOf } from '../support/browser';
import type { Api } from '../support/journey-api';

/**
 * What the outbound dashboard journeys (movements, online) share: the statistics range the
 * dashboards send, numbers as they show them, and their filters. Not a test file itself.
 */

/** The statistics range the dashboards send: the last 30 days, as whole days (the location's zone). */
export const statsRange = () => {
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const today = new Date();
  const start = new Date(today);
  start.setDate(start.getDate() - 30);
  return `date_start=${day(start)}&date_end=${day(today)}`;
};

export const numberIn = (language: 'es' | 'en', value: number | null, digits: number) =>
  value === null
    ? '—'
    : new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);

/**
 * Opens an MUI select by the test id of its (hidden) input, picks its option `<testId>-<value>`, and waits until the
 * select holds it. On a loaded machine the pick was once lost (2026-12-02, the journeys at two workers: the menu stayed
 * open on "All", the list unfiltered): it is then made again, the menu opened only when it is not open.
 */
export const chooseInSelect = async (page: Page, testId: string, value: number) => {
  const input = page.getByTestId(testId);
  const option = page.getByTestId(`${testId}-${value}`);
  await poll(
    async () => {
      if ((await input.inputValue()) === String(value)) return true;
      if (!(await option.isVisible())) await input.locator('xpath=..').getByRole('combobox').click();
      await option.click({ timeout: 5_000 }).catch(() => undefined);
      return (await input.inputValue()) === String(value);
    },
    { timeout: 30_000 },
  ).toBe(true);
};

export const filterCode = async (page: Page, value: string) => page.getByTestId('filter-order_code__icontains').fill(value);

/** Says yes to the open confirm dialog; the notice then says `text`, as a `kind` alert (MUI's colour). */
export const confirmWithNotice = async (page: Page, text: string, kind: 'success' | 'error') => {
  await page.getByTestId('confirm-yes').click();
  const notice = page.getByTestId('notifier');
  await poll(() => notice.textContent()).toBe(text);
  expect(await notice.getAttribute('class')).toMatch(kind === 'success' ? /MuiAlert-colorSuccess/ : /MuiAlert-colorError/);
};

type FilteredDashboard = { path: string; list: string; code: string };

/** Opens the dashboard at `path`, filters it by order code `code` and waits for `count` rows in its list `list` (a test id). */
export const openFilteredRows = async (page: Page, { path, list, code }: FilteredDashboard, count: number) => {
  await page.goto(path);
  await filterCode(page, code);
  const rows = page.getByTestId(list);
  await poll(() => rows.getByTestId('paged-row').count()).toBe(count);
  return rows;
};

/** Opens the dashboard at `path`, filters it by order code `code` and waits for the one row of that order in `list`. */
export const openFilteredRow = async (page: Page, { path, list, code }: FilteredDashboard) => {
  await page.goto(path);
  await filterCode(page, code);
  const row = rowOf(page.getByTestId(list), code);
  await poll(() => row.count()).toBe(1);
  return row;
};

/** The exit figures of a location (GET /locations/{id}/movstats/ or /onlinestats/) for the last 30 days. */
export type ExitStats = {
  orders: number;
  origin_pending_orders: number;
  origin_daily_orders: number;
  average_shipping_time: number | null;
  max_shipping_time: number | null;
};
export const exitStatsOf = async (api: Api, path: string): Promise<ExitStats> =>
  (await api<ExitStats>('GET', `${path}?${statsRange()}`)).json;

/** The exit dashboard's five figures (Spanish) are the server's. */
export const expectExitFigures = async (page: Page, stats: ExitStats) => {
  await poll(() => page.getByTestId('stat-orders-value').textContent()).toBe(numberIn('es', stats.orders, 0));
  expect(await page.getByTestId('stat-pending-value').textContent()).toBe(numberIn('es', stats.origin_pending_orders, 0));
  expect(await page.getByTestId('stat-daily-value').textContent()).toBe(numberIn('es', stats.origin_daily_orders, 2));
  expect(await page.getByTestId('stat-averageShipping-value').textContent()).toBe(
    `${numberIn('es', stats.average_shipping_time, 2)}h`,
  );
  expect(await page.getByTestId('stat-maxShipping-value').textContent()).toBe(`${numberIn('es', stats.max_shipping_time, 2)}h`);
};
