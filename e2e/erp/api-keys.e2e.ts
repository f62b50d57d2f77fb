import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { type Api, apiAs } from '../support/journey-api';

/**
 * API keys (issue 27): an administrator makes a read key on the page, copies it from the dialog that shows it once, the
 * key reads the API and is refused a write, and once revoked on the page it is refused. Spanish at 1280 px with the menu
 * open, English at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };

/** A request made with the key (no user token). */
const withKey = (key: string, method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('API keys: made on the page, shown once, used, revoked', () => {
  const browser = useBrowser();
  let api: Api;

  beforeAll(async () => {
    api = await apiAs('admin@demo.local');
  });

  it('es, 1280 px with the menu open: a read key reads and may not write; revoked, it is refused', async () => {
    const { page, context } = await openPage(browser(), { viewport: DESKTOP_1280 });
    await page.goto('/administrador/api-keys');
    await page.getByTestId('api-key-new').click();
    const name = `ERP journey ${Date.now()}`;
    await page.getByTestId('api-key-name').fill(name);
    await page.getByTestId('api-key-create-submit').click();
    const shown = page.getByTestId('api-key-shown-dialog');
    const key = await shown.getByTestId('api-key-value').inputValue();
    expect(key).toMatch(/^rfid_/);
    await screenshot(page, 'api-key-shown-es');
    await shown.getByTestId('api-key-shown-close').click();

    expect((await withKey(key, 'GET', '/erp/differences/')).status).toBe(200);
    expect((await withKey(key, 'POST', '/erp/stock/', [{ store: 'T-MAD-01', gtin: '4006381333931', quantity: 1 }])).status).toBe(
      403,
    );
    expect((await withKey(key, 'GET', '/api_keys/')).status).toBe(403);

    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: `Revocar: ${name}` }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sí, revocar' }).click();
    await poll(() => page.getByTestId('api-key-row').filter({ hasText: name }).count()).toBe(0);
    expect((await withKey(key, 'GET', '/erp/differences/')).status).toBe(401);
    const listed = (await api<{ name: string; revoked_at: string | null }[]>('GET', '/api_keys/?revoked=true')).json;
    expect(listed.find((k) => k.name === name)?.revoked_at).not.toBeNull();
    await context.close();
  });

  it('en, 390 px: the list fits the phone', async () => {
    await api('POST', '/api_keys/', { name: 'Phone list key', access: 'write' });
    const { page, context } = await openPage(browser(), { viewport: MOBILE, language: 'en' });
    await page.goto('/administrador/api-keys');
    await poll(() => page.getByTestId('api-keys-table-cards').getByText('Phone list key').count()).toBe(1);
    await phoneShot(page, 'api-keys-en-phone');
    await context.close();
  });
});
