import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };

export const newPage = async (
  browser: Browser,
  { viewport = DESKTOP, language = 'es' }: { viewport?: { width: number; height: number }; language?: 'es' | 'en' } = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), locale: language === 'es' ? 'es-ES' : 'en-GB' });
  await context.addInitScript((lng) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lng);
  }, language);
  const page = await context.newPage();
  return { context, page };
};

export const signIn = async (page: Page, email: string, password = 'demo1234'): Promise<void> => {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
};

/** Screenshots go to e2e/screenshots (ignored by git) for a person to look at. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
};
