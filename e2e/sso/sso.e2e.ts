import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoConfigFor, startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-test-provider';
import { axeViolations } from '../routes/axe';
import { baseUrl, fitsPhone, MOBILE, newPage, openPage, poll, screenshot, useBrowser } from '../support/browser';
import { apiAs } from '../support/journey-api';

/**
 * Single sign-on in the browser (issue 29, docs/sso.md), against a real OpenID provider (oidc-provider) that this test
 * runs on 127.0.0.1 (http is allowed for a loopback issuer only): the demo company's SSO is set through the API for the
 * domain sso.demo.local (the demo users are not concerned), then sign-in page → company account → the provider's
 * sign-in and consent pages → back signed in, in Spanish and in English; a refused sign-in says why.
 */
const DOMAIN = 'sso.demo.local';

describe('single sign-on with the company account', () => {
  const browser = useBrowser();
  let idp: TestProvider;
  let admin: Awaited<ReturnType<typeof apiAs>>;

  beforeAll(async () => {
    idp = await startTestProvider({
      redirectUris: [`${baseUrl()}/api/sso/callback/`],
      accounts: [
        {
          sub: 'marta',
          email: `marta@${DOMAIN}`,
          given_name: 'Marta',
          family_name: 'Ruiz',
          groups: ['rfid-editors', 'store-madrid'],
        },
        { sub: 'lola', email: `lola@${DOMAIN}`, given_name: 'Lola', family_name: 'Gil', groups: ['rfid-admins'] },
        { sub: 'nadie', email: `nadie@${DOMAIN}`, groups: ['marketing'] },
      ],
    });
    admin = await apiAs('admin@demo.local');
    const saved = await admin(
      'PUT',
      '/sso/config/',
      ssoConfigFor(idp, DOMAIN, {
        roleMap: { 'rfid-admins': 1, 'rfid-editors': 3 },
        locationMap: { 'store-madrid': ['T-MAD-01'] },
      }),
    );
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  });
  afterAll(async () => {
    await admin?.('PUT', '/sso/config/', {
      enabled: false,
      issuer: idp.issuer,
      client_id: idp.clientId,
      domains: [DOMAIN],
      role_map: {},
      default_role: null,
      location_map: {},
      jit_users: true,
      sso_only: false,
    });
    await idp?.close();
  });

  /** The sign-in page → the company account → the provider's pages as `login`. */
  const throughProvider = async (page: Page, button: string, next: string, email: string, login: string, shot: string) => {
    await page.goto('/login');
    await page.getByRole('button', { name: button }).click();
    await page.getByTestId('sso-email').fill(email);
    await screenshot(page, `${shot}-login`);
    if (page.viewportSize()?.width === MOBILE.width) await fitsPhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: next }).click();
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    // The provider's consent page, then back to the product.
    await page.getByRole('button', { name: 'Continue' }).click();
  };

  it('es, desktop: signs in a new user through the provider, with the mapped role, on the dashboard', async () => {
    const { page, context } = await newPage(browser(), { language: 'es' });
    await throughProvider(page, 'Entrar con el acceso de su empresa', 'Continuar', `marta@${DOMAIN}`, 'marta', 'sso-es');
    await page.waitForURL('**/dashboard');
    // The session is kept as the password sign-in keeps it; no token was ever in the address.
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('bionix') ?? 'null'));
    expect(session?.token).toMatch(/^[0-9a-f]{40}$/);
    const identity = await fetch(`${baseUrl()}/api/identity/`, { headers: { Authorization: `Token ${session.token}` } });
    expect(await identity.json()).toMatchObject({ email: `marta@${DOMAIN}`, first_name: 'Marta', user_role: 3 });
    await screenshot(page, 'sso-es-dashboard');
    await context.close();
  });

  it('en, 390 px: signs in through the provider', async () => {
    const { page, context } = await newPage(browser(), { language: 'en', viewport: MOBILE });
    await throughProvider(page, 'Sign in with your company account', 'Continue', `lola@${DOMAIN}`, 'lola', 'sso-en');
    await page.waitForURL('**/dashboard');
    await poll(() => page.evaluate(() => localStorage.getItem('bionix') !== null)).toBe(true);
    await screenshot(page, 'sso-en-dashboard');
    await context.close();
  });

  it.each([
    ['es', 'Entrar con el acceso de su empresa', 'Continuar', 'Su cuenta de empresa no tiene ningún rol en esta aplicación.'],
    ['en', 'Sign in with your company account', 'Continue', 'Your company account has no role in this application.'],
  ] as const)('%s: a user whose groups map to no role is refused, and told why', async (language, button, next, text) => {
    const { page, context } = await newPage(browser(), { language, viewport: MOBILE });
    await throughProvider(page, button, next, `nadie@${DOMAIN}`, 'nadie', `sso-refused-${language}`);
    await page.waitForURL('**/login?sso_error=no_role');
    await poll(() => page.getByTestId('sso-error').textContent()).toContain(text);
    expect(await page.evaluate(() => localStorage.getItem('bionix'))).toBeNull();
    await fitsPhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `sso-refused-${language}`);
    await context.close();
  });

  it('an e-mail domain without a provider is told so on the sign-in page', async () => {
    const { page, context } = await newPage(browser(), { language: 'es' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar con el acceso de su empresa' }).click();
    await page.getByTestId('sso-email').fill('alguien@sin-sso.example');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await poll(() => page.getByTestId('sso-start-error').textContent()).toBe(
      'El acceso de empresa no está configurado para esta dirección de correo. Inicie sesión con su contraseña o consulte a su administrador.',
    );
    await context.close();
  });

  it.each(['es', 'en'] as const)(
    '%s: the administrator sees the configuration (never the secret), at 1366 and 390 px',
    async (language) => {
      for (const viewport of [undefined, MOBILE]) {
        const { page, context } = await openPage(browser(), { language, ...(viewport ? { viewport } : {}) });
        await page.goto('/administrador/sso');
        await poll(() => page.getByTestId('sso-issuer').inputValue()).toBe(idp.issuer);
        expect(await page.content()).not.toContain(idp.clientSecret);
        if (viewport) await fitsPhone(page);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `sso-admin-${language}${viewport ? '-phone' : ''}`);
        await context.close();
      }
    },
  );
});
