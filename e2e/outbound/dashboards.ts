import type { Page } from 'playwright-core';

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

/** Opens an MUI select by the test id of its (hidden) input. */
export const openSelect = async (page: Page, testId: string) =>
  page.getByTestId(testId).locator('xpath=..').getByRole('combobox').click();

export const filterCode = async (page: Page, value: string) => page.getByTestId('filter-order_code__icontains').fill(value);
