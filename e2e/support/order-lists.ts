import type { Locator, Page } from 'playwright-core';
import { poll } from './browser';

/**
 * The inbound dashboard (/inbound/) with its order-code filter set to `code`: the rows of its orders list, once they
 * are `count` when it is given (otherwise not waited for; poll their count). Not a test file.
 */
export const inboundOrderRows = async (page: Page, code: string, count?: number): Promise<Locator> => {
  await page.goto('/inbound/');
  await page.getByTestId('filter-order_code__icontains').fill(code);
  const rows = page.getByTestId('inbound-orders').getByTestId('paged-row');
  if (count !== undefined) await poll(() => rows.count()).toBe(count);
  return rows;
};

/** Deletes the first of `rows` (inboundOrderRows) through its actions menu and confirms; the notice then says `notice`. */
export const deleteFirstOrder = async (page: Page, rows: Locator, notice: string): Promise<void> => {
  await rows.first().getByTestId('order-actions').click();
  await page.getByTestId('delete-order').click();
  await page.getByTestId('confirm-yes').click();
  await poll(() => page.getByTestId('notifier').textContent()).toBe(notice);
};
