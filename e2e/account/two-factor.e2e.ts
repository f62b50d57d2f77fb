import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, MOBILE, newPage, phoneShot, screenshot, useBrowser } from '../support/browser';
import { apiAs } from '../support/journey-api';

/** The code an authenticator app shows for the secret, `offsetSteps` 30-second steps from now (the test's own TOTP). */
const codeOf = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** POST /api/authtoken/ without a browser: no known-client token. */
const signInApi = async (username: string, password: string) => {
  const response = await fetch(`${baseUrl()}/api/authtoken/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), json: await response.json() };
};

const passwordStep = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
};

const signOut = async (page: Page) => {
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-sign-off').click();
  await page.waitForURL('**/login');
};

describe('two-factor sign-in and login protection (issue 29)', () => {
  const browser = useBrowser();

  it('enrols on the account page, signs in with password and code; a guesser cannot lock the owner out', async () => {
    // A company administrator of its own (the demo's are shared with other journeys).
    const admin = await apiAs('admin@demo.local');
    const company = (await admin<{ company: { id: number } }>('GET', '/identity/')).json.company.id;
    const email = 'two.factor@demo.local';
    const password = 'tres tristes tigres comen trigo';
    const made = await admin('POST', '/companyusers/', { first_name: 'Teo', last_name: 'Factor', email, password, company });
    expect(made.status).toBe(201);

    const { context, page } = await newPage(browser(), { language: 'es' });
    await passwordStep(page, email, password);
    await page.waitForURL('**/dashboard');

    // The header's user menu → Seguridad de la cuenta.
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-account-security').click();
    await page.waitForURL('**/account/security');
    await page.getByRole('button', { name: 'Activar el segundo factor' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole('img', { name: 'Código QR del segundo factor' }).count()).toBe(1);
    await screenshot(page, 'account-security-enrol');
    await page.getByTestId('totp-code').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect.poll(() => page.getByTestId('recovery-code').count()).toBe(10);
    const recovery = await page.getByTestId('recovery-code').allTextContents();
    await screenshot(page, 'account-security-recovery-codes');
    await page.getByTestId('codes-done').click();
    await expect.poll(() => page.getByTestId('totp-state').textContent()).toMatch(/El segundo factor está activado desde el/);

    // Signed out, then in again: password, then the code of the next step (this step's was used by the enrolment).
    await signOut(page);
    await passwordStep(page, email, password);
    await expect.poll(() => page.getByTestId('mfa-step').count()).toBe(1);
    await page.getByTestId('mfa-code').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');

    // A guesser: 10 wrong passwords for this account from one address. After the 5 free ones it is slowed down (429).
    await signOut(page);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signInApi(email, `guess number ${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    // The right password from a client that never signed in: delayed, with when to try again.
    const stranger = await signInApi(email, password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.retryAfter)).toBeGreaterThan(0);
    expect(stranger.json.message).toMatch(/^Too many failed login attempts\. Try again in \d+ seconds/);

    // This browser signed in before (its known-client token): the right password goes through, then a recovery code.
    await passwordStep(page, email, password);
    await expect.poll(() => page.getByTestId('mfa-step').count()).toBe(1);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByTestId('mfa-code').fill(recovery[0] ?? '');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');

    // The account page at 390 px.
    await page.setViewportSize(MOBILE);
    await page.goto('/account/security');
    await expect.poll(() => page.getByText('Le quedan 9 códigos de recuperación.').count()).toBe(1);
    await phoneShot(page, 'account-security-mobile');
    await context.close();
  });

  it('the company switch (role 1) at /admin/security, in English', async () => {
    const { context, page } = await newPage(browser(), { language: 'en' });
    await passwordStep(page, 'admin@demo.local', 'demo1234');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-company-security').click();
    await page.waitForURL('**/admin/security');
    const toggle = page.getByRole('switch', { name: 'Require a second factor of administrators' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    await screenshot(page, 'company-security-en');
    await context.close();
  });
});
