import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { poll, screenshot } from './browser';
import { dayText, typeDate } from './date-field';
import type { Api } from './journey-api';

/**
 * Steps of the shared order wizard (features/order-wizard) that the creation journeys of purchase, movement and online
 * orders repeat: step 1 the order, step 2 its boxes (kept in the page), then one call creates both. Not a test file.
 */

/** Tomorrow at `time` (HH:MM), as the date-time fields show it (DD/MM/YYYY HH:mm; typed with `typeDate`). */
export const tomorrowAt = (time: string): string => `${dayText(new Date(Date.now() + 86_400_000))} ${time}`;

/** Step 1 of a purchase order: its code, arrival tomorrow at 10:30 and `provider` (typed and picked from the search); then step 2. */
export const fillPurchaseOrder = async (page: Page, code: string, provider: string) => {
  await page.getByTestId('order-code').fill(code);
  await typeDate(page.getByTestId('order-estimated-arrival'), tomorrowAt('10:30'));
  await page.getByTestId('order-provider').fill(provider.slice(0, 5));
  await page.getByRole('option', { name: provider }).first().click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('add-box').waitFor();
};

/** Picks a GTIN in a row of the add-box dialog: types it and takes the matching option (or 'Create'). */
export const pickGtin = async (page: Page, row: number, gtin: string, option: 'gtin-option' | 'gtin-option-create') => {
  await page.getByTestId(`box-gtin-${row}`).fill(gtin);
  await page.getByTestId(option).first().click();
};

/** Adds a box with `lines` (GTIN picked from the search, quantity) and waits for the dialog to close. */
export const addBox = async (page: Page, barcode: string, lines: Array<{ gtin: string; quantity: number }>) => {
  await page.getByTestId('add-box').click();
  await page.getByTestId('box-barcode').fill(barcode);
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.getByTestId('box-add-row').click();
    await pickGtin(page, index, line.gtin, 'gtin-option');
    await page.getByTestId(`box-quantity-${index}`).fill(String(line.quantity));
  }
  await page.getByTestId('box-save').click();
  await page.getByTestId('add-box-dialog').waitFor({ state: 'detached' });
};

/**
 * Opens the add-box dialog, types a barcode the order's draft has already and saves: the dialog stays open saying so
 * (Spanish; screenshot `<shots>-duplicate-es`), then is cancelled (`<shots>-boxes-es`).
 */
export const duplicateBoxRefused = async (page: Page, barcode: string, gtin: string, shots: string) => {
  await page.getByTestId('add-box').click();
  await page.getByTestId('box-barcode').fill(barcode);
  await pickGtin(page, 0, gtin, 'gtin-option');
  await page.getByTestId('box-save').click();
  await poll(() => page.getByTestId('add-box-dialog').textContent()).toContain('Esta orden ya tiene una caja con este código');
  await screenshot(page, `${shots}-duplicate-es`);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByTestId('add-box-dialog').waitFor({ state: 'detached' });
  await screenshot(page, `${shots}-boxes-es`);
};

/** What the wizard says to a role that may not create orders (4 and 5). */
const NOT_ALLOWED = {
  es: 'Su rol no puede crear órdenes: solo administradores, gestores de marca y editores.',
  en: 'Your role may not create orders: only administrators, brand managers and editors can.',
};

/** The wizard at each of `paths` tells the signed-in role it may not create orders, in `language`, and shows no form. */
export const notAllowed = async (page: Page, paths: string[], language: keyof typeof NOT_ALLOWED = 'es') => {
  for (const path of paths) {
    await page.goto(path);
    await poll(() => page.getByTestId('not-allowed').textContent()).toBe(NOT_ALLOWED[language]);
    expect(await page.getByTestId('order-code').count()).toBe(0);
  }
};

/** Fills the add-GTIN dialog that 'Create' opened: it holds the typed GTIN; the caller saves it. */
export const fillNewGtin = async (page: Page, gtin: string, { description, price }: { description: string; price: string }) => {
  await page.getByTestId('add-gtin-dialog').waitFor();
  expect(await page.getByTestId('add-gtin-gtin').inputValue()).toBe(gtin);
  await page.getByTestId('add-gtin-description').fill(description);
  await page.getByTestId('add-gtin-price').fill(price);
};

/**
 * Adds a box `barcode` with `quantity` units of `gtin` and one unit of `newGtin`, a GTIN the catalogue lacks: created
 * through the row's 'Create' and the add-GTIN dialog (`fields`), it then fills its row. Screenshots: the filled dialog
 * as `shots.addGtin` (when given) and the box before saving as `shots.addBox`; waits for the dialog to close.
 */
export const addBoxWithNewGtin = async (
  page: Page,
  {
    barcode,
    gtin,
    quantity,
    newGtin,
    fields,
    shots,
  }: {
    barcode: string;
    gtin: string;
    quantity: number;
    newGtin: string;
    fields: { description: string; price: string };
    shots: { addGtin?: string; addBox: string };
  },
) => {
  await page.getByTestId('add-box').click();
  await page.getByTestId('box-barcode').fill(barcode);
  await pickGtin(page, 0, gtin, 'gtin-option');
  await page.getByTestId('box-quantity-0').fill(String(quantity));
  await page.getByTestId('box-add-row').click();
  await pickGtin(page, 1, newGtin, 'gtin-option-create');
  await fillNewGtin(page, newGtin, fields);
  if (shots.addGtin) await screenshot(page, shots.addGtin);
  await page.getByTestId('add-gtin-submit').click();
  await page.getByTestId('add-gtin-dialog').waitFor({ state: 'detached' });
  await poll(() => page.getByTestId('box-gtin-1').inputValue()).toBe(newGtin);
  await screenshot(page, shots.addBox);
  await page.getByTestId('box-save').click();
  await page.getByTestId('add-box-dialog').waitFor({ state: 'detached' });
};

/** The list of a location's orders of a kind, where an order code is looked for. */
const LIST_OF_KIND = { purchase: 'porders', online: 'orders', movement: 'exits' } as const;

/** How many orders of `kind` at `locationId` have a code containing `code` (the wizard's leavings, or its order). */
export const countOrdersWithCode = async (
  api: Api,
  { kind, locationId, code }: { kind: keyof typeof LIST_OF_KIND; locationId: number; code: string },
): Promise<number> =>
  (
    await api<{ count: number }>(
      'GET',
      `/locations/${locationId}/v1/${LIST_OF_KIND[kind]}/?order_code__icontains=${encodeURIComponent(code)}`,
    )
  ).json.count;

/** The order number the wizard shows once its last button created the order ("… (n.º 12) …"). */
export const createdOrderId = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('finished-order').textContent()) ?? '';
  const id = Number(/(\d+)\)/.exec(text)?.[1] ?? 0);
  expect(id).toBeGreaterThan(0);
  return id;
};

/** The wizard's last button ('Crear la orden'): the order and its boxes in one call; waits for the new order's number. */
export const createOrder = async (page: Page): Promise<number> => {
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('finished-order').waitFor();
  return createdOrderId(page);
};
