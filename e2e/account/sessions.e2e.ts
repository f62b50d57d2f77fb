import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitsPhone, MOBILE, newPage, openPage, poll, screenshot, signIn, useBrowser } from '../support/browser';
import { type Api, apiAs, findLocation } from '../support/journey-api';

/**
 * Sessions (issue 29): a user signed in on two browsers sees both sessions in "Sesiones abiertas" (from the user menu),
 * closes the other one, and the other browser is sent to the sign-in. An administrator deactivates a user whose page is
 * open: that page is sent to the sign-in and the user can no longer sign in. Users of their own are made for this (the
 * demo users' sessions are shared by the other journeys). Spanish at 1280 px and at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };

/** The new users' password. */
const PASSWORD = 'Tres tiendas en Madrid';

describe('sessions: the list, closing another session, deactivation', () => {
  const browser = useBrowser();
  let admin: Api;
  let storeId = 0;
  const stamp = Date.now().toString(36);

  /** A new viewer of T-MAD-01, made by the demo admin (a password the rules of issue 29 accept: not a common one). */
  const newUser = async (name: string): Promise<{ id: number; email: string }> => {
    const email = `${name}-${stamp}@demo.local`;
    const made = await admin<{ id: number }>('POST', '/locationusers/', {
      first_name: 'Sesión',
      last_name: name,
      email,
      password: PASSWORD,
      editor: false,
      locations: [storeId],
    });
    expect(made.status).toBe(201);
    return { id: made.json.id, email };
  };

  /** The page is sent to the sign-in at its next call to the API (here: a reload asks who the user is). */
  const isSentToLogin = async (page: Page) => {
    await page.reload();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await poll(() => page.locator('input[name="password"]').count()).toBe(1);
  };

  beforeAll(async () => {
    admin = await apiAs('admin@demo.local');
    storeId = (await findLocation(admin, 'T-MAD-01')).id;
  });

  it('es: two browsers, two sessions; closing the other sends it to the sign-in (1280 px and 390 px)', async () => {
    const user = await newUser('dos');
    const desk = await newPage(browser(), { viewport: DESKTOP_1280 });
    const phone = await newPage(browser(), { viewport: MOBILE });
    await signIn(desk.page, user.email, PASSWORD);
    await signIn(phone.page, user.email, PASSWORD);

    // From the user menu of the desktop.
    await desk.page.getByTestId('user-menu-button').click();
    await desk.page.getByTestId('user-menu-sessions').click();
    await desk.page.waitForURL('**/account/sessions');
    await expect.poll(() => desk.page.getByTestId('session-row').count()).toBe(2);
    expect(await desk.page.getByTestId('sessions-page').textContent()).toContain('Sesiones abiertas');
    expect(await desk.page.getByTestId('session-current').count()).toBe(1);
    await screenshot(desk.page, 'sessions-es-1280');

    // The phone's page shows the same list, usable at 390 px.
    await phone.page.goto('/account/sessions');
    await poll(() => phone.page.getByTestId('session-row').count()).toBe(2);
    await fitsPhone(phone.page);
    await screenshot(phone.page, 'sessions-es-390');

    // The desktop closes the other one (the phone's), after the confirmation.
    const other = desk.page.getByTestId('session-row').filter({ has: desk.page.getByTestId('session-close') });
    await other.getByTestId('session-close').click();
    await desk.page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sí, cerrar' }).click();
    await poll(() => desk.page.getByTestId('session-row').count()).toBe(1);
    await isSentToLogin(phone.page);
    // The desktop's own session goes on.
    await desk.page.reload();
    await poll(() => desk.page.getByTestId('session-row').count()).toBe(1);
    expect(desk.page.url()).toContain('/account/sessions');
    await Promise.all([desk.context.close(), phone.context.close()]);
  });

  it('es: an administrator deactivates a user whose page is open; it goes to the sign-in, which refuses the user', async () => {
    const user = await newUser('baja');
    const theirs = await newPage(browser(), { viewport: MOBILE });
    await signIn(theirs.page, user.email, PASSWORD);
    const { page, context } = await openPage(browser(), { viewport: DESKTOP_1280 });
    await page.goto('/administrador/visualizers/locations');
    await page.getByTestId('filter-search').fill(user.email);
    const deactivate = page.getByTestId(`deactivate-user-${user.email}`);
    await poll(() => deactivate.count()).toBe(1);
    await deactivate.click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.textContent()).resolves.toContain('no podrá iniciar sesión');
    await dialog.getByRole('button', { name: 'Sí, desactivar' }).click();
    await poll(() => page.getByTestId(`user-state-${user.email}`).textContent()).toBe('Desactivado');
    await screenshot(page, 'users-deactivated-es-1280');

    await isSentToLogin(theirs.page);
    await theirs.page.locator('input[name="username"]').fill(user.email);
    await theirs.page.locator('input[name="password"]').fill(PASSWORD);
    await theirs.page.locator('button[type="submit"]').click();
    await poll(() => theirs.page.url()).toContain('/login');

    // Reactivated, the user signs in again.
    await page.getByTestId(`reactivate-user-${user.email}`).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sí, reactivar' }).click();
    await poll(() => page.getByTestId(`user-state-${user.email}`).textContent()).toBe('Activo');
    await signIn(theirs.page, user.email, PASSWORD);
    await Promise.all([context.close(), theirs.context.close()]);
  });
});
