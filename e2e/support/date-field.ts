import type { Locator } from 'playwright-core';
import { poll } from './browser';

/**
 * Typing in the app's date and date-time fields (MUI X pickers, components/date-fields.tsx), as a user does: the
 * field is a row of sections (day, month, year, hours, minutes; role spinbutton) and a hidden input holding what it
 * shows. Both languages show DD/MM/YYYY and DD/MM/YYYY HH:mm. Not a test file itself.
 */

const two = (n: number) => String(n).padStart(2, '0');

/** A day as the fields show it: DD/MM/YYYY (local time). */
export const dayText = (date: Date): string => `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;

/** A local date-time as the fields show it: DD/MM/YYYY HH:mm. */
export const dateTimeText = (date: Date): string => `${dayText(date)} ${two(date.getHours())}:${two(date.getMinutes())}`;

/** What a field shows (its hidden input's value: '' when empty, else the sections with their separators). */
export const dateFieldText = async (field: Locator): Promise<string> =>
  // Bidirectional isolation marks, if the sections carry any, are not part of what is read.
  (await field.locator('input').inputValue()).replace(/[\u200e\u200f\u2066-\u2069]/g, '');

/**
 * Types `value` ('DD/MM/YYYY' or 'DD/MM/YYYY HH:mm') into the picker field `field` (the element with its testid), digit
 * by digit from its first section: each section's digits replace what it held and move on to the next section. ''
 * empties it (all sections selected, then Backspace). Returns once the field shows `value`.
 */
export const typeDate = async (field: Locator, value: string): Promise<void> => {
  const page = field.page();
  await field.locator('[role="spinbutton"]').first().click();
  if (value) {
    await page.keyboard.type(value.replace(/\D/g, ''));
  } else {
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
  }
  await poll(() => dateFieldText(field)).toBe(value);
  // Leaves the field, as a user moving on does (the sections render again once it is blurred).
  await page.keyboard.press('Tab');
};
