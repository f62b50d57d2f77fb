import type { Locator, Page } from 'playwright-core';
import { poll } from './browser';

/** The valid switch of a verification on a box's verifications pages (components/verification). Not a test file itself. */
export const validSwitch = (page: Page, verificationId: number): Locator =>
  page.getByTestId(`verification-valid-${verificationId}`).locator('input');

/** Turns the valid switch `toggle` and confirms (once the dialog says `asks`, when given): the switch ends `valid`. */
export const switchValid = async (page: Page, toggle: Locator, valid: boolean, asks?: string): Promise<void> => {
  await toggle.click();
  if (asks !== undefined) await poll(() => page.getByTestId('confirm-dialog').textContent()).toContain(asks);
  await page.getByTestId('confirm-yes').click();
  await poll(() => toggle.isChecked()).toBe(valid);
};
