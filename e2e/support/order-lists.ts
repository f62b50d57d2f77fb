import type { Locator, Page } from 'playwright-core';

/**
 * The inbound dashboard (/inbound/) with its order-code filter set to `code`: the rows of its orders list (not waited
 * for; poll their count). Not a test file.
 */
export const inboundOrderRows = async (page: Page, code: string): Promise<Locator> => {
  await page.goto('/inbound/');
  await page.getByTestId('filter-order_code__icontains').fill(code);
  return page.getByTestId('inbound-orders').getByTestId('paged-row');
};
